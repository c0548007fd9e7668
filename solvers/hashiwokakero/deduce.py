"""Hashiwokakero deductions a person makes, as bounds on each possible bridge (0, 1 or 2).

Rules, applied until nothing changes (each is a consequence of the puzzle's rules, so a board
they finish has exactly that one solution):

* capacity: at most two bridges, at most the smaller island's number (a '?' island has none: it
  takes any number of bridges, and no group holding it is ever closed);
* counting: an island's number minus what its other places can take at most is a lower bound
  for this place, minus what they already have an upper bound;
* crossing: a place with a bridge shuts the place crossing it;
* closed groups: a bridge may not finish a group of islands that leaves others outside (two 1s,
  two 2s doubled, and any larger group whose numbers the bridge would use up);
* connectivity: if the places still open fall apart, there is no solution; a place whose loss
  would cut the open graph must hold a bridge.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.connectivity import separations
from solvers.hashiwokakero.board import Board


class Contradiction(Exception):
    """The bounds admit no solution."""


@dataclass
class Bounds:
    lo: list[int]
    hi: list[int]

    def fixed(self) -> bool:
        return self.lo == self.hi


UNSAID = 1 << 20  # the bridge ends a '?' island (number < 0) is taken to need: never used up


def _number(n: int) -> int:
    return UNSAID if n < 0 else n


def start(board: Board) -> Bounds:
    lo = [0] * len(board.edges)
    hi = [min(2, _number(board.islands[e.a][2]), _number(board.islands[e.b][2])) for e in board.edges]
    return Bounds(lo, hi)


def propagate(board: Board, b: Bounds, trace: dict[int, str] | None = None) -> int:
    """Tighten ``b`` to a fixed point of the rules; raises Contradiction. Returns 0 when counting and
    crossings sufficed, 1 when the group rules (closed groups, cut places) were needed.

    ``trace``: filled with each place as it becomes settled and the rule that settled it
    (``count``, ``group``, ``cut``), in order (the hints' order)."""
    level = 0
    while True:
        changed = _local(board, b)
        _note(trace, b, "count")
        if _groups(board, b):
            _note(trace, b, "group")
            level = 1
            continue
        if not changed and _cut_edges(board, b):
            _note(trace, b, "cut")
            level = 1
            continue
        if not changed:
            return level


def _note(trace: dict[int, str] | None, b: Bounds, rule: str) -> None:
    if trace is not None:
        for k, (lo, hi) in enumerate(zip(b.lo, b.hi, strict=True)):
            if lo == hi and k not in trace:
                trace[k] = rule


def _local(board: Board, b: Bounds) -> bool:
    lo, hi = b.lo, b.hi
    changed = False
    again = True
    while again:
        again = False
        for i, (_, _, n) in enumerate(board.islands):
            if n < 0:  # a '?' island: no count to go by
                continue
            ks = board.at[i]
            s_lo = sum(lo[k] for k in ks)
            s_hi = sum(hi[k] for k in ks)
            if s_lo > n or s_hi < n:
                raise Contradiction
            for k in ks:
                new_lo = max(lo[k], n - (s_hi - hi[k]))
                new_hi = min(hi[k], n - (s_lo - lo[k]))
                if new_lo > new_hi:
                    raise Contradiction
                if new_lo != lo[k] or new_hi != hi[k]:
                    s_lo += new_lo - lo[k]
                    s_hi += new_hi - hi[k]
                    lo[k], hi[k] = new_lo, new_hi
                    again = True
        for h, v in board.crossings:
            if lo[h] and hi[v]:
                if lo[v]:
                    raise Contradiction
                hi[v] = 0
                again = True
            if lo[v] and hi[h]:
                if lo[h]:
                    raise Contradiction
                hi[h] = 0
                again = True
        changed |= again
    return changed


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _groups(board: Board, b: Bounds) -> bool:
    """Closed groups: the islands joined by sure bridges, and how many bridge ends they still need."""
    count = len(board.islands)
    if count <= 1:
        return False
    parent = list(range(count))
    for k, e in enumerate(board.edges):
        if b.lo[k]:
            parent[_find(parent, e.a)] = _find(parent, e.b)
    need: dict[int, int] = {}
    size: dict[int, int] = {}
    for i, (_, _, n) in enumerate(board.islands):
        root = _find(parent, i)
        need[root] = need.get(root, 0) + _number(n) - sum(b.lo[k] for k in board.at[i])
        size[root] = size.get(root, 0) + 1
    for root, left in need.items():
        if left == 0 and size[root] < count:
            raise Contradiction
    changed = False
    for k, e in enumerate(board.edges):
        if b.hi[k] <= b.lo[k]:
            continue
        ra, rb = _find(parent, e.a), _find(parent, e.b)
        together = size[ra] + (size[rb] if ra != rb else 0)
        if together == count:
            continue
        left = need[ra] + (need[rb] if ra != rb else 0)
        # raising this place to hi uses 2 * (hi - lo) of the group's needs
        if left - 2 * (b.hi[k] - b.lo[k]) == 0:
            b.hi[k] -= 1
            changed = True
    return changed


def _cut_edges(board: Board, b: Bounds) -> bool:
    """Places whose removal disconnects the graph of open places must hold a bridge."""
    count = len(board.islands)
    if count <= 1:
        return False
    adj: list[list[int]] = [[] for _ in range(count)]
    place: dict[tuple[int, int], int] = {}  # one place per pair of islands at most
    for k, e in enumerate(board.edges):
        if b.hi[k]:
            adj[e.a].append(e.b)
            adj[e.b].append(e.a)
            place[e.a, e.b] = place[e.b, e.a] = k
    found = separations(adj, [True] * count, roots=(0,), find_bridges=True)
    if found.totals[0] < count:
        raise Contradiction
    must = [place[edge] for edge in found.bridges]
    changed = False
    for k in must:
        if b.lo[k] == 0:
            b.lo[k] = 1
            changed = True
    return changed
