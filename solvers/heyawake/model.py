"""Heyawake as CP-SAT: a Boolean per cell (shaded), white connectivity by lazily added cuts.

Model: no two shaded cells side by side; each numbered room has its number of shaded cells; each
shortest run crossing two room borders (:attr:`Rooms.windows`) holds a shaded cell. The white
cells being one area is added lazily (:func:`solvers.connectivity.solve_connected`): after each
answer, every white area but the largest is cut off with "not every cell around it is shaded"
(with no two shaded cells touching, a ring of shaded cells around white cells with white cells
outside it splits the white cells, whatever else is shaded).

Uniqueness: the shading is the answer; :func:`solvers.cpsat.solve_twice` with the lazy-cut runner.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from ortools.sat.python import cp_model, cp_model_helper

from solvers.connectivity import solve_connected
from solvers.cpsat import Budget, SolverStatus, run, solve_twice
from solvers.heyawake.check import problems
from solvers.heyawake.deduce import Contradiction, deduce
from solvers.heyawake.rooms import Numbers, Regions, Rooms, numbers_of, regions_of
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, SolveResult, Status

Lit = cp_model_helper.Literal
SOLVE_PARAMS: dict[str, object] = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0,
                                   "cp_model_presolve": False, "num_workers": 1}


class HeyawakeModel:
    """The rules of one board but connectivity; ``known`` (flat cell -> shaded?) fixes deduced cells."""

    def __init__(self, rooms: Rooms, known: Mapping[int, bool] | None = None) -> None:
        self.rooms = rooms
        rows, cols = rooms.rows, rooms.cols
        self.model = m = cp_model.CpModel()
        self.dark = [m.new_bool_var(f"s{i}") for i in range(rows * cols)]
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            if c + 1 < cols:
                m.add_bool_or([self.dark[i].Not(), self.dark[i + 1].Not()])
            if r + 1 < rows:
                m.add_bool_or([self.dark[i].Not(), self.dark[i + cols].Not()])
        for cells, n in zip(rooms.cells, rooms.number, strict=True):
            if n is not None:
                m.add(sum(self.dark[i] for i in cells) == n)
        for window in rooms.windows:
            m.add_bool_or([self.dark[i] for i in window])
        for i, v in (known or {}).items():
            m.add_bool_or([self.dark[i] if v else self.dark[i].Not()])

    def cuts(self, solver: cp_model.CpSolver) -> list[list[Lit]]:
        """For each white area but the largest: not every shaded cell around it stays shaded."""
        rows, cols = self.rooms.rows, self.rooms.cols
        dark = [solver.boolean_value(v) for v in self.dark]
        areas = white_areas(rows, cols, dark)
        if len(areas) < 2:
            return []
        areas.sort(key=len, reverse=True)
        clauses = []
        for area in areas[1:]:
            ring = {j for i in area for j in around(rows, cols, i) if dark[j]}
            clauses.append([self.dark[j].Not() for j in sorted(ring)])
        return clauses

    def shading(self, solver: cp_model.CpSolver) -> ShadeSolution:
        cols = self.rooms.cols
        return ShadeSolution(tuple("".join("#" if solver.boolean_value(self.dark[r * cols + c]) else "."
                                           for c in range(cols)) for r in range(self.rooms.rows)))


def around(rows: int, cols: int, i: int) -> list[int]:
    r, c = divmod(i, cols)
    out = []
    if r:
        out.append(i - cols)
    if r + 1 < rows:
        out.append(i + cols)
    if c:
        out.append(i - 1)
    if c + 1 < cols:
        out.append(i + 1)
    return out


def white_areas(rows: int, cols: int, dark: Sequence[bool]) -> list[list[int]]:
    seen = list(dark)
    areas = []
    for s in range(rows * cols):
        if seen[s]:
            continue
        seen[s] = True
        area, stack = [s], [s]
        while stack:
            for j in around(rows, cols, stack.pop()):
                if not seen[j]:
                    seen[j] = True
                    area.append(j)
                    stack.append(j)
        areas.append(area)
    return areas


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The engine's entry: :func:`solve_board` on the puzzle's grids."""
    return solve_board(numbers_of(puzzle), regions_of(puzzle), options)


def solve_board(numbers: Numbers, regions: Regions, options: SolveOptions) -> SolveResult:
    """The verdict on plain grids: the shading, and with ``options.unique`` whether it is the only one.

    First :mod:`solvers.heyawake.deduce` to a fixed point: when it fixes every cell (each step
    forced by the rules) that shading is the only answer and no search runs; otherwise the
    deduced cells are fixed in the model and CP-SAT settles the rest.
    """
    budget, t0 = Budget(options), time.perf_counter()
    rooms = Rooms.of_board(numbers, regions)
    known: dict[int, bool] = {}
    try:
        found = deduce(rooms)
    except Contradiction:  # no answer: the full model says so
        pass
    else:
        if found.complete:
            cols = rooms.cols
            answer = ShadeSolution(tuple("".join("#" if found.dark[r * cols + c] else "." for c in range(cols))
                                         for r in range(rooms.rows)))
            if not problems(numbers, regions, answer.marks):
                budget.note("deduce", t0)
                return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=answer,
                                   stats=budget.stats)
        known = found.known()
    t0 = budget.note("deduce", t0)
    hm = HeyawakeModel(rooms, known)
    budget.note("build", t0)

    def runner(model: cp_model.CpModel, b: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        return solve_connected(model, b, hm.cuts, runner=lambda mm, bb: run(mm, bb, params=SOLVE_PARAMS))

    return solve_twice(hm.model, hm.dark, hm.shading, options, budget=budget, runner=runner)
