"""Yajilin givens: how a board's cells are held and the rays its arrows count along.

A puzzle's cells are ``Arrow`` (``solvers.clues``: ``2r`` is ``Arrow(2, RIGHT)``, a grey cell
``Arrow(None, None)``, a ``?`` arrow ``Arrow(None, RIGHT)``) or ``EMPTY`` (0). Inside the folder a
board is ``Cells``: rows of ``Arrow | None`` (None: a free cell).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from solvers.cell import Cell
from solvers.clues import Arrow, Direction
from solvers.puzzle import Puzzle

EMPTY = 0
GREY = Arrow(None, None)
YCell = Arrow | int
Cells = Sequence[Sequence[Arrow | None]]


def cells_of(puzzle: Puzzle[Any]) -> tuple[tuple[Arrow | None, ...], ...]:
    """The puzzle's board with None for every free cell."""
    return tuple(tuple(v if isinstance(v, Arrow) else None for v in row) for row in puzzle.cells)


def puzzle_of(cells: Cells, id: str | None = None) -> Puzzle[YCell]:
    return Puzzle("yajilin", tuple(tuple(EMPTY if v is None else v for v in row) for row in cells), id=id)


def ray(rows: int, cols: int, cell: Cell, direction: Direction) -> Iterator[Cell]:
    """The cells from next to ``cell`` in ``direction`` to the edge of the board."""
    dr, dc = direction.delta
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < rows and 0 <= c < cols:
        yield r, c
        r, c = r + dr, c + dc
