"""Kakuro geometry: the white cells, the runs they form and the digit sets each run allows.

A cell is white (:class:`~solvers.kakuro.notation.White`) or black, a :class:`~solvers.clues.Sum`
whose parts (down, right) may be None. A run is a maximal line of white cells; the black cell
just before it (above a vertical run, left of a horizontal one) gives its sum, if it has that part.
A run without a clue only needs different digits. The digit sets (combinations) a run allows are
the subsets of 1..9 of its length with its sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from solvers.kakuro.notation import KCell, White

Cell = tuple[int, int]
DIGITS = range(1, 10)
FULL = (1 << 9) - 1  # digit d is bit d - 1


@dataclass(frozen=True)
class Run:
    cells: tuple[int, ...]  # white cell indices (see Board.white)
    total: int | None
    clue: Cell  # the black cell before the run
    down: bool


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    white: tuple[Cell, ...]  # the white cells in reading order; a cell's index is its position here
    runs: tuple[Run, ...]
    run_of: tuple[tuple[int, ...], ...]  # per white cell: its runs (one or two)


@cache
def combos(length: int, total: int | None) -> tuple[int, ...]:
    """The digit sets (bitmasks) of ``length`` different digits 1-9 adding up to ``total`` (any sum if None)."""
    out = []
    for ds in combinations(DIGITS, length):
        if total is None or sum(ds) == total:
            out.append(sum(1 << (d - 1) for d in ds))
    return tuple(out)


def board_of(cells: Sequence[Sequence[KCell]]) -> Board:
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    white = tuple((r, c) for r in range(rows) for c in range(cols) if isinstance(cells[r][c], White))
    index = {cell: i for i, cell in enumerate(white)}
    runs: list[Run] = []
    for down in (False, True):
        outer, inner = (cols, rows) if down else (rows, cols)
        for a in range(outer):
            b = 0
            while b < inner:
                r, c = (b, a) if down else (a, b)
                if not isinstance(cells[r][c], White):
                    b += 1
                    continue
                start = b
                while b < inner and isinstance(cells[b if down else a][a if down else b], White):
                    b += 1
                members = tuple(index[(k, a) if down else (a, k)] for k in range(start, b))
                before = (start - 1, a) if down else (a, start - 1)
                total = None
                if start > 0:
                    clue = cells[before[0]][before[1]]
                    total = None if isinstance(clue, White) else clue.down if down else clue.right
                runs.append(Run(members, total, before, down))
    run_of: list[list[int]] = [[] for _ in white]
    for k, run in enumerate(runs):
        for i in run.cells:
            run_of[i].append(k)
    return Board(rows, cols, white, tuple(runs), tuple(tuple(x) for x in run_of))
