"""Making a graded Sudoku: one attempt of :func:`solvers.generation.search`.

As Simon Tatham's Solo does: fill a random grid, then remove givens in symmetric pairs (180°
rotation) while the board stays solvable *with the techniques of the asked grade* (easy: singles;
medium: also intersections and subsets; hard: anything, as long as the solution stays unique),
so an easy board never needs more than singles. The search makes a board that came out easier
than asked again; after a few tries it keeps the closest one.
"""

from __future__ import annotations

import random

from solvers.generation import Candidate
from solvers.puzzle import Puzzle
from solvers.sudoku.layout import Layout
from solvers.sudoku.logic import GRADE, Technique, deduce
from solvers.sudoku.model import to_solution
from solvers.sudoku.search import count, random_grid

CEILING = {"easy": Technique.SINGLES, "medium": Technique.SUBSETS, "hard": None}
ORDER = ("easy", "medium", "hard")


def orbits(n: int) -> list[tuple[int, ...]]:
    """Cells grouped with their 180° rotation partner (the centre alone on odd sides)."""
    out: list[tuple[int, ...]] = []
    last = n * n - 1
    for i in range(n * n):
        j = last - i
        if i < j:
            out.append((i, j))
        elif i == j:
            out.append((i,))
    return out


def candidate(lay: Layout, difficulty: str, rng: random.Random, deadline: float) -> Candidate[int]:
    """A random filled grid; its clues are the symmetric pairs of givens, and a pair may go while the
    board stays solvable with the techniques of the asked grade (unique, for a hard one)."""
    solution = random_grid(lay, rng)
    groups = orbits(lay.n)
    ceiling = CEILING[difficulty]

    def givens_of(kept: frozenset[int]) -> list[int]:
        g = [0] * lay.cells
        for k in kept:
            for i in groups[k]:
                g[i] = solution[i]
        return g

    def alternative(trial: frozenset[int], kept: frozenset[int]) -> frozenset[int] | None | bool:
        givens = givens_of(trial)
        if ceiling is not None:
            return None if deduce(lay, givens, ceiling).solved else False
        found = count(lay, givens, 2, deadline)
        if not found.complete:
            return False
        if len(found.solutions) < 2:
            return None
        other = next(s for s in found.solutions if list(s) != list(solution))
        return frozenset(k for k, g in enumerate(groups) if any(other[i] != solution[i] for i in g))

    def puzzle_of(kept: frozenset[int]) -> Puzzle[int]:
        givens = givens_of(kept)
        return Puzzle("sudoku", tuple(tuple(givens[r * lay.n : (r + 1) * lay.n]) for r in range(lay.n)))

    def effort_of(kept: frozenset[int]) -> float:
        return ORDER.index(GRADE[deduce(lay, givens_of(kept)).hardest])

    return Candidate(list(range(len(groups))), alternative, puzzle_of, effort_of, to_solution(lay.n, solution))
