"""Sudoku geometry: which cells share a row, column or box (standard or jigsaw).

A board of side N holds 1..N once in every row, column and region. Standard regions are boxes
of h rows x N/h columns, h the largest divisor of N not above its square root (FORMATS.md); a
jigsaw board gives its regions instead. Cells are numbered row-major (``r * N + c``) so the
solvers work on flat lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

Grid = tuple[tuple[int, ...], ...]


def box_shape(n: int) -> tuple[int, int] | None:
    """(rows, cols) of a standard box for side ``n``, or None when ``n`` has none (5, 7: jigsaw only)."""
    h = max((d for d in range(2, n + 1) if n % d == 0 and d * d <= n), default=0)
    return (h, n // h) if h else None


def standard_regions(n: int) -> Grid | None:
    """Region id (0-based) per cell for standard boxes, or None when ``n`` has no box shape."""
    shape = box_shape(n)
    if shape is None:
        return None
    h, w = shape
    per_row = n // w
    return tuple(tuple((r // h) * per_row + c // w for c in range(n)) for r in range(n))


@dataclass(frozen=True)
class Layout:
    """The units of one board: rows, columns, regions (as flat cell indices) and each cell's peers."""

    n: int
    regions: Grid  # 0-based region id per cell
    units: tuple[tuple[int, ...], ...]  # rows, then columns, then regions
    unit_of: tuple[tuple[int, int, int], ...]  # per cell: its row, column and region unit indices
    peers: tuple[tuple[int, ...], ...]  # per cell: every other cell sharing a unit with it

    @property
    def cells(self) -> int:
        return self.n * self.n

    @property
    def full(self) -> int:
        """The candidate mask with every digit 1..N (bit d-1 for digit d)."""
        return (1 << self.n) - 1


def renumber(regions: Sequence[Sequence[int]]) -> Grid:
    """Region ids renumbered 0, 1, ... in reading order (any labels in, canonical out)."""
    ids: dict[int, int] = {}
    return tuple(tuple(ids.setdefault(v, len(ids)) for v in row) for row in regions)


@cache
def layout(n: int, regions: Grid | None = None) -> Layout:
    """The layout for side ``n`` with the given 0-based regions (standard boxes when None).

    The caller has validated the regions (N regions of N cells); raises ValueError when ``n``
    has no standard boxes and no regions are given.
    """
    ids = regions if regions is not None else standard_regions(n)
    if ids is None:
        raise ValueError(f"a {n}x{n} sudoku needs regions")
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    count = max(v for row in ids for v in row) + 1
    boxes: list[list[int]] = [[] for _ in range(count)]
    for r in range(n):
        for c in range(n):
            boxes[ids[r][c]].append(r * n + c)
    units = tuple(rows + cols + [tuple(b) for b in boxes])
    unit_of = tuple((i // n, n + i % n, 2 * n + ids[i // n][i % n]) for i in range(n * n))
    peers = tuple(
        tuple(sorted({p for u in unit_of[i] for p in units[u]} - {i})) for i in range(n * n)
    )
    return Layout(n, ids, units, unit_of, peers)
