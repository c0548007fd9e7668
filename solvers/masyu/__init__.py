"""Masyu (ましゅ): one loop through every pearl; white pearls straight, black pearls turn.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import ClueKind, Genre, PlayKind
from solvers.masyu import words
from solvers.notation import CIRCLES
from solvers.solution import LoopSolution


class Masyu(Genre[int, LoopSolution]):
    name = "masyu"
    title = "Masyu"
    own_names = ("mashu",)
    aliases = ("pearl", "ましゅ", "マシュ", "真珠")
    url_pids = ("mashu", "masyu", "pearl")
    notation = CIRCLES
    picture_clues = frozenset({ClueKind.CIRCLE})
    solution_type = LoopSolution
    example = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "masyu-answer-help"
    play = PlayKind.CELL_LOOP
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}


GENRE = Masyu()
