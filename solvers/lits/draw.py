"""LITS picture as puzz.link draws it: a light grid, thick room borders, shaded cells filled dark grey
(not black, so the room borders stay visible across them)."""

from __future__ import annotations

from solvers.drawing import DEDUCED, GRID, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    if solution is not None:
        for r, c in solution.cells():
            if r < puzzle.rows and c < puzzle.cols:
                d.square(r, c, DEDUCED, size=1.0)
    if puzzle.regions is not None:
        d.region_borders(puzzle.regions)
    d.frame()
