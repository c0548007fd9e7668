"""The LITS solver: placement deductions, a short exhaustive search, then CP-SAT on what is left.

:mod:`solvers.lits.deduce` narrows every region to the tetromino placements the rules still
allow; small boards are often settled there (then unique) or by its search within a few nodes.
Otherwise CP-SAT chooses one placement per region (exact selection) among the survivors:

* one Boolean per placement, exactly one per region; a cell is shaded when its region's chosen
  placement covers it;
* no 2x2 block of four shaded cells;
* for every edge between two regions and every shape, at most one of "the left (upper) region
  takes a placement of that shape covering its cell" and the same for the other side;
* a chosen placement has a shaded cell next to it (a rule consequence: everything is connected);
* all shaded cells connected, stated completely by a single-commodity flow between regions
  (:func:`_region_flow`; the lazy cuts of :func:`solvers.connectivity.solve_connected` remain as a
  safety net and for ``flow=False``), plus "a connected group of up to three regions touches a
  shaded cell outside it".

On models of up to ``NARROW_PLACES`` placements CP-SAT presolves lightly (no probing, one pass):
there its probing cost more than it found (d0019: 0.18 -> 0.09 s CPU for both calls).

On models of more than ``GROW_PLACES`` placements (random 40x57 boards) the first answer is
grown room by room first (:mod:`solvers.lits.grow`, no search of CP-SAT's; its time there was
heavy-tailed in the seed); CP-SAT then only proves, with that answer excluded, if no second
answer is one room away.

Uniqueness: first a second answer that moves one room's piece (:mod:`solvers.lits.swap`, no
search); else the first answer's placements are excluded and the same loop runs again, on the
domains the first call derived when the model is small enough (:func:`solvers.cpsat.narrow`:
CP-SAT 0.52 -> 0.32 s CPU on the published 31x45 d0024).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from solvers.connectivity import components, cuts, solve_connected
from solvers.cpsat import NARROW_PARAMS, Budget, found, narrow, run, staged
from solvers.errors import Message
from solvers.lits.deduce import EMPTY, SHADED, Board, State, count, start, stuck_room
from solvers.lits.grow import grow
from solvers.lits.swap import neighbour_answer
from solvers.puzzle import Puzzle
from solvers.verdict import ShadeOutcome, ShadeRows, SolveOptions, SolveResult, Status

if TYPE_CHECKING:  # imported when the deductions and the search leave the board open (0.15 s cpu otherwise)
    from ortools.sat.python import cp_model

    from solvers.connectivity import Lit
    from solvers.cpsat import SolverStatus

GROUP_SIZE = 3  # connected groups of up to this many regions get their "some border cell shaded" cut up front
SEARCH_NODES = 10  # search nodes before CP-SAT takes over
CPSAT_PARAMS = {"num_workers": 1, "linearization_level": 1}
# on models of up to NARROW_PLACES placements, presolve without probing and in one pass: its probing
# cost more than it saved there (d0019 CP-SAT 0.18 -> 0.09 s CPU, d0024 0.33 -> 0.23); on the random
# 40x57 boards (2800-3250 placements) it is needed (s1: 1.4 -> 4.4 s without it)
LIGHT_PRESOLVE = {"cp_model_probing_level": 0, "max_presolve_iterations": 1}
NARROW_PLACES = 1500  # placements left up to which the proof starts from the first call's domains
# above GROW_PLACES placements the first answer is grown (solvers/lits/grow.py) before CP-SAT is asked: 22 random
# 36x50 / 40x57 boards (2200-3300 placements) grew in 0.2-0.8 s CPU against CP-SAT's 1.4 to over 10 s (by its
# seed); published boards, all under it, are tight and grow gives up on them (bench/results/lits.md, lits7)
GROW_PLACES = NARROW_PLACES


def solve_regions(regions: Sequence[Sequence[int]], options: SolveOptions,
                  search_nodes: int = SEARCH_NODES) -> ShadeOutcome:
    """The verdict for a board given as its region grid (uniqueness asked or not, by ``options.unique``)."""
    def search(state: State, limit: int, deadline: float) -> list[ShadeRows]:
        return [s.rows() for s in count(state, limit, search_nodes, deadline=deadline)]

    return staged(options, lambda: start(Board.of(regions)), search, _cpsat)


def _cpsat(state: State, budget: Budget, limit: int, flow: bool = True) -> ShadeOutcome:
    """CP-SAT over the placements the deductions left (see the module doc)."""
    from ortools.sat.python import cp_model

    t0 = time.perf_counter()
    b = state.board
    rows, cols = b.rows, b.cols
    model = cp_model.CpModel()
    alive = [p for p, ok in enumerate(state.alive) if ok]
    known = None
    if len(alive) > GROW_PLACES:
        known = grow(b, state.alive)
        budget.note("grow", t0)
    if known is not None:  # (an answer by construction, checked again in grow)
        answer = b.shade_places(known)
        other = neighbour_answer(b, state.alive, known) if limit > 1 else None
        if other is not None or limit == 1:
            more = [] if other is None else [b.shade_places(other)]
            return ShadeOutcome.of([answer, *more], budget.options, budget.stats)
    t0 = time.perf_counter()
    x = {p: model.new_bool_var(f"p{p}") for p in alive}
    for ps in b.by_region:
        model.add_exactly_one([x[p] for p in ps if p in x])
    true = model.new_constant(1)
    false = model.new_constant(0)
    shaded: list[Lit] = []
    for i, cov in enumerate(b.covering):
        mine = [x[p] for p in cov if p in x]
        if not mine:
            shaded.append(false)
        elif state.cell[i] == SHADED:
            shaded.append(true)
        elif len(mine) == 1:
            shaded.append(mine[0])
        else:
            v = model.new_bool_var(f"s{i}")
            model.add(sum(mine) == v)
            shaded.append(v)
    for r in range(rows - 1):
        for c in range(cols - 1):
            i = r * cols + c
            block = (i, i + 1, i + cols, i + cols + 1)
            if all(state.cell[j] != EMPTY for j in block):
                model.add_bool_or([shaded[j].Not() for j in block])
    by_shape: list[list[list[Lit]]] = [[[], [], [], []] for _ in b.owner]  # per cell and shape: placements left
    for p in alive:
        for i in b.places[p].cells:
            by_shape[i][b.places[p].shape].append(x[p])
    for i in range(len(b.owner)):
        for j in (i + 1, i + cols):
            if j >= len(b.owner) or (j == i + 1 and j % cols == 0) or b.owner[i] == b.owner[j] \
                    or min(b.owner[i], b.owner[j]) < 0:
                continue
            for a, o in zip(by_shape[i], by_shape[j], strict=True):
                if a and o:
                    model.add_at_most_one(a + o)
    if len(b.members) > 1:
        for p in alive:
            if all(state.cell[j] != SHADED for j in b.touch[p]):
                model.add_bool_or([x[p].Not(), *(shaded[j] for j in b.touch[p] if state.cell[j] != EMPTY)])

    if flow and len(b.members) > 1:
        _region_flow(model, b, shaded)
    rims = [{j for i in cells for j in b.nbrs[i] if b.owner[j] != k} for k, cells in enumerate(b.members)]
    for group in small_groups(b, GROUP_SIZE):
        rim = sorted({j for k in group for j in rims[k] if b.owner[j] not in group and state.cell[j] != EMPTY})
        if all(state.cell[j] != SHADED for j in rim):  # (else it holds already)
            model.add_bool_or([shaded[j] for j in rim])

    def lit(cell: tuple[int, int]) -> Lit:
        return shaded[cell[0] * cols + cell[1]]

    def prefer(cell: tuple[int, int]) -> int:
        return 0 if state.cell[cell[0] * cols + cell[1]] == SHADED else 1

    def find_cuts(solver: cp_model.CpSolver) -> list[list[Lit]]:
        on = [solver.boolean_value(v) for v in shaded]
        chosen = [divmod(i, cols) for i in range(len(shaded)) if on[i]]
        areas = components(rows, cols, chosen)
        if len(areas) < 2:
            return []
        clauses = [clause for area in areas if (clause := region_cut(b, on, area, shaded))]
        picked = {b.places[p].region: p for p in alive if solver.boolean_value(x[p])}
        for area in areas:
            regions = {b.owner[r * cols + c] for r, c in area}
            rim = {j for r, c in area for j in b.nbrs[r * cols + c] if b.owner[j] not in regions}
            clauses.append([*(x[picked[k]].Not() for k in sorted(regions)), *(shaded[j] for j in sorted(rim))])
        return clauses + cuts(rows, cols, chosen, lit, prefer)

    # the first call keeps every answer's domains for the proof (cpsat.narrow); not on big models,
    # whose first call those parameters slow down more than the proof gains (random 40x57: 1.3 s -> 5.5 s)
    small = len(alive) <= NARROW_PLACES
    narrowing = limit > 1 and small  # (read by once() when it is called)

    def once(m: cp_model.CpModel, bud: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        return run(m, bud, params={**CPSAT_PARAMS, **(LIGHT_PRESOLVE if small else {}),
                                   **(NARROW_PARAMS if narrowing else {})})

    runner = partial(solve_connected, find_cuts=find_cuts, runner=once)
    budget.note("build", t0)
    answers: list[ShadeRows] = []
    decision = [x[p] for p in alive]
    if known is not None:  # the proof alone remains: that answer excluded, and hinted
        answers.append(answer)
        grown = set(known)
        model.add_bool_or([x[p].Not() if p in grown else x[p] for p in alive])
        for p in alive:
            model.add_hint(x[p], p in grown)
    while len(answers) < limit:
        t0 = time.perf_counter()
        status, solver = runner(model, budget)
        budget.note("cpsat", t0)
        if status == cp_model.INFEASIBLE:
            break
        if not found(status):
            return ShadeOutcome(Status.TIMEOUT, tuple(answers), budget.stats)
        values = [solver.boolean_value(v) for v in decision]
        answers.append(b.shade_rows([solver.boolean_value(v) for v in shaded].__getitem__))
        if len(answers) < limit:
            t0 = time.perf_counter()
            chosen = [0] * len(b.members)
            for p, on in zip(alive, values, strict=True):
                if on:
                    chosen[b.places[p].region] = p
            other = neighbour_answer(b, state.alive, chosen)
            budget.note("swap", t0)
            if other is not None:
                answers.append(b.shade_places(other))
                break
            if narrowing:
                narrow(model, solver)
                narrowing = False
        model.add_bool_or([v.Not() if on else v for v, on in zip(decision, values, strict=True)])
        model.clear_hints()  # type: ignore[no-untyped-call]
        for v, on in zip(decision, values, strict=True):
            model.add_hint(v, on)
    return ShadeOutcome.of(answers, budget.options, budget.stats)


def region_cut(board: Board, on: Sequence[bool], area: set[tuple[int, int]], shaded: Sequence[Lit]) -> list[Lit]:
    """A cut valid for every answer, violated by this one (``on``: its shaded cells), or [] if none.

    Close ``area`` (one connected group of shaded cells) under "whole regions" and "shaded
    neighbours": the closure S holds every cell of each region it touches, and its border cells
    are all unshaded and belong to other regions. When some region lies outside S, every answer
    needs a shaded path from S's tetrominoes (inside S) to that region's (outside), so one border
    cell of S is shaded.
    """
    cols, owner, members = board.cols, board.owner, board.members
    inside = [False] * len(owner)
    taken = [False] * len(members)
    stack = [r * cols + c for r, c in area]
    for i in stack:
        inside[i] = True
    while stack:
        i = stack.pop()
        k = owner[i]
        if not taken[k]:
            taken[k] = True
            for j in members[k]:
                if not inside[j]:
                    inside[j] = True
                    stack.append(j)
        for j in board.nbrs[i]:
            if on[j] and not inside[j]:
                inside[j] = True
                stack.append(j)
    if all(taken):
        return []
    rim = sorted({j for i, v in enumerate(inside) if v for j in board.nbrs[i] if not inside[j]})
    return [shaded[j] for j in rim]


def _region_flow(model: cp_model.CpModel, board: Board, shaded: Sequence[Lit]) -> None:
    """All tetrominoes connected, stated completely as a single-commodity flow between regions.

    Region 0 sends one unit to every other region; flow may pass from region A to region B only
    when a shaded cell of A touches a shaded cell of B. (Tetrominoes are connected, so the shaded
    cells are one area exactly when this region graph is connected.)
    """
    owner, cols, n = board.owner, board.cols, len(board.owner)
    count = len(board.members)
    touching: dict[tuple[int, int], list[Lit]] = {}
    for i in range(n):
        for j in (i + 1, i + cols):
            if j >= n or (j == i + 1 and j % cols == 0) or owner[i] == owner[j] or min(owner[i], owner[j]) < 0:
                continue
            a, bb = sorted((owner[i], owner[j]))
            y = model.new_bool_var("")
            model.add_implication(y, shaded[i])
            model.add_implication(y, shaded[j])
            touching.setdefault((a, bb), []).append(y)
    inflow: list[list[cp_model.IntVar]] = [[] for _ in range(count)]
    outflow: list[list[cp_model.IntVar]] = [[] for _ in range(count)]
    for (a, bb), ys in touching.items():
        e = model.new_bool_var("")
        model.add_bool_or([e.Not(), *ys])
        for u, v in ((a, bb), (bb, a)):
            f = model.new_int_var(0, count - 1, "")
            model.add(f <= (count - 1) * e)
            outflow[u].append(f)
            inflow[v].append(f)
    model.add(sum(outflow[0]) - sum(inflow[0]) == count - 1)
    for k in range(1, count):
        model.add(sum(inflow[k]) - sum(outflow[k]) == 1)


def small_groups(board: Board, size: int) -> list[tuple[int, ...]]:
    """Every connected set of 2 to ``size`` regions (fewer than all): each must touch a shaded cell
    outside it, or its tetrominoes would be an island."""
    count = len(board.members)
    adjacent: list[set[int]] = [set() for _ in range(count)]
    for i, k in enumerate(board.owner):
        for j in board.nbrs[i]:
            if board.owner[j] != k and min(k, board.owner[j]) >= 0:
                adjacent[k].add(board.owner[j])
    seen: set[tuple[int, ...]] = set()
    frontier: list[tuple[int, ...]] = [(k,) for k in range(count)]
    for _ in range(size - 1):
        grown: list[tuple[int, ...]] = []
        for group in frontier:
            for k in set().union(*(adjacent[g] for g in group)) - set(group):
                key = tuple(sorted((*group, k)))
                if key not in seen and len(key) < count:
                    seen.add(key)
                    grown.append(key)
        frontier = grown
    return sorted(seen)


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a LITS board (unique / multiple / solved / none / timeout)."""
    if puzzle.regions is None:
        return SolveResult(Status.INVALID, message=Message("regions-missing", {"genre": "lits"}))
    result = solve_regions(puzzle.regions, options).result(options)
    if result.status is Status.NONE:
        _say_where(puzzle.regions, result)
    return result


def _say_where(regions: Sequence[Sequence[int]], result: SolveResult) -> None:
    """A board with no answer: name the room where the deductions run out of places, marking its
    cells (a room no L, I, T or S fits in at all, or one the rooms around it leave no place)."""
    board = Board.of(regions)
    k = stuck_room(board)
    if k is None:
        return
    cells = tuple(divmod(i, board.cols) for i in board.members[k])
    code = "lits-room-stuck" if board.by_region[k] else "lits-room-no-piece"
    result.message = Message(code, {"cell": cells[0]}, cells)
    result.cells = cells
