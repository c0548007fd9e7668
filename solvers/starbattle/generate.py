"""Star Battle generator: random stars, regions grown around them, borders moved until unique.

1. Stars: row by row, ``stars`` per row, none touching; a column that the rows left could no
   longer fill (a column takes a star only every other row) gets one now, the others are random
   with the columns furthest behind first; a few samples a row, backtracking.
2. Regions: one small area grown around every star at once (random frontier cells), then the
   areas joined into connected groups of ``stars`` areas each: every region holds exactly
   ``stars`` stars, so the answer is valid from the start.
3. While other answers exist (the search up to 10x10, CP-SAT beyond, several at a time), a cell
   with a star in another answer and none in ours moves into a neighbouring region, with any
   part of its region it would cut off: ours stays valid, that answer has a region a star short.
   The move that breaks the most known answers goes first. When no such cell can move, a
   border is brought one cell closer to one, or another answer is kept instead of ours.

The grade is the lowest deduction level (:class:`~solvers.starbattle.deduce.Level`) that settles
the bare board: counting or single-line 2x2 blocks (easy), bands and confinement (medium), or
trial and error (hard).

Above 10x10 the generator is slow and may give up (a 20x20 board with four stars took from under
a minute to several on the shared machine); the daily sizes (6x6 to 10x10) take well under a
second.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from solvers.errors import InvalidPuzzle
from solvers.generation import Candidate, Difficulty, GeneratedPuzzle, grade, search, sub_rng
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import Cell, Regions, default_stars, renumber
from solvers.starbattle.deduce import Deductions, Level
from solvers.starbattle.model import CPSAT_PARAMS, cpsat_model, solution_of
from solvers.starbattle.search import settle
from solvers.verdict import SolveOptions

THRESHOLDS = (1, 2)  # see effort(): deduction levels 0-2 (easy up to 1), 3 trial and error
MOVES_PER_CELL = 1  # border moves (per cell of the board) before the attempt is given up
GRADE_ATTEMPTS = 10  # proven boards made while looking for the asked grade (they are cheap)
SAMPLES = 4  # star sets tried per row before backtracking
BLIND_MOVES = 200  # moves that break no known answer before the attempt is given up
GROW_TRIES = 5  # region groupings tried around one star placement
ORACLE_NODES = 20_000  # search nodes per uniqueness question; beyond, the attempt is dropped
ORACLE_SECONDS = 10.0  # the same for CP-SAT
ORACLE_MORE = 5_000  # CP-SAT branches after which it stops looking for more answers
SEARCH_SIZE = 10  # boards up to this size ask the search, larger ones CP-SAT
OTHERS = 8  # other answers asked for at once: each move breaks as many as it can


@dataclass
class Made:
    """A generated board, its unique answer and grade (before the engine's proof)."""

    regions: Regions
    stars: int
    solution: StarSolution
    difficulty: Difficulty
    stats: dict[str, Any] = field(default_factory=dict)


def random_stars(n: int, k: int, rng: random.Random, max_steps: int = 2000) -> set[Cell] | None:
    """``k`` stars per row and column, no two touching, row by row: each row takes the columns
    that cannot wait (a column can take a star only every other row) and random others, with
    backtracking over a few samples a row (None when ``max_steps`` rows were tried in vain)."""
    col = [0] * n
    steps = [0]
    chosen: list[tuple[int, ...]] = []

    def room(rows_left: int, starred_now: bool) -> int:
        """Stars a column can still take in ``rows_left`` rows (not the first if it has one now)."""
        return rows_left // 2 if starred_now else (rows_left + 1) // 2

    def sample(r: int, prev: tuple[int, ...]) -> tuple[int, ...] | None:
        left = n - r - 1
        urgent = [c for c in range(n) if k - col[c] > room(left, False)]
        picked: list[int] = []
        for c in urgent:
            if c in prev or c - 1 in prev or c + 1 in prev or any(abs(c - p) < 2 for p in picked):
                return None
            picked.append(c)
        free = [c for c in range(n) if col[c] < k and c not in picked]
        rng.shuffle(free)
        free.sort(key=lambda c: col[c])  # columns furthest behind first, random among equals
        for c in free:
            if len(picked) == k:
                break
            if any(abs(c - p) < 2 for p in picked) or any(abs(c - p) < 2 for p in prev):
                continue
            picked.append(c)
        if len(picked) != k:
            return None
        return tuple(sorted(picked))

    def place(r: int) -> bool:
        if r == n:
            return all(x == k for x in col)
        steps[0] += 1
        if steps[0] > max_steps:
            return False
        prev = chosen[-1] if chosen else ()
        tried: set[tuple[int, ...]] = set()
        for _ in range(SAMPLES):
            cols = sample(r, prev)
            if cols is None or cols in tried:
                continue
            tried.add(cols)
            left = n - r - 1
            for c in cols:
                col[c] += 1
            if all(k - col[c] <= room(left, c in cols) for c in range(n)):
                chosen.append(cols)
                if place(r + 1):
                    return True
                chosen.pop()
            for c in cols:
                col[c] -= 1
        return False

    if not place(0):
        return None
    return {(r, c) for r, cols in enumerate(chosen) for c in cols}


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


def _carried(regions: list[list[int]], cell: Cell, ours: int) -> list[Cell] | None:
    """The cells that leave the region of ``cell`` with it so that the region stays one
    connected area holding all its stars of ``ours``: ``cell`` and every part of the region it
    cuts off that holds none of them (None when the stars themselves would be split)."""
    n = len(regions)
    k = regions[cell[0]][cell[1]]
    members = {(r, c) for r in range(n) for c in range(n) if regions[r][c] == k} - {cell}
    parts: list[set[Cell]] = []
    while members:
        start = members.pop()
        part, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for nb in _around(r, c, n):
                if nb in members:
                    members.discard(nb)
                    part.add(nb)
                    todo.append(nb)
        parts.append(part)
    starred = [p for p in parts if any(ours >> (r * n + c) & 1 for r, c in p)]
    if len(starred) != 1:
        return None
    return [cell] + sorted(rc for p in parts if p is not starred[0] for rc in p)


def _other_answers(ids: list[list[int]], k: int, ours: int) -> list[int]:
    """Up to :data:`OTHERS` answers of the board other than ``ours`` (star bitboards); [] when
    there is none.

    Small boards: the search. Larger ones: CP-SAT with ``ours`` excluded (one worker, fixed seed),
    which finds other answers of a loose board far sooner than the search walks to them. Raises
    :class:`Undecided` when neither settles the board in its limit."""
    n = len(ids)
    if n <= SEARCH_SIZE:
        found = settle(Deductions(renumber(ids), k), OTHERS + 1, max_nodes=ORACLE_NODES)
        if not found.complete and len(found.stars) <= OTHERS:
            raise Undecided
        return [x for x in found.stars if x != ours]
    model, xs = cpsat_model(renumber(ids), k)
    model.add_bool_or([xs[i].Not() for i in range(n * n) if ours >> i & 1])
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = ORACLE_SECONDS
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.enumerate_all_solutions = True
    for name, value in CPSAT_PARAMS.items():
        setattr(solver.parameters, name, value)
    collect = _Collect(xs)
    status = solver.solve(model, collect)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE) and not collect.found:
        raise Undecided
    return collect.found


