"""Shikaku generator: a random rectangle partition, one clue per rectangle, repaired until unique.

The clue set is fixed (one number per rectangle), so instead of removing clues the generator
moves clues: while a second answer exists, a clue whose rectangle differs in it moves to the
cell of its rectangle that leaves it the fewest candidate rectangles. Easy puzzles start with
every clue on such a cell, hard ones at random cells. Uniqueness is asked of the solver's own
exact-cover model with the intended answer excluded (:func:`solvers.shikaku.model.other_solution`,
settings :data:`ORACLE`), then proved by the engine.
"""

from __future__ import annotations

import math
import random
from typing import Literal

from solvers.cell import Cell
from solvers.generation import GRADE_ATTEMPTS, Candidate, GeneratedPuzzle, search
from solvers.puzzle import Puzzle
from solvers.solution import Rect, RectSolution
from solvers.verdict import SolveOptions, Status

# grade bounds on effort: rounds of simple deductions (CP-SAT's presolve alone solves nearly every
# Shikaku, so its effort figures cannot tell puzzles apart); 99 = deductions get stuck
THRESHOLDS = (4, 50)
CALL_LIMIT = 20.0
ORACLE = SolveOptions(time_limit=CALL_LIMIT, workers=1, seed=0, unique=True)  # every uniqueness question here
MAX_REPAIRS = 60


def random_partition(rows: int, cols: int, rng: random.Random, mean_area: float) -> list[Rect]:
    """Tile the board with random rectangles, filling the first free cell (row by row) each time."""
    free = [[True] * cols for _ in range(rows)]
    rects: list[Rect] = []
    amax = max(2, round(2 * mean_area))
    for r in range(rows):
        for c in range(cols):
            if not free[r][c]:
                continue
            wmax = 0
            while c + wmax < cols and free[r][c + wmax] and wmax < amax:
                wmax += 1
            options = []
            for w in range(1, wmax + 1):
                h = 1
                while r + h < rows and h * w < amax and all(free[r + h][c + k] for k in range(w)):
                    h += 1
                for hh in range(1, h + 1):
                    if 2 <= hh * w <= amax:
                        options.append((hh, w))
            if not options:
                options = [(1, 1)]
            weights = [1.0 / (1 + abs(h * w - mean_area)) for h, w in options]
            h, w = rng.choices(options, weights)[0]
            for i in range(h):
                for j in range(w):
                    free[r + i][c + j] = False
            rects.append((r, c, h, w))
    return rects


def _puzzle(rows: int, cols: int, clues: dict[Cell, int]) -> Puzzle[int]:
    cells = [[0] * cols for _ in range(rows)]
    for (r, c), n in clues.items():
        cells[r][c] = n
    return Puzzle("shikaku", tuple(tuple(row) for row in cells))


def second_answer(rows: int, cols: int, clues: dict[Cell, int],
                  owner: dict[Cell, Rect]) -> dict[Cell, Rect] | None | Literal[False]:
    """Another answer than ``owner`` (clue -> rectangle), None when ``owner`` is the only one,
    False when the solver could not tell in time."""
    from solvers.shikaku.model import other_solution

    known = RectSolution(tuple(sorted(owner.values())), rows, cols)
    res = other_solution(_puzzle(rows, cols, clues), known, ORACLE)
    if res.status is Status.UNIQUE:
        return None
    sol = res.second_solution
    if res.status is not Status.MULTIPLE or not isinstance(sol, RectSolution):
        return False
    return {cell: next(rect for rect in sol.rects if rect[0] <= cell[0] < rect[0] + rect[2]
                       and rect[1] <= cell[1] < rect[1] + rect[3]) for cell in clues}


