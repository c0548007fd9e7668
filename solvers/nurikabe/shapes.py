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

from solvers.nurikabe.board import WHITE
from solvers.nurikabe.wall import Box, Wall

MAX_GROWTH = 60  # cells still to add beyond which no island is enumerated (recursion depth)


class TooMany(Exception):
    """More shapes than the caller's limit."""


def shapes(adj: Sequence[Sequence[int]], color: Sequence[int], area: set[int], members: list[int],
           size: int, limit: int, steps: int = 50_000, border: int = 1 << 30,
           wall: Wall | None = None, bounds: list[int] | None = None) -> list[frozenset[int]]:
    """The shapes of an island whose known cells are ``members`` (the clue first) inside ``area``.

    ``color[i] == WHITE`` marks unshaded cells: such a cell in ``area`` touching a shape must be in
    it. ``border``: at most this many cells may touch a shape from outside (they are all shaded:
    the sea's size bounds it). ``wall``: the sea's size must also suffice to wall the island in
    (:mod:`solvers.nurikabe.wall`: the shape's bounding box decides). Raises :class:`TooMany` past
    ``limit`` shapes or ``steps`` cells tried. ``bounds`` (``[lo, hi]``, narrowed in place, also
    when it raises): every ``border`` in ``lo <= border < hi`` takes the same course (each test of
    it turns out the same), so the caller may reuse the answer for those.
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
    # unshaded cells a shape could touch without taking them
    whites = {j for i in area | need for j in adj[i] if color[j] == WHITE and j not in need}
    out: list[frozenset[int]] = []
    tried = [0]

    # cells touching the shape that it can never take (shaded), with how many shape cells they touch
    outside: dict[int, int] = {}
    for i in shape:
        for j in adj[i]:
            if j not in area and j not in shape:
                outside[j] = outside.get(j, 0) + 1

    def grow(untried: list[int], box: Box) -> None:
        # every untried cell ends up in the shape or beside it
        beside = border - excluded[0] - len(outside)  # cells that may still end up beside it
        if bounds is not None:  # the least border that passes this test
            least = max(0, len(untried) - size + len(shape)) + excluded[0] + len(outside)
            if border < least:
                bounds[1] = min(bounds[1], least)
            else:
                bounds[0] = max(bounds[0], least)
        if beside < 0 or len(untried) > size - len(shape) + beside:
            return
        if wall is not None and not wall.allows(box, size, size - len(shape), [*left, *outside]):
            return
        if len(shape) == size:
            # no unshaded cell may touch the shape from outside
            if need <= shape and not any(w not in shape and any(j in shape for j in adj[w]) for w in whites):
                out.append(frozenset(shape))
                if len(out) > limit:
                    raise TooMany
            return
        untried = list(untried)
        left_out = 0
        while untried:
            c = untried.pop()
            tried[0] += 1
            if tried[0] > steps:
                raise TooMany
            new = [d for d in adj[c] if d in area and d not in seen]
            shape.add(c)
            seen.update(new)
            walls = [d for d in adj[c] if d not in area]
            for d in walls:
                outside[d] = outside.get(d, 0) + 1
            r, q = divmod(c, cols)
            grow(untried + new, (min(box[0], r), max(box[1], r), min(box[2], q), max(box[3], q)))
            for d in walls:
                outside[d] -= 1
                if not outside[d]:
                    del outside[d]
            shape.discard(c)
            seen.difference_update(new)
            if color[c] == WHITE:
                break  # an unshaded frontier cell cannot be left out
            left_out += 1
            left.append(c)
            excluded[0] += 1
            if len(area) - excluded[0] < size:
                break  # too few cells left to reach the size
        excluded[0] -= left_out
        del left[len(left) - left_out:]
    excluded = [0]
    left: list[int] = []  # the cells left out, in order
    cols = wall.cols if wall is not None else 1
    rc = [divmod(i, cols) for i in shape]
    grow(frontier, (min(r for r, _ in rc), max(r for r, _ in rc), min(q for _, q in rc), max(q for _, q in rc)))
    return out
