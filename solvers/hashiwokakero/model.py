"""Hashiwokakero solver: the deductions of :mod:`deduce`, then CP-SAT with lazy connectivity cuts.

Deductions settle most published boards alone; their result is then unique by construction
(every bound is implied by the rules) once the fixed bridges are checked to connect every
island. Otherwise CP-SAT takes the places left open: per place a Boolean "at least one bridge"
and "two bridges"; island sums; crossings exclude each other; and connectivity by re-solving
with one cut per separate group (some bridge must leave it), each cut a consequence of the
rules, so infeasible is a proof. Uniqueness: solve again with the first answer excluded.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, SolverStatus, found, no_solution, run, solve_twice
from solvers.errors import Message
from solvers.hashiwokakero.board import Board, board_of
from solvers.hashiwokakero.deduce import Bounds, Contradiction, propagate, start
from solvers.puzzle import Puzzle
from solvers.solution import BridgeSolution
from solvers.verdict import SolveOptions, SolveResult, Status

MAX_CUT_ROUNDS = 10_000
# the lazy-cut loop solves again after every cut: presolving each time costs more than it saves
# (the CP-SAT dev boards 0.29 -> 0.18 s in all, same verdicts)
FAST = {"cp_model_presolve": False}


def bridge_solution(board: Board, values: Sequence[int]) -> BridgeSolution:
    """The FORMATS.md answer of bridge counts per place."""
    out = []
    for e, v in zip(board.edges, values, strict=True):
        if v:
            ra, ca, _ = board.islands[e.a]
            rb, cb, _ = board.islands[e.b]
            out.append((ra, ca, rb, cb, v))
    return BridgeSolution(tuple(out), board.rows, board.cols)


def groups(board: Board, values: Sequence[int]) -> list[set[int]]:
    """The islands joined by the bridges ``values``, as separate groups (largest first)."""
    parent = list(range(len(board.islands)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e, v in zip(board.edges, values, strict=True):
        if v:
            parent[find(e.a)] = find(e.b)
    out: dict[int, set[int]] = {}
    for i in range(len(board.islands)):
        out.setdefault(find(i), set()).add(i)
    return sorted(out.values(), key=len, reverse=True)


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a board (unique / multiple / solved / none / timeout)."""
    return solve_board(board_of(puzzle.cells), options)


def solve_board(board: Board, options: SolveOptions) -> SolveResult:
    budget = Budget(options)
    t0 = time.perf_counter()
    if not board.islands:
        return SolveResult(Status.NONE, message=Message("hashiwokakero-no-islands"), stats=budget.stats)
    bounds = start(board)
    try:
        propagate(board, bounds)
    except Contradiction:
        budget.note("deduce", t0)
        return no_solution(budget)
    budget.note("deduce", t0)
    if bounds.fixed():
        if len(groups(board, bounds.lo)) > 1:
            return no_solution(budget)
        status = Status.UNIQUE if options.unique else Status.SOLVED
        return SolveResult(status, solution=bridge_solution(board, bounds.lo), stats=budget.stats)
    return _cpsat(board, bounds, options, budget)


def _cpsat(board: Board, bounds: Bounds, options: SolveOptions, budget: Budget) -> SolveResult:
    t0 = time.perf_counter()
    model = cp_model.CpModel()
    one: list[Any] = []
    two: list[Any] = []
    decision: list[cp_model.IntVar] = []

    def var(sure: bool, never: bool) -> Any:
        if sure or never:
            return model.new_constant(int(sure))
        x = model.new_bool_var("")
        decision.append(x)
        return x

    for k in range(len(board.edges)):
        lo, hi = bounds.lo[k], bounds.hi[k]
        x1, x2 = var(lo >= 1, hi == 0), var(lo == 2, hi <= 1)
        if lo == 0 and hi == 2:
            model.add_implication(x2, x1)
        one.append(x1)
        two.append(x2)
    for i, (_, _, n) in enumerate(board.islands):
        if n > 0:  # a '?' island takes any number
            model.add(sum(one[k] + two[k] for k in board.at[i]) == n)
    for h, v in board.crossings:
        if bounds.hi[h] and bounds.hi[v]:
            model.add_bool_or([one[h].Not(), one[v].Not()])
    budget.note("build", t0)

    def value(solver: cp_model.CpSolver, k: int) -> int:
        return int(solver.boolean_value(one[k])) + int(solver.boolean_value(two[k]))

    def runner(m: cp_model.CpModel, bud: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        for _ in range(MAX_CUT_ROUNDS):
            status, solver = run(m, bud, params=FAST)
            if not found(status):
                return status, solver
            values = [value(solver, k) for k in range(len(board.edges))]
            parts = groups(board, values)
            if len(parts) == 1:
                return status, solver
            for part in parts[1:] if len(parts) > 2 else parts[:1]:
                leaving = [one[k] for k, e in enumerate(board.edges)
                           if (e.a in part) != (e.b in part) and bounds.hi[k]]
                m.add_bool_or(leaving)
        return cp_model.UNKNOWN, solver

    def decode(solver: cp_model.CpSolver) -> BridgeSolution:
        return bridge_solution(board, [value(solver, k) for k in range(len(board.edges))])

    return solve_twice(model, decision, decode, options, budget=budget, runner=runner)

