"""LITS generator: a random connected set of pieces, then rooms grown around them while unique.

1. Pieces: tetrominoes (L, I, T, S in random orientations) are added one at a time touching the
   ones placed so far, never overlapping, never filling a 2x2 block and never sharing an edge with
   a piece of the same shape, until the board is about half shaded or nothing more fits.
2. Rooms: each piece starts as its own room (then the answer is unique: one placement per room);
   the unshaded cells join neighbouring rooms one at a time, each to a room that keeps the answer
   unique (:func:`grow_rooms`; the solver, :mod:`solvers.lits.model`, decides).

Grades: the share of rooms the deductions (:func:`solvers.lits.deduce.start`) leave open.
"""

from __future__ import annotations

import random
import time

from solvers.generation import BestAttempt, GeneratedPuzzle, grade, prove, sub_rng
from solvers.lits.deduce import Board, Contradiction, start
from solvers.lits.model import solve_regions
from solvers.lits.shapes import ORIENTATIONS, OUTSIDE
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status

Cell = tuple[int, int]
THRESHOLDS = (0.0, 0.35)  # share of rooms the deductions leave open: easy none
BUDGET = 30.0
DENSITY = 0.5


def _nbrs(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= y < rows and 0 <= x < cols]


def pieces(rows: int, cols: int, rng: random.Random) -> dict[Cell, int]:
    """Cell -> piece number of a random valid, connected arrangement of pieces."""
    owner: dict[Cell, int] = {}
    shape_of: list[int] = []
    fails = 0
    while len(owner) < DENSITY * rows * cols and fails < 300:
        shape, form = rng.choice(ORIENTATIONS)
        if owner:
            frontier = sorted({q for cell in owner for q in _nbrs(rows, cols, cell) if q not in owner})
            fr, fc = rng.choice(frontier)
        else:
            fr, fc = rng.randrange(rows), rng.randrange(cols)
        ar, ac = rng.choice(form)
        cells = [(fr + r - ar, fc + c - ac) for r, c in form]
        if not _fits(rows, cols, owner, shape_of, cells, shape):
            fails += 1
            continue
        fails = 0
        for cell in cells:
            owner[cell] = len(shape_of)
        shape_of.append(shape)
    return owner


def _fits(rows: int, cols: int, owner: dict[Cell, int], shape_of: list[int], cells: list[Cell], shape: int) -> bool:
    mine = set(cells)
    for r, c in cells:
        if not (0 <= r < rows and 0 <= c < cols) or (r, c) in owner:
            return False
        for q in _nbrs(rows, cols, (r, c)):
            if q in owner and shape_of[owner[q]] == shape:
                return False
    for r, c in cells:  # no 2x2 block of shaded cells
        for top in (r - 1, r):
            for left in (c - 1, c):
                block = [(top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)]
                if all(0 <= y < rows and 0 <= x < cols and ((y, x) in owner or (y, x) in mine) for y, x in block):
                    return False
    return True


def grow_rooms(rows: int, cols: int, owner: dict[Cell, int], rng: random.Random,
               deadline: float) -> list[list[int]] | None:
    """Rooms around the pieces, grown one unshaded cell at a time while the answer stays unique.

    Each step some cell on the rooms' edge joins a neighbouring room. A room that gains a cell only
    gains placements, so a second answer never goes away again: when no cell can join any room
    without one, the attempt fails.
    """
    grid = [[OUTSIDE] * cols for _ in range(rows)]
    for (r, c), k in owner.items():
        grid[r][c] = k + 1
    opts = SolveOptions(time_limit=5.0, workers=1, seed=0)
    left = rows * cols - len(owner)
    while left:
        edge = sorted({q for r in range(rows) for c in range(cols) if grid[r][c] != OUTSIDE
                       for q in _nbrs(rows, cols, (r, c)) if grid[q[0]][q[1]] == OUTSIDE})
        rng.shuffle(edge)
        for y, x in edge:  # the first cell that can join a room and keep the answer unique
            if time.perf_counter() > deadline:
                return None
            choices = sorted({grid[r][c] for r, c in _nbrs(rows, cols, (y, x)) if grid[r][c] != OUTSIDE})
            rng.shuffle(choices)
            for k in choices:
                grid[y][x] = k
                if solve_regions(grid, opts).status is Status.UNIQUE:
                    break
                grid[y][x] = OUTSIDE
            if grid[y][x] != OUTSIDE:
                break
        else:
            return None
        left -= 1
    return grid


def effort(grid: list[list[int]]) -> float:
    """The share of rooms the deductions leave open."""
    try:
        state = start(Board.of(grid))
    except Contradiction:
        return 1.0
    return sum(1 for left in state.left if left > 1) / len(state.left)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    deadline = time.perf_counter() + BUDGET
    search = BestAttempt(difficulty, limit=8)
    for n in range(200):
        if time.perf_counter() > deadline and search.best is not None:
            break
        rng = sub_rng(seed, "lits", rows, cols, difficulty, n)
        owner = pieces(rows, cols, rng)
        grid = grow_rooms(rows, cols, owner, rng, deadline + 30) if owner else None
        if grid is None:
            continue
        ids: dict[int, int] = {}
        regions = tuple(tuple(ids.setdefault(v, len(ids) + 1) for v in row) for row in grid)
        puzzle = Puzzle("lits", tuple((0,) * cols for _ in range(rows)), regions=regions)
        solution = ShadeSolution.from_cells(rows, cols, owner)
        ok, info = prove(puzzle, solution)
        if not ok:
            continue
        eff = effort(grid)
        info.update(attempts=n + 1, effort=round(eff, 3), pieces=len(ids))
        if search.offer(GeneratedPuzzle(puzzle, solution, grade(eff, THRESHOLDS), info, seed)):
            break
    return search.result("lits-generation-failed", rows=rows, cols=cols)
