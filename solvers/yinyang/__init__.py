"""Yin-Yang (しろまるくろまる): colour every cell; each colour one connected area, no 2x2 of one colour.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import ClueKind, Genre, PlayKind
from solvers.notation import CIRCLES
from solvers.solution import ColorSolution
from solvers.yinyang import words


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


GENRE = YinYang()
