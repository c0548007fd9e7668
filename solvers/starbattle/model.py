"""The Star Battle solver: deductions and search first, CP-SAT for what they cannot finish.

:mod:`solvers.starbattle.deduce` makes a solver's deductions and :mod:`solvers.starbattle.search`
searches over them, counting answers up to two; every published board up to 15x15 settles in
milliseconds. A board the search has not settled in :data:`NODES_PER_CELL` nodes a cell (or
:data:`SEARCH_SHARE` of the time limit) goes to CP-SAT from the search's root state (deductions
and probes): boards made for people settle by deduction, but a random unique 20x20 board can
need deep search, where CP-SAT's conflict learning wins.

The CP-SAT model: one Boolean per cell, exactly ``stars`` per row, column and region, at most one
star per 2x2 window (that is "no two stars touch, diagonals included"), linear relaxation and
presolve off (on these small pure-Boolean models both only cost time, as do more workers than
one), and the usual second solve for uniqueness.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, no_solution, solve_twice, timeout_result
from solvers.errors import Message
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import Regions, cells_by_region, regions_and_stars
from solvers.starbattle.deduce import Deductions, dead_end
from solvers.starbattle.search import settle
from solvers.verdict import SolveOptions, SolveResult, Status

SEARCH_SHARE = 0.5  # of the time limit for the search at most; CP-SAT has the rest
NODES_PER_CELL = 1  # search nodes per cell before CP-SAT takes over (published boards: one needs more)
CPSAT_PARAMS = {"linearization_level": 0, "cp_model_presolve": False, "num_workers": 1}


def solution_of(regions: Regions, stars: int) -> StarSolution:
    """The answer a star bitboard stands for."""
    rows, cols = len(regions), len(regions[0])
    return StarSolution.from_cells(rows, cols, list(_cells(stars, rows, cols)))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a Star Battle board: unique / multiple (two answers) / none / timeout."""
    regions, stars = regions_and_stars(puzzle)
    result = solve_board(regions, stars, options)
    if result.status is Status.NONE:
        _say_where(regions, stars, result)
    return result


def _say_where(regions: Regions, stars: int, result: SolveResult) -> None:
    """A board with no answer: name the line the deductions leave unable to hold its stars (a row,
    column or region, or a pair of rows or columns), or the band of rows or columns its regions
    crowd or leave short, marking its cells (nothing when the dead end is only found by search)."""
    board = Deductions(regions, stars)
    li, band = dead_end(board)
    n, w = board.n, board.cols
    if li is not None:
        cells = _cells(board.lines[li], n, w)
        if li < n:
            message = Message("starbattle-row-stuck", {"row": li + 1, "stars": stars}, cells)
        elif li < n + w:
            message = Message("starbattle-column-stuck", {"column": li - n + 1, "stars": stars}, cells)
        elif li < board.base:
            message = Message("starbattle-region-stuck", {"cell": cells[0], "stars": stars}, cells)
        else:  # a pair of neighbouring rows, then of columns
            axis, lo = (0, li - board.base) if li - board.base < n - 1 else (1, li - board.base - (n - 1))
            message = _band_message("stuck", axis, lo, lo + 1, {"stars": 2 * stars}, cells)
    elif band is not None:
        masks = board.col_bands if band.axis else board.row_bands
        cells = _cells(masks[band.lo][band.hi], n, w)
        if band.crowded and band.lo == band.hi:
            code, where = ("starbattle-column-crowded", "column") if band.axis else ("starbattle-row-crowded", "row")
            message = Message(code, {where: band.lo + 1, "stars": stars}, cells)
        else:
            message = _band_message("crowded" if band.crowded else "short", band.axis, band.lo, band.hi,
                                    {"need": band.need, "got": band.got}, cells)
    else:
        return
    result.message = message
    result.cells = cells


def _band_message(kind: str, axis: int, lo: int, hi: int, params: dict[str, int],
                  cells: tuple[tuple[int, int], ...]) -> Message:
    """The message for rows (columns) ``lo``..``hi`` (0-based): ``starbattle-rows-<kind>`` or
    ``starbattle-columns-<kind>``, one line's own wording when ``lo == hi``."""
    lines = ("column" if axis else "row") + ("s" if hi > lo else "")
    place = {"first": lo + 1, "last": hi + 1} if hi > lo else {lines: lo + 1}
    return Message(f"starbattle-{lines}-{kind}", {**place, **params}, cells)


def _cells(mask: int, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """The cells of a bit mask over the board (bit ``r * cols + c``)."""
    return tuple(divmod(i, cols) for i in range(rows * cols) if mask >> i & 1)


def solve_board(regions: Regions, stars: int, options: SolveOptions, max_nodes: int | None = None) -> SolveResult:
    """The verdict for a Star Battle board: unique / multiple (two answers) / none / timeout.
    ``max_nodes`` bounds the search (0: CP-SAT settles whatever propagation alone does not)."""
    budget = Budget(options)
    t0 = time.perf_counter()
    want = 2 if options.unique else 1
    board = Deductions(regions, stars)
    found = settle(board, want, budget.start + options.time_limit * SEARCH_SHARE,
                   NODES_PER_CELL * len(regions) * len(regions[0]) if max_nodes is None else max_nodes)
    budget.stats.branches += found.nodes
    t0 = budget.note("search", t0)
    if found.complete or len(found.stars) >= want:
        if not found.stars:
            return no_solution(budget)
        first = solution_of(regions, found.stars[0])
        if len(found.stars) > 1:
            return SolveResult(Status.MULTIPLE, solution=first, second_solution=solution_of(regions, found.stars[1]),
                               stats=budget.stats)
        return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=first, stats=budget.stats)
    if budget.expired():
        return timeout_result(budget)
    model, xs = cpsat_model(regions, stars)
    root = found.root  # not None: the search found no dead end there
    if root is not None:
        for i, x in enumerate(xs):
            if root[0] >> i & 1:
                model.add(x == 1)
            elif root[1] >> i & 1:
                model.add(x == 0)
    budget.note("build", t0)

    def decode(s: cp_model.CpSolver) -> StarSolution:
        return solution_of(regions, sum(1 << i for i, x in enumerate(xs) if s.boolean_value(x)))

    return solve_twice(model, xs, decode, options, budget=budget, params=CPSAT_PARAMS)


def cpsat_model(regions: Regions, stars: int) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The rules as a CP-SAT model over one Boolean per cell (index ``r * cols + c``)."""
    rows, cols = len(regions), len(regions[0])
    model = cp_model.CpModel()
    xs = [model.new_bool_var(f"s{i}") for i in range(rows * cols)]
    for r in range(rows):
        model.add(sum(xs[r * cols:(r + 1) * cols]) == stars)
    for c in range(cols):
        model.add(sum(xs[r * cols + c] for r in range(rows)) == stars)
    for cells in cells_by_region(regions).values():
        model.add(sum(xs[r * cols + c] for r, c in cells) == stars)
    for r in range(rows - 1):
        for c in range(cols - 1):
            i = r * cols + c
            model.add_at_most_one([xs[i], xs[i + 1], xs[i + cols], xs[i + cols + 1]])
    return model, xs
