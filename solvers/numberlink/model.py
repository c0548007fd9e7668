"""Numberlink as one CP-SAT model for all numbers, with an exact Nikoli-rule uniqueness proof.

Model
-----
Number k (1..K, in increasing order of the clue values) has endpoints a_k (first in reading
order) and b_k. A single ``add_circuit`` runs over all cells: grid arcs join neighbours, the
fixed arcs b_k -> a_{k+1} (and b_K -> a_1) chain the pairs, and empty cells take their self-loop
(none under the Flow rule). Grid arcs into a_k and out of b_k are left out, so a_k's only way
in is the fixed arc and b_k's only way out is the fixed arc: the circuit leaves a_k along the
grid and must reach some b_j before it can jump on. One-hot path colours per cell (none = empty;
endpoints fixed), equal across every used edge, force j = k. One circuit through every used
cell means there are no stray loops and no stray paths.

Nikoli-rule uniqueness (cells may stay empty)
---------------------------------------------
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

First answers: under the Nikoli rule, on boards of ROUTER_FROM cells or more, a quick
negotiated-congestion router (:func:`route_negotiated`) tries first (when its answer is not
tight under (a), it and its tightened form are two answers at once); then CP-SAT, first
narrowed by a heuristic literal (every cell used — most well-made boards' answers are), then
the exact model.

Flow rule (``fill``): every cell is on a path; no shortening constraint (not valid there; a
"taut" first search is only the heuristic narrowing). Uniqueness: first the Nikoli rule's proof
on the same board (:func:`_flow_by_nikoli`: no other Nikoli answer means no other Flow answer),
then, if that settles nothing, excluding the first solution and solving again.
"""

from __future__ import annotations

import dataclasses
import heapq
import random
import time
from collections import deque
from collections.abc import Callable

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cpsat import Budget, found, leave, no_solution, run, timeout_result
from solvers.gridgraph import Grid, edge_key
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution
from solvers.verdict import SolveOptions, SolveResult, Status

Lit = cp_model.BoolVarT | bool  # a literal, or a constant folded away at build time


class BuildTimeout(Exception):
    """The time limit ran out while the model was still being built (a huge board)."""


