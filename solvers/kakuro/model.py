"""Kakuro solver: the deductions of :mod:`deduce`, then CP-SAT on what they leave.

CP-SAT model: a Boolean per (white cell, digit still possible), exactly one per cell; per run a
Boolean per digit set still possible, exactly one; and for every digit, the cells of the run
holding it count 1 when the chosen set has it, else 0. That is "different digits with this sum"
as linear constraints, which propagate as strongly as the sets themselves. Uniqueness: solve
again with the first answer excluded.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, no_solution, solve_twice
from solvers.kakuro.board import Board, board_of
from solvers.kakuro.deduce import Contradiction, State, propagate, start
from solvers.kakuro.notation import KCell
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, SolveResult, Status


def number_solution(board: Board, values: Sequence[int]) -> NumberSolution:
    """The FORMATS.md answer: the digits in the white cells, None elsewhere."""
    grid: list[list[int | None]] = [[None] * board.cols for _ in range(board.rows)]
    for (r, c), v in zip(board.white, values, strict=True):
        grid[r][c] = v
    return NumberSolution(tuple(tuple(row) for row in grid))


def solve(puzzle: Puzzle[KCell], options: SolveOptions) -> SolveResult:
    """The verdict for a board (unique / multiple / solved / none / timeout)."""
    return solve_board(board_of(puzzle.cells), options)


def solve_board(board: Board, options: SolveOptions) -> SolveResult:
    budget = Budget(options)
    t0 = time.perf_counter()
    st = start(board)
    try:
        propagate(board, st)
    except Contradiction:
        budget.note("deduce", t0)
        return no_solution(budget)
    budget.note("deduce", t0)
    if st.solved():
        status = Status.UNIQUE if options.unique else Status.SOLVED
        solution = number_solution(board, [m.bit_length() for m in st.dom])
        return SolveResult(status, solution=solution, stats=budget.stats)
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

    def decode(solver: cp_model.CpSolver) -> NumberSolution:
        return number_solution(board, [next(d for d, v in vs.items() if solver.boolean_value(v)) for vs in x])

    return solve_twice(model, decision, decode, options, budget=budget)
