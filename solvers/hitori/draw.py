"""Hitori picture as puzz.link draws it: a light grid, a number in every cell; in the solution the
shaded cells are filled dark with their number in grey on top."""

from __future__ import annotations

from solvers.drawing import GRID, INK, PAPER, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            dark = solution is not None and r < len(solution.marks) and solution.marked(r, c)
            if dark:
                d.square(r, c, INK, size=1.0)
            d.text(r, c, str(v), PAPER if dark else INK)
    d.frame()
