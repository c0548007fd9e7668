"""The Hashiwokakero generator for the engine: :mod:`making` builds and grades, the engine proves."""

from __future__ import annotations

import time

from solvers.generation import DEFAULT_BUDGET, Difficulty, GeneratedPuzzle, GenerationFailed, prove, sub_rng
from solvers.hashiwokakero.making import make
from solvers.puzzle import Puzzle
from solvers.solution import BridgeSolution
from solvers.verdict import SolveOptions


def generate(rows: int, cols: int, difficulty: Difficulty, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    t0 = time.perf_counter()
    made = make(rows, cols, difficulty, sub_rng(seed, "hashiwokakero", rows, cols, difficulty), t0 + DEFAULT_BUDGET)
    if made is None:
        raise GenerationFailed("hashiwokakero-generation-failed", rows=rows, cols=cols)
    puzzle = Puzzle("hashiwokakero", made.cells)
    solution = BridgeSolution(made.bridges, rows, cols)
    ok, info = prove(puzzle, solution)
    if not ok:
        raise GenerationFailed("hashiwokakero-generation-failed", rows=rows, cols=cols)
    info.update(attempts=made.attempts, islands=sum(1 for row in made.cells for v in row if v))
    return GeneratedPuzzle(puzzle, solution, Difficulty(made.grade), info, seed)
