"""Whether a Numberlink answer is the only one: an exact proof under both rules, and quick ways to
a second answer (a detour of the first; a window search on big boards).

Nikoli rule (cells may stay empty)
----------------------------------
Call a solution *tight* when two orthogonally adjacent cells of one path are always joined by an
edge. Every solution shortens to a tight one: if u, v are adjacent on a path but not joined, cut
out the stretch of the path between them and join u-v directly; the freed cells become empty
(allowed) and the edge count drops, so repeating ends at a tight solution. The model asks for
tight solutions only (same colour on adjacent cells => joined; hence also at most 2 of the 4
edges of any 2x2 block), so a tight-infeasible board has no solution at all.
(1) Find a first solution S1 (tight or not). (2) Look for a *detour* of S1: a stretch u-v (one
edge) or u-e-v (two edges) of a path where u has an empty neighbour e1 and v an empty neighbour
e2 in the same connected region of S1's empty cells; rerouting the stretch as u-e1-...-e2-v
(shortest path through that region) gives another solution, returned as the second one. (A
*flip*, a corner u-w-v whose fourth cell e of the 2x2 block is empty, rerouted as u-e-v, is the
two-edge detour with e1 = e2 = e.) (3) Otherwise exclude S1 and search for a solution that is
tight and *flip-free*: no corner u-w-v whose empty fourth cell e comes before w in reading order.
Found => multiple, infeasible => unique.
Exactness: let S2 != S1 be any solution. Move from it while a move applies: *shorten* (u, v
adjacent on one path but not joined: cut out the stretch between them, join u-v; fewer cells
used) or *flip* a corner to an earlier empty cell (as many cells, smaller sum of reading-order
indices). Both give solutions, and (cells used, index sum) drops at each move, so the moves stop,
at a solution T that is tight and flip-free. No move lands on S1: the move before it would make
S1 have a detour (a shortening's freed stretch u-w1..wm-v: w1..wm empty and connected, w1 next to
u, wm next to v) or a flip (the corner just made), both found in step (2). So T != S1, and step
(3) finds a solution whenever another one exists; every solution it finds is a genuine one.
(Excluding S1 needs only "some edge of S1 unused": a solution containing every edge of S1 has no
free cell end to attach anything else to, and extra edges elsewhere would be stray loops.)
Brute-force enumeration on small boards cross-checks this in ``tests/genres/test_numberlink.py``.
The flip rule is what makes the proof fast on big open boards: 14x24 Nikoli board 39 s -> 1.6 s.
Big boards, when a short first try at the proof does not settle it, look for a second solution
that differs from S1 only inside a window (S1 fixed outside it): :func:`local_second`.

Flow rule (``fill``)
--------------------
Every cell is on a path; tightness is not valid there. First the Nikoli rule's proof on the same
board (:func:`_flow_by_nikoli`: no other Nikoli answer means no other Flow answer), then, if that
settles nothing, excluding the first solution and solving again.
"""

from __future__ import annotations

import dataclasses
import time
from collections import deque
from collections.abc import Callable

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cpsat import Budget, SolverStatus, found, run
from solvers.gridgraph import Grid, edge_key
from solvers.numberlink.cpmodel import BuildTimeout, NumberlinkModel, build
from solvers.puzzle import Puzzle
from solvers.verdict import Status

SECOND_MODEL_MAX = 500_000  # cells x numbers: above it no window copies or second model (memory)
NIKOLI_SHARE = 0.6  # Flow rule: at most this share of the time left goes to the Nikoli-rule proof
LOCAL_FROM = 300  # boards of this many cells first look for a second answer window by window
LOCAL_SHARE = 0.25  # ... with at most this share of the time left
QUICK_PROOF = 1.0  # ... after a try at the whole proof of at most this many seconds
WINDOW, STRIDE = 12, 6  # window side and step, cells
WINDOW_SECONDS = 0.5  # at most per window


def prove(puzzle: Puzzle[int], grid: Grid, first: set[int], nm: NumberlinkModel | None, budget: Budget,
          params: dict[str, int]) -> tuple[Status, set[int] | None]:
    """(unique, None), (multiple, another answer) or (timeout, None) for the board's answer
    ``first``; ``nm`` is the board's model when the first search built one."""
    clues = {(r, c) for r, c, _ in puzzle.clues()}
    if "fill" not in puzzle.variants and (detour := find_detour(grid, clues, first)) is not None:
        return Status.MULTIPLE, detour
    try:
        nm = nm or build(puzzle, budget.remaining())
    except BuildTimeout:
        return Status.TIMEOUT, None
    small_enough = grid.size * nm.K <= SECOND_MODEL_MAX  # room for a copy of the model
    if "fill" not in puzzle.variants:
        nm.forbid_downhill_flips()  # exact: find_detour found no detour or flip of the first answer
    elif small_enough and (settled := _flow_by_nikoli(puzzle, first, budget, params)) is not None:
        return settled
    nm.exclude(first)
    status: SolverStatus = cp_model.UNKNOWN
    solver: cp_model.CpSolver | None = None
    if grid.size >= LOCAL_FROM and small_enough:
        # a short try at the proof first (easy big boards stay quick), then the windows
        t0 = time.perf_counter()
        status, solver = run(nm.model, budget.part(min(QUICK_PROOF, 0.1 * budget.remaining())), params=params)
        t0 = budget.note("proof", t0)
        if status == cp_model.UNKNOWN:
            other = local_second(nm, first, budget.part(LOCAL_SHARE * budget.remaining()), params)
            budget.note("local", t0)
            if other is not None:
                return Status.MULTIPLE, other
    if status == cp_model.UNKNOWN:
        t0 = time.perf_counter()
        status, solver = run(nm.model, budget, params=params)
        budget.note("proof", t0)
    if status == cp_model.INFEASIBLE:
        return Status.UNIQUE, None
    if found(status) and solver is not None:
        return Status.MULTIPLE, nm.used(solver)
    return Status.TIMEOUT, None


