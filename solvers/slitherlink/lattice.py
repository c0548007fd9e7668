"""The lattice a Slitherlink loop runs on: (rows+1) x (cols+1) points, cell sides as point edges.

Point (r, c) is the top-left corner of cell (r, c). Cell values hold a clue ``n`` as ``n + 1``
(0 = no clue), so a 0 clue is not an empty cell (see the package docstring).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solvers.cell import Cell
from solvers.gridgraph import DOWN, RIGHT, Grid
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution


def points(rows: int, cols: int) -> Grid:
    """The point graph of a rows x cols board (its edges are the cells' sides)."""
    return Grid(rows + 1, cols + 1)


def sides(grid: Grid, r: int, c: int) -> list[int]:
    """Edge indices of cell (r, c)'s four sides (top, bottom, left, right) in the point graph."""
    pairs = (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)))
    return [grid.edge_index[p] for p in pairs]


def clues(puzzle: Puzzle[int]) -> dict[Cell, int]:
    """The clue numbers (0-3) by cell."""
    return {(r, c): v - 1 for r, c, v in puzzle.clues()}


def cells_at(rows: int, cols: int, r: int, c: int) -> tuple[Cell, ...]:
    """The board cells that have point (r, c) as a corner (for marking a point in a picture)."""
    return tuple((rr, cc) for rr in (r - 1, r) for cc in (c - 1, c) if 0 <= rr < rows and 0 <= cc < cols)


@dataclass(frozen=True)
class DotLoop(LoopSolution):
    """A loop over the dots (FORMATS.md ``loop`` of point masks), compared cell by cell.

    ``cell_values`` gives each cell its four sides (top, bottom, left, right), so two loops differ
    exactly at the cells beside an edge only one of them uses (what a picture highlights).
    """

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> DotLoop:
        """No line between any of the (rows+1) x (cols+1) dots."""
        return cls(((0,) * (puzzle.cols + 1),) * (puzzle.rows + 1))

    def cell_values(self) -> list[list[Any]]:
        m = self.masks
        return [[(m[r][c] & RIGHT, m[r + 1][c] & RIGHT, m[r][c] & DOWN, m[r][c + 1] & DOWN)
                 for c in range(len(m[0]) - 1)] for r in range(len(m) - 1)]
