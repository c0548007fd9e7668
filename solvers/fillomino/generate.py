"""Fillomino generation: a random division into areas, numbers as givens until the solver proves one answer.

The division: areas grown from random cells to random sizes (1-6), redrawn until no two areas of
the same size touch. Givens: a random part of the cells; while the board has a second answer,
the numbers of a few cells where the two answers differ are added. The grade is the solver's
work (lazy-cut rounds).
"""

from __future__ import annotations

import random

from solvers.connectivity import components, neighbours
from solvers.fillomino.check import check_cells
from solvers.fillomino.model import solve
from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, Status

Cell = tuple[int, int]
THRESHOLDS = (4, 10)  # solver calls: easy up to 4, medium up to 10
SHARE = {"easy": 0.6, "medium": 0.5, "hard": 0.42}  # cells given at first


def random_division(rows: int, cols: int, rng: random.Random, biggest: int = 6) -> list[list[int]] | None:
    """A valid Fillomino answer (a number per cell), or None when this draw failed."""
    owner: dict[Cell, int] = {}
    areas: list[list[Cell]] = []
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    for start in cells:
        if start in owner:
            continue
        k = len(areas)
        area = [start]
        owner[start] = k
        target = rng.randint(1, biggest)
        while len(area) < target:
            options = sorted({n for cell in area for n in neighbours(rows, cols, cell) if n not in owner})
            if not options:
                break
            pick = rng.choice(options)
            area.append(pick)
            owner[pick] = k
        areas.append(area)
    # two touching areas of one size: merge small ones, else move a border cell from one to the other
    for _ in range(4 * rows * cols):
        size = {k: len(a) for k, a in enumerate(areas) if a}
        pairs = sorted({(owner[cell], owner[n]) for cell in owner for n in neighbours(rows, cols, cell)
                        if owner[n] != owner[cell] and size[owner[n]] == size[owner[cell]]})
        if not pairs:
            break
        keep, gone = rng.choice(pairs)
        if 2 * size[keep] <= biggest:
            for cell in areas[gone]:
                owner[cell] = keep
            areas[keep] += areas[gone]
            areas[gone] = []
            continue
        movable = [x for x in sorted(areas[gone]) if any(owner.get(n) == keep for n in neighbours(rows, cols, x))
                   and len(components(rows, cols, [y for y in areas[gone] if y != x])) == 1]
        if not movable:
            continue  # another pair next time (the choice is random)
        x = rng.choice(movable)
        areas[gone].remove(x)
        areas[keep].append(x)
        owner[x] = keep
    numbers = [[len(areas[owner[(r, c)]]) for c in range(cols)] for r in range(rows)]
    if max(max(row) for row in numbers) > 2 * biggest or check_cells([[0] * cols for _ in range(rows)], numbers):
        return None
    return numbers


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    # big boards: more givens, quicker proofs
    share = SHARE.get(difficulty, 0.5) + (0.2 if rows * cols > 150 else 0.1 if rows * cols > 100 else 0.0)

    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        numbers = random_division(rows, cols, rng)
        if numbers is None:
            return None
        given = set(rng.sample(cells, round(len(cells) * share)))
        for _ in range(20):
            grid = tuple(tuple(numbers[r][c] if (r, c) in given else 0 for c in range(cols)) for r in range(rows))
            puzzle = Puzzle("fillomino", grid)
            res = solve(puzzle, SolveOptions(time_limit=3.0, workers=1))
            if res.status is not Status.MULTIPLE or not isinstance(res.second_solution, NumberSolution):
                break
            other = res.second_solution.numbers
            wrong = sorted(cell for cell in cells if other[cell[0]][cell[1]] != numbers[cell[0]][cell[1]])
            given.update(rng.sample(wrong, min(4, len(wrong))))
        if res.status is not Status.UNIQUE or not isinstance(res.solution, NumberSolution):
            return None
        return Candidate.made(puzzle, res.solution, res.stats.solver_calls, sorted(given),
                              calls=res.stats.solver_calls)

    return search("fillomino", rows, cols, difficulty, seed, THRESHOLDS, attempt, attempts=2000)
