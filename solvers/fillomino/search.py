"""Fillomino by deductions and a search that splits the board into independent parts.

After the deductions (:mod:`solvers.fillomino.deduce`), the cells still open and the blocks still
short of their number fall into connected groups. Two groups never share an area (a complete
block between them has already taken its number from its neighbours' masks), so each group is
solved on its own: answers multiply, and a group is searched only when deductions leave it open.
When complete areas wall the board apart from the start (big boards of several parts), the
groups are deduced apart too.
Groups too big to search go to the fallback (CP-SAT); with more than one worker for the solve,
they are solved side by side on threads (a board of two hard parts takes the time of one).
The search branches on a cell next to the short block with the fewest ways out (that cell takes
the block's number, or it does not), so the whole tree it walks is the uniqueness proof.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from solvers.fillomino.deduce import Contradiction, Outcome, deduce, short_blocks, walls
from solvers.fillomino.probe import probe_all


class OutOfTime(Exception):
    """The search used up its time (or its node budget)."""


class TooLong(Exception):
    """The search of one group passed its node cap (the fallback takes the group)."""


Fallback = Callable[[list[list[int]], list[int], int], list[list[int]]]
CAP = 200  # search nodes per group before the fallback (CP-SAT) takes it
CAP_SECONDS = 0.3  # and search seconds
SEARCH_OPEN = 40  # a group with more open cells goes to the fallback at once: since the proof starts from the
# first solve's derived domains (cpsat.narrow), CP-SAT settles the dev boards' groups of 49-85 open cells in
# 0.03-0.1 s cpu, while the search spent its 0.3 s cap on most of them first (d0009, d0012, d0014, d0017,
# d0019: 0.2-0.25 s -> 0.1 s); larger groups' nodes are slow anyway (tens of ms on 150+ open cells)
PROBE_TRIES = 12  # probes per open cell before a group goes to the fallback (a budget, not a clock): d0022's
# group needs ~6.5 per open cell to settle all but 13 of its 437 (2,300-2,800 probes, 1.3-1.9 s cpu at load 15,
# where CP-SAT's first answer took 2.2-2.7 s); d0024's 161 open cells 288 probes (settled), d0025's 272: 461


@dataclass
class Search:
    """Count answers (up to ``limit``) of one board; ``nodes`` and ``rounds`` measure the work."""

    top: int
    deadline: float
    limit: int = 2
    max_nodes: float = float("inf")  # a node budget (deterministic, unlike the deadline)
    nodes: int = 0
    rounds: int = 0
    deep_rounds: int = 0
    fallback: Fallback | None = None
    cap: int = -1  # node count at which the current group goes to the fallback (-1: none)
    cap_until: float = 0.0
    deduce_seconds: float = 0.0  # the deductions before any search
    probe_seconds: float = 0.0  # probing the groups the fallback takes
    fallbacks: int = 0
    workers: int = 1  # groups the fallback takes at once may be solved side by side, this many at a time

    def answers(self, near: list[list[int]], cand: list[int]) -> list[list[int]]:
        """Up to ``limit`` answers, each a number per cell (``cand`` is changed)."""
        t0 = time.perf_counter()
        try:
            self._deduce_apart(near, cand)
        except Contradiction:
            return []
        finally:
            self.deduce_seconds = time.perf_counter() - t0
        groups = _groups(near, cand)
        found = self._split(near, cand, groups, self.limit) if groups else [cand]
        return [[x.bit_length() - 1 for x in sol] for sol in found]

    def _deduce_apart(self, near: list[list[int]], cand: list[int]) -> None:
        """The deductions, on each group of the board alone when complete areas already wall the
        groups apart (:func:`~solvers.fillomino.deduce.walls`): each group's rounds then look at
        its own cells only, by the same rules (the 50x64 stress boards: 0.83 -> 0.49 and 0.64 ->
        0.42 s cpu)."""
        walls(near, cand)
        groups = _groups(near, cand)
        if len(groups) < 2:
            self._count(deduce(near, cand, self.top))
            return
        for cells in groups:
            index = {c: k for k, c in enumerate(cells)}
            sub = [cand[c] for c in cells]
            self._count(deduce([[index[j] for j in near[c] if j in index] for c in cells], sub, self.top))
            for c, x in zip(cells, sub, strict=True):
                cand[c] = x

    def _count(self, out: Outcome) -> None:
        self.rounds += out.rounds
        self.deep_rounds += out.deep_rounds

    def _solve(self, near: list[list[int]], cand: list[int], limit: int) -> list[list[int]]:
        self.nodes += 1
        if time.perf_counter() > self.deadline or self.nodes > self.max_nodes:
            raise OutOfTime
        if self.cap >= 0 and (self.nodes >= self.cap or time.perf_counter() > self.cap_until):
            raise TooLong
        try:
            out = deduce(near, cand, self.top)
        except Contradiction:
            return []
        self._count(out)
        groups = _groups(near, cand)
        if not groups:
            return [cand]
        if len(groups) > 1 or len(groups[0]) < len(cand):
            return self._split(near, cand, groups, limit)
        i, v = _branch(near, cand)
        take = cand.copy()
        take[i] = 1 << v
        found = self._solve(near, take, limit)
        if len(found) >= limit:
            return found[:limit]
        cand[i] &= ~(1 << v)
        return found + self._solve(near, cand, limit - len(found))

    def _group(self, near: list[list[int]], cand: list[int], limit: int) -> list[list[int]]:
        """One group: searched, or (at the top level, past the node cap) handed to the fallback."""
        if self.fallback is None or self.cap >= 0:
            return self._solve(near, cand, limit)
        self.cap = self.nodes + CAP
        self.cap_until = time.perf_counter() + CAP_SECONDS
        try:
            if sum(1 for x in cand if x & (x - 1)) > SEARCH_OPEN:
                raise TooLong
            return self._solve(near, cand.copy(), limit)
        except TooLong:
            return self._fall_back(near, cand, limit)
        finally:
            self.cap = -1

    def _fall_back(self, near: list[list[int]], cand: list[int], limit: int) -> list[list[int]]:
        """One group by the fallback, its answers as masks (also run on a thread, see below)."""
        assert self.fallback is not None
        self.fallbacks += 1
        t0 = time.perf_counter()
        cand = cand.copy()
        try:  # (every probe's conclusion holds in every answer: the group's answers stay the same)
            probe_all(near, cand, self.top, PROBE_TRIES * sum(1 for x in cand if x & (x - 1)), self.deadline)
        except Contradiction:
            return []
        finally:
            self.probe_seconds += time.perf_counter() - t0
        if all(x & (x - 1) == 0 for x in cand):
            return [cand]
        if sum(1 for x in cand if x & (x - 1)) <= SEARCH_OPEN:  # (its own search: this may run on a thread)
            try:
                found = Search(self.top, self.deadline, limit=limit, max_nodes=CAP).answers(near, cand.copy())
                return [[1 << v for v in sol] for sol in found]
            except OutOfTime:
                if time.perf_counter() > self.deadline:  # (out of the solve's time, not the node cap)
                    raise
        return [[1 << v for v in sol] for sol in self.fallback(near, cand, limit)]

    def _side_by_side(self, parts: list[tuple[list[list[int]], list[int]]],
                      limit: int) -> dict[int, Future[list[list[int]]]]:
        """The groups the fallback takes at once (too many open cells to search), started on
        threads when more than one (CP-SAT leaves Python's lock while it searches, so two cores
        solve two parts in the time of the slower), by group index; none when they go one by one.
        Each is asked for ``limit`` answers (its first answer does not depend on it)."""
        if self.fallback is None or self.cap >= 0 or self.workers < 2:
            return {}
        big = [k for k, (_, sub) in enumerate(parts) if sum(1 for x in sub if x & (x - 1)) > SEARCH_OPEN]
        if len(big) < 2:
            return {}
        pool = ThreadPoolExecutor(min(self.workers, len(big)), thread_name_prefix="fillomino-part")
        try:
            return {k: pool.submit(self._fall_back, *parts[k], limit) for k in big}
        finally:
            pool.shutdown(wait=False)

    def _split(self, near: list[list[int]], cand: list[int], groups: list[list[int]],
               limit: int) -> list[list[int]]:
        """Solve each group alone; the first answer takes every group's first, the second differs
        in one group."""
        parts = []
        for cells in groups:
            index = {c: k for k, c in enumerate(cells)}
            parts.append(([[index[j] for j in near[c] if j in index] for c in cells], [cand[c] for c in cells]))
        started = self._side_by_side(parts, limit)
        try:
            return self._join(cand, groups, parts, started, limit)
        finally:
            for fut in started.values():
                fut.cancel()  # those not begun, when a group has no answer or time ran out

    def _join(self, cand: list[int], groups: list[list[int]], parts: list[tuple[list[list[int]], list[int]]],
              started: dict[int, Future[list[list[int]]]], limit: int) -> list[list[int]]:
        """The groups' answers put together, in group order (those ``started`` from their threads)."""
        first = cand.copy()
        second: list[int] | None = None
        for k, cells in enumerate(groups):
            found = started[k].result() if k in started else self._group(*parts[k], limit if second is None else 1)
            if not found:
                return []
            for c, x in zip(cells, found[0], strict=True):
                first[c] = x
            if second is None and len(found) > 1:
                second = cand.copy()
                for c, x in zip(cells, found[1], strict=True):
                    second[c] = x
        if second is None or limit < 2:
            return [first]
        for k, x in enumerate(first):  # the other groups as in the first answer
            if second[k] & (second[k] - 1):
                second[k] = x
        return [first, second]


