"""A fast exhaustive Star Battle search on bitboards (Python ints, one bit per cell).

Every rule is a *line* — a row, a column or a region — that holds exactly ``stars`` stars, plus
"no star touches another" (a star bans its eight neighbours). Propagation per line, to a fixed
point: a full line bans its other cells; a line with exactly as many open cells as it still
needs takes them all; a line that cannot hold what it needs (too few open cells, or in a row or
column too few non-touching ones) is a dead end; and an open cell whose star would leave some
nearly-full line short is banned (the failed-literal trial, limited to the lines it can hurt).
The search then branches on the row, column or region with the least slack, at its open cell
whose star bans the most open cells, and counts answers up to a limit, so "one answer,
complete" is a uniqueness proof.

Bitboards keep each step a handful of integer operations: published one- and two-star boards
settle in a few to a hundred nodes; three-star boards can take thousands (the model hands those
to CP-SAT).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solvers.starbattle.board import Regions, cells_by_region


@dataclass
class Found:
    """Answers found (star bitboards) and whether the search finished."""

    stars: list[int]
    complete: bool
    nodes: int = 0


class StarBoard:
    """The lines and neighbourhoods of one board, and the search over them."""

    def __init__(self, regions: Regions, stars: int, bands: bool = True) -> None:
        n = self.n = len(regions)
        self.cols = len(regions[0])
        self.k = stars
        cols = self.cols
        self.rows_mask = [((1 << cols) - 1) << (r * cols) for r in range(n)]
        self.cols_mask = [sum(1 << (r * cols + c) for r in range(n)) for c in range(cols)]
        self.region_mask = [sum(1 << (r * cols + c) for r, c in cells) for cells in cells_by_region(regions).values()]
        self.lines = self.rows_mask + self.cols_mask + self.region_mask
        self.line_kind = [0] * n + [1] * cols + [2] * len(self.region_mask)  # 0 row, 1 column, 2 other
        self.target = [stars] * len(self.lines)
        if bands:
            for mask, target in self._bands():
                self.lines.append(mask)
                self.line_kind.append(2)
                self.target.append(target)
        self.nb: list[int] = []
        for r in range(n):
            for c in range(cols):
                m = 0
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < cols:
                            m |= 1 << ((r + dr) * cols + c + dc)
                self.nb.append(m)
        self.nodes = 0

    def _bands(self) -> list[tuple[int, int]]:
        """Counting lines over bands of consecutive rows (columns): the regions lying wholly in
        a band hold ``stars`` each, so the band's other cells hold ``stars`` per row less those;
        the regions crossing into a band hold all its stars, so their cells outside it hold the
        rest of theirs. The first deductions human solvers make."""
        k = self.k
        out: dict[int, int] = {}
        for axis_masks in (self.rows_mask, self.cols_mask):
            size = len(axis_masks)
            for lo in range(size):
                band = 0
                for hi in range(lo, size):
                    band |= axis_masks[hi]
                    if lo == 0 and hi == size - 1:
                        break
                    width = hi - lo + 1
                    inside = [m for m in self.region_mask if m & ~band == 0]
                    touch = [m for m in self.region_mask if m & band]
                    if inside:
                        rest = band & ~_union(inside)
                        out.setdefault(rest, k * (width - len(inside)))
                    if len(inside) < len(touch) <= width + 1:  # wider: too loose to tell anything
                        outside = _union(touch) & ~band
                        out.setdefault(outside, k * (len(touch) - width))
        own = set(self.lines)
        return [(m, t) for m, t in out.items() if m and m not in own]

    # -- propagation

    def _max_apart(self, kind: int, avail: int) -> int:
        """An upper bound on the non-touching stars ``avail`` (open cells of one line) can hold:
        exact for rows and columns (greedy from one end), the count for regions."""
        if kind == 2:
            return avail.bit_count()
        step = 1 if kind == 0 else self.cols
        total = 0
        while avail:
            low = avail & -avail
            total += 1
            avail &= ~(low | (low << step))
        return total

    def propagate(self, stars: int, banned: int, delta: int = -1) -> tuple[int, int] | None:
        """The fixed point of the line rules from (stars, banned), or None at a dead end.

        ``delta``: the cells that changed since the last fixed point; only lines through changed
        cells are looked at again (a line whose cells did not change has nothing new to say).
        """
        nb, lines, kinds, targets = self.nb, self.lines, self.line_kind, self.target
        while delta:
            before = stars | banned
            changed = False
            for li, m in enumerate(lines):
                if not m & delta:
                    continue
                k = targets[li]
                have = (stars & m).bit_count()
                if have > k:
                    return None
                need = k - have
                avail = m & ~(stars | banned)
                if not need:
                    if avail:
                        banned |= avail
                        changed = True
                    continue
                a = avail.bit_count()
                if a < need:
                    return None
                if a == need:
                    around = 0
                    rest = avail
                    while rest:
                        low = rest & -rest
                        around |= nb[low.bit_length() - 1]
                        rest ^= low
                    if around & (stars | avail):
                        return None
                    stars |= avail
                    banned |= around
                    changed = True
                    continue
                kind = kinds[li]
                if kind != 2 and self._max_apart(kind, avail) < need:
                    return None
                if a - need <= 2:
                    # a cell whose star leaves this line short is banned
                    cand = 0
                    rest = avail
                    while rest:
                        low = rest & -rest
                        cand |= nb[low.bit_length() - 1]
                        rest ^= low
                    cand &= ~(stars | banned)
                    while cand:
                        low = cand & -cand
                        cand ^= low
                        left = avail & ~nb[low.bit_length() - 1] & ~low
                        got = 1 if low & m else 0
                        if left.bit_count() + got < need or (
                                kind != 2 and self._max_apart(kind, left) + got < need):
                            banned |= low
                            changed = True
                            avail &= ~low
                    if changed:
                        continue
            delta = (stars | banned) & ~before if changed else 0
        return stars, banned

    # -- search

    def search(self, limit: int = 2, deadline: float | None = None, max_nodes: int = 1 << 30,
               stars: int = 0, banned: int = 0) -> Found:
        """Every answer up to ``limit`` extending (stars, banned)."""
        out = Found([], True)
        start = self.propagate(stars, banned)
        if start is None:
            return out
        base = self.n + self.cols + len(self.region_mask)
        lines, targets, nb = self.lines[:base], self.target[:base], self.nb

        def dfs(stars: int, banned: int) -> bool:
            out.nodes += 1
            if out.nodes > max_nodes or (deadline is not None and out.nodes % 32 == 0
                                         and time.perf_counter() > deadline):
                out.complete = False
                return False
            best, best_slack = 0, 1 << 30
            for m, k in zip(lines, targets, strict=True):
                need = k - (stars & m).bit_count()
                if need:
                    avail = m & ~(stars | banned)
                    slack = avail.bit_count() - need
                    if slack < best_slack:
                        best, best_slack = avail, slack
                        if slack <= 1:
                            break
            if not best:
                out.stars.append(stars)
                return len(out.stars) < limit
            # the open cell of that line whose star bans the most open cells
            free = ~(stars | banned)
            cell, most = 0, -1
            while best:
                low = best & -best
                best ^= low
                hit = (nb[low.bit_length() - 1] & free).bit_count()
                if hit > most:
                    cell, most = low, hit
            i = cell.bit_length() - 1
            nxt = self.propagate(stars | cell, banned | nb[i], cell | nb[i])
            if nxt is not None and not dfs(*nxt):
                return False
            nxt = self.propagate(stars, banned | cell, cell)
            return nxt is None or dfs(*nxt)

        dfs(*start)
        return out


def _union(masks: list[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out
