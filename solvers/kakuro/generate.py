"""The Kakuro generator for the engine: :mod:`making` builds and grades, the engine proves."""

from __future__ import annotations

import time

from solvers.generation import DEFAULT_BUDGET, Difficulty, GeneratedPuzzle, GenerationFailed, prove, sub_rng
from solvers.kakuro.making import make
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions


def generate(rows: int, cols: int, difficulty: Difficulty, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A Kakuro of ``rows`` x ``cols`` cells including its clue row and column."""
    t0 = time.perf_counter()
    made = make(rows, cols, difficulty, sub_rng(seed, "kakuro", rows, cols, difficulty), t0 + DEFAULT_BUDGET)
    if made is None:
        raise GenerationFailed("kakuro-generation-failed", rows=rows, cols=cols)
    puzzle = Puzzle("kakuro", made.cells)
    solution = NumberSolution(tuple(tuple(v or None for v in row) for row in made.numbers))
    ok, info = prove(puzzle, solution)
    if not ok:
        raise GenerationFailed("kakuro-generation-failed", rows=rows, cols=cols)
    info.update(attempts=made.attempts)
    return GeneratedPuzzle(puzzle, solution, Difficulty(made.grade), info, seed)
