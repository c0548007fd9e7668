"""Masyu (ましゅ): one loop through every pearl; white pearls straight, black pearls turn."""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import HintStep, Symbols
from solvers.hinting import line_hints
from solvers.legacy import LegacyGenre
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution


class Masyu(LegacyGenre):
    name = "masyu"
    title = "Masyu"
    aliases = ("mashu", "pearl", "ましゅ", "マシュ", "真珠")
    url_pids = ("mashu", "masyu", "pearl")
    symbols = Symbols.CIRCLES
    solution_type = LoopSolution
    example = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "masyu-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "masyu-answer-help": "draw the loop with ─ │ ┌ ┐ └ ┘ and · for an empty cell",
        "masyu-hint": "{cell} is {symbol}: the line goes {dirs}.",
    }
    package = __name__

    def hints(self, puzzle: Puzzle, solution: LoopSolution) -> list[HintStep]:
        return line_hints(puzzle, solution.masks, "masyu-hint")


GENRE = Masyu()
