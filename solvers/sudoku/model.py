"""Sudoku solver: the fast search of :mod:`solvers.sudoku.search` (singles, hidden singles,
branching on the tightest cell), counting solutions up to two. Searching the whole tree is the
uniqueness proof; 9x9 boards take milliseconds, published 16x16 boards well under a second."""

from __future__ import annotations

import time

from solvers.errors import Message
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.sudoku.check import region_grid
from solvers.sudoku.layout import layout, renumber
from solvers.sudoku.search import count
from solvers.verdict import SolveOptions, SolveResult, SolveStats, Status


def to_solution(n: int, flat: list[int] | tuple[int, ...]) -> NumberSolution:
    return NumberSolution(tuple(tuple(flat[r * n : (r + 1) * n]) for r in range(n)))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    n = puzzle.rows
    t0 = time.perf_counter()
    lay = layout(n, renumber(region_grid(n, puzzle.regions)))
    givens = [v for row in puzzle.cells for v in row]
    found = count(lay, givens, 2 if options.unique else 1, t0 + options.time_limit)
    stats = SolveStats(branches=found.nodes, solver_calls=1, wall_seconds=time.perf_counter() - t0,
                       phases={"search": time.perf_counter() - t0})
    sols = [to_solution(n, s) for s in found.solutions]
    if len(sols) >= 2:
        return SolveResult(Status.MULTIPLE, solution=sols[0], second_solution=sols[1], stats=stats)
    if not found.complete:
        msg = Message("timeout", {"seconds": f"{options.time_limit:g}"})
        return SolveResult(Status.TIMEOUT, solution=sols[0] if sols else None, message=msg, stats=stats)
    if not sols:
        return SolveResult(Status.NONE, message=Message("no-solution"), stats=stats)
    return SolveResult(Status.UNIQUE if options.unique else Status.SOLVED, solution=sols[0], stats=stats)
