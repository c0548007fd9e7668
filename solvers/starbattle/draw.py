"""Star Battle picture as puzz.link draws it: thin grid, thick region borders, black stars."""

from __future__ import annotations

from typing import Any

from solvers.drawing import GRID, INK
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import regions_and_stars


def draw(d: Any, puzzle: Puzzle[int], solution: StarSolution | None) -> None:
    """``d``: the drawing (its ``star`` primitive comes with the shared drawing interface)."""
    regions, _ = regions_and_stars(puzzle)
    d.backgrounds()
    d.grid(GRID)
    d.region_borders([list(row) for row in regions])
    if solution is not None:
        for r, c in solution.cells():
            d.star(r, c, INK)
    d.frame()
