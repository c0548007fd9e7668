"""Star Battle generator: random stars, regions grown around them, borders moved until unique.

1. Stars: row by row at random, ``stars`` per row, none touching, at most ``stars`` per column
   and never more than the rows left can still take.
2. Regions: one small area grown around every star at once (random frontier cells), then the
   areas joined into connected groups of ``stars`` areas each — every region holds exactly
   ``stars`` stars, so the answer is valid from the start.
3. While the solver finds a second answer, a cell that holds a star there (and none in ours)
   moves into a neighbouring region: ours stays valid (that cell has no star in it), the other
   answer now has one region a star short and another a star over. The region it leaves must
   stay connected.

The grade is the bitboard search's work from the bare board: solved by propagation alone
(easy), in a few nodes (medium), or more.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from solvers.errors import InvalidPuzzle
from solvers.generation import DEFAULT_BUDGET, BestAttempt, GeneratedPuzzle, grade, prove, sub_rng
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import Cell, Regions, default_stars, renumber
from solvers.starbattle.model import solution_of, solve_board
from solvers.starbattle.search import StarBoard
from solvers.verdict import SolveOptions, Status

THRESHOLDS = (1, 12)  # search nodes from the bare board: 1 = propagation alone
ORACLE = SolveOptions(time_limit=10.0, workers=1, seed=0)
MAX_MOVES = 400


@dataclass
class Made:
    """A generated board, its unique answer and grade (before the engine's proof)."""

    regions: Regions
    stars: int
    solution: StarSolution
    difficulty: str
    stats: dict[str, Any] = field(default_factory=dict)


def random_stars(n: int, k: int, rng: random.Random) -> set[Cell] | None:
    """``k`` stars per row and column, no two touching (None if the random walk got stuck)."""
    col_count = [0] * n
    chosen: list[list[int]] = []

    def fits(row: int, cols: tuple[int, ...]) -> bool:
        prev = chosen[-1] if chosen else []
        left = n - row - 1
        for c in cols:
            if col_count[c] >= k or any(abs(c - p) <= 1 for p in prev):
                return False
        return all(k - col_count[c] - (c in cols) <= (left + 1) // 2 for c in range(n))

    def rows_from(row: int, tries: list[int]) -> bool:
        if row == n:
            return True
        options = _row_patterns(n, k)
        rng.shuffle(options)
        for cols in options:
            tries[0] += 1
            if tries[0] > 5000:
                return False
            if not fits(row, cols):
                continue
            for c in cols:
                col_count[c] += 1
            chosen.append(list(cols))
            if rows_from(row + 1, tries):
                return True
            chosen.pop()
            for c in cols:
                col_count[c] -= 1
        return False

    if not rows_from(0, [0]):
        return None
    return {(r, c) for r, cols in enumerate(chosen) for c in cols}


def _row_patterns(n: int, k: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def extend(start: int, acc: tuple[int, ...]) -> None:
        if len(acc) == k:
            out.append(acc)
            return
        for c in range(start, n):
            extend(c + 2, (*acc, c))

    extend(0, ())
    return out


def grow_regions(n: int, k: int, stars: set[Cell], rng: random.Random) -> list[list[int]] | None:
    """Regions of ``k`` stars each, connected; None when the grouping got stuck."""
    area = [[-1] * n for _ in range(n)]
    frontier: list[Cell] = []
    for i, (r, c) in enumerate(sorted(stars)):
        area[r][c] = i
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for rr, cc in _around(r, c, n):
            if area[rr][cc] < 0:
                area[rr][cc] = area[r][c]
                frontier.append((rr, cc))
    count = len(stars)
    touching: list[set[int]] = [set() for _ in range(count)]
    for r in range(n):
        for c in range(n):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < n and cc < n and area[r][c] != area[rr][cc]:
                    touching[area[r][c]].add(area[rr][cc])
                    touching[area[rr][cc]].add(area[r][c])
    group = [-1] * count
    for number in range(count // k):
        free = [a for a in range(count) if group[a] < 0]
        start = min(free, key=lambda a: (sum(1 for b in touching[a] if group[b] < 0), rng.random()))
        members = [start]
        group[start] = number
        while len(members) < k:
            options = sorted({b for a in members for b in touching[a] if group[b] < 0})
            if not options:
                return None
            pick = rng.choice(options)
            group[pick] = number
            members.append(pick)
    return [[group[area[r][c]] + 1 for c in range(n)] for r in range(n)]


def _around(r: int, c: int, n: int) -> list[Cell]:
    return [(rr, cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < n and 0 <= cc < n]


def _connected_without(regions: list[list[int]], cell: Cell) -> bool:
    """Does the region of ``cell`` stay one connected area (and not empty) without it?"""
    n = len(regions)
    k = regions[cell[0]][cell[1]]
    rest = [(r, c) for r in range(n) for c in range(n) if regions[r][c] == k and (r, c) != cell]
    if not rest:
        return False
    seen = {rest[0]}
    todo = [rest[0]]
    members = set(rest)
    while todo:
        r, c = todo.pop()
        for nb in _around(r, c, n):
            if nb in members and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(members)


def effort(regions: Regions, stars: int) -> int:
    """Nodes the bitboard search needs to settle the bare board (1: propagation alone)."""
    return StarBoard(regions, stars).search(2, max_nodes=10_000).nodes


def make(n: int, difficulty: str, seed: int, attempt: int = 0, stars: int | None = None) -> Made | None:
    """One attempt at an n x n board with a unique answer; None when it did not converge."""
    t0 = time.perf_counter()
    k = stars or default_stars(n)
    rng = sub_rng(seed, "starbattle", n, k, difficulty, attempt)
    placed = random_stars(n, k, rng)
    if placed is None:
        return None
    ids = grow_regions(n, k, placed, rng)
    if ids is None:
        return None
    ours = StarSolution.from_cells(n, n, placed)
    moves = 0
    while True:
        regions = renumber(ids)
        res = solve_board(regions, k, ORACLE)
        if res.status is Status.UNIQUE:
            break
        if res.status is not Status.MULTIPLE or moves >= MAX_MOVES:
            return None
        other = res.second_solution if res.solution == ours else res.solution
        assert isinstance(other, StarSolution)
        extra = sorted(set(other.cells()) - placed)
        rng.shuffle(extra)
        moved = False
        for r, c in extra:
            targets = sorted({ids[rr][cc] for rr, cc in _around(r, c, n)} - {ids[r][c]})
            if targets and _connected_without(ids, (r, c)):
                ids[r][c] = rng.choice(targets)
                moved = True
                break
        if not moved:
            return None
        moves += 1
    work = effort(regions, k)
    stats = {"attempt": attempt + 1, "moves": moves, "effort": work, "make_seconds": round(time.perf_counter() - t0, 3)}
    return Made(regions, k, solution_of(regions, sum(1 << (r * n + c) for r, c in placed)), grade(work, THRESHOLDS),
                stats)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique square board (its star count by size, :func:`default_stars`), graded as
    close to ``difficulty`` as a few attempts allow."""
    if rows != cols:
        raise InvalidPuzzle("starbattle-not-square", rows=rows, cols=cols)
    deadline = time.perf_counter() + DEFAULT_BUDGET
    search = BestAttempt(difficulty)
    for attempt in range(200):
        if time.perf_counter() > deadline:
            break
        made = make(rows, difficulty, seed, attempt)
        if made is None:
            continue
        puzzle = Puzzle("starbattle", tuple((0,) * cols for _ in range(rows)), regions=made.regions,
                        params=(("stars", made.stars),))
        ok, info = prove(puzzle, made.solution)
        if not ok:
            continue
        info.update(made.stats)
        if search.offer(GeneratedPuzzle(puzzle, made.solution, made.difficulty, info, seed)):
            break
    return search.result(genre="starbattle", rows=rows, cols=cols)
