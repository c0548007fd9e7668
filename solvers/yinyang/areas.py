"""One-colour areas of a Yin-Yang colouring on flat cell indices (i = row * cols + col): fast enough
to run after every CP-SAT round.

* :meth:`Board.components`: the connected areas of a set of cells;
* :meth:`Board.cuts`: the lazy connectivity cuts of :func:`solvers.connectivity.cuts` (same clauses:
  a minimal separator both ways between each extra area and the largest one), on lists instead of sets.

Cut cells (articulation points) come from :func:`solvers.connectivity.separations`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from solvers.connectivity import grid_adjacency

L = TypeVar("L")


class Board:
    """The grid graph of a rows x cols board: ``adj[i]`` lists the neighbours of cell ``i``."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.adj = grid_adjacency(rows, cols)

    def components(self, member: Sequence[bool]) -> list[list[int]]:
        """The connected areas of the cells with ``member[i]``, largest first (ties: lowest first cell)."""
        seen = [False] * len(member)
        areas = []
        adj = self.adj
        for s, m in enumerate(member):
            if not m or seen[s]:
                continue
            seen[s] = True
            area, stack = [s], [s]
            while stack:
                for n in adj[stack.pop()]:
                    if member[n] and not seen[n]:
                        seen[n] = True
                        area.append(n)
                        stack.append(n)
            areas.append(area)
        areas.sort(key=lambda a: (-len(a), min(a)))
        return areas

    def separator(self, area: Sequence[int], target: int) -> list[int]:
        """The cells of ``area``'s border that touch the region of ``target`` once that border is removed:
        every path from ``area`` to ``target`` crosses one of them."""
        adj = self.adj
        inside = set(area)
        wall = {n for i in area for n in adj[i] if n not in inside}
        region = {target}
        stack = [target]
        while stack:
            for n in adj[stack.pop()]:
                if n not in region and n not in wall:
                    region.add(n)
                    stack.append(n)
        return sorted(w for w in wall if any(n in region for n in adj[w]))

    def cuts(self, member: Sequence[bool], lit: Callable[[int], L], neg: Callable[[L], L],
             prefer: Callable[[int], int]) -> list[list[L]]:
        """Clauses that cut off this split choice of cells ([] when it is one area): per extra area,
        "not u or not v or a separator cell", both ways (see :func:`solvers.connectivity.cuts`)."""
        areas = self.components(member)
        if len(areas) < 2:
            return []
        main = areas[0]
        v = min(main, key=lambda i: (prefer(i), i))
        clauses = []
        for area in areas[1:]:
            u = min(area, key=lambda i: (prefer(i), i))
            for a, b, t in ((area, u, v), (main, v, u)):
                clauses.append([neg(lit(b)), neg(lit(t)), *(lit(s) for s in self.separator(a, t))])
        return clauses
