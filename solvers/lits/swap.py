"""A second LITS answer next to a first one: one room's piece moved, found without a search.

Proving uniqueness costs a second CP-SAT call on a model as large as the first. On boards with
more than one answer (large hand-made or random ones) a second answer very often differs from the
first in a single room: its piece shifted or turned. Trying every other placement left in every
room against the first answer (no 2x2 block, no equal shape across a room edge, one connected
area) finds such an answer in milliseconds; only when none exists does the proof go to CP-SAT.
Every rule is checked on the whole new shading, so what this returns is an answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.lits.deduce import Board

MAX_FLOODS = 400  # connectivity checks (each a flood of the shaded cells) before giving up


def neighbour_answer(board: Board, alive: Sequence[bool], chosen: Sequence[int]) -> list[int] | None:
    """Another answer (one placement per region) that differs from ``chosen`` in one region, or None.

    ``alive``: the placements still possible; ``chosen``: the first answer's placement per region.
    """
    places, owner = board.places, board.owner
    on = [False] * len(owner)
    for p in chosen:
        for i in places[p].cells:
            on[i] = True
    floods = 0
    for k, old in enumerate(chosen):
        gone = places[old].cells
        for p in board.by_region[k]:
            if p == old or not alive[p]:
                continue
            mine = places[p].cells
            for i in gone:
                on[i] = False
            for i in mine:
                on[i] = True
            ok = _local(board, chosen, p, on)
            if ok and floods < MAX_FLOODS:
                floods += 1
                ok = connected(board, on, mine[0])
            for i in mine:
                on[i] = False
            for i in gone:
                on[i] = True
            if ok:
                out = list(chosen)
                out[k] = p
                return out
    return None


def _local(board: Board, chosen: Sequence[int], p: int, on: Sequence[bool]) -> bool:
    """Placement p (already in ``on``) makes no 2x2 block, touches no equal shape of another region and
    touches some shaded cell of another region (when there is one)."""
    pl = board.places[p]
    touches = len(board.members) == 1
    for j in board.touch[p]:
        if on[j]:
            touches = True
            if board.places[chosen[board.owner[j]]].shape == pl.shape:
                return False
    if not touches:
        return False
    return not any(all(on[j] for j in block) for i in pl.cells for block in board.blocks[i])


def connected(board: Board, on: Sequence[bool], seed: int) -> bool:
    """All shaded cells of ``on`` are one area (``seed`` is one of them)."""
    seen = {seed}
    stack = [seed]
    nbrs = board.nbrs
    while stack:
        i = stack.pop()
        for j in nbrs[i]:
            if on[j] and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == sum(on)