class _Collect(cp_model.CpSolverSolutionCallback):
    """Star bitboards of the solutions CP-SAT finds, up to :data:`OTHERS` (fewer once it has
    made :data:`ORACLE_MORE` branches: the last ones of a nearly unique board come slowly; a count
    of branches, not seconds, so that a seed gives the same board on any machine)."""

    def __init__(self, xs: list[cp_model.IntVar]) -> None:
        super().__init__()
        self.xs = xs
        self.found: list[int] = []

    def on_solution_callback(self) -> None:
        self.found.append(sum(1 << i for i, x in enumerate(self.xs) if self.boolean_value(x)))
        if len(self.found) >= OTHERS or self.num_branches > ORACLE_MORE:
            self.stop_search()


class Undecided(Exception):
    """The oracle ran out of its limit before telling whether the board has another answer."""


def _toward(ids: list[list[int]], cell: Cell, ours: int) -> int:
    """The cells nearest to ``cell`` in its region, on paths of cells free of ``ours``, that border
    another region and can move to it (a bitboard; 0 when there are none): moving one brings the
    border a step closer."""
    n = len(ids)
    k = ids[cell[0]][cell[1]]
    seen, todo = {cell}, [cell]
    while todo:
        nxt, found = [], 0
        for r, c in todo:
            for rr, cc in _around(r, c, n):
                if (rr, cc) in seen or ids[rr][cc] != k or ours >> (rr * n + cc) & 1:
                    continue
                seen.add((rr, cc))
                nxt.append((rr, cc))
                if any(ids[a][b] != k for a, b in _around(rr, cc, n)) and _carried(ids, (rr, cc), ours):
                    found |= 1 << (rr * n + cc)
        if found:
            return found
        todo = nxt
    return 0


