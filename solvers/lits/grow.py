"""A first LITS answer grown piece by piece from one room, for boards too big for CP-SAT to find one fast.

On random 40x57 boards (300 of 320 rooms left open, ~3000 placements) CP-SAT's first answer costs
0.5 to over 3.4 units of deterministic time (1.4 to over 10 s CPU) depending on its seed alone:
every node solves the connectivity flow's LP. Yet such boards have many answers, and an answer
grown like the generator draws one is usually found at once: start with the room that has the
fewest placements, then repeatedly give a room next to the shaded area a placement that touches
it (so the shading stays one area by construction), keeping no 2x2 block and no equal shapes
touching. The room taken next is the one with the fewest placements still possible per failure
it caused (dom/wdeg); after each choice the rooms near it drop the placements it rules out, and a
room left with none, or open rooms cut off from the shaded area (none of their placements can
ever touch it), undo the choice. Depth-first; when a try runs out it restarts (the rooms where it
failed then come first) with twice the placements or what is left of ``NODES`` per room in all,
whichever is fewer.

The search is deterministic (node counts, no clock and no randomness), and what it returns is
a complete answer: every rule holds by construction and is checked again at the end
(:func:`is_answer`). It proves nothing: when it gives up the caller asks CP-SAT as before.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from solvers.lits.deduce import Board
from solvers.lits.swap import connected

# placements tried per room: the first try gets RESTART, each next one (after a restart, the rooms where tries
# failed first) twice the last or what is left of NODES in all, whichever is fewer (so 2, then 2 again). On 22
# random 36x50 / 40x57 boards (250-324 rooms) every answer grew within two tries, at most 3.0 per room (~0.7 ms
# CPU a placement); where it fails (published boards, tighter) giving up costs 0.1-0.5 s CPU at 4 per room
# (bench/results/lits.md, pass lits7)
RESTART = 2
NODES = 4


class _GiveUp(Exception):
    pass


def grow(board: Board, alive: Sequence[bool], nodes: int | None = None) -> list[int] | None:
    """One answer (a placement per region, from the ``alive`` ones) or None within ``nodes`` placements
    tried (default ``NODES`` per room)."""
    count = len(board.members)
    nodes = NODES * count if nodes is None else nodes
    if count == 0 or any(not any(alive[p] for p in ps) for ps in board.by_region):
        return None
    adjacent: list[set[int]] = [set() for _ in range(count)]  # regions sharing an edge
    for i, k in enumerate(board.owner):
        for j in board.nbrs[i]:
            if k >= 0 and board.owner[j] >= 0 and board.owner[j] != k:
                adjacent[k].add(board.owner[j])
    weight = [1.0] * count  # how often each room was where a try failed (dom/wdeg)
    spent = 0
    tries = RESTART * count
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 2 * count + 200))  # two frames a room
    try:
        while spent < nodes:
            tries = min(tries, nodes - spent)
            search = _Search(board, alive, adjacent, weight, tries)
            answer = search.run()
            spent += tries - max(0, search.budget)
            if answer is not None:
                return answer if is_answer(board, answer) else None
            if search.budget >= 0:  # exhausted within the budget: no answer grows from that start
                return None
            tries *= 2
    finally:
        sys.setrecursionlimit(old)
    return None


class _Search:
    """One depth-first try of :func:`grow` within ``budget`` placements."""

    def __init__(self, board: Board, alive: Sequence[bool], adjacent: list[set[int]], weight: list[float],
                 budget: int) -> None:
        self.board = board
        self.adjacent = adjacent
        self.weight = weight
        self.budget = budget
        count = len(board.members)
        self.domain: list[list[int]] = [[p for p in ps if alive[p]] for ps in board.by_region]
        self.shape_at = [-1] * len(board.owner)  # shape of the piece shading each cell, -1 unshaded
        self.taken = [-1] * count
        self.near_area = [0] * len(board.places)  # shaded cells of other regions next to each placement
        self.left = count

    def run(self) -> list[int] | None:
        domain, weight = self.domain, self.weight
        first = min(range(len(domain)), key=lambda r: len(domain[r]) / weight[r])
        try:
            if self.choose(first, False):
                return list(self.taken)
        except _GiveUp:
            pass
        return None

    def fits(self, q: int) -> bool:
        pl = self.board.places[q]
        shape_at = self.shape_at
        for j in self.board.touch[q]:
            if shape_at[j] == pl.shape:
                return False
        for i in pl.cells:
            for block in self.board.blocks[i]:
                if all(shape_at[j] >= 0 or j in pl.cells for j in block):
                    return False
        return True

    def hopeless(self, q: int) -> bool:
        """q can never touch a shaded cell: every cell next to it is in a region done and unshaded."""
        owner, taken, shape_at = self.board.owner, self.taken, self.shape_at
        return self.near_area[q] == 0 and all(shape_at[j] < 0 and (owner[j] < 0 or taken[owner[j]] >= 0)
                                              for j in self.board.touch[q])

    def reachable(self, r: int) -> bool:
        """The open rooms r reaches through open rooms can still touch the shaded area."""
        seen = {r}
        stack = [r]
        while stack:
            s = stack.pop()
            if any(self.near_area[q] for q in self.domain[s]):
                return True
            for t in self.adjacent[s]:
                if self.taken[t] < 0 and t not in seen:
                    seen.add(t)
                    stack.append(t)
        self.weight[r] += 1
        return False

    def place(self, p: int) -> list[tuple[int, list[int]]] | None:
        """Choose p; returns the domains changed (to restore), or None (undone) when a room is left stuck."""
        board, domain = self.board, self.domain
        pl = board.places[p]
        k = pl.region
        for i in pl.cells:
            self.shape_at[i] = pl.shape
            for q in board.touching[i]:
                self.near_area[q] += 1
        self.taken[k] = p
        trail: list[tuple[int, list[int]]] = []
        ok = True
        for r in board.around[k]:
            if self.taken[r] >= 0:
                continue
            kept = [q for q in domain[r] if self.fits(q) and not self.hopeless(q)]
            if len(kept) < len(domain[r]):
                trail.append((r, domain[r]))
                domain[r] = kept
                if not kept:
                    self.weight[r] += 1
                    ok = False
                    break
        if ok:
            ok = all(self.reachable(r) for r in self.adjacent[k] if self.taken[r] < 0)
        if not ok:
            self.unplace(p, trail)
            return None
        return trail

    def unplace(self, p: int, trail: list[tuple[int, list[int]]]) -> None:
        for r, d in reversed(trail):
            self.domain[r] = d
        pl = self.board.places[p]
        self.taken[pl.region] = -1
        for i in pl.cells:
            self.shape_at[i] = -1
            for q in self.board.touching[i]:
                self.near_area[q] -= 1

    def choose(self, room: int, touching: bool) -> bool:
        """Give ``room`` a placement (one touching the shaded area when ``touching``), then the rest."""
        for p in self.domain[room]:
            if touching and not self.near_area[p]:
                continue
            self.budget -= 1
            if self.budget < 0:
                raise _GiveUp
            trail = self.place(p)
            if trail is None:
                continue
            self.left -= 1
            if self.left == 0 or self.step():
                return True
            self.left += 1
            self.unplace(p, trail)
        self.weight[room] += 1
        return False

    def step(self) -> bool:
        """The open room next to the shaded area with the fewest placements per failure takes one."""
        taken, domain, near_area, weight = self.taken, self.domain, self.near_area, self.weight
        best, key = -1, 0.0
        for r in range(len(taken)):
            if taken[r] < 0 and any(near_area[q] for q in domain[r]):
                k = len(domain[r]) / weight[r]
                if best < 0 or k < key:
                    best, key = r, k
        return best >= 0 and self.choose(best, True)


def is_answer(board: Board, chosen: Sequence[int]) -> bool:
    """Every LITS rule on a placement per region: own region, no 2x2, no equal shapes touching, one area."""
    places, owner = board.places, board.owner
    shape_at = [-1] * len(owner)
    for k, p in enumerate(chosen):
        if p < 0 or places[p].region != k:  # (-1: a room left without a piece)
            return False
        for i in places[p].cells:
            shape_at[i] = places[p].shape
    for i, s in enumerate(shape_at):
        if s < 0:
            continue
        for j in board.nbrs[i]:
            if shape_at[j] == s and owner[j] != owner[i]:
                return False
        for block in board.blocks[i]:
            if all(shape_at[j] >= 0 for j in block):
                return False
    on = [s >= 0 for s in shape_at]
    return connected(board, on, on.index(True))
