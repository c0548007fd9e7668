"""Making a graded Sudoku (plain data; :mod:`solvers.sudoku.generate` wraps it for the engine).

As Simon Tatham's Solo does: fill a random grid, then remove givens in symmetric pairs (180°
rotation) while the board stays solvable *with the techniques of the asked grade* (easy: singles;
medium: also intersections and subsets; hard: anything, as long as the solution stays unique),
so an easy board never needs more than singles. A board that came out easier than asked is
made again; after a few tries the closest one is kept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.generation import remove_clues
from solvers.sudoku.layout import Layout
from solvers.sudoku.logic import GRADE, Technique, deduce
from solvers.sudoku.search import count, random_grid

CEILING = {"easy": Technique.SINGLES, "medium": Technique.SUBSETS, "hard": None}
ORDER = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Made:
    givens: tuple[int, ...]  # flat, 0 = empty
    solution: tuple[int, ...]
    technique: Technique
    attempts: int

    @property
    def grade(self) -> str:
        return GRADE[self.technique]


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


def thin(lay: Layout, solution: Sequence[int], difficulty: str, rng: random.Random,
         deadline: float) -> list[int]:
    """The givens left after removing symmetric pairs while the board stays solvable at the grade."""
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

    kept = remove_clues(list(range(len(groups))), alternative, rng, deadline=deadline)
    return givens_of(kept)


def make(lay: Layout, difficulty: str, rng: random.Random, deadline: float, attempts: int = 10) -> Made | None:
    """A board of the asked grade, or the closest of ``attempts`` tries; None if none was made in time."""
    best: Made | None = None
    for attempt in range(1, attempts + 1):
        if time.perf_counter() > deadline:
            break
        solution = random_grid(lay, rng)
        givens = thin(lay, solution, difficulty, rng, deadline)
        technique = deduce(lay, givens).hardest
        made = Made(tuple(givens), tuple(solution), technique, attempt)
        gap = abs(ORDER.index(made.grade) - ORDER.index(difficulty))
        if best is None or gap < abs(ORDER.index(best.grade) - ORDER.index(difficulty)):
            best = made
        if gap == 0:
            break
    return best
