"""LITS picture as puzz.link draws it: a light grid, thick room borders, shaded cells filled dark
grey (``SHADED``, not black), each keeping a paper strip inside its sides along a room border or the
frame, so the borders stand out across the shading."""

from __future__ import annotations

from solvers.drawing import GRID, SHADED, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    dark = [(r, c) for r, c in solution.cells() if r < puzzle.rows and c < puzzle.cols] if solution else []
    for r, c in dark:
        d.fill_cell(r, c, SHADED)
    if puzzle.regions is not None:
        d.region_borders(puzzle.regions, clear=dark)
    d.frame()
