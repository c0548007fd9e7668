"""Failed-literal probing with incremental deductions and a trail, before a group goes to CP-SAT.

A probe sets one cell ("takes the number v" or "is not v"), propagates the cheap rules of
:mod:`solvers.fillomino.deduce` only where that change can matter, and undoes it from the trail.
Why: on groups like d0022's (437 open cells, 34 areas without a given) our region and reach rules
after a tentative step settle what CP-SAT's first answer spends ~0.4 deterministic time on; probing
by whole-group ``deduce`` calls cost ~7 ms a probe (fillo6-fillo7), this ~0.6 ms.
A contradiction proves the opposite, which is then kept. Every rule here holds in every answer
(the same rules as ``deduce``'s cheap ones, looked at locally), so probing never removes a number
some answer needs: a board's answers, and so its verdict, are the same before and after.

Rules, each run when a cell's mask changes:

* a block larger than its number is wrong; a complete block's neighbours lose its number; a cell
  touching blocks of ``v`` adding up past ``v - 1`` is not ``v``; a short block with no way out is
  wrong, with one it takes it; a short block reaching fewer cells than it lacks is wrong;
* a cell keeps ``v`` (a number in ``exact``) only if a short block of ``v`` reaches it within what the
  block lacks, or it lies in a connected set of at least ``v`` open cells that may be ``v`` and touch
  no block of ``v`` (re-checked only for the cells within :data:`RADIUS` steps of the change);
* numbers outside ``exact`` (above every given and every block at the start) are bounded by the size
  of their connected region (re-checked when a cell leaves the region).
"""

from __future__ import annotations

import time
from collections import deque

from solvers.fillomino.deduce import Contradiction, bits, blocks, deduce, layers, reach_count, short_blocks

RADIUS = 2  # a change re-checks the support of the cells this close to it (over cells that may hold the number;
# a cell farther off keeps it unchecked, which only weakens a probe). d0022's group: radius 2 / 4 / 6 / the whole
# number's reach: 82 / 83 / 83 / 83 hits, 13 open cells after all; 1.0 / 1.0 / 1.4 / 1.8x radius 2's cpu; radius 1:
# 74 hits, 18 open; 0: 9 hits, 434 open


