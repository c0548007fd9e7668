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
from solvers.generation import Candidate, Difficulty, GeneratedPuzzle, grade, search, sub_rng
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import Cell, Regions, default_stars, renumber
from solvers.starbattle.deduce import Deductions, Level
from solvers.starbattle.model import solution_of
from solvers.starbattle.search import settle
from solvers.verdict import SolveOptions

THRESHOLDS = (1, 2)  # see effort(): deduction levels 0-2 (easy up to 1), 3 trial and error
MAX_MOVES = 300
GROW_TRIES = 5  # region groupings tried around one star placement
ORACLE_NODES = 20_000  # search nodes per uniqueness question; beyond, the attempt is dropped


@dataclass
class Made:
    """A generated board, its unique answer and grade (before the engine's proof)."""

    regions: Regions
    stars: int
    solution: StarSolution
    difficulty: Difficulty
    stats: dict[str, Any] = field(default_factory=dict)


def random_stars(n: int, k: int, rng: random.Random, max_nodes: int = 5000) -> set[Cell] | None:
    """``k`` stars per row and column, no two touching: the bitboard search with rows for regions,
    branching on a random open cell of the tightest line (None if it got stuck)."""
    board = Deductions(tuple(tuple([r + 1] * n) for r in range(n)), k, Level.COUNTING)
    nb = board.nb
    lines = board.rows_mask + board.cols_mask
    nodes = [0]

    def dfs(stars: int, banned: int) -> int | None:
        nodes[0] += 1
        if nodes[0] > max_nodes:
            return None
        best, best_slack = 0, 1 << 30
        for m in lines:
            need = k - (stars & m).bit_count()
            if need:
                avail = m & ~(stars | banned)
                if avail.bit_count() - need < best_slack:
                    best, best_slack = avail, avail.bit_count() - need
        if not best:
            return stars
        i = rng.choice([j for j in range(n * n) if best >> j & 1])
        cell = 1 << i
        for nxt in (board.propagate(stars | cell, banned | nb[i], cell | nb[i]),
                    board.propagate(stars, banned | cell, cell)):
            if nxt is not None and (done := dfs(*nxt)) is not None:
                return done
        return None

    start = board.propagate(0, 0)
    found = dfs(*start) if start is not None else None
    if found is None:
        return None
    return {(i // n, i % n) for i in range(n * n) if found >> i & 1}


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
    group = _group(touching, k, rng)
    if group is None:
        return None
    return [[group[area[r][c]] + 1 for c in range(n)] for r in range(n)]


def _group(touching: list[set[int]], k: int, rng: random.Random, budget: int = 2000) -> list[int] | None:
    """A partition of the areas into connected groups of ``k`` (a group number per area), by a
    backtracking search that always extends the area with the fewest free neighbours; None when
    none was found within ``budget`` steps."""
    count = len(touching)
    group = [-1] * count
    steps = [0]

    def groups_with(start: int) -> list[tuple[int, ...]]:
        found: set[tuple[int, ...]] = set()
        frontier: list[tuple[int, ...]] = [(start,)]
        while frontier:
            members = frontier.pop()
            if len(members) == k:
                found.add(tuple(sorted(members)))
                continue
            for a in members:
                for b in touching[a]:
                    if group[b] < 0 and b not in members:
                        frontier.append((*members, b))
        out = sorted(found)
        rng.shuffle(out)
        return out

    def place(number: int) -> bool:
        steps[0] += 1
        free = [a for a in range(count) if group[a] < 0]
        if not free:
            return True
        if steps[0] > budget:
            return False
        start = min(free, key=lambda a: (sum(1 for b in touching[a] if group[b] < 0), a))
        for members in groups_with(start):
            for a in members:
                group[a] = number
            if place(number + 1):
                return True
            for a in members:
                group[a] = -1
        return False

    return group if place(0) else None


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


def _answers(ids: list[list[int]], k: int) -> tuple[list[int], bool]:
    """Up to two answers of the board (star bitboards) and whether that list is complete."""
    found = settle(Deductions(renumber(ids), k), 2, max_nodes=ORACLE_NODES)
    return found.stars, found.complete


def _moves(ids: list[list[int]], sols: list[int], ours: int, n: int,
           rng: random.Random) -> list[tuple[Cell, int]]:
    """Border moves that break other answers and keep ours: a cell with a star in another answer
    (none in ours) joins a neighbouring region, its own region staying connected; shuffled."""
    extra = 0
    for s in sols:
        extra |= s & ~ours
    out: list[tuple[Cell, int]] = []
    for i in range(n * n):
        if not extra >> i & 1:
            continue
        r, c = divmod(i, n)
        targets = sorted({ids[rr][cc] for rr, cc in _around(r, c, n)} - {ids[r][c]})
        if targets and _connected_without(ids, (r, c)):
            out.extend(((r, c), t) for t in targets)
    rng.shuffle(out)
    return out


def effort(regions: Regions, stars: int) -> int:
    """The lowest :class:`~solvers.starbattle.deduce.Level` whose rules settle the bare board; one
    more when it takes trial and error."""
    for level in Level:
        state = Deductions(regions, stars, level).propagate(0, 0)
        if state is not None and state[0].bit_count() == len(regions) * stars:
            return int(level)
    return len(Level)


def make(n: int, difficulty: str, seed: int, attempt: int = 0, stars: int | None = None) -> Made | None:
    """Attempt number ``attempt`` of ``seed`` at an n x n board (``stars`` a line, else by size)."""
    k = stars or default_stars(n)
    return build(n, k, sub_rng(seed, "starbattle", n, k, difficulty, attempt))


def build(n: int, k: int, rng: random.Random) -> Made | None:
    """One attempt at an n x n board of ``k`` stars a line with a unique answer; None when it did
    not converge."""
    t0 = time.perf_counter()
    placed = random_stars(n, k, rng)
    if placed is None:
        return None
    for _ in range(GROW_TRIES):
        ids = grow_regions(n, k, placed, rng)
        if ids is not None:
            break
    else:
        return None
    ours = sum(1 << (r * n + c) for r, c in placed)
    moves = 0
    while True:
        sols, done = _answers(ids, k)
        if done and sols == [ours]:
            break
        other = next((x for x in sols if x != ours), None)
        if other is None or moves >= MAX_MOVES:
            return None  # no second answer in reach: the search could not settle the board
        # no cell of the other answer can move without splitting its region: any cell can
        options = _moves(ids, [other], ours, n, rng) or _moves(ids, [(1 << (n * n)) - 1], ours, n, rng)
        if not options:
            return None
        (r, c), target = options[0]
        ids[r][c] = target
        moves += 1
    regions = renumber(ids)
    work = effort(regions, k)
    stats = {"moves": moves, "effort": work, "make_seconds": round(time.perf_counter() - t0, 3)}
    return Made(regions, k, solution_of(regions, sum(1 << (r * n + c) for r, c in placed)), grade(work, THRESHOLDS),
                stats)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique square board (its star count by size, :func:`default_stars`), graded as
    close to ``difficulty`` as a few attempts allow."""
    if rows != cols:
        raise InvalidPuzzle("starbattle-not-square", rows=rows, cols=cols)
    k = default_stars(rows)

    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        made = build(rows, k, rng)
        if made is None:
            return None
        puzzle = Puzzle("starbattle", tuple((0,) * cols for _ in range(rows)), regions=made.regions,
                        params=(("stars", made.stars),))
        return Candidate.made(puzzle, made.solution, made.stats["effort"], **made.stats)

    return search("starbattle", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200)