class NumberlinkModel:
    """The CP-SAT model of one board; ``edges[i]`` is the literal of ``grid.edges[i]`` (or None
    when the edge can never be used)."""

    def __init__(self, puzzle: Puzzle[int], deadline: float | None = None) -> None:
        """The exact model of the puzzle's rule (Nikoli: taut answers only, see above), plus
        ``self.hint_lit``, a literal that when set asks for the other property too (Nikoli: every
        cell used; Flow: taut). It is not a rule: it narrows a first search, which is fast when
        the answer has that shape (well-made boards' answers usually do)."""
        self.puzzle = puzzle
        self.fill = "fill" in puzzle.variants
        self.grid = grid = Grid(puzzle.rows, puzzle.cols)
        self.model = m = cp_model.CpModel()
        values = sorted({v for _, _, v in puzzle.clues()})
        self.K = K = len(values)
        number = {v: k + 1 for k, v in enumerate(values)}
        ends: dict[int, list[Cell]] = {}
        for r, c, v in puzzle.clues():
            ends.setdefault(number[v], []).append((r, c))
        self.pairs = [(ends[k][0], ends[k][1]) for k in sorted(ends)]
        self.starts = {ends[k][0]: k for k in ends}
        self.finishes = {ends[k][1]: k for k in ends}
        fixed = {cell: k for cell, k in (*self.starts.items(), *self.finishes.items())}
        self.hint_lit = hint = m.new_bool_var("heuristic")
        not_hint = ~hint

        # colour[cell][k - 1]: the cell is on the path of number k (endpoints: constants)
        self.on: dict[Cell, Lit] = {}
        self.colour: dict[Cell, list[Lit]] = {}
        neg: dict[Cell, list[Lit]] = {}
        true = m.new_constant(1)
        for cell in grid.cells():
            if deadline is not None and cell[1] == 0 and time.perf_counter() > deadline:
                raise BuildTimeout
            if cell in fixed:
                self.colour[cell] = [k == fixed[cell] for k in range(1, K + 1)]
                neg[cell] = [k != fixed[cell] for k in range(1, K + 1)]
                self.on[cell] = True
                continue
            cols = [m.new_bool_var(f"y{cell}_{k}") for k in range(1, K + 1)]
            self.colour[cell] = [*cols]
            neg[cell] = [~y for y in cols]
            if self.fill:
                m.add_exactly_one(cols)
                self.on[cell] = True
            else:
                on = m.new_bool_var(f"on{cell}")
                m.add(sum(cols) == on)
                m.add_implication(hint, on)  # heuristic: every cell used
                self.on[cell] = on

        arcs: list[tuple[int, int, cp_model.BoolVarT]] = []
        self.edges: list[cp_model.IntVar | None] = []
        for i, (a, b) in enumerate(grid.edges):
            if deadline is not None and i % 16 == 0 and time.perf_counter() > deadline:
                raise BuildTimeout
            ka, kb = fixed.get(a), fixed.get(b)
            dirs = []
            for s, t in ((a, b), (b, a)):
                if t in self.starts or s in self.finishes:
                    continue  # a_k is only entered, b_k only left, by the fixed chain arcs
                if ka is not None and kb is not None and ka != kb:
                    continue  # two different numbers side by side are never joined
                dirs.append((s, t))
            if not dirs:
                self.edges.append(None)
                continue
            e = m.new_bool_var(f"e{i}")
            ne = ~e
            self.edges.append(e)
            if len(dirs) == 1:
                arcs.append((grid.index(dirs[0][0]), grid.index(dirs[0][1]), e))
            else:
                lits = [m.new_bool_var(f"a{i}_{j}") for j in range(2)]
                for (s, t), lit in zip(dirs, lits, strict=True):
                    arcs.append((grid.index(s), grid.index(t), lit))
                m.add(e == lits[0] + lits[1])
            # a used edge joins cells of one colour; taut: adjacent cells of one path are joined
            # (the rule's consequence under Nikoli, the heuristic under Flow)
            taut_extra = [not_hint] if self.fill else []
            ya_s, yb_s, na_s, nb_s = self.colour[a], self.colour[b], neg[a], neg[b]
            plain = ka is None and kb is None
            for k in range(K):
                if plain:
                    m.add_bool_or([ne, na_s[k], yb_s[k]])
                    m.add_bool_or([ne, nb_s[k], ya_s[k]])
                    m.add_bool_or([e, na_s[k], nb_s[k], *taut_extra])
                else:
                    _clause(m, [ne, na_s[k], yb_s[k]])
                    _clause(m, [ne, nb_s[k], ya_s[k]])
                    _clause(m, [e, na_s[k], nb_s[k], *taut_extra])
        self._blocks_of_two(None if not self.fill else hint)
        for k in range(1, K + 1):
            nxt = k % K + 1
            arcs.append((grid.index(ends[k][1]), grid.index(ends[nxt][0]), true))
        for cell in grid.cells():
            inc = [x for _, e in grid.cell_edges(cell) if (x := self.edges[e]) is not None]
            if cell in fixed:
                m.add(sum(inc) == 1)
            else:
                used = self.on[cell]
                if isinstance(used, bool):
                    m.add(sum(inc) == 2)
                else:
                    m.add(sum(inc) == 2 * used)
                    arcs.append((grid.index(cell), grid.index(cell), ~used))
        m.add_circuit(arcs)

    def _blocks_of_two(self, enforce: cp_model.IntVar | None) -> None:
        """Taut solutions use at most 2 of the 4 edges inside any 2x2 block: 4 would be a loop,
        3 a U-turn whose two ends are adjacent cells of one path left unjoined. (Only while
        ``enforce`` holds, when given.)"""
        g = self.grid
        for r in range(g.rows - 1):
            for c in range(g.cols - 1):
                ring = [((r, c), (r, c + 1)), ((r, c + 1), (r + 1, c + 1)),
                        ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c))]
                lits = [x for e in ring if (x := self.edges[g.edge_index[e]]) is not None]
                if len(lits) >= 3:
                    ct = self.model.add(sum(lits) <= 2)
                    if enforce is not None:
                        ct.only_enforce_if(enforce)

    def forbid_downhill_flips(self) -> None:
        """The uniqueness search's canonical form (module docstring): no corner u-w-v of a 2x2
        block whose fourth cell e is empty and earlier than w in reading order."""
        g = self.grid
        for r in range(g.rows - 1):
            for c in range(g.cols - 1):
                block = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
                for i, w in enumerate(block):
                    u, e, v = block[i - 1], block[(i + 2) % 4], block[(i + 1) % 4]
                    if e > w:  # (row, col) tuples compare in reading order
                        continue
                    in_edge = self.edges[g.edge_index[edge_key(u, w)]]
                    out_edge = self.edges[g.edge_index[edge_key(w, v)]]
                    on_e = self.on[e]
                    if in_edge is None or out_edge is None or on_e is True:
                        continue
                    self.model.add_bool_or([~in_edge, ~out_edge, on_e])

    def used(self, solver: cp_model.CpSolver) -> set[int]:
        return {i for i, e in enumerate(self.edges) if e is not None and solver.boolean_value(e)}

    def exclude(self, used: set[int]) -> None:
        """Ask for a solution that leaves out at least one edge of ``used`` (see the docstring)."""
        self.model.add_bool_or([~self.edges[i] for i in used])  # type: ignore[operator]
        self.model.clear_hints()  # type: ignore[no-untyped-call]
        for i, e in enumerate(self.edges):
            if e is not None:
                self.model.add_hint(e, i in used)


