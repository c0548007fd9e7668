"""An Akari board as the solver, checker and generator see it: black cells, white runs, clues.

A light shines along its row and column up to the first black cell, so each white cell lies in
one horizontal and one vertical *run* (maximal line of white cells); a cell is lit when a light
stands in either run, and two lights may never share a run. Everything Akari asks is said in
terms of these runs and of the numbered black cells' white neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.akari.notation import NOTATION, Given
from solvers.clues import Block

Cell = tuple[int, int]
Grid = tuple[tuple[Given, ...], ...]
LIGHT = "*"


def is_white(cell: Given) -> bool:
    return not isinstance(cell, Block)


def grid_of(lines: Sequence[str]) -> Grid:
    """A grid from FORMATS.md row strings (tokens separated by spaces)."""
    out = []
    for r, line in enumerate(lines):
        row = []
        for c, tok in enumerate(line.split()):
            cell = NOTATION.read_token(tok)
            if cell is None:
                raise NOTATION.refusal(tok, r, c, "akari")
            row.append(cell)
        out.append(tuple(row))
    return tuple(out)


@dataclass(frozen=True)
class Clue:
    cell: Cell
    number: int
    around: tuple[int, ...]  # indices of its white neighbours


class Layout:
    """White cells numbered row by row, their runs and the numbered blocks around them."""

    def __init__(self, grid: Grid) -> None:
        self.rows = len(grid)
        self.cols = len(grid[0]) if grid else 0
        self.white: list[Cell] = [(r, c) for r in range(self.rows) for c in range(self.cols) if is_white(grid[r][c])]
        self.index: dict[Cell, int] = {cell: i for i, cell in enumerate(self.white)}
        self.runs: list[tuple[int, ...]] = []  # horizontal runs first, then vertical ones
        self.row_run = [0] * len(self.white)
        self.col_run = [0] * len(self.white)
        for r in range(self.rows):
            self._runs([(r, c) for c in range(self.cols)], self.row_run)
        for c in range(self.cols):
            self._runs([(r, c) for r in range(self.rows)], self.col_run)
        self.clues: list[Clue] = []
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if isinstance(cell, Block) and cell.number is not None:
                    around = tuple(self.index[n] for n in _neighbours(r, c, self.rows, self.cols) if n in self.index)
                    self.clues.append(Clue((r, c), cell.number, around))

    def _runs(self, line: list[Cell], owner: list[int]) -> None:
        run: list[int] = []
        for cell in [*line, None]:
            i = self.index.get(cell) if cell is not None else None
            if i is not None:
                run.append(i)
                continue
            if run:
                for j in run:
                    owner[j] = len(self.runs)
                self.runs.append(tuple(run))
                run = []

    def seen(self, i: int) -> tuple[int, ...]:
        """The white cells a light at ``i`` lights (``i`` itself included): the cells that can light ``i``."""
        row, col = self.runs[self.row_run[i]], self.runs[self.col_run[i]]
        return row + tuple(j for j in col if j != i)


def _neighbours(r: int, c: int, rows: int, cols: int) -> list[Cell]:
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def neighbours(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The up to four cells sharing an edge with ``cell``."""
    return _neighbours(cell[0], cell[1], rows, cols)
