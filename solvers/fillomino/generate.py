"""Fillomino generation: a random division into areas, then givens removed while a person could
still solve the board.

The division: areas grown from random cells to random sizes (1-6), redrawn until no two areas of
the same size touch. Givens: every cell at first; each, in random order, is removed when the
deductions of :mod:`solvers.fillomino.deduce` still fill the board (sound deductions that fill
it prove the answer unique). Easy boards need only the cheap rules, medium ones the deep rule,
hard ones a short search on top (a last pass over 15 givens, up to 45 until one goes, keeps a
removal when the search, within 40 nodes, finds one answer). The grade is what :func:`effort` needed.
"""

from __future__ import annotations

import random
import time

from solvers.connectivity import components, neighbours
from solvers.fillomino.check import check_cells
from solvers.fillomino.deduce import Contradiction, deduce, grid_near, start_masks
from solvers.fillomino.search import OutOfTime, Search
from solvers.generation import Candidate, GeneratedPuzzle, remove_clues, search
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions

Cell = tuple[int, int]
THRESHOLDS = (0, 1)  # effort(): 0 cheap rules only, 1 the deep rule too, more: a search
LEVELS = {"easy": 0, "medium": 1, "hard": 2}
SEARCH_NODES = 40  # a hard board's search may take this many nodes per trial removal
SEARCH_SECONDS = 5.0  # (a guard only: the node budget keeps a seed's puzzle the same on any machine)
HARD_TRIALS = 15  # givens tried in the hard pass (each trial a search; up to 45 until one goes)


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
    near = grid_near(rows, cols)
    level = LEVELS.get(difficulty, 1)

    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        numbers = random_division(rows, cols, rng)
        if numbers is None:
            return None
        flat = [numbers[r][c] for r, c in cells]
        kept = frozenset(range(len(flat)))

        def board(trial: frozenset[int]) -> list[int]:
            return [x if i in trial else 0 for i, x in enumerate(flat)]

        # easy: what the cheap rules solve; medium: with the deep rule
        stage = min(level, 1)
        kept = remove_clues(sorted(kept), lambda trial, _: None if effort(near, board(trial), stage) is not None
                            else False, rng)
        if level == 2:  # hard: each further removal that stays unique needs the search
            order = sorted(kept)
            rng.shuffle(order)
            removed = 0
            for tries, i in enumerate(order):
                if tries >= (HARD_TRIALS if removed else 3 * HARD_TRIALS):
                    break
                if effort(near, board(kept - {i}), 2) is not None:
                    kept -= {i}
                    removed += 1
        grid = tuple(tuple(numbers[r][c] if r * cols + c in kept else 0 for c in range(cols)) for r in range(rows))
        work = effort(near, [x for row in grid for x in row], 2)
        if work is None:
            return None
        solution = NumberSolution(tuple(tuple(row) for row in numbers))
        return Candidate.made(Puzzle("fillomino", grid), solution, work,
                              sorted(cells[i] for i in kept))

    return search("fillomino", rows, cols, difficulty, seed, THRESHOLDS, attempt, attempts=2000)


def effort(near: list[list[int]], flat: list[int], stage: int) -> float | None:
    """How hard the givens ``flat`` (0 = empty) are, or None when ``stage`` does not prove them
    unique: 0 the cheap rules fill the board (stage 0); 1 the deep rule is needed (stage 1);
    2 + search nodes when a short search is needed (stage 2)."""
    top = max(flat)
    cand = start_masks(near, flat)
    try:
        deduce(near, cand, top, deep=False)
        if all(x & (x - 1) == 0 for x in cand):
            return 0.0
        if stage < 1:
            return None
        deduce(near, cand, top)
        if all(x & (x - 1) == 0 for x in cand):
            return 1.0
    except Contradiction:
        return None
    if stage < 2:
        return None
    finder = Search(top, time.perf_counter() + SEARCH_SECONDS, max_nodes=SEARCH_NODES)
    try:
        found = finder.answers(near, cand)
    except OutOfTime:
        return None
    return 2.0 + finder.nodes if len(found) == 1 else None
