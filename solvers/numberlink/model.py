"""Numberlink's solve: a first answer, then (with ``options.unique``) the proof that it is the only
one, then the verdict.

The parts, each in its own module: :mod:`solvers.numberlink.cpmodel` (one CP-SAT circuit for all
numbers), :mod:`solvers.numberlink.router` (a first answer without search on big Nikoli boards)
and :mod:`solvers.numberlink.uniqueness` (the exact proof, the detour test, the window search).

First answers: under the Nikoli rule, on boards of ROUTER_FROM cells or more, the router tries
first (when its answer is not tight, it and its tightened form are two answers at once); then
CP-SAT, first narrowed by a heuristic literal (Nikoli: every cell used — most well-made boards'
answers are; Flow: tight), then the exact model.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, found, no_solution, run, timeout_result
from solvers.gridgraph import Grid
from solvers.numberlink.cpmodel import BuildTimeout, NumberlinkModel, build, solver_params
from solvers.numberlink.router import ROUTER_FROM, route
from solvers.numberlink.uniqueness import prove
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution
from solvers.verdict import SolveOptions, SolveResult, Status


@dataclass(frozen=True)
class Answers:
    """A verdict and the answers behind it, each as a set of grid edge indices."""

    status: Status
    first: set[int] | None = None
    second: set[int] | None = None


def solve(puzzle: Puzzle[int], options: SolveOptions, *, router_from: int | None = None) -> SolveResult:
    """Join the pairs; with ``options.unique`` also prove there is no other way (or find one).

    ``router_from``: the board size (cells) from which the router tries first (default
    ROUTER_FROM; the generator, whose boards it routes well, asks for it on every board)."""
    budget = Budget(options)
    grid = Grid(puzzle.rows, puzzle.cols)
    params = solver_params(options, grid.size)
    t0 = time.perf_counter()
    answers, nm = _first_answer(puzzle, grid, options, budget, params, router_from)
    if answers.status is Status.SOLVED:
        budget.note("first", t0)
    if answers.status is not Status.SOLVED or not options.unique or answers.first is None:
        return _result(grid, budget, answers)
    status, second = prove(puzzle, grid, answers.first, nm, budget, params)
    return _result(grid, budget, Answers(status, answers.first, second))


def _first_answer(puzzle: Puzzle[int], grid: Grid, options: SolveOptions, budget: Budget, params: dict[str, int],
                  router_from: int | None) -> tuple[Answers, NumberlinkModel | None]:
    """A first answer (solved; multiple when the router has two at once; none; timeout), and the
    board's model when CP-SAT found it (the proof reuses it)."""
    if "fill" not in puzzle.variants and grid.size >= (ROUTER_FROM if router_from is None else router_from):
        routed = route(puzzle, grid, options)
        if routed is not None:
            tight, loose = routed
            if options.unique and loose != tight:  # a path ran beside itself: two answers in hand
                return Answers(Status.MULTIPLE, tight, loose), None
            return Answers(Status.SOLVED, tight), None
    try:
        nm = build(puzzle, budget.remaining())
    except BuildTimeout:
        return Answers(Status.TIMEOUT), None
    return _search_first(nm, budget, params), nm


def _search_first(nm: NumberlinkModel, budget: Budget, params: dict[str, int]) -> Answers:
    """CP-SAT's first answer: narrowed by the heuristic literal (with part of the time, no
    presolve), then the exact model."""
    narrowed = nm.model.clone()
    narrowed.add(narrowed.get_bool_var_from_proto_index(nm.hint_lit.index) == 1)
    status, solver = run(narrowed, budget.part(0.7 * budget.remaining()), params={**params, "cp_model_presolve": False})
    if not found(status):
        status, solver = run(nm.model, budget, params=params)
        if status == cp_model.INFEASIBLE:
            return Answers(Status.NONE)
        if not found(status):
            return Answers(Status.TIMEOUT)
    return Answers(Status.SOLVED, nm.used(solver))


def _result(grid: Grid, budget: Budget, answers: Answers) -> SolveResult:
    """The verdict with its answers drawn as solutions (a timeout keeps the first answer, if any)."""
    if answers.status is Status.NONE:
        return no_solution(budget)
    timed_out = answers.status is Status.TIMEOUT
    res = timeout_result(budget) if timed_out else SolveResult(answers.status, stats=budget.stats)
    res.solution = None if answers.first is None else _solution(grid, answers.first)
    res.second_solution = None if answers.second is None else _solution(grid, answers.second)
    return res


def _solution(grid: Grid, used: set[int]) -> LinkSolution:
    return LinkSolution.from_masks(grid.masks_from_edges(used))
