"""LITS generator: a random connected set of pieces, then rooms grown around them while unique.

1. Pieces: tetrominoes (L, I, T, S in random orientations) are added one at a time touching the
   ones placed so far, never overlapping, never filling a 2x2 block and never sharing an edge with
   a piece of the same shape, until the board is about half shaded or nothing more fits.
2. Rooms: each piece starts as its own room; the unshaded cells join neighbouring rooms one at a
   time while the answer stays unique, the last ones where they open the fewest other pieces
   (:func:`grow_rooms`).
3. The deductions and their search (:mod:`solvers.lits.deduce`) count answers. While it finds a second one, a cell that
   answer shades but ours does not moves to a neighbouring room (:func:`_move`): that answer's
   piece no longer fits, ours are untouched. A draw that does not settle is dropped.

Grades: the share of rooms the deductions (:func:`solvers.lits.deduce.start`) leave open.
"""

from __future__ import annotations

import random
import time

from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.lits.deduce import Board, Contradiction, OutOfBudget, count, start
from solvers.lits.shapes import ORIENTATIONS, OUTSIDE
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions

Cell = tuple[int, int]
THRESHOLDS = (0.0, 0.35)  # share of rooms the deductions leave open: easy none
BUDGET = 30.0
FIX_STEPS = 40  # second answers cut by moving a cell between rooms before a fresh draw
ORACLE_NODES = 400  # search nodes of the quick uniqueness check while rooms are tuned
DENSITY = 0.5


def _nbrs(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= y < rows and 0 <= x < cols]


def pieces(rows: int, cols: int, rng: random.Random) -> tuple[dict[Cell, int], list[int]]:
    """(cell -> piece number, shape per piece) of a random valid, connected arrangement of pieces."""
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
    return owner, shape_of


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


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    first = next(iter(cells))
    seen = {first}
    stack = [first]
    while stack:
        r, c = stack.pop()
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def _live(rows: int, cols: int, owner: dict[Cell, int], shape_of: list[int], room: set[Cell], k: int,
          x: Cell) -> int:
    """How many pieces through ``x`` inside ``room`` (piece k's room plus x) could replace piece k
    while every other piece stays: a rough count of the second answers x would open."""
    others = {cell: j for cell, j in owner.items() if j != k}
    count = 0
    for shape, form in ORIENTATIONS:
        for ar, ac in form:
            cells = [(x[0] + r - ar, x[1] + c - ac) for r, c in form]
            if not all(cell in room for cell in cells):
                continue
            if _fits(rows, cols, others, shape_of, cells, shape) and _connected(set(others) | set(cells)):
                count += 1
    return count


def grow_rooms(rows: int, cols: int, owner: dict[Cell, int], shape_of: list[int], rng: random.Random,
               deadline: float) -> list[list[int]]:
    """Rooms around the pieces. Each piece starts as its own room (one placement each: unique);
    unshaded cells join neighbouring rooms one at a time while the answer stays unique. A room that
    gains a cell only gains placements, so once no cell can join any room without a second answer
    the rest join where they open the fewest other pieces (:func:`_live`) and :func:`attempt`
    cuts the second answers that are left."""
    grid = [[OUTSIDE] * cols for _ in range(rows)]
    for (r, c), k in owner.items():
        grid[r][c] = k + 1
    stuck = False
    while not stuck and time.perf_counter() < deadline:
        edge = sorted({q for r in range(rows) for c in range(cols) if grid[r][c] != OUTSIDE
                       for q in _nbrs(rows, cols, (r, c)) if grid[q[0]][q[1]] == OUTSIDE})
        if not edge:
            return grid
        rng.shuffle(edge)
        stuck = True
        for y, x in edge:  # the first cell that can join a room and keep the answer unique
            choices = sorted({grid[r][c] for r, c in _nbrs(rows, cols, (y, x)) if grid[r][c] != OUTSIDE})
            rng.shuffle(choices)
            for k in choices:
                grid[y][x] = k
                if (found := _answers(grid)) is not None and len(found) == 1:
                    stuck = False
                    break
                grid[y][x] = OUTSIDE
            if not stuck:
                break
    members: dict[int, set[Cell]] = {}
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != OUTSIDE:
                members.setdefault(grid[r][c] - 1, set()).add((r, c))
    while any(OUTSIDE in row for row in grid):
        edge = sorted({q for r in range(rows) for c in range(cols) if grid[r][c] != OUTSIDE
                       for q in _nbrs(rows, cols, (r, c)) if grid[q[0]][q[1]] == OUTSIDE})
        y, x = rng.choice(edge)
        choices = sorted({grid[r][c] - 1 for r, c in _nbrs(rows, cols, (y, x)) if grid[r][c] != OUTSIDE})
        rng.shuffle(choices)
        k = min(choices, key=lambda j: _live(rows, cols, owner, shape_of, members[j] | {(y, x)}, j, (y, x)))
        grid[y][x] = k + 1
        members[k].add((y, x))
    return grid


