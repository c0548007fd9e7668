"""An exhaustive Star Battle search over the deductions of :mod:`solvers.starbattle.deduce`.

After propagation the search branches on the row, column or region with the least slack, at its
open cell whose star bans the most open cells (star first, then no star), and counts answers up to
a limit, so "one answer, search complete" is a uniqueness proof.

Most boards take one to a few dozen nodes. A board the deductions leave wide open can send the
search into a large subtree, so :func:`settle` gives it a node budget; past it, one round of trial
and error at the root (every open cell whose star is a dead end is banned) and a search again
with twice the budget (a published 12x12 board: about 9,000 nodes without, 150 with).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solvers.starbattle.deduce import Deductions


@dataclass
class Found:
    """Answers found (star bitboards), whether the search finished, and its nodes."""

    stars: list[int]
    complete: bool
    nodes: int = 0
    root: tuple[int, int] | None = None  # the state the last search started from (after probes)


def search(board: Deductions, limit: int = 2, deadline: float | None = None, max_nodes: int = 1 << 30,
           stars: int = 0, banned: int = 0) -> Found:
    """Every answer up to ``limit`` extending (stars, banned)."""
    out = Found([], True)
    start = board.propagate(stars, banned)
    if start is None:
        return out
    lines, targets, nb = board.lines[:board.base], board.target[:board.base], board.nb

    def dfs(stars: int, banned: int) -> bool:
        out.nodes += 1
        if out.nodes > max_nodes or (deadline is not None and out.nodes % 16 == 0
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
        free = ~(stars | banned)
        cell, most = 0, -1
        while best:
            low = best & -best
            best ^= low
            hit = (nb[low.bit_length() - 1] & free).bit_count()
            if hit > most:
                cell, most = low, hit
        i = cell.bit_length() - 1
        nxt = board.propagate(stars | cell, banned | nb[i], cell | nb[i])
        if nxt is not None and not dfs(*nxt):
            return False
        nxt = board.propagate(stars, banned | cell, cell)
        return nxt is None or dfs(*nxt)

    dfs(*start)
    return out


def probe(board: Deductions, stars: int, banned: int, deadline: float | None = None) -> tuple[int, int] | None:
    """Trial and error at one state: every open cell whose star propagates to a dead end is
    banned, then the rules run again (None: the state itself is a dead end)."""
    nb, propagate = board.nb, board.propagate
    rest = board.full & ~(stars | banned)
    failed = 0
    while rest:
        if deadline is not None and time.perf_counter() > deadline:
            break
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        if propagate(stars | low, banned | nb[i], low | nb[i]) is None:
            failed |= low
    return propagate(stars, banned | failed, failed) if failed else (stars, banned)


def settle(board: Deductions, limit: int = 2, deadline: float | None = None, max_nodes: int = 1 << 30,
           first_budget: int | None = None) -> Found:
    """Every answer up to ``limit`` (see :func:`search`), in rounds: a search of ``first_budget``
    nodes (by default one per cell: a probe round costs about a node per open cell), and while it
    does not finish, a round of :func:`probe` at the root and a search of twice as many nodes.
    ``max_nodes`` bounds the nodes of all rounds together."""
    state = board.propagate(0, 0)
    budget, used, probed = first_budget or board.full.bit_length(), 0, False
    while state is not None:
        found = search(board, limit, deadline, min(budget, max_nodes - used), *state)
        used += found.nodes
        found.nodes, found.root = used, state
        if found.complete or len(found.stars) >= limit or used >= max_nodes:
            return found
        if deadline is not None and time.perf_counter() > deadline:
            return found
        if not probed:
            after = probe(board, *state, deadline)
            probed = after == state
            state = after
        budget *= 2
    return Found([], True, used)
