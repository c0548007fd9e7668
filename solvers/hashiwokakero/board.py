"""Hashiwokakero geometry: the islands, the places a bridge can go, and which places cross.

A bridge can join two islands in one row or column with only water between them, so each island
has at most four possible partners (the nearest island in each direction). Two possible bridges
cross when a horizontal one and a vertical one pass through the same water cell; at most one of
them can be built.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True)
class Edge:
    """A place for a bridge between islands ``a`` and ``b`` (indices, ``a`` above or left of ``b``)."""

    a: int
    b: int
    cells: tuple[Cell, ...]  # the water cells between them
    horizontal: bool


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    islands: tuple[tuple[int, int, int], ...]  # (r, c, number) in reading order; UNKNOWN: a '?' island
    edges: tuple[Edge, ...]
    crossings: tuple[tuple[int, int], ...]  # (horizontal edge, vertical edge) pairs sharing a cell
    at: tuple[tuple[int, ...], ...]  # per island: its edges

    @property
    def total(self) -> int:
        return sum(n for _, _, n in self.islands)


def board_of(cells: Sequence[Sequence[int]]) -> Board:
    """The islands (cells with a number or '?'), their possible bridges and the crossings."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    islands = tuple((r, c, v) for r in range(rows) for c in range(cols) if (v := cells[r][c]) != 0)
    index = {(r, c): i for i, (r, c, _) in enumerate(islands)}
    edges: list[Edge] = []
    for i, (r, c, _) in enumerate(islands):
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            between: list[Cell] = []
            while rr < rows and cc < cols and (rr, cc) not in index:
                between.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if rr < rows and cc < cols:
                edges.append(Edge(i, index[rr, cc], tuple(between), dc == 1))
    through: dict[Cell, list[int]] = {}
    for k, e in enumerate(edges):
        for cell in e.cells:
            through.setdefault(cell, []).append(k)
    crossings = sorted({(h, v) if edges[h].horizontal else (v, h)
                        for ks in through.values() if len(ks) == 2 for h, v in [ks]})
    at: list[list[int]] = [[] for _ in islands]
    for k, e in enumerate(edges):
        at[e.a].append(k)
        at[e.b].append(k)
    return Board(rows, cols, islands, tuple(edges), tuple(crossings), tuple(tuple(a) for a in at))