def _breaking(ids: list[list[int]], others: list[int], ours: int, rng: random.Random) -> list[tuple[list[Cell], int]]:
    """Moves that break some of ``others`` and keep ``ours``: a cell with a star in another answer
    (none in ours) that changes region breaks that answer."""
    extra = 0
    for x in others:
        extra |= x & ~ours
    return _moves(ids, extra, ours, rng)


def _mask(cells: list[Cell], n: int) -> int:
    return sum(1 << (r * n + c) for r, c in cells)


def _moves(ids: list[list[int]], cells: int, ours: int, rng: random.Random) -> list[tuple[list[Cell], int]]:
    """Border moves of ``cells`` (a bitboard, none of them a star of ``ours``): a cell joins a
    neighbouring region with what it cuts off (see :func:`_carried`); shuffled."""
    n = len(ids)
    out: list[tuple[list[Cell], int]] = []
    for i in range(n * n):
        if not cells >> i & 1:
            continue
        r, c = divmod(i, n)
        targets = sorted({ids[rr][cc] for rr, cc in _around(r, c, n)} - {ids[r][c]})
        if targets and (carried := _carried(ids, (r, c), ours)) is not None:
            out.extend((carried, t) for t in targets)
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
    moves = blind = 0
    others: list[int] = []
    while True:
        if not others:
            try:
                others = _other_answers(ids, k, ours)
            except Undecided:
                return None
            if not others:
                break
        options = _breaking(ids, others, ours, rng)
        if not options:  # keep another answer instead, if that one can be told apart
            for x in others:
                if options := _breaking(ids, [ours], x, rng):
                    others = [y for y in others if y != x] + [ours]
                    ours = x
                    break
        if not options:  # none of the stars can move: bring a border to one (or move any cell)
            extra = 0
            for x in others:
                extra |= x & ~ours
            path = 0
            for i in range(n * n):
                if extra >> i & 1:
                    path |= _toward(ids, divmod(i, n), ours)
            options = _moves(ids, path, ours, rng) or _moves(ids, ((1 << (n * n)) - 1) & ~ours, ours, rng)
            blind += 1
        if not options or moves >= MOVES_PER_CELL * n * n or blind > BLIND_MOVES:
            return None
        # the move that breaks the most known answers (any of their stars changing region breaks one)
        carried, target = max(options, key=lambda move: sum(1 for x in others if x & _mask(move[0], n)))
        for r, c in carried:
            ids[r][c] = target
        others = [x for x in others if not x & _mask(carried, n)]
        moves += 1
    regions = renumber(ids)
    work = effort(regions, k)
    stats = {"moves": moves, "effort": work, "make_seconds": round(time.perf_counter() - t0, 3)}
    return Made(regions, k, solution_of(regions, ours), grade(work, THRESHOLDS), stats)


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

    return search("starbattle", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200,
                  grade_attempts=GRADE_ATTEMPTS)
