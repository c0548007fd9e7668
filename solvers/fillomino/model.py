"""Fillomino as CP-SAT: a number per cell, and each area of equal numbers measured by a flow.

Variables: ``v[i]`` the number of cell i; ``same[e]`` for each pair of neighbours, true when
their numbers are equal (the answer's area borders: ``same`` decides the answer, so uniqueness
excludes ``same`` values only). An area is a connected set of equal numbers; its size must equal
its number. Stated exactly, with no lazy rounds:

* one root per area: ``label[i]`` is the smallest cell index of i's area (equal along ``same``,
  ``label[i] <= i``), and the root is the cell whose label is itself;
* the root sends ``v - 1`` units of flow along ``same`` pairs; every other cell keeps one.
  An area with one root then has exactly ``v`` cells.

Redundant local consequences prune early: a 1 touches no equal number; a cell with ``n``
touches at most ``n - 1`` equal neighbours; a cell between two equal neighbours of its own
number is in an area of at least 3.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ortools.sat.python import cp_model

from solvers.connectivity import neighbours, solve_connected
from solvers.cpsat import Budget, run, solve_twice
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, SolveResult

Cell = tuple[int, int]
# shapes stated up front (see FillominoModel._small_areas): closed dominoes, joined tetrominoes
# (measured: (2, 4) settles 8x8-20x20 boards in about half the time of (2, 3); (3, 4) and (2, 5) no better)
CLOSED = 2
JOINED = 4

PARAMS: dict[str, Any] = {"linearization_level": 0, "cp_model_presolve": False, "num_workers": 1,
                          "cp_model_probing_level": 0, "symmetry_level": 0}


class FillominoModel:
    """The rules of one board of givens (0 = empty) as CP-SAT, area sizes by lazy cuts."""

    def __init__(self, cells: Sequence[Sequence[int]], top: int | None = None) -> None:
        rows, cols = len(cells), len(cells[0])
        n = rows * cols
        self.rows, self.cols = rows, cols
        self.model = m = cp_model.CpModel()
        bound = _bounds(cells)
        self.v = [m.new_int_var(1, min(top or n, bound[i]), f"v{i}") for i in range(n)]
        for r in range(rows):
            for c in range(cols):
                if cells[r][c] > 0:
                    m.add(self.v[r * cols + c] == cells[r][c])
        self.same: dict[tuple[int, int], cp_model.IntVar] = {}
        self.near: list[list[tuple[int, cp_model.IntVar]]] = [[] for _ in range(n)]
        for i in range(n):
            for r2, c2 in neighbours(rows, cols, divmod(i, cols)):
                j = r2 * cols + c2
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
        self._small_areas(CLOSED, JOINED)
        self.decision = list(self.same.values())

    def _small_areas(self, closed: int, joined: int) -> None:
        """Small shapes stated up front. Closed: joined by equal numbers and closed off by different
        ones, a shape of 2 to ``closed`` cells is a whole area, so its number is its size. Joined:
        ``joined`` cells joined by equal numbers have a number of at least ``joined``. With the
        local rules this makes areas of 1 to ``joined - 1`` exact without any cut."""
        m, n = self.model, len(self.v)
        seen: set[frozenset[int]] = set()
        for start in range(n):
            shapes = [frozenset([start])]
            for size in range(2, max(closed, joined) + 1):
                grown = []
                for shape in shapes:
                    for i in shape:
                        for j, _ in self.near[i]:
                            bigger = shape | {j}
                            if j not in shape and min(bigger) == start and bigger not in seen:
                                seen.add(bigger)
                                grown.append(bigger)
                shapes = grown
                for shape in shapes:
                    tree = [self.edge(i, j) for i, j in _spanning_tree(shape, self.near)]
                    if size <= closed:
                        rim = [self.edge(i, j) for i in shape for j, _ in self.near[i] if j not in shape]
                        m.add(self.v[start] == size).only_enforce_if(tree + [e.Not() for e in rim])
                    if size == joined:
                        m.add(self.v[start] >= size).only_enforce_if(tree)

    def hinted(self, model: cp_model.CpModel, budget: Budget) -> tuple[Any, cp_model.CpSolver]:
        """One solve; its answer becomes the next round's hint (the next answer repairs this one)."""
        status, solver = run(model, budget, params=PARAMS)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            model.clear_hints()  # type: ignore[no-untyped-call]
            for x in self.v:
                model.add_hint(x, solver.value(x))
        return status, solver

    def numbers(self, solver: cp_model.CpSolver) -> list[list[int]]:
        return [[int(solver.value(self.v[r * self.cols + c])) for c in range(self.cols)] for r in range(self.rows)]

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


def _bounds(cells: Sequence[Sequence[int]]) -> list[int]:
    """An upper bound on each cell's number: an area with a number above every given holds no
    given, so it fits in the cell's component of empty cells."""
    rows, cols = len(cells), len(cells[0])
    flat = [x for row in cells for x in row]
    most = max(flat, default=0)
    bound = [0] * len(flat)
    for start, x in enumerate(flat):
        if x or bound[start]:
            continue
        comp = [start]
        bound[start] = -1
        for i in comp:
            for r2, c2 in neighbours(rows, cols, divmod(i, cols)):
                j = r2 * cols + c2
                if not flat[j] and not bound[j]:
                    bound[j] = -1
                    comp.append(j)
        for i in comp:
            bound[i] = max(most, len(comp))
    return [b if b > 0 else flat[i] for i, b in enumerate(bound)]


def solve_cells(cells: Sequence[Sequence[int]], options: SolveOptions,
                decode: Callable[[list[list[int]]], Any] = tuple) -> SolveResult:
    """The verdict for a Fillomino board of givens (0 = empty); ``decode`` makes the solution object."""
    budget = Budget(options)
    t0 = time.perf_counter()
    fm = FillominoModel(cells)
    budget.note("build", t0)
    return solve_twice(fm.model, fm.decision, lambda s: decode(fm.numbers(s)), options, budget=budget,
                       runner=partial(solve_connected, find_cuts=fm.find_cuts, runner=fm.hinted))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a Fillomino board (unique / multiple / solved / none / timeout)."""
    return solve_cells(puzzle.cells, options,
                       decode=lambda rows: NumberSolution(tuple(tuple(row) for row in rows)))
