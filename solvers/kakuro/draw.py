"""The Kakuro picture as puzz.link draws it: every non-white cell a grey split cell with its
diagonal, the down sum bottom-left and the right sum top-right (a plain black cell has neither),
the answer's digits in the white cells."""

from __future__ import annotations

from solvers.drawing import GRID, Drawing
from solvers.kakuro.notation import KCell, White
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution


def _part(v: int | None) -> str | None:
    return None if v is None else str(v)


def draw(d: Drawing, puzzle: Puzzle[KCell], solution: NumberSolution | None) -> None:
    d.backgrounds()
    for r, c, cell in puzzle.clues():
        if not isinstance(cell, White):
            d.sum_clue(r, c, _part(cell.down), _part(cell.right))
    d.grid(GRID)
    if solution is not None:
        for r, row in enumerate(solution.numbers[: puzzle.rows]):
            for c, v in enumerate(row[: puzzle.cols]):
                if v is not None and isinstance(puzzle.cells[r][c], White):
                    d.answer_text(r, c, str(v))
    d.frame()
