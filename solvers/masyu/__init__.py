"""Masyu (ましゅ): one loop through every pearl; white pearls straight, black pearls turn.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, PlayKind
from solvers.masyu import words
from solvers.notation import BLACK, CIRCLES, WHITE
from solvers.puzzle import Regions
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

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A white pearl with no straight way through (a corner, or a board one cell wide there), a
        black pearl without two cells of room on one side along each line."""
        rows, cols = len(tokens), len(tokens[0]) if tokens else 0
        out = set()
        for r, row in enumerate(tokens):
            for c, t in enumerate(row):
                v = self.notation.read(t, False)
                if v == WHITE and not (0 < r < rows - 1 or 0 < c < cols - 1):
                    out.add((r, c))
                if v == BLACK and not ((r >= 2 or r <= rows - 3) and (c >= 2 or c <= cols - 3)):
                    out.add((r, c))
        return frozenset(out)


GENRE = Masyu()
