"""Yin-Yang (しろまるくろまる): colour every cell; each colour one connected area, no 2x2 of one colour.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, PlayKind
from solvers.notation import BLACK, CIRCLES, WHITE
from solvers.puzzle import Regions
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

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """The four circles of a 2x2 block all of one colour, or coloured like a chessboard (each
        colour's diagonal pair would have to join round the other's)."""
        out: set[Cell] = set()
        for r in range(len(tokens) - 1):
            for c in range(len(tokens[r]) - 1):
                block = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
                v = [self.notation.read(tokens[i][j], False) for i, j in block]
                if all(x in (WHITE, BLACK) for x in v) and (len(set(v)) == 1 or (v[0] == v[2] != v[1] == v[3])):
                    out.update(block)
        return frozenset(out)


GENRE = YinYang()