class Prober:
    """The masks of one group under probing (``cand`` is changed in place by :meth:`keep`)."""

    def __init__(self, near: list[list[int]], cand: list[int], top: int) -> None:
        self.near = near
        self.cand = cand
        exact = (1 << (top + 1)) - 1
        for cells in blocks(near, cand)[1]:
            exact |= cand[cells[0]]
        self.exact = exact
        # a region part only bites (a cell leaves it or is fixed) when no larger than the largest of
        # its cells' smallest numbers outside exact; its search stops past that
        self.bites = max(((x & ~exact) & -(x & ~exact)).bit_length() - 1 for x in cand) if cand else 0
        self.trail: list[tuple[int, int]] = []
        self.queue: deque[tuple[int, int]] = deque()  # (cell, the bits it lost)
        self.work = 0  # cells visited (a machine-independent measure of the probes' cost)

    # -- changes ---------------------------------------------------------------------------------
    def _set(self, c: int, mask: int) -> None:
        old = self.cand[c]
        mask &= old
        if mask == old:
            return
        if not mask:
            raise Contradiction
        self.trail.append((c, old))
        self.cand[c] = mask
        self.queue.append((c, old & ~mask))

    def _drop(self, c: int, v: int) -> None:
        if self.cand[c] >> v & 1:
            self._set(c, self.cand[c] & ~(1 << v))

    def undo(self, mark: int) -> None:
        trail, cand = self.trail, self.cand
        while len(trail) > mark:
            c, old = trail.pop()
            cand[c] = old
        self.queue.clear()

    def probe(self, c: int, v: int, take: bool) -> bool:
        """Whether setting cell ``c`` to ``v`` (``take``) or removing ``v`` from it contradicts the
        rules; the masks are as before afterwards."""
        mark = len(self.trail)
        try:
            self._set(c, 1 << v if take else self.cand[c] & ~(1 << v))
            self.propagate()
            return False
        except Contradiction:
            return True
        finally:
            self.undo(mark)

    def keep(self, c: int, mask: int) -> None:
        """Keep a change (a proved one) and its consequences (raises Contradiction)."""
        self._set(c, mask)
        self.propagate()
        self.trail.clear()

    # -- propagation -----------------------------------------------------------------------------
    def propagate(self) -> None:
        cand, exact = self.cand, self.exact
        while self.queue:
            support: dict[int, set[int]] = {}
            region: list[int] = []
            while self.queue:
                c, lost = self.queue.popleft()
                x = cand[c]
                if lost & ~exact and not x & ~exact:
                    region.append(c)
                for w in bits(lost & exact):
                    self._frontiers(c, w)
                    if any(cand[k] >> w & 1 for k in self.near[c]):  # (else no support ran through c)
                        support.setdefault(w, set()).add(c)
                if not x & (x - 1):
                    v = x.bit_length() - 1
                    block = self._fixed(c, v)
                    if exact >> v & 1:
                        support.setdefault(v, set()).update(block)
            if self.queue:
                continue
            for c in region:
                self._region(c)
            for w, centres in support.items():
                self._support(w, centres)

    def _block(self, c: int) -> list[int]:
        cand, near = self.cand, self.near
        x = cand[c]
        cells = [c]
        seen = {c}
        for i in cells:
            for j in near[i]:
                if j not in seen and cand[j] == x:
                    seen.add(j)
                    cells.append(j)
        self.work += len(cells)
        return cells

    def _fixed(self, c: int, v: int) -> list[int]:
        """Cell ``c`` is fixed to ``v``: its block's rules. Returns the block."""
        cand, near = self.cand, self.near
        block = self._block(c)
        size = len(block)
        if size > v:
            raise Contradiction
        inside = set(block)
        rim = {j for i in block for j in near[i] if j not in inside}
        bit = 1 << v
        if size == v:
            for j in rim:
                self._drop(j, v)
            return block
        frontier = [j for j in rim if cand[j] & bit]
        if not frontier:
            raise Contradiction
        if len(frontier) == 1:
            self._set(frontier[0], bit)
            return block
        for j in frontier:  # a cell touching blocks of v adding up past v - 1
            total = 1
            seen_blocks: set[int] = set()
            for k in near[j]:
                if cand[k] == bit and k not in seen_blocks:
                    other = self._block(k)
                    seen_blocks.update(other)
                    total += len(other)
            if total > v:
                self._drop(j, v)
        return block

    def _frontiers(self, c: int, w: int) -> None:
        """``c`` lost ``w``: a short block of ``w`` beside it may have one way out left, or none."""
        bit = 1 << w
        cand = self.cand
        for k in self.near[c]:
            if cand[k] == bit:
                self._fixed(k, w)

    def _region(self, c: int) -> None:
        """``c`` left the region of numbers outside ``exact``: its neighbours' parts may be too small."""
        cand, near, exact = self.cand, self.near, self.exact
        seen: set[int] = set()
        for s in near[c]:
            if s in seen or not cand[s] & ~exact:
                continue
            comp = [s]
            mine = {s}  # (its own set: a search stopped early must not cut a later one from the same
            # part short, which then looked small and lost numbers its answers need; review of fillo10)
            bites = self.bites
            for i in comp:
                if len(comp) > bites:
                    break
                for j in near[i]:
                    if j not in mine and cand[j] & ~exact:
                        mine.add(j)
                        comp.append(j)
            seen |= mine
            self.work += len(comp)
            if len(comp) > bites:
                continue
            over = ~exact & ~((1 << (len(comp) + 1)) - 1)
            for i in comp:  # (only when the cell leaves the region or is fixed: the other rules look at
                # no other number outside exact, and the region is re-checked whenever it shrinks)
                x = cand[i]
                if x & over and (not x & ~exact & ~over or not (y := x & ~over) & (y - 1)):
                    self._set(i, x & ~over)

    def _support(self, w: int, centres: set[int]) -> None:
        """Cells near ``centres`` keep ``w`` only with a short block of ``w`` in reach or room for a
        new area of ``w``; short blocks of ``w`` there must still reach what they lack."""
        cand, near = self.cand, self.near
        bit = 1 << w
        # the open cells that may be w within RADIUS steps of the change (over cells that may be w)
        todo: list[int] = []
        fixed = [c for c in centres if cand[c] == bit]
        walked = len(centres)
        for layer in layers(near, cand, centres, w, min(w, RADIUS)):  # (the whole reach: w)
            walked += len(layer)
            for j in layer:
                (fixed if cand[j] == bit else todo).append(j)
        self.work += walked
        sizes: dict[int, int] = {}
        for f in fixed:
            if f not in sizes:
                block = self._block(f)
                for i in block:
                    sizes[i] = len(block)
                if len(block) < w:
                    lack = w - len(block)
                    got = reach_count(near, cand, block, w, lack)
                    self.work += len(block) + got  # (the cells that walk visited: the block, then its reach)
                    if got < lack:
                        raise Contradiction
        ok: set[int] = set()
        free: dict[int, bool] = {}
        for j in todo:
            if j in ok or not cand[j] & bit or cand[j] == bit:
                continue
            if self._fresh(j, w, ok, free) or self._anchored(j, w, sizes):
                continue
            self._drop(j, w)
            free[j] = False  # (its neighbours' are unchanged: it is not fixed to w)

    def _fresh(self, j: int, w: int, ok: set[int], free: dict[int, bool]) -> bool:
        """Whether ``j`` lies in a connected set of at least ``w`` open cells that may be ``w`` and
        touch no block of ``w`` (all of them are then ``ok``); ``free`` caches which cells may."""
        cand, near = self.cand, self.near
        bit = 1 << w

        def is_free(i: int) -> bool:
            f = free.get(i)
            if f is None:
                x = cand[i]
                f = bool(x & bit) and x != bit
                if f:
                    for k in near[i]:
                        if cand[k] == bit:
                            f = False
                            break
                free[i] = f
            return f

        if not is_free(j):
            return False
        comp = [j]
        seen = {j}
        for i in comp:
            if len(comp) >= w:
                break
            for k in near[i]:
                if k not in seen and (k in ok or is_free(k)):
                    seen.add(k)
                    comp.append(k)
        self.work += len(comp)
        if len(comp) >= w:
            ok.update(comp)
            return True
        return False

    def _anchored(self, j: int, w: int, sizes: dict[int, int]) -> bool:
        """Whether a short block of ``w`` reaches ``j`` within what it lacks."""
        cand, near = self.cand, self.near
        bit = 1 << w
        seen = {j}
        layer = [j]
        for d in range(1, w):  # (not :func:`layers`: this walk stops inside a layer, at the first such block)
            nxt = []
            for i in layer:
                for k in near[i]:
                    if k not in seen and cand[k] & bit:
                        seen.add(k)
                        if cand[k] == bit:
                            size = sizes.get(k)
                            if size is None:
                                block = self._block(k)
                                for b in block:
                                    sizes[b] = len(block)
                                size = len(block)
                            if size < w and d <= w - size:
                                self.work += len(seen)
                                return True
                        nxt.append(k)
            layer = nxt
            if not layer:
                break
        self.work += len(seen)
        return False