def propagate(rows: int, cols: int, clues: dict[Cell, int]) -> tuple[bool, int]:
    """Solve by simple deductions only; returns (solved?, rounds used).

    Each round: cells every candidate of a clue covers belong to that clue, so other clues lose
    candidates over them; a cell only one clue can reach must be covered by that clue. The
    grade: few rounds = easy, many = medium, stuck (needs trial and error) = hard.
    """
    from solvers.shikaku.model import candidates_by_clue

    cand = {cell: set(rects) for cell, rects in candidates_by_clue(_puzzle(rows, cols, clues)).items()}
    rounds = 0
    while True:
        rounds += 1
        changed = False
        owned: dict[Cell, Cell] = {}
        for clue, rects in cand.items():
            if not rects:
                return False, rounds
            common = set(_cells(next(iter(rects))))
            for rect in rects:
                common &= set(_cells(rect))
            for cell in common:
                owned[cell] = clue
        reach: dict[Cell, set[Cell]] = {}
        for clue, rects in cand.items():
            keep = {rect for rect in rects if all(owned.get(x, clue) == clue for x in _cells(rect))}
            if keep != rects:
                cand[clue] = rects = keep
                changed = True
            for rect in rects:
                for x in _cells(rect):
                    reach.setdefault(x, set()).add(clue)
        for x, who in reach.items():
            if len(who) == 1:
                clue = next(iter(who))
                keep = {rect for rect in cand[clue] if x in _cells(rect)}
                if keep != cand[clue]:
                    cand[clue] = keep
                    changed = True
        if len(reach) < rows * cols:
            return False, rounds
        if all(len(rects) == 1 for rects in cand.values()):
            return True, rounds
        if not changed:
            return False, rounds


def _cells(rect: Rect) -> list[Cell]:
    t, left, h, w = rect
    return [(i, j) for i in range(t, t + h) for j in range(left, left + w)]


def _count(rows: int, cols: int, others: set[Cell] | dict[Cell, int], cell: Cell, n: int) -> int:
    """How many rectangles of area ``n`` contain ``cell`` and none of the ``others`` clue cells."""
    r, c = cell
    k = 0
    for h in range(1, n + 1):
        if n % h:
            continue
        w = n // h
        for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
            for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                if not any((i, j) in others for i in range(top, top + h) for j in range(left, left + w)):
                    k += 1
    return k


def _best_spot(rows: int, cols: int, clues: dict[Cell, int], rect: Rect, now: Cell, rng: random.Random) -> Cell:
    """The cell of ``rect`` where its clue has the fewest candidate rectangles (ties at random)."""
    n = clues[now]
    others = {k for k in clues if k != now}
    scored = sorted((_count(rows, cols, others, cell, n), rng.random(), cell) for cell in _cells(rect))
    return scored[0][2]


def _made(rows: int, cols: int, difficulty: str, rng: random.Random, mean_area: float) -> Candidate[Cell] | None:
    """One attempt: a random partition, its clues placed and moved until the answer is unique."""
    rects = random_partition(rows, cols, rng, mean_area)
    owner = {}
    clues: dict[Cell, int] = {}
    for rect in rects:
        cell = rng.choice(_cells(rect))
        clues[cell] = rect[2] * rect[3]
        owner[cell] = rect
    if difficulty != "hard":
        for cell in sorted(owner):
            if difficulty == "medium" and rng.random() < 0.5:
                continue
            rect = owner.pop(cell)
            spot = _best_spot(rows, cols, clues, rect, cell, rng)
            clues[spot] = clues.pop(cell)
            owner[spot] = rect
    for _ in range(MAX_REPAIRS):
        alt = second_answer(rows, cols, clues, owner)
        if alt is None:
            solved, rounds = propagate(rows, cols, clues)
            solution = RectSolution(tuple(sorted(owner.values())), rows, cols)
            return Candidate.made(_puzzle(rows, cols, clues), solution, rounds if solved else 99, sorted(clues))
        if alt is False:
            return None
        wrong = sorted(cell for cell, rect in alt.items() if owner[cell] != rect)
        cell = rng.choice(wrong)
        rect = owner.pop(cell)
        spot = _best_spot(rows, cols, clues, rect, cell, rng)
        if spot == cell:  # already at its best: try any other cell of the rectangle
            spot = rng.choice(_cells(rect))
        clues[spot] = clues.pop(cell)
        owner[spot] = rect
    return None


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    mean_area = max(3.0, math.sqrt(rows * cols) / 2)
    return search("shikaku", rows, cols, difficulty, seed, THRESHOLDS,
                  lambda rng: _made(rows, cols, difficulty, rng, mean_area),
                  grade_attempts=10 * GRADE_ATTEMPTS)  # attempts are cheap here
