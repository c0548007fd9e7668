"""Heyawake generator: random rectangular rooms, a random answer for them, every room's count as
its number, then numbers removed while the answer stays unique.

1. Rooms: the board split at random into rectangles of two to about nine cells.
2. An answer: the model without numbers (no touching shaded cells, the border runs, white cells
   connected by lazy cuts), CP-SAT steered by random shading hints.
3. Every room gets its count; the board must be unique with all of them.
4. :func:`solvers.generation.search` removes numbers while the solver (deductions, then CP-SAT)
   calls the board unique (a second answer names the rooms whose count it breaks), grades,
   gives numbers back while too hard, and proves the result.
5. Grade: the deductions' trials (up to 4: easy; up to 15: medium; more, or search needed: hard).
"""

from __future__ import annotations

import random

from ortools.sat.python import cp_model

from solvers.connectivity import solve_connected
from solvers.cpsat import Budget, SolverStatus, found, run
from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.heyawake.deduce import Contradiction, deduce
from solvers.heyawake.model import HeyawakeModel, solve_board
from solvers.heyawake.rooms import Rooms, puzzle_of
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status

Grid = tuple[tuple[int, ...], ...]
Numbers = tuple[tuple[int | None, ...], ...]
THRESHOLDS = (4.0, 15.0)  # trial steps: easy / medium / hard
ORACLE = SolveOptions(time_limit=5.0, workers=1, seed=0)


def random_rooms(rng: random.Random, rows: int, cols: int) -> Grid:
    """Split the board into rectangles, recursively, until each is small enough (2 to ~9 cells)."""
    ids = [[0] * cols for _ in range(rows)]
    todo = [(0, 0, rows, cols)]
    n = 0
    while todo:
        top, left, h, w = todo.pop()
        if h * w <= rng.choice((2, 3, 4, 4, 6, 6, 9)) or (h == 1 and w == 1) or (h * w <= 12 and rng.random() < 0.2):
            n += 1
            for r in range(top, top + h):
                for c in range(left, left + w):
                    ids[r][c] = n
            continue
        if (h > w or (h == w and rng.random() < 0.5)) and h > 1:
            cut = rng.randrange(1, h)
            todo += [(top, left, cut, w), (top + cut, left, h - cut, w)]
        else:
            cut = rng.randrange(1, w)
            todo += [(top, left, h, cut), (top, left + cut, h, w - cut)]
    return tuple(tuple(row) for row in ids)


def random_answer(rng: random.Random, rooms: Rooms, budget: Budget) -> ShadeSolution | None:
    hm = HeyawakeModel(rooms)
    for v in hm.dark:
        hm.model.add_hint(v, rng.random() < 0.3)
    params = {"random_seed": rng.randrange(1 << 20), "linearization_level": 0, "num_workers": 1}

    def once(model: cp_model.CpModel, b: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        return run(model, b, params=params)

    status, solver = solve_connected(hm.model, budget.part(3.0), hm.cuts, runner=once)
    return hm.shading(solver) if found(status) else None


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique puzzle graded as close to ``difficulty`` as a few attempts allow."""

    def attempt(rng: random.Random) -> Candidate[int] | None:
        regions = random_rooms(rng, rows, cols)
        rooms = Rooms.of_board([[None] * cols for _ in range(rows)], regions)
        answer = random_answer(rng, rooms, Budget(SolveOptions(time_limit=5.0, workers=1)))
        if answer is None:
            return None
        count = [sum(1 for i in cells if answer.marked(*rooms.cell(i))) for cells in rooms.cells]

        def board(keep: frozenset[int]) -> Numbers:
            out: list[list[int | None]] = [[None] * cols for _ in range(rows)]
            for k in keep:
                r, c = rooms.number_cell(k)
                out[r][c] = count[k]
            return tuple(tuple(row) for row in out)

        def alternative(trial: frozenset[int], kept: frozenset[int]) -> frozenset[int] | None | bool:
            res = solve_board(board(trial), regions, ORACLE)
            if res.status is Status.UNIQUE:
                return None
            other = res.second_solution
            if not isinstance(other, ShadeSolution):
                return False
            return frozenset(k for k, cells in enumerate(rooms.cells)
                             if sum(1 for i in cells if other.marked(*rooms.cell(i))) != count[k])

        everything = frozenset(range(len(rooms.cells)))
        if alternative(everything, everything) is not None:
            return None
        return Candidate(sorted(everything), alternative, lambda kept: puzzle_of(board(kept), regions),
                         lambda kept: _effort(board(kept), regions), answer)

    return search("heyawake", rows, cols, difficulty, seed, THRESHOLDS, attempt)


def _effort(numbers: Numbers, regions: Grid) -> float:
    try:
        d = deduce(Rooms.of_board(numbers, regions))
    except Contradiction:
        return 100.0
    if not d.complete:
        return 100.0
    return float(sum(1 for s in d.steps if s.rule == "trial"))