AGAIN = 6  # after a pass with hits, a probe (cell, v) is tried again only when a cell this close to it lost v or
# was fixed to v since. Any change near the cell (fillo10, d0022's group, turns 0 / 1): 8, 4, 2 gave 2,795 / 2,313,
# 2,715 / 2,217, 2,655 / 2,167 probes, the same hits and 13 open cells. By the number (fillo12; the pass-end deduce
# changes ~350 cells' masks, mostly numbers far from the probe's), all 32 recorded probe_all calls (composites, dev):
# 21,864 probes before; 8 / 6 / 4 give 16,012 / 14,666 / 12,992, the same final masks on 31 / 31 / 27 of 32 (the one
# left: a dev group with 24 open cells for the search instead of 17; at 4 the d0022 groups keep more open cells)


def _spread(near: list[list[int]], lost: dict[int, int], steps: int) -> dict[int, int]:
    """Each cell within ``steps`` of a changed cell with the numbers (bits) changed within that
    distance of it: ``lost`` (cell -> bits) grown ring by ring, each ring only with bits new to a cell."""
    out = dict(lost)
    ring = lost
    for _ in range(steps):
        nxt: dict[int, int] = {}
        for i, m in ring.items():
            for j in near[i]:
                new = m & ~out.get(j, 0)
                if new:
                    nxt[j] = nxt.get(j, 0) | new
        if not nxt:
            break
        for j, m in nxt.items():
            out[j] = out.get(j, 0) | m
        ring = nxt
    return out


def probe_all(near: list[list[int]], cand: list[int], top: int, most: float = float("inf"),
              deadline: float = float("inf")) -> tuple[int, int, int]:
    """Probe both sides of each short block's ways out until a pass finds nothing (or ``most``
    probes, or past ``deadline``, the solve's: it times out then anyway); ``cand`` keeps every
    proved change. Returns (tries, hits, work). Skipping a probe only weakens probing (never a
    verdict), so which probes are tried again is a matter of cost: see :data:`AGAIN`."""
    prober = Prober(near, cand, top)
    tries = hits = work = 0
    fresh = [-1] * len(cand)  # per cell, the numbers changed near it since its probes of them were last tried

    def changed(before: list[int]) -> None:
        lost = {}
        for i, (x, y) in enumerate(zip(before, cand, strict=True)):
            if x != y:
                lost[i] = x & ~y | (y if not y & (y - 1) else 0)  # (the numbers it lost; the one it was fixed to)
        for i, m in _spread(near, lost, AGAIN).items():
            fresh[i] |= m

    while True:
        hit = False
        for cells, v in short_blocks(near, cand):
            inside = set(cells)
            bit = 1 << v
            for i in sorted({j for c in cells for j in near[c] if j not in inside and cand[j] & bit}):
                if not cand[i] & bit or cand[i] == bit or not fresh[i] & bit:
                    continue
                fresh[i] &= ~bit
                for take in (True, False):
                    if tries >= most or time.perf_counter() > deadline:
                        return tries, hits, work + prober.work
                    tries += 1
                    if prober.probe(i, v, take):
                        hits += 1
                        before = cand.copy()
                        prober.keep(i, cand[i] & ~bit if take else bit)
                        changed(before)
                        hit = True
                        break
        before = cand.copy()
        deduce(near, cand, top)
        changed(before)
        if not hit:
            return tries, hits, work + prober.work
        work += prober.work
        prober = Prober(near, cand, top)
