"""The Kakuro picture as puzz.link draws it: black clue cells split by a diagonal, the down sum
bottom-left and the right sum top-right, the answer's digits in the white cells."""

from __future__ import annotations

from solvers.drawing import GRID, INK, Drawing
from solvers.kakuro.notation import KCell, White
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution


def draw(d: Drawing, puzzle: Puzzle[KCell], solution: NumberSolution | None) -> None:
    d.backgrounds()
    for r, c, cell in puzzle.clues():
        if isinstance(cell, White):
            continue
        d.fill_cell(r, c, INK)
        if cell.down is not None or cell.right is not None:
            d.sum_clue(r, c, cell.down, cell.right)
    d.grid(GRID)
    if solution is not None:
        for r, row in enumerate(solution.numbers):
            for c, v in enumerate(row):
                if v is not None and r < puzzle.rows and c < puzzle.cols and isinstance(puzzle.cells[r][c], White):
                    d.answer_text(r, c, str(v))
    d.frame()
