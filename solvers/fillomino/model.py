"""Fillomino: the verdict (deductions, a search by groups, CP-SAT for a group the search finds long).

:func:`solve_cells` runs the deductions and the search of :mod:`solvers.fillomino.search`; a group
of cells the search does not settle within its node cap goes to :class:`FillominoModel`.

The model: ``v[i]`` the number of cell i, from its mask; ``same[e]`` for each pair of neighbours,
true when their numbers are equal (the answer's area borders: uniqueness excludes ``same`` values
only; the proof starts from the domains the first solve derived, :func:`solvers.cpsat.narrow`,
where the search of :mod:`solvers.fillomino.search` settles most groups in a few nodes).
Every area holding a block short of its number is stated exactly (which cells join it,
each touching the block or a joined cell, the count it lacks); every area, given
or not, is covered by trees of parent links whose root's subtree size is the area's number (so an
area without a given is never too small); an area too big (two trees) gets a lazy cut, re-solving
until every area has its size. (The older form, ``trees=False``: small shapes stated up front and
lazy cuts for every area no block anchors; it could not find d0022's 34 givenless areas.)

Redundant local consequences prune early: a cell between two equal neighbours of its own number
is in an area of at least 3; without the trees also: a 1 touches no equal number, a cell with
``n`` touches at most ``n - 1`` equal neighbours. (With the trees those two only slowed CP-SAT:
first answer + proof, deterministic time, on d0022 in four orientations 2.44 -> 1.79, d0025's
first answer 0.37 -> 0.29, d0024 the same.)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from solvers.connectivity import solve_connected
from solvers.cpsat import NARROW_PARAMS, Budget, narrow, no_solution, run, solve_twice, timeout_result
from solvers.fillomino.deduce import Contradiction, deduce, from_runs, grid_near, runs, short_blocks, start_masks
from solvers.fillomino.search import OutOfTime, Search
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, SolveResult, Status

if TYPE_CHECKING:  # imported when a group needs CP-SAT (a board the search settles needs none: 0.15 s cpu)
    from ortools.sat.python import cp_model

Cell = tuple[int, int]
# shapes stated up front (see FillominoModel._small_areas): closed dominoes, joined tetrominoes
# (measured with the anchored areas: (3, 4) about twice as fast as (2, 4) and (2, 3) on 20x36-32x50; (0, 0) slowest)
CLOSED = 3
JOINED = 4
TREES = True  # every area as a tree with subtree sizes (see FillominoModel._trees), instead of the small
# shapes up front (those slow it: d0022 6.4 s cpu against 9 s; a canonical BFS tree did not help either)

PROOF_OPEN = 40  # and open cells left by the deductions there (as search.SEARCH_OPEN; more on a small group)
PROOF_NODES = 25  # search nodes for the proof from the narrowed domains before CP-SAT takes it (a node budget,
# not a clock: the second answer given does not depend on the machine). d0022's group: 13 open cells after the
# deductions there, 12 nodes (0.014 s cpu against CP-SAT's 0.05-0.1); d0009's 22 nodes
PROOF_WORK = 16_000  # or more nodes on a small group, up to this many nodes times its cells (a node deduces the
# whole group): d0006's group of 74 cells may need 86 nodes (0.08 s cpu) when the first solve narrowed it less,
# where CP-SAT's proof takes ~0.15 s. Also the gate for a group with more than PROOF_OPEN open cells: searched
# only while its open cells times its cells stay within PROOF_WORK (d0025's group of 118 cells, 46 open)
PARAMS: dict[str, Any] = {"linearization_level": 0, "cp_model_presolve": False, "num_workers": 1,
                          "cp_model_probing_level": 0, **NARROW_PARAMS}  # the proof starts from the
# domains the first answer's solve derived (d0022's proof 2.7 s -> 0.1 s cpu)


class FillominoModel:
    """The rules on a set of cells (``near``: each cell's neighbours) as CP-SAT, each cell's number
    from its mask (:mod:`solvers.fillomino.deduce`), area sizes by lazy cuts."""

    def __init__(self, near: list[list[int]], cand: Sequence[int], *, trees: bool = True) -> None:
        from ortools.sat.python import cp_model

        n = len(near)
        self.model = m = cp_model.CpModel()
        self.v = [m.new_int_var_from_domain(cp_model.Domain.from_intervals(runs(x)), f"v{i}")
                  for i, x in enumerate(cand)]
        self.same: dict[tuple[int, int], cp_model.IntVar] = {}
        self.near: list[list[tuple[int, cp_model.IntVar]]] = [[] for _ in range(n)]
        for i in range(n):
            for j in near[i]:
                if j < i:
                    continue
                s = m.new_bool_var(f"s{i}_{j}")
                self.same[i, j] = s
                m.add(self.v[i] == self.v[j]).only_enforce_if(s)
                m.add(self.v[i] != self.v[j]).only_enforce_if(s.Not())
                self.near[i].append((j, s))
                self.near[j].append((i, s))
        for i in range(n):
            eq = [s for _, s in self.near[i]]
            if not trees:  # the trees state these (and the search runs faster without them)
                m.add(sum(eq) <= self.v[i] - 1)
                big = m.new_bool_var("")  # v[i] >= 2
                m.add(self.v[i] >= 2).only_enforce_if(big)
                m.add(self.v[i] == 1).only_enforce_if(big.Not())
                m.add_bool_or([big.Not(), *eq])
                for s in eq:
                    m.add_implication(s, big)
            for x in range(len(eq)):
                for y in range(x + 1, len(eq)):
                    m.add(self.v[i] >= 3).only_enforce_if([eq[x], eq[y]])
        if trees:
            self._trees(near, cand)
        else:
            self._small_areas(CLOSED, JOINED, cand)
        self._anchored(near, cand)
        self.decision = list(self.same.values())

    def _trees(self, near: list[list[int]], cand: Sequence[int]) -> None:
        """Every area's size, given in it or not: each area is covered by trees of parent links
        along equal neighbours; ``size[c]`` counts c's subtree (1 + its children's), so a link
        cycle is impossible; a root's subtree has exactly the area's number of cells, a non-root's
        fewer. An area with two roots is too big, which the lazy cuts catch (rare; labels that
        forbid it up front made d0022 6.4 s cpu against 4.1). A root has no equal neighbour of
        smaller index (take the area's smallest cell as its root), which breaks the root symmetry."""
        m = self.model
        top = [x.bit_length() - 1 for x in cand]
        size = [m.new_int_var(1, top[c], "") for c in range(len(cand))]
        inflow: list[list[cp_model.IntVar]] = [[] for _ in cand]
        for c in range(len(cand)):
            root = m.new_bool_var("")
            links = []
            for p in near[c]:
                link = m.new_bool_var("")
                m.add_implication(link, self.edge(c, p))
                flow = m.new_int_var(0, min(top[c], top[p] - 1), "")
                m.add(flow == size[c]).only_enforce_if(link)
                m.add(flow == 0).only_enforce_if(link.Not())
                inflow[p].append(flow)
                links.append(link)
            m.add_exactly_one([root, *links])
            m.add(size[c] == self.v[c]).only_enforce_if(root)
            m.add(size[c] < self.v[c]).only_enforce_if(root.Not())
            for p, s in self.near[c]:
                if p < c:
                    m.add_bool_or([root.Not(), s.Not()])
        for c in range(len(cand)):
            m.add(size[c] == 1 + sum(inflow[c]))

    def _anchored(self, near: list[list[int]], cand: Sequence[int]) -> None:
        """Every area holding a block short of its number, stated exactly (no cuts needed for it):
        ``a[c]`` says cell c joins the block's area; the area takes exactly the cells it lacks,
        among those the block can reach in time; a cell equal to a joined one (or to the block)
        is joined, and a joined cell touches the block or a joined cell.

        No depths are needed to keep the joined cells connected: the trees give the block's area
        at least its number of cells, all joined, and the count allows no more, so the joined
        cells are that area (with ``trees=False`` an area left short is caught by the cuts).
        (Depths linking each joined cell to one of smaller depth doubled the model: without them
        d0022's group has 11,354 variables, not 21,341, and its first answer takes 6-11 % less
        deterministic time, 13-20 % less cpu, at three seeds in four orientations.)"""
        m = self.model
        for block, v in short_blocks(near, cand):
            inside = set(block)
            need = v - len(block)
            dist: dict[int, int] = {}
            layer = block
            for d in range(1, need + 1):
                nxt = []
                for i in layer:
                    for j in near[i]:
                        if j not in inside and j not in dist and cand[j] >> v & 1:
                            dist[j] = d
                            nxt.append(j)
                layer = nxt
            a = {c: m.new_bool_var("") for c in dist}
            m.add(sum(a.values()) == need)
            for c, x in a.items():
                m.add(self.v[c] == v).only_enforce_if(x)
                if not any(j in inside for j in near[c]):
                    m.add_bool_or([x.Not(), *(a[j] for j in near[c] if j in a)])
                for j in near[c]:
                    if j not in inside:
                        if j in a:
                            m.add_implication(x, a[j]).only_enforce_if(self.edge(c, j))
                        else:
                            m.add_bool_or([x.Not(), self.edge(c, j).Not()])
            for i in block:
                for j in near[i]:
                    if j not in inside:
                        if j in a:
                            m.add_implication(self.edge(i, j), a[j])
                        else:
                            m.add_bool_or([self.edge(i, j).Not()])

    def _small_areas(self, closed: int, joined: int, cand: Sequence[int]) -> None:
        """Small shapes stated up front. Closed: joined by equal numbers and closed off by different
        ones, a shape of 2 to ``closed`` cells is a whole area, so its number is its size. Joined:
        ``joined`` cells joined by equal numbers have a number of at least ``joined``. With the
        local rules this makes areas of 1 to ``joined - 1`` exact without any cut. Shapes whose
        cells share no possible number are left out (they can never be joined)."""
        m, n = self.model, len(self.v)
        seen: set[frozenset[int]] = set()
        for start in range(n):
            shapes = [(frozenset([start]), cand[start])]
            for size in range(2, max(closed, joined) + 1):
                grown = []
                for shape, common in shapes:
                    for i in shape:
                        for j, _ in self.near[i]:
                            bigger = shape | {j}
                            if (j not in shape and common & cand[j] and min(bigger) == start
                                    and bigger not in seen):
                                seen.add(bigger)
                                grown.append((bigger, common & cand[j]))
                shapes = grown
                for shape, _ in shapes:
                    tree = [self.edge(i, j) for i, j in _spanning_tree(shape, self.near)]
                    if size <= closed:
                        rim = [self.edge(i, j) for i in shape for j, _ in self.near[i] if j not in shape]
                        m.add(self.v[start] == size).only_enforce_if(tree + [e.Not() for e in rim])
                    if size == joined:
                        m.add(self.v[start] >= size).only_enforce_if(tree)

    def hinted(self, model: cp_model.CpModel, budget: Budget) -> tuple[Any, cp_model.CpSolver]:
        """One solve; its answer becomes the next round's hint (the next answer repairs this one)."""
        from ortools.sat.python import cp_model

        status, solver = run(model, budget, params=PARAMS)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            model.clear_hints()  # type: ignore[no-untyped-call]
            for x in self.v:
                model.add_hint(x, solver.value(x))
        return status, solver

    def numbers(self, solver: cp_model.CpSolver) -> list[int]:
        return [int(solver.value(x)) for x in self.v]

    def edge(self, i: int, j: int) -> cp_model.IntVar:
        return self.same[min(i, j), max(i, j)]

    def find_cuts(self, solver: cp_model.CpSolver) -> list[list[Any]]:
        """Per area whose size is not its number: "these cells joined by equal numbers have a number
        of at least their count" (too big) or "this closed area's number is its size" (too small).
        Both hold in every solution, so a cut never removes one."""
        value = [solver.value(x) for x in self.v]
        clauses: list[list[Any]] = []
        seen: set[int] = set()
        m = self.model
        for start in range(len(value)):
            if start in seen:
                continue
            v = value[start]
            order, tree = [start], []
            seen.add(start)
            for i in order:
                for j, _ in self.near[i]:
                    if j not in seen and value[j] == v:
                        seen.add(j)
                        order.append(j)
                        tree.append((i, j))
            if len(order) == v:
                continue
            then = m.new_bool_var("")
            if len(order) > v:
                m.add(self.v[start] >= v + 1).only_enforce_if(then)
                clauses.append([then, *(self.edge(i, j).Not() for i, j in tree[:v])])  # first v + 1 cells
            else:
                area = set(order)
                m.add(self.v[start] == len(order)).only_enforce_if(then)
                rim = [self.edge(i, j) for i in order for j, _ in self.near[i] if j not in area]
                clauses.append([then, *(self.edge(i, j).Not() for i, j in tree), *rim])
        return clauses


def _spanning_tree(shape: frozenset[int], near: list[list[tuple[int, Any]]]) -> list[tuple[int, int]]:
    start = min(shape)
    order, tree, seen = [start], [], {start}
    for i in order:
        for j, _ in near[i]:
            if j in shape and j not in seen:
                seen.add(j)
                order.append(j)
                tree.append((i, j))
    return tree


def solve_group(near: list[list[int]], cand: list[int], limit: int, budget: Budget) -> list[list[int]]:
    """Up to ``limit`` answers of one group of cells by CP-SAT (raises OutOfTime).

    The second answer is looked for inside the domains the first solve derived (they hold every
    answer, :func:`solvers.cpsat.narrow`): first by the search (:func:`_search_proof`), which
    settles most groups there at once, else by CP-SAT."""
    t0 = time.perf_counter()
    fm = FillominoModel(near, cand, trees=TREES)
    budget.note("build", t0)
    solvers: list[cp_model.CpSolver] = []

    def decode(solver: cp_model.CpSolver) -> NumberSolution:
        solvers.append(solver)
        return NumberSolution((tuple(fm.numbers(solver)),))

    runner = partial(solve_connected, find_cuts=fm.find_cuts, runner=fm.hinted)
    res = solve_twice(fm.model, fm.decision, decode, budget.options.with_(unique=False), budget=budget, runner=runner)
    if res.status is Status.NONE:
        return []
    if res.status is not Status.SOLVED or not isinstance(res.solution, NumberSolution):
        raise OutOfTime
    first = [x or 0 for x in res.solution.numbers[0]]
    if limit < 2:
        return [first]
    solver = solvers[0]
    values = [solver.boolean_value(b) for b in fm.decision]
    if narrow(fm.model, solver):
        t0 = time.perf_counter()
        found = _search_proof(fm, near, cand, first, budget)
        budget.note("proof", t0)
        if found is not None:
            return found
    res = solve_twice(fm.model, fm.decision, decode, budget.options.with_(unique=True), budget=budget,
                      runner=runner, known=(res.solution, values))
    if res.status not in (Status.UNIQUE, Status.MULTIPLE):
        raise OutOfTime
    return [[x or 0 for x in sol.numbers[0]] for sol in (res.solution, res.second_solution)
            if isinstance(sol, NumberSolution)]


def _search_proof(fm: FillominoModel, near: list[list[int]], cand: list[int], first: list[int],
                  budget: Budget) -> list[list[int]] | None:
    """The group's answers (``first``, and a second one if any) by the search from the domains
    the model was narrowed to, or None when the search does not settle it within its cap (then
    CP-SAT proves it). On d0022's group the deductions leave 5-7 of its 437 open cells there."""
    domains = fm.model.proto.variables
    masks = [from_runs(list(domains[x.index].domain)) & mask for x, mask in zip(fm.v, cand, strict=True)]
    top = max((m.bit_length() - 1 for m in masks if m & (m - 1) == 0), default=0)
    try:
        deduce(near, masks, top)
    except Contradiction:
        return None  # the first answer lies inside the domains: never here, CP-SAT decides if it is
    left = sum(1 for m in masks if m & (m - 1))
    if left > PROOF_OPEN and left * len(cand) > PROOF_WORK:  # (a small group's search is cheap: d0025's
        return None  # group of 118 cells, 46 open, 3 nodes). A turned d0022 in a 50x64 board: 211 open cells,
    # its search would take 190 nodes (1.8 s)
    search = Search(top, budget.start + budget.options.time_limit, max_nodes=max(PROOF_NODES, PROOF_WORK // len(cand)))
    try:
        found = search.answers(near, masks)
    except OutOfTime:
        return None
    if len(found) > 1:  # two answers: one of them is not the first
        return [first, next(a for a in found if a != first)]
    if found != [first]:
        return None  # the first answer lies inside the domains: never here, CP-SAT decides if it is
    return found


def solve_cells(cells: Sequence[Sequence[int]], options: SolveOptions,
                decode: Callable[[list[list[int]]], Any] = tuple) -> SolveResult:
    """The verdict for a Fillomino board of givens (0 = empty); ``decode`` makes the solution object."""
    budget = Budget(options)
    rows, cols = len(cells), len(cells[0])
    near = grid_near(rows, cols)
    flat = [x for row in cells for x in row]
    search = Search(max(flat, default=0), budget.start + options.time_limit, limit=2 if options.unique else 1,
                    fallback=partial(solve_group, budget=budget), workers=options.workers)
    t0 = time.perf_counter()
    try:
        found = search.answers(near, start_masks(near, flat))
    except OutOfTime:
        _phases(budget, search, t0)
        return timeout_result(budget)
    _phases(budget, search, t0)
    budget.stats.branches += search.nodes
    if not found:
        return no_solution(budget)

    def grid(flat: list[int]) -> Any:
        return decode([flat[r * cols:(r + 1) * cols] for r in range(rows)])

    if not options.unique:
        return SolveResult(Status.SOLVED, solution=grid(found[0]), stats=budget.stats)
    if len(found) == 1:
        return SolveResult(Status.UNIQUE, solution=grid(found[0]), stats=budget.stats)
    return SolveResult(Status.MULTIPLE, solution=grid(found[0]), second_solution=grid(found[1]), stats=budget.stats)


def _phases(budget: Budget, search: Search, since: float) -> None:
    """deduce: the first deductions; search: the search's own time (the rest: build, first, proof)."""
    phases = budget.stats.phases
    phases["deduce"] = search.deduce_seconds
    phases["probe"] = search.probe_seconds
    others = sum(phases.get(k, 0.0) for k in ("deduce", "probe", "build", "first", "proof"))
    phases["search"] = max(0.0, time.perf_counter() - since - others)


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a Fillomino board (unique / multiple / solved / none / timeout)."""
    return solve_cells(puzzle.cells, options,
                       decode=lambda rows: NumberSolution(tuple(tuple(row) for row in rows)))
