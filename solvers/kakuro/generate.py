"""The Kakuro generator for the engine: :mod:`making` builds and grades, the search proves."""

from __future__ import annotations

import random
import time

from solvers.cell import Cell
from solvers.clues import Sum
from solvers.generation import DEFAULT_BUDGET, Candidate, GeneratedPuzzle, search
from solvers.kakuro.making import GRADES, make
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions

THRESHOLDS = (0.0, 1.0)  # the index of the grade :mod:`making` gives (the deductions a board needs)


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A Kakuro of ``rows`` x ``cols`` cells including its clue row and column."""
    deadline = time.perf_counter() + DEFAULT_BUDGET

    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        made = make(rows, cols, difficulty, rng, deadline)
        if made is None:
            return None
        solution = NumberSolution(tuple(tuple(v or None for v in row) for row in made.numbers))
        sums = [(r, c) for r, row in enumerate(made.cells) for c, v in enumerate(row) if isinstance(v, Sum)]
        return Candidate.made(Puzzle("kakuro", made.cells), solution, GRADES.index(made.grade), sums)

    return search("kakuro", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200, grade_attempts=200)
