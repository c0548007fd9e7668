"""Star Battle picture as puzz.link draws it: thin grid, thick region borders, black stars."""

from __future__ import annotations

from solvers.drawing import GRID, INK, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import regions_and_stars


def draw(d: Drawing, puzzle: Puzzle[int], solution: StarSolution | None) -> None:
    regions, _ = regions_and_stars(puzzle)
    d.backgrounds()
    d.grid(GRID)
    d.region_borders([list(row) for row in regions])
    if solution is not None:
        for r, c in solution.cells():
            d.star(r, c, INK)
    d.frame()
