"""The Sudoku generator: :mod:`making` draws a grid and says which givens may go, the search thins,
grades and proves."""

from __future__ import annotations

import time

from solvers.errors import InvalidPuzzle
from solvers.generation import DEFAULT_BUDGET, GeneratedPuzzle, search
from solvers.sudoku.layout import layout
from solvers.sudoku.making import candidate
from solvers.verdict import SolveOptions

THRESHOLDS = (0.0, 1.0)  # the index of the grade of the hardest technique the board needs
ATTEMPTS = 40  # boards made until one grades as asked (a hard one, needing fish or more, is the rarest)
SIDES = (4, 6, 8, 9, 12, 16)  # the sides the generator makes (standard boxes)


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A sudoku of side ``rows`` (standard boxes) graded by the techniques it needs."""
    if rows != cols or rows not in SIDES:
        raise InvalidPuzzle("sudoku-generate-size", rows=rows, cols=cols, sizes=", ".join(f"{n}x{n}" for n in SIDES))
    lay = layout(rows)
    deadline = time.perf_counter() + DEFAULT_BUDGET
    return search("sudoku", rows, cols, difficulty, seed, THRESHOLDS,
                  lambda rng: candidate(lay, difficulty, rng, deadline), attempts=ATTEMPTS, grade_attempts=ATTEMPTS)