def _move(grid: list[list[int]], ours: set[Cell], other: set[Cell], rng: random.Random) -> bool:
    """Hand a cell the other answer shades (and ours does not) to a neighbouring room.

    The cell goes with the shortest path of unshaded cells of its room to that room's border, and
    with whatever part of its room that would cut off from our piece; our pieces stay whole.
    """
    rows, cols = len(grid), len(grid[0])
    cells = sorted(other - ours)
    rng.shuffle(cells)
    for x in cells:
        k = grid[x[0]][x[1]]
        room = {(y, z) for y in range(rows) for z in range(cols) if grid[y][z] == k}
        parent: dict[Cell, Cell | None] = {x: None}
        queue = [x]
        end: Cell | None = None
        for cell in queue:
            if any(grid[y][z] != k for y, z in _nbrs(rows, cols, cell)):
                end = cell
                break
            for q in _nbrs(rows, cols, cell):
                if q in room and q not in ours and q not in parent:
                    parent[q] = cell
                    queue.append(q)
        if end is None:
            continue
        chunk: set[Cell] = set()
        step: Cell | None = end
        while step is not None:
            chunk.add(step)
            step = parent[step]
        keep = room - chunk
        seen = keep & ours
        stack = list(seen)
        while stack:
            cell = stack.pop()
            for q in _nbrs(rows, cols, cell):
                if q in keep and q not in seen:
                    seen.add(q)
                    stack.append(q)
        chunk |= keep - seen
        target = rng.choice(sorted({grid[y][z] for y, z in _nbrs(rows, cols, end) if grid[y][z] != k}))
        for y, z in chunk:
            grid[y][z] = target
        return True
    return False


def attempt(rows: int, cols: int, rng: random.Random, deadline: float) -> tuple[list[list[int]], set[Cell]] | None:
    """Rooms with exactly one answer (the pieces drawn here), or None when this draw fails."""
    owner, shape_of = pieces(rows, cols, rng)
    if not owner:
        return None
    grid = grow_rooms(rows, cols, owner, shape_of, rng, deadline)
    ours = set(owner)
    target = tuple("".join("#" if (r, c) in ours else "." for c in range(cols)) for r in range(rows))
    for _ in range(FIX_STEPS):
        if time.perf_counter() > deadline:
            return None
        answers = _answers(grid)
        if not answers:
            return None
        if len(answers) == 1:  # ours is always an answer: the only one
            return (grid, ours) if answers[0] == target else None
        alt = next(a for a in answers if a != target)
        if not _move(grid, ours, {(r, c) for r in range(rows) for c in range(cols) if alt[r][c] == "#"}, rng):
            return None
    return None


def _answers(grid: list[list[int]]) -> list[tuple[str, ...]] | None:
    """Up to two answers by the deductions and their search alone (small boards: a few nodes), or
    None when the search runs past ORACLE_NODES (the draw is dropped)."""
    try:
        return [found.rows() for found in count(start(Board.of(grid)), 2, ORACLE_NODES)]
    except Contradiction:
        return []
    except OutOfBudget:
        return None


def effort(grid: list[list[int]]) -> float:
    """The share of rooms the deductions leave open."""
    try:
        state = start(Board.of(grid))
    except Contradiction:
        return 1.0
    return sum(1 for left in state.left if left > 1) / len(state.left)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    deadline = time.perf_counter() + BUDGET

    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        made = attempt(rows, cols, rng, deadline + 30)
        if made is None:
            return None
        grid, owner = made
        ids: dict[int, int] = {}
        regions = tuple(tuple(ids.setdefault(v, len(ids) + 1) for v in row) for row in grid)
        puzzle = Puzzle("lits", tuple((0,) * cols for _ in range(rows)), regions=regions)
        return Candidate.made(puzzle, ShadeSolution.from_cells(rows, cols, owner), effort(grid), pieces=len(ids))

    return search("lits", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200, budget=BUDGET,
                  grade_attempts=3, until_found=True)