def _neg(lit: Lit) -> Lit:
    return (not lit) if isinstance(lit, bool) else ~lit


def _clause(m: cp_model.CpModel, lits: list[Lit]) -> None:
    """Add a clause, folding Python constants (True satisfies it, False drops out)."""
    if any(x is True for x in lits):
        return
    m.add_bool_or([x for x in lits if x is not False])


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


def route_negotiated(
    grid: Grid, pairs: list[tuple[Cell, Cell]], seconds: float, seed: int = 0, rounds: int = 100
) -> list[list[Cell]] | None:
    """A Nikoli-rule answer found without search (or None): route every pair by a cheapest path,
    letting paths share cells at a price that grows each round on the cells they fight over
    (negotiated congestion, as in the PathFinder maze router), until no cell is shared. Cheap,
    and settles open boards with much free room that CP-SAT finds hard."""
    deadline = time.perf_counter() + seconds
    rng = random.Random(seed)
    ends = {cell for pair in pairs for cell in pair}
    history: dict[Cell, float] = {}
    use: dict[Cell, int] = {}
    paths: dict[int, list[Cell]] = {}
    pressure = 0.5
    todo = sorted(range(len(pairs)), key=lambda k: abs(pairs[k][0][0] - pairs[k][1][0])
                  + abs(pairs[k][0][1] - pairs[k][1][1]))
    for _ in range(rounds):
        if time.perf_counter() > deadline:
            break
        for k in todo:
            for x in paths.get(k, [])[1:-1]:
                use[x] -= 1
            a, b = pairs[k]

            path = _cheapest_path(grid, a, b, ends, history, use, pressure)
            if path is None:
                return None  # walled in by other numbers: leave it to the exact model
            paths[k] = path
            for x in path[1:-1]:
                use[x] = use.get(x, 0) + 1
        shared = {x for x, n in use.items() if n > 1}
        if not shared:
            return [paths[k] for k in range(len(pairs))]
        for x in shared:
            history[x] = min(history.get(x, 0.0) + 1.0, 1e4)
        pressure = min(pressure * 1.6, 1e4)
        todo = [k for k in range(len(pairs)) if any(x in shared for x in paths[k])]
        rng.shuffle(todo)
    return None


def _cheapest_path(
    grid: Grid, src: Cell, dst: Cell, ends: set[Cell], history: dict[Cell, float], use: dict[Cell, int],
    pressure: float,
) -> list[Cell] | None:
    """Dijkstra from src to dst over cells that are not other numbers' endpoints; entering a cell
    costs (1 + its history) x (1 + pressure x paths already on it)."""
    best: dict[Cell, float] = {src: 0.0}
    prev: dict[Cell, Cell] = {}
    heap = [(0.0, src)]
    while heap:
        d, x = heapq.heappop(heap)
        if x == dst:
            break
        if d > best[x]:
            continue
        for _, y in grid.neighbours(x):
            if y in ends and y != dst:
                continue
            nd = d if y == dst else d + (1.0 + history.get(y, 0.0)) * (1.0 + pressure * use.get(y, 0))
            if nd < best.get(y, float("inf")):
                best[y] = nd
                prev[y] = x
                heapq.heappush(heap, (nd, y))
    if dst not in best:
        return None
    path = [dst]
    while path[-1] != src:
        path.append(prev[path[-1]])
    return path[::-1]


