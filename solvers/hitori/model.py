"""The Hitori solver: deductions first, a small exhaustive search, CP-SAT only as the fallback.

:mod:`solvers.hitori.deduce` settles most published boards outright (then the answer is unique:
every deduction is a rule consequence) and its search counts the rest in milliseconds. A board
whose search runs past its node budget (an unusual hand-made board) goes to CP-SAT with the
deduced cells fixed: one Boolean per cell, "not two adjacent shaded", "at most one unshaded per
number per line", and connectivity of the unshaded cells by lazy cuts
(:func:`solvers.connectivity.cuts` / :func:`solvers.connectivity.solve_connected`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from solvers.connectivity import cuts, solve_connected
from solvers.cpsat import Budget, found, run, staged
from solvers.errors import Message
from solvers.explain import conflict_message
from solvers.hitori.conflict import conflicting_numbers
from solvers.hitori.deduce import BLACK, UNKNOWN, WHITE, Board, count, crowded, rows_of, start
from solvers.puzzle import Puzzle
from solvers.verdict import ShadeOutcome, ShadeRows, SolveOptions, SolveResult, Status

if TYPE_CHECKING:  # imported when the deductions leave cells open (0.15 s cpu a board they settle saves)
    from ortools.sat.python import cp_model

    from solvers.connectivity import Lit
    from solvers.cpsat import SolverStatus

SEARCH_NODES = 20_000  # search nodes before CP-SAT takes over (published 20x20 boards need under 10)
CPSAT_PARAMS = {"num_workers": 1, "cp_model_presolve": False, "linearization_level": 0}


def solve_numbers(numbers: Sequence[Sequence[int]], options: SolveOptions,
                  search_nodes: int = SEARCH_NODES) -> ShadeOutcome:
    """The verdict for a board of numbers (uniqueness asked or not, by ``options.unique``)."""
    def begin() -> tuple[Board, list[int]]:
        board = Board.of(numbers)
        return board, start(board)

    def search(begun: tuple[Board, list[int]], limit: int, deadline: float) -> list[ShadeRows]:
        board, state = begun
        return [rows_of(board, a) for a in count(board, state, limit, search_nodes, deadline=deadline)]

    return staged(options, begin, search, lambda begun, budget, limit: _cpsat(*begun, budget, limit))


def _cpsat(board: Board, state: list[int], budget: Budget, limit: int) -> ShadeOutcome:
    """CP-SAT on the cells the deductions left open (see the module doc)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    n, cols = len(state), board.cols
    black = [model.new_bool_var(f"b{i}") for i in range(n)]
    for i, s in enumerate(state):
        if s != UNKNOWN:
            model.add(black[i] == int(s == BLACK))
        for j in board.nbrs[i]:
            if j > i:
                model.add_bool_or([black[i].Not(), black[j].Not()])
        for j in board.peers[i]:
            if j > i:
                model.add_bool_or([black[i], black[j]])

    def white(cell: tuple[int, int]) -> Lit:
        return black[cell[0] * cols + cell[1]].Not()

    def prefer(cell: tuple[int, int]) -> int:
        return 0 if state[cell[0] * cols + cell[1]] == WHITE else 1

    def find_cuts(solver: cp_model.CpSolver) -> list[list[Lit]]:
        chosen = [divmod(i, cols) for i in range(n) if not solver.boolean_value(black[i])]
        return cuts(board.rows, cols, chosen, white, prefer)

    def once(m: cp_model.CpModel, b: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        return run(m, b, params=CPSAT_PARAMS)

    runner = partial(solve_connected, find_cuts=find_cuts, runner=once)
    answers: list[ShadeRows] = []
    while len(answers) < limit:
        t0 = time.perf_counter()
        status, solver = runner(model, budget)
        budget.note("cpsat", t0)
        if status == cp_model.INFEASIBLE:
            break
        if not found(status):
            return ShadeOutcome(Status.TIMEOUT, tuple(answers), budget.stats)
        values = [solver.boolean_value(b) for b in black]
        answers.append(rows_of(board, [BLACK if v else WHITE for v in values]))
        model.add_bool_or([b.Not() if v else b for b, v in zip(black, values, strict=True)])
    return ShadeOutcome.of(answers, budget.options, budget.stats)


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a Hitori board (unique / multiple / solved / none / timeout)."""
    result = solve_numbers(puzzle.cells, options).result(options)
    if result.status is Status.NONE:
        _say_where(puzzle.cells, result, options)
    return result


def _say_where(numbers: Sequence[Sequence[int]], result: SolveResult, options: SolveOptions) -> None:
    """A board with no answer: name and mark a line whose copies of one number cannot be shaded
    down to one without two shaded cells touching, else (given time to explain) a small set of
    numbers that cannot all be right (:mod:`solvers.hitori.conflict`)."""
    board = Board.of(numbers)
    where = crowded(board)
    if where is None:
        cells = conflicting_numbers(numbers, options.explain) if options.explain > 0 else None
        if cells:
            result.message = conflict_message(cells)
            result.cells = cells
        return
    li, number, flat = where
    cells = tuple(divmod(i, board.cols) for i in flat)
    code, params = (("hitori-crowded-row", {"row": li + 1}) if li < board.rows
                    else ("hitori-crowded-column", {"column": li - board.rows + 1}))
    result.message = Message(code, {**params, "number": number, "count": len(cells)}, cells)
    result.cells = cells
