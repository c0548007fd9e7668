"""Star Battle picture as puzz.link draws it: thin grid, thick region borders, black stars."""

from __future__ import annotations

from typing import Any

from solvers.drawing import GRID, INK
from solvers.starbattle.board import Regions, StarSolution


def draw_board(d: Any, regions: Regions, solution: StarSolution | None) -> None:
    """``d``: the drawing (its ``star`` primitive lands with the shared drawing interface)."""
    d.backgrounds()
    d.grid(GRID)
    d.region_borders([list(row) for row in regions])
    if solution is not None:
        for r, c in sorted(solution.cells()):
            d.star(r, c, INK)
    d.frame()