def tighten(grid: Grid, path: list[Cell]) -> list[Cell]:
    """The path with every stretch between two adjacent cells of it cut out (a taut path)."""
    pos = {x: i for i, x in enumerate(path)}
    out = [path[0]]
    i = 0
    while i < len(path) - 1:
        j = max(pos.get(y, -1) for _, y in grid.neighbours(path[i]))
        i = max(j, i + 1)
        out.append(path[i])
    return out


def _edges_of(grid: Grid, paths: list[list[Cell]]) -> set[int]:
    return {grid.edge_index[edge_key(p, q)] for path in paths for p, q in zip(path, path[1:], strict=False)}


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


# cells: smaller boards skip CP-SAT's presolve (published 6x6 to 11x13 Nikoli boards: median
# 0.077 -> 0.065 s; from 15x15 the hard proofs were 10-30% slower without it); first answers,
# narrowed to boards with every cell used, never use it (no loss measured up to 50x50)
PRESOLVE_FROM = 144


def solver_params(options: SolveOptions, cells: int = PRESOLVE_FROM) -> dict[str, int]:
    """CP-SAT settings for this model: one worker with no LP relaxation (the circuit's LP costs
    far more than it prunes here, and on a 2-core machine a second worker mostly slowed the
    first: 40x40 narrowed search 6.6 s with one worker, 11-13 s with two), light presolve (none
    on boards under PRESOLVE_FROM cells, where it costs more than the search), no symmetry
    search. ``options.workers`` is an upper bound, so one worker respects it."""
    return {"num_workers": 1, "linearization_level": 0, "symmetry_level": 0, "cp_model_probing_level": 0,
            "max_presolve_iterations": 1, "cp_model_presolve": cells >= PRESOLVE_FROM}


def _pairs(puzzle: Puzzle[int]) -> list[tuple[Cell, Cell]]:
    """The two cells of each number, numbers in increasing order (the model's k = 1..K)."""
    ends: dict[int, list[Cell]] = {}
    for r, c, v in puzzle.clues():
        ends.setdefault(v, []).append((r, c))
    return [(ends[v][0], ends[v][1]) for v in sorted(ends)]


# cells: smaller boards go straight to CP-SAT (the router failed on 153 of 214 published and
# corpus Nikoli boards of 36-399 cells, at 0.02-0.2 s each, where CP-SAT answers in a few ms)
ROUTER_FROM = 400


