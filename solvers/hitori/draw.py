"""Hitori picture as puzz.link draws it: a light grid, a number in every cell; in the solution the
shaded cells are filled dark with their number in white on top."""

from __future__ import annotations

from solvers.drawing import GRID, INK, PAPER, SHADED, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    dark = {cell for cell in solution.cells() if cell[0] < puzzle.rows and cell[1] < puzzle.cols} if solution else set()
    for r, c in sorted(dark):
        d.fill_cell(r, c, SHADED)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            d.text(r, c, str(v), PAPER if (r, c) in dark else INK)
    d.frame()
