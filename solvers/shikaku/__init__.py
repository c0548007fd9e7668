"""Shikaku (四角に切れ): divide the board into rectangles, one number each, its area."""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import HintStep, Symbols
from solvers.hinting import shuffled
from solvers.legacy import LegacyGenre
from solvers.puzzle import Puzzle
from solvers.solution import RectSolution


class Shikaku(LegacyGenre):
    name = "shikaku"
    title = "Shikaku"
    aliases = ("rect", "rects", "sikaku", "shikaku ni kire", "四角に切れ", "シカク")
    url_pids = ("shikaku",)
    symbols = Symbols.NUMBERS
    solution_type = RectSolution
    example = "shikaku\n. . . . .\n2 2 2 . 4\n. 2 . . 4\n4 . 2 . .\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "shikaku-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "shikaku-answer-help": "one letter per cell, the same letter for all cells of one rectangle",
        "shikaku-hint": "The {number} at {cell} is the {height}×{width} rectangle covering {rows}, {columns}.",
    }
    package = __name__

    def hints(self, puzzle: Puzzle, solution: RectSolution) -> list[HintStep]:
        return _hints(puzzle, solution)


def _hints(puzzle: Puzzle, solution: RectSolution) -> list[HintStep]:
    out = []
    for top, left, h, w in shuffled(puzzle, list(solution.rects)):
        area = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
        clue = next(((r, c) for r, c in area if puzzle.cells[r][c] != 0), (top, left))
        out.append(HintStep("shikaku-hint", {
            "number": puzzle.cells[clue[0]][clue[1]], "cell": clue, "height": h, "width": w,
            "rows": (top + 1, top + h), "columns": (left + 1, left + w)}, tuple(area)))
    return out


GENRE = Shikaku()