def solve(puzzle: Puzzle[int], options: SolveOptions, *, router_from: int | None = None) -> SolveResult:
    """Join the pairs; with ``options.unique`` also prove there is no other way (or find one).

    First answer: under the Nikoli rule, from ``router_from`` cells (default ROUTER_FROM), a quick
    router may supply it (the generator, whose boards it routes well, asks for it on every
    board); otherwise CP-SAT, first (with part of the time) narrowed by the model's heuristic
    literal, then the exact model.
    Then the detour test and one more exact search decide (module docstring)."""
    budget = Budget(options)
    grid = Grid(puzzle.rows, puzzle.cols)
    cells = grid.size
    params = solver_params(options, cells)
    clues = {(r, c) for r, c, _ in puzzle.clues()}
    first: set[int] | None = None
    t0 = time.perf_counter()
    if "fill" not in puzzle.variants and cells >= (ROUTER_FROM if router_from is None else router_from):
        routed = route_negotiated(grid, _pairs(puzzle), seconds=min(1.0, 0.1 * options.time_limit), seed=options.seed)
        if routed is not None:
            first = _edges_of(grid, [tighten(grid, p) for p in routed])
            loose = _edges_of(grid, routed)
            if options.unique and loose != first:  # a path ran beside itself: two answers in hand
                return SolveResult(Status.MULTIPLE, solution=_solution(grid, first),
                                   second_solution=_solution(grid, loose), stats=budget.stats)
    nm: NumberlinkModel | None = None
    if first is None:
        try:
            nm = NumberlinkModel(puzzle, deadline=time.perf_counter() + budget.remaining())
        except BuildTimeout as e:
            leave(e)  # its traceback holds the half-built model: freed after the answer (the deadline)
            return timeout_result(budget)
        leave(nm)
        narrowed = nm.model.clone()
        narrowed.add(narrowed.get_bool_var_from_proto_index(nm.hint_lit.index) == 1)
        share = budget.part(0.7 * budget.remaining())
        status, solver = run(narrowed, share, params={**params, "cp_model_presolve": False})
        if found(status):
            first = nm.used(solver)
        else:
            status, solver = run(nm.model, budget, params=params)
            if status == cp_model.INFEASIBLE:
                return no_solution(budget)
            if not found(status):
                return timeout_result(budget)
            first = nm.used(solver)
    budget.note("first", t0)
    sol = _solution(grid, first)
    if not options.unique:
        return SolveResult(Status.SOLVED, solution=sol, stats=budget.stats)
    if "fill" not in puzzle.variants:
        detour = find_detour(grid, clues, first)
        if detour is not None:
            return SolveResult(Status.MULTIPLE, solution=sol, second_solution=_solution(grid, detour),
                               stats=budget.stats)
    if nm is None:
        try:
            nm = NumberlinkModel(puzzle, deadline=time.perf_counter() + budget.remaining())
        except BuildTimeout as e:
            leave(e)
            res = timeout_result(budget)
            res.solution = sol
            return res
        leave(nm)
    small_enough = cells * nm.K <= SECOND_MODEL_MAX  # room for a copy of the model
    if "fill" not in puzzle.variants:
        nm.forbid_downhill_flips()  # exact: find_detour found no detour or flip of the first answer
    elif small_enough and (settled := _flow_by_nikoli(puzzle, first, budget, params)) is not None:
        verdict, other = settled
        return SolveResult(verdict, solution=sol, second_solution=None if other is None else _solution(grid, other),
                           stats=budget.stats)
    nm.exclude(first)
    status = cp_model.UNKNOWN
    if cells >= LOCAL_FROM and small_enough:
        # a short try at the proof first (easy big boards stay quick), then the windows
        t0 = time.perf_counter()
        quick = budget.part(min(QUICK_PROOF, 0.1 * budget.remaining()))
        status, solver = run(nm.model, quick, params=params)
        t0 = budget.note("proof", t0)
        if status == cp_model.UNKNOWN:
            share = budget.part(LOCAL_SHARE * budget.remaining())
            other = local_second(nm, first, share, params)
            budget.note("local", t0)
            if other is not None:
                return SolveResult(Status.MULTIPLE, solution=sol, second_solution=_solution(grid, other),
                                   stats=budget.stats)
    if status == cp_model.UNKNOWN:
        t0 = time.perf_counter()
        status, solver = run(nm.model, budget, params=params)
        budget.note("proof", t0)
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.UNIQUE, solution=sol, stats=budget.stats)
    if found(status):
        return SolveResult(Status.MULTIPLE, solution=sol, second_solution=_solution(grid, nm.used(solver)),
                           stats=budget.stats)
    res = timeout_result(budget)
    res.solution = sol
    return res


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
        nik = NumberlinkModel(dataclasses.replace(puzzle, variants=puzzle.variants - {"fill"}),
                              deadline=time.perf_counter() + NIKOLI_SHARE * budget.remaining())
    except BuildTimeout as e:
        leave(e)
        return None
    leave(nik)
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


SECOND_MODEL_MAX = 500_000  # cells x numbers: above it no window copies or second model (memory)
NIKOLI_SHARE = 0.6  # Flow rule: at most this share of the time left goes to the Nikoli-rule proof
LOCAL_FROM = 300  # boards of this many cells first look for a second answer window by window
LOCAL_SHARE = 0.25  # ... with at most this share of the time left
QUICK_PROOF = 1.0  # ... after a try at the whole proof of at most this many seconds
WINDOW, STRIDE = 12, 6  # window side and step, cells
WINDOW_SECONDS = 0.5  # at most per window


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


def _solution(grid: Grid, used: set[int]) -> LinkSolution:
    return LinkSolution.from_masks(grid.masks_from_edges(used))
