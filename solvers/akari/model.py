"""The Akari solver: the rules as cardinality constraints, deduced, searched, then CP-SAT.

One Boolean per white cell (a light there). Rules: at most one light per run; every white cell
sees at least one light (its row run and column run); a numbered block has exactly its number of
lights among its white neighbours. :mod:`solvers.cardinality` propagates these, then tries each
open cell both ways (failed literals) — the deductions a human makes; published boards are
settled by them alone, and a board settled without a guess has exactly one solution. What stays
open goes to a small exhaustive search counting up to two answers, and a board that search
cannot finish in :data:`MAX_NODES` nodes goes to CP-SAT with everything deduced so far fixed.
"""

from __future__ import annotations

import time

from solvers.akari.board import Grid, Layout
from solvers.akari.notation import Given
from solvers.cardinality import UNKNOWN, Cardinality, Conflict, to_cpsat
from solvers.cpsat import Budget, no_solution, solve_twice, timeout_result
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution
from solvers.verdict import SolveOptions, SolveResult, Status

MAX_NODES = 400  # search nodes before the rest goes to CP-SAT
DEDUCE_SHARE = 0.25  # of the time limit, for the trials before any search
PROBE_NODES_UP_TO = 300  # open cells up to which each search node runs trials too (beyond, too dear)


def constraints(layout: Layout) -> Cardinality:
    """The rules over the layout's white cells (raises Conflict when a clue can never hold).

    Variables: one per white cell (a light), then one per run ("this run holds no light"). Each
    run holds exactly one of its cells' lights or its own dark flag; a white cell is lit unless
    both its runs are dark. Pairs instead of one "sees a light" rule over a whole cross keep each
    variable in a handful of small constraints, so propagation stays cheap on 100x100 boards.
    """
    n = len(layout.white)
    card = Cardinality(n + len(layout.runs))
    for k, run in enumerate(layout.runs):
        card.add((*run, n + k), 1, 1)
    for i in range(n):
        card.add((n + layout.row_run[i], n + layout.col_run[i]), 0, 1)
    for clue in layout.clues:
        card.add(clue.around, clue.number, clue.number)
    # trials on lights only (a run's dark flag follows from them), those beside numbers first:
    # most contradictions are found there, and each one found early spares later trials
    near = dict.fromkeys(i for clue in sorted(layout.clues, key=lambda cl: -cl.number) for i in clue.around)
    card.order = [*near, *(i for i in range(n) if i not in near)]
    return card


def deduce(layout: Layout, deadline: float | None = None) -> Cardinality:
    """The rules propagated and probed to a fixed point; raises Conflict on a board with no answer."""
    card = constraints(layout)
    card.probe(deadline)
    return card


def solve(puzzle: Puzzle[Given], options: SolveOptions) -> SolveResult:
    """The verdict for an Akari board: unique / multiple (two answers) / none / timeout."""
    return solve_grid(puzzle.cells, options)


def solve_grid(grid: Grid, options: SolveOptions) -> SolveResult:
    """The verdict for an Akari board: unique / multiple (two answers) / none / timeout."""
    budget = Budget(options)
    layout = Layout(grid)
    t0 = time.perf_counter()
    deadline = budget.start + options.time_limit
    try:  # trials get a quarter of the time at most: a board with many answers leaves the rest to search
        card = deduce(layout, budget.start + options.time_limit * DEDUCE_SHARE)
    except Conflict:
        budget.note("deduce", t0)
        return no_solution(budget)
    t0 = budget.note("deduce", t0)
    if UNKNOWN not in card.value:
        sol = _solution(layout, card.value)
        return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=sol, stats=budget.stats)
    open_cells = card.value.count(UNKNOWN)
    out = card.search(2 if options.unique else 1, deadline, MAX_NODES, probe_nodes=open_cells <= PROBE_NODES_UP_TO)
    t0 = budget.note("search", t0)
    if out.complete or len(out.solutions) >= (2 if options.unique else 1):
        return _verdict(layout, out.solutions, options, budget)
    if budget.expired():
        return timeout_result(budget)
    model, xs = to_cpsat(card)
    budget.note("build", t0)
    lights = xs[: len(layout.white)]  # the dark flags follow from the lights
    return solve_twice(model, lights, lambda s: _solution(layout, [int(s.boolean_value(x)) for x in lights]),
                       options, budget=budget)


def _verdict(layout: Layout, found: list[list[int]], options: SolveOptions, budget: Budget) -> SolveResult:
    if not found:
        return no_solution(budget)
    first = _solution(layout, found[0])
    if len(found) > 1:
        return SolveResult(Status.MULTIPLE, solution=first, second_solution=_solution(layout, found[1]),
                           stats=budget.stats)
    return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=first, stats=budget.stats)


def _solution(layout: Layout, value: list[int]) -> LightSolution:
    lit = {layout.white[i] for i, v in enumerate(value[: len(layout.white)]) if v == 1}
    return LightSolution.from_cells(layout.rows, layout.cols, lit)
