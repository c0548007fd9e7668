"""Kakuro solver: the deductions of :mod:`deduce`, then CP-SAT on what they leave.

CP-SAT model: a Boolean per (white cell, digit still possible), exactly one per cell; per run a
Boolean per digit set still possible, exactly one; and for every digit, the cells of the run
holding it count 1 when the chosen set has it, else 0. That is "different digits with this sum"
as linear constraints, which propagate as strongly as the sets themselves. Uniqueness: solve
again with the first answer excluded.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, solve_twice
from solvers.errors import Message
from solvers.kakuro.board import Board
from solvers.kakuro.deduce import Contradiction, State, propagate, start
from solvers.verdict import SolveOptions, SolveResult, Status


@dataclass(frozen=True)
class Digits:
    """A digit per white cell of a board (the solver's inside view; converted at the edge)."""

    board: Board
    values: tuple[int, ...]

    def numbers(self) -> list[list[int]]:
        grid = [[0] * self.board.cols for _ in range(self.board.rows)]
        for (r, c), v in zip(self.board.white, self.values, strict=True):
            grid[r][c] = v
        return grid

    def to_json(self) -> dict[str, Any]:
        return {"numbers": [" ".join(str(v) if v else "." for v in row) for row in self.numbers()]}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.numbers()]


def solve_board(board: Board, options: SolveOptions) -> SolveResult:
    budget = Budget(options)
    t0 = time.perf_counter()
    st = start(board)
    try:
        propagate(board, st)
    except Contradiction:
        budget.note("deduce", t0)
        return SolveResult(Status.NONE, message=Message("no-solution"), stats=budget.stats)
    budget.note("deduce", t0)
    if st.solved():
        status = Status.UNIQUE if options.unique else Status.SOLVED
        return SolveResult(status, solution=Digits(board, tuple(m.bit_length() for m in st.dom)), stats=budget.stats)
    return _cpsat(board, st, options, budget)


def _cpsat(board: Board, st: State, options: SolveOptions, budget: Budget) -> SolveResult:
    t0 = time.perf_counter()
    model = cp_model.CpModel()
    x: list[dict[int, Any]] = []
    decision: list[cp_model.IntVar] = []
    for m in st.dom:
        ds = [d for d in range(1, 10) if m >> (d - 1) & 1]
        if len(ds) == 1:
            x.append({ds[0]: model.new_constant(1)})
            continue
        vs = {d: model.new_bool_var("") for d in ds}
        model.add_exactly_one(vs.values())
        decision.extend(vs.values())
        x.append(vs)
    for k, run in enumerate(board.runs):
        sets = st.sets[k]
        if len(sets) == 1:
            chosen: list[tuple[int, Any]] = [(sets[0], 1)]
        else:
            ys = [model.new_bool_var("") for _ in sets]
            model.add_exactly_one(ys)
            chosen = list(zip(sets, ys, strict=True))
        for d in range(1, 10):
            bit = 1 << (d - 1)
            holders = [x[i][d] for i in run.cells if d in x[i]]
            wanted = [y for s, y in chosen if s & bit]
            if not holders:
                continue
            model.add(sum(holders) == sum(wanted))
    budget.note("build", t0)

    def decode(solver: cp_model.CpSolver) -> Digits:
        return Digits(board, tuple(next(d for d, v in vs.items() if solver.boolean_value(v)) for vs in x))

    return solve_twice(model, decision, decode, options, budget=budget)
