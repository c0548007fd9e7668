"""Yin-Yang (しろまるくろまる): colour every cell; each colour one connected area, no 2x2 of one colour.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solvers.genre import ClueKind, Genre, PlayKind
from solvers.notation import BLACK, CIRCLES
from solvers.solution import ColorSolution
from solvers.yinyang import words

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle


class YinYang(Genre[int, ColorSolution]):
    name = "yinyang"
    title = "Yin-Yang"
    own_names = ("yin yang", "shiromarukuromaru")
    aliases = ("yin-yang", "しろまるくろまる", "白丸黒丸")
    url_pids = ("yinyang",)
    notation = CIRCLES
    picture_clues = frozenset({ClueKind.CIRCLE})
    solution_type = ColorSolution
    example = "yinyang\n. . . . .\n. . B . .\n. . . . .\n. . W B .\n. W . B B"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "yinyang-answer-help"
    play = PlayKind.SHADE
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def blank_answer(self, puzzle: Puzzle[int]) -> ColorSolution:
        """Every cell white but the given black circles: a given circle is its cell's colour."""
        return ColorSolution(tuple("".join("B" if v == BLACK else "W" for v in row) for row in puzzle.cells))


GENRE = YinYang()
