"""Yajilin as CP-SAT: a Boolean per free cell (shaded) and per edge between free cells (loop).

Free cells are the cells without a clue. Model:

* a free cell is shaded or on the loop: its loop edges number 2 x (not shaded);
* one closed loop: ``add_circuit`` over the free cells, a shaded cell skipping itself by its
  self-loop (so the unshaded cells form exactly one cycle);
* no two shaded cells side by side; each arrow: its number = the shaded cells in its direction;
* a closed loop crosses every straight line between two rows (or columns) an even number of
  times (redundant, prunes early).

Uniqueness: the loop decides the shading (a free cell off the loop is shaded), and a second loop
containing every edge of the first is the first, so the edges are the decision variables of
:func:`solvers.cpsat.solve_twice`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from ortools.sat.python import cp_model, cp_model_helper

from solvers.cpsat import Budget, solve_twice
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, SolveResult, Status
from solvers.yajilin.arrows import Cells, YCell, cells_of, ray
from solvers.yajilin.check import problems
from solvers.yajilin.deduce import Contradiction, Deduction, deduce
from solvers.yajilin.solution import YajilinSolution

Cell = tuple[int, int]
Lit = cp_model_helper.Literal
BITS = ((1, -1, 0), (2, 0, 1), (4, 1, 0), (8, 0, -1))

SOLVE_PARAMS: dict[str, object] = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0,
                                   "cp_model_presolve": False, "num_workers": 1}


class YajilinModel:
    """The rules of one board; ``known`` (cell -> shaded?, edge -> used?) fixes deduced values."""

    def __init__(self, cells: Cells, known_cells: Mapping[Cell, bool] | None = None,
                 known_edges: Mapping[tuple[Cell, Cell], bool] | None = None) -> None:
        self.cells = cells
        self.rows, self.cols = rows, cols = len(cells), len(cells[0])
        self.model = m = cp_model.CpModel()
        free = [(r, c) for r in range(rows) for c in range(cols) if cells[r][c] is None]
        self.node = {cell: i for i, cell in enumerate(free)}
        self.shade = {cell: m.new_bool_var(f"s{cell}") for cell in free}
        self.edge_cells: list[tuple[Cell, Cell]] = []
        self.edges: list[cp_model.IntVar] = []
        incident: dict[Cell, list[cp_model.IntVar]] = {cell: [] for cell in free}
        arcs: list[tuple[int, int, Lit]] = []
        for a in free:
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1])):
                if b not in self.node:
                    continue
                e = m.new_bool_var(f"e{a}{b}")
                f, g = m.new_bool_var(""), m.new_bool_var("")
                m.add(e == f + g)
                arcs += [(self.node[a], self.node[b], f), (self.node[b], self.node[a], g)]
                self.edge_cells.append((a, b))
                self.edges.append(e)
                incident[a].append(e)
                incident[b].append(e)
                m.add_bool_or([self.shade[a].Not(), self.shade[b].Not()])
        for cell in free:
            s = self.shade[cell]
            m.add(sum(incident[cell]) + 2 * s == 2)
            arcs.append((self.node[cell], self.node[cell], s))
        if free:
            m.add_bool_or([s.Not() for s in self.shade.values()])
            m.add_circuit(arcs)
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v is not None and v.number is not None and v.direction is not None:
                    m.add(sum(self.shade[q] for q in ray(rows, cols, (r, c), v.direction) if q in self.shade)
                          == v.number)
        for cell, dark in (known_cells or {}).items():
            m.add_bool_or([self.shade[cell] if dark else self.shade[cell].Not()])
        index = {pair: i for i, pair in enumerate(self.edge_cells)}
        for pair, used in (known_edges or {}).items():
            e = self.edges[index[pair]]
            m.add_bool_or([e if used else e.Not()])
        self._parity(index)

    def _parity(self, index: Mapping[tuple[Cell, Cell], int]) -> None:
        """Each line between two rows or two columns is crossed an even number of times."""
        lines = [[index.get(((r, c), (r + 1, c))) for c in range(self.cols)] for r in range(self.rows - 1)]
        lines += [[index.get(((r, c), (r, c + 1))) for r in range(self.rows)] for c in range(self.cols - 1)]
        for line in lines:
            lits = [self.edges[i] for i in line if i is not None]
            if len(lits) >= 2:
                self.model.add_bool_xor([*lits, self.model.new_constant(1)])

    def solution(self, solver: cp_model.CpSolver) -> YajilinSolution:
        masks = [[0] * self.cols for _ in range(self.rows)]
        for (a, b), e in zip(self.edge_cells, self.edges, strict=True):
            if solver.boolean_value(e):
                if a[0] == b[0]:
                    masks[a[0]][a[1]] |= 2
                    masks[b[0]][b[1]] |= 8
                else:
                    masks[a[0]][a[1]] |= 4
                    masks[b[0]][b[1]] |= 1
        shaded = ["".join("#" if (r, c) in self.shade and solver.boolean_value(self.shade[(r, c)]) else "."
                          for c in range(self.cols)) for r in range(self.rows)]
        return YajilinSolution(tuple(tuple(row) for row in masks), tuple(shaded))


def solve(puzzle: Puzzle[YCell], options: SolveOptions) -> SolveResult:
    """The engine's entry: :func:`solve_cells` on the puzzle's board."""
    return solve_cells(cells_of(puzzle), options)


def solve_cells(cells: Cells, options: SolveOptions, *, trials: bool = True) -> SolveResult:
    """The verdict on a board: a loop and shading, and with ``options.unique`` whether it is the only one.

    First :mod:`solvers.yajilin.deduce` to a fixed point: when it fixes everything (every step
    forced by the rules) that answer is the only one and no search runs; otherwise the deduced
    values are fixed in the model and CP-SAT settles the rest. ``trials=False`` (the generator's
    oracle, mostly asked about boards with several answers) skips the deductions' trials.
    """
    budget, t0 = Budget(options), time.perf_counter()
    known_cells: dict[Cell, bool] = {}
    known_edges: dict[tuple[Cell, Cell], bool] = {}
    try:
        found = deduce(cells, trials=trials)
    except Contradiction:  # no answer: the full model says so
        pass
    else:
        if found.complete:
            answer = answer_of(found)
            if not problems(cells, answer):
                budget.note("deduce", t0)
                return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=answer,
                                   stats=budget.stats)
        known_cells, known_edges = found.known_cells(), found.known_edges()
    t0 = budget.note("deduce", t0)
    ym = YajilinModel(cells, known_cells, known_edges)
    budget.note("build", t0)
    return solve_twice(ym.model, ym.edges, ym.solution, options, budget=budget, params=SOLVE_PARAMS)


def answer_of(found: Deduction) -> YajilinSolution:
    """The answer a complete deduction fixed."""
    rows, cols = found.rows, found.cols
    masks = [[0] * cols for _ in range(rows)]
    for (a, b), used in zip(found.edges, found.used, strict=True):
        if used:
            (ra, ca), (rb, cb) = divmod(a, cols), divmod(b, cols)
            masks[ra][ca] |= 2 if rb == ra else 4
            masks[rb][cb] |= 8 if rb == ra else 1
    shaded = tuple("".join("#" if found.shaded[r * cols + c] else "." for c in range(cols)) for r in range(rows))
    return YajilinSolution(tuple(tuple(row) for row in masks), shaded)