def find_detour(grid: Grid, clues: set[Cell], used: set[int]) -> set[int] | None:
    """Another solution made from ``used`` by rerouting one edge u-v, or two edges u-e-v, through
    a region of empty cells that touches both u and v; or None."""
    busy: set[Cell] = set(clues)
    for i in used:
        busy.update(grid.edges[i])
    region: dict[Cell, int] = {}
    for start in grid.cells():
        if start in busy or start in region:
            continue
        region[start] = len(region)
        queue = deque([start])
        rid = region[start]
        while queue:
            x = queue.popleft()
            for _, y in grid.neighbours(x):
                if y not in busy and y not in region:
                    region[y] = rid
                    queue.append(y)
    if not region:
        return None
    # stretches u..v of the answer that a detour may replace: one edge u-v, or two edges u-e-v
    stretches: list[tuple[Cell, Cell, set[int]]] = [(*grid.edges[i], {i}) for i in sorted(used)]
    for e in grid.cells():
        if e in clues:
            continue
        ways = [(nb, idx) for _, nb in grid.neighbours(e) if (idx := grid.edge_index[edge_key(e, nb)]) in used]
        if len(ways) == 2:
            (u, i1), (v, i2) = ways
            stretches.append((u, v, {i1, i2}))
    for u, v, cut in stretches:
        for _, e1 in grid.neighbours(u):
            if e1 not in region:
                continue
            for _, e2 in grid.neighbours(v):
                if e2 in region and region[e2] == region[e1]:
                    path = _shortest_path(grid, e1, e2, region.__contains__)
                    assert path is not None
                    chain = [u, *path, v]
                    new = set(used) - cut
                    new.update(grid.edge_index[edge_key(p, q)] for p, q in zip(chain, chain[1:], strict=False))
                    return new
    return None


def _shortest_path(grid: Grid, src: Cell, dst: Cell, free: Callable[[Cell], bool]) -> list[Cell] | None:
    """A shortest path src..dst (both included) whose cells after src are all ``free``, or None."""
    prev: dict[Cell, Cell | None] = {src: None}
    queue = deque([src])
    while queue:
        x = queue.popleft()
        if x == dst:
            break
        for _, y in grid.neighbours(x):
            if y not in prev and free(y):
                prev[y] = x
                queue.append(y)
    if dst not in prev:
        return None
    path: list[Cell] = []
    cur: Cell | None = dst
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]


def _flow_by_nikoli(
    puzzle: Puzzle[int], first: set[int], budget: Budget, params: dict[str, int]
) -> tuple[Status, set[int] | None] | None:
    """Under the Flow rule, the Nikoli rule's proof first (with part of the time): another Flow
    answer, taut-shortened, is another Nikoli answer, and ``first`` fills every cell, so it has no
    detour or flip; so "no other Nikoli answer" (the taut, flip-free search) proves the Flow
    answer unique, and a Nikoli answer found that fills every cell is a second Flow answer.
    Returns (unique, None), (multiple, the second answer), or None when this settles nothing (a
    Nikoli answer with empty cells, or time up). The taut search is much the stronger on boards
    made for the Flow rule (janko.at Arukone 12x12 to 15x20: 0.4-2.4 s where the plain Flow
    search timed out at 10 s)."""
    t0 = time.perf_counter()
    try:
        nik = build(dataclasses.replace(puzzle, variants=puzzle.variants - {"fill"}), NIKOLI_SHARE * budget.remaining())
    except BuildTimeout:
        return None
    nik.forbid_downhill_flips()
    nik.exclude(first)
    share = budget.part(NIKOLI_SHARE * budget.remaining())
    status, solver = run(nik.model, share, params=params)
    budget.note("proof", t0)
    if status == cp_model.INFEASIBLE:
        return Status.UNIQUE, None
    if found(status):
        other = nik.used(solver)
        if len({cell for i in other for cell in nik.grid.edges[i]}) == nik.grid.size:
            return Status.MULTIPLE, other
    return None


def local_second(nm: NumberlinkModel, first: set[int], budget: Budget, params: dict[str, int]) -> set[int] | None:
    """Another answer that differs from ``first`` only inside one WINDOW x WINDOW window (every
    edge outside it fixed as in ``first``), trying overlapping windows until the budget ends; or
    None. ``nm`` already excludes ``first``. Non-unique big boards often have such a local second
    answer, which the windows find in well under a second where the whole-board search may take
    a minute (20x40 Nikoli board: 1.5 s against over 60 s); a window search that finds nothing
    proves nothing."""
    g = nm.grid

    def starts(n: int) -> list[int]:
        return sorted({*range(0, max(1, n - WINDOW + 1), STRIDE), max(0, n - WINDOW)})

    for r0 in starts(g.rows):
        for c0 in starts(g.cols):
            if budget.expired():
                return None
            m = nm.model.clone()
            for i, (a, b) in enumerate(g.edges):
                e = nm.edges[i]
                if e is None or any(r0 <= x[0] < r0 + WINDOW and c0 <= x[1] < c0 + WINDOW for x in (a, b)):
                    continue
                m.add(m.get_bool_var_from_proto_index(e.index) == int(i in first))
            window = budget.part(WINDOW_SECONDS)
            status, solver = run(m, window, params=params)
            if found(status):
                return nm.used(solver)
    return None