def _groups(near: list[list[int]], cand: list[int]) -> list[list[int]]:
    """The connected groups of open cells and of fixed cells whose block is short of its number."""
    n = len(cand)
    active = [bool(x & (x - 1)) for x in cand]
    for block, _ in short_blocks(near, cand):
        for i in block:
            active[i] = True
    groups = []
    done = [False] * n
    for start in range(n):
        if not active[start] or done[start]:
            continue
        done[start] = True
        comp = [start]
        for i in comp:
            for j in near[i]:
                if active[j] and not done[j]:
                    done[j] = True
                    comp.append(j)
        groups.append(sorted(comp))
    return groups


def _branch(near: list[list[int]], cand: list[int]) -> tuple[int, int]:
    """The cell and number to try: next to the short block with the fewest open neighbours able
    to take its number; with no short block, the open cell with the fewest numbers, its smallest."""
    best: tuple[int, int, int] | None = None
    for block, v in short_blocks(near, cand):
        inside = set(block)
        frontier = sorted({j for i in block for j in near[i] if j not in inside and cand[j] >> v & 1})
        if frontier and (best is None or len(frontier) < best[0]):
            cell = min(frontier, key=lambda j: cand[j].bit_count())
            best = (len(frontier), cell, v)
    if best is not None:
        return best[1], best[2]
    cell = min((i for i, x in enumerate(cand) if x & (x - 1)), key=lambda i: cand[i].bit_count())
    x = cand[cell]
    return cell, (x & -x).bit_length() - 1
