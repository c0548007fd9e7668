"""Every way an island can still be completed, when there are few.

The shapes of island ``k``: connected sets of exactly its size holding its cells, inside the
cells it may reach (:attr:`Board.reach`), with no unshaded cell outside them touching them (that
cell would join the island). Enumerated by Redelmeier's method: each cell on the frontier is
either taken or excluded for good, so each shape comes once. Used twice: as a deduction (a cell in
every shape is unshaded, a cell next to every shape is shaded, a cell in none is not this
island's) and in the CP-SAT model (one Boolean per shape: the island is connected by
construction and its border shaded, which needs no lazy cut).
"""

from __future__ import annotations

from collections.abc import Sequence

WHITE = 1  # as in solvers.nurikabe.deduce (not imported: deduce imports this module)
MAX_GROWTH = 40  # cells still to add beyond which no island is enumerated (recursion depth)


class TooMany(Exception):
    """More shapes than the caller's limit."""


def shapes(adj: Sequence[Sequence[int]], color: Sequence[int], area: set[int], members: list[int],
           size: int, limit: int, steps: int = 50_000) -> list[frozenset[int]]:
    """The shapes of an island whose known cells are ``members`` (the clue first) inside ``area``.

    ``color[i] == WHITE`` marks unshaded cells: such a cell in ``area`` touching a shape must be in
    it. Raises :class:`TooMany` past ``limit`` shapes or ``steps`` cells tried.
    """
    if size - len(members) > MAX_GROWTH:
        raise TooMany
    # grow from the part joined to the first member (the clue); the other members (cells only this
    # island can reach) must end up inside
    need = set(members)
    shape = {members[0]}
    stack = [members[0]]
    while stack:
        for j in adj[stack.pop()]:
            if j in need and j not in shape:
                shape.add(j)
                stack.append(j)
    seen = set(shape)
    frontier: list[int] = []
    for i in list(shape):
        for j in adj[i]:
            if j in area and j not in seen:
                seen.add(j)
                frontier.append(j)
    out: list[frozenset[int]] = []
    tried = [0]

    def grow(untried: list[int]) -> None:
        if len(shape) == size:
            # no unshaded cell may touch the shape from outside
            if need <= shape and not any(color[j] == WHITE and j not in shape for i in shape for j in adj[i]):
                out.append(frozenset(shape))
                if len(out) > limit:
                    raise TooMany
            return
        untried = list(untried)
        while untried:
            c = untried.pop()
            tried[0] += 1
            if tried[0] > steps:
                raise TooMany
            new = [d for d in adj[c] if d in area and d not in seen]
            shape.add(c)
            seen.update(new)
            grow(untried + new)
            shape.discard(c)
            seen.difference_update(new)
            if color[c] == WHITE:
                return  # an unshaded frontier cell cannot be left out
    grow(frontier)
    return out
