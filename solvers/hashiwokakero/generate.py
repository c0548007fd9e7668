"""The Hashiwokakero generator for the engine: :mod:`making` builds and grades, the search proves."""

from __future__ import annotations

import random

from solvers.cell import Cell
from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.hashiwokakero.making import GRADES, make
from solvers.puzzle import Puzzle
from solvers.solution import BridgeSolution
from solvers.verdict import SolveOptions

THRESHOLDS = (0.0, 1.0)  # the index of the grade :mod:`making` gives (the deductions a board needs)


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        made = make(rows, cols, difficulty, rng)
        if made is None:
            return None
        solution = BridgeSolution(made.bridges, rows, cols)
        islands = [(r, c) for r, row in enumerate(made.cells) for c, v in enumerate(row) if v]
        return Candidate.made(Puzzle("hashiwokakero", made.cells), solution, GRADES.index(made.grade), islands)

    return search("hashiwokakero", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=400,
                  grade_attempts=400)
