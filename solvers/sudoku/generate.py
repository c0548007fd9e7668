"""The Sudoku generator for the engine: :mod:`making` builds and grades, the engine proves."""

from __future__ import annotations

import time

from solvers.generation import DEFAULT_BUDGET, Difficulty, GeneratedPuzzle, GenerationFailed, prove, sub_rng
from solvers.puzzle import Puzzle
from solvers.sudoku.layout import layout
from solvers.sudoku.making import make
from solvers.sudoku.model import to_solution
from solvers.verdict import SolveOptions


def generate(rows: int, cols: int, difficulty: Difficulty, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A sudoku of side ``rows`` (standard boxes) graded by the techniques it needs."""
    if rows != cols or rows not in (4, 6, 8, 9, 12, 16):
        raise GenerationFailed("sudoku-generation-failed", rows=rows, cols=cols)
    n = rows
    t0 = time.perf_counter()
    rng = sub_rng(seed, "sudoku", n, difficulty)
    made = make(layout(n), difficulty, rng, t0 + DEFAULT_BUDGET)
    if made is None:
        raise GenerationFailed("sudoku-generation-failed", rows=rows, cols=cols)
    puzzle = Puzzle("sudoku", tuple(tuple(made.givens[r * n : (r + 1) * n]) for r in range(n)))
    solution = to_solution(n, made.solution)
    ok, info = prove(puzzle, solution)
    if not ok:
        raise GenerationFailed("sudoku-generation-failed", rows=rows, cols=cols)
    info.update(attempts=made.attempts, technique=made.technique.name.lower(),
                clues=sum(1 for v in made.givens if v))
    return GeneratedPuzzle(puzzle, solution, Difficulty(made.grade), info, seed)
