"""Yajilin generator: clue cells added one at a time where two answers differ, each first as a
``?`` arrow (a clue cell that counts nothing) and then given the count of the answer found.

Each round solves the board so far (deductions, then CP-SAT) and looks at two of its answers:

1. a cell in line with a cell whose shading differs between them, shaded in the first answer,
   becomes a ``?`` arrow aimed at that cell (else a cell where the loops differ does, aimed its
   longest way); big boards take a few such clues a round, apart from each other;
2. the board is solved again: no answer -> those clues are dropped; else each new clue takes its
   count in the answer found (so that answer stays an answer and the counts are always consistent);
3. until the solver calls the board unique (or the rounds run out: a fresh start). When no cell is
   left for a clue (every cell where the answers differ refused), the rounds go back to before the
   last clues and refuse those instead of giving the board up.

Grade: the deductions' trials (none: easy; a few: medium; many, or search needed: hard). A board
too easy for the grade asked goes back a round and tries other clues; one too hard gets more clues
read off its answer. Both are far cheaper than a fresh board.
"""

from __future__ import annotations

import random
import time
from collections.abc import Set
from dataclasses import dataclass

from solvers.clues import Arrow, Direction
from solvers.generation import Candidate, GeneratedPuzzle, grade, grade_distance, harder, search
from solvers.verdict import SolveOptions, SolveResult, Status
from solvers.yajilin.arrows import puzzle_of, ray
from solvers.yajilin.deduce import Contradiction, deduce
from solvers.yajilin.model import solve_cells
from solvers.yajilin.solution import YajilinSolution

Cell = tuple[int, int]
Board = tuple[tuple[Arrow | None, ...], ...]
THRESHOLDS = (0.0, 8.0)  # trial steps: easy / medium / hard
ORACLE = SolveOptions(time_limit=1.0, workers=1, seed=0)  # a board that takes longer: given up
ATTEMPT_SECONDS = 20.0
REGRADES = 2  # a board too easy for the grade asked: rounds tried again before it is taken as it is
TOO_HARD = 6  # boards still too hard after _easier dropped per generation before one is taken anyway
BACKTRACKS = 6  # rounds gone back when no cell is left for a clue, before the attempt is given up
EASIER_STEPS = 12  # shaded cells tried as extra clues on a board too hard for the grade asked


@dataclass
class Made:
    """A unique board, its answer and its grade."""

    cells: Board
    solution: YajilinSolution
    difficulty: str
    effort: float


def board(rows: int, cols: int, clues: dict[Cell, Arrow]) -> Board:
    return tuple(tuple(clues.get((r, c)) for c in range(cols)) for r in range(rows))


def new_clue(rng: random.Random, rows: int, cols: int, clues: Set[Cell], first: YajilinSolution,
             second: YajilinSolution) -> tuple[Cell, Direction] | None:
    """Where the next ``?`` arrow goes and where it points (None: nowhere left); ``clues``: cells
    taken or refused."""
    shade_diff = [(r, c) for r in range(rows) for c in range(cols) if first.shaded[r][c] != second.shaded[r][c]]
    rng.shuffle(shade_diff)
    for x in shade_diff[:4]:
        options = [(abs(y[0] - x[0]) + abs(y[1] - x[1]), y, d) for d in Direction
                   for y in ray(rows, cols, x, d) if first.is_shaded(*y) and y not in clues]
        if options:
            _, y, d = min(options, key=lambda o: (o[0], rng.random()))
            return y, {Direction.UP: Direction.DOWN, Direction.DOWN: Direction.UP,
                       Direction.LEFT: Direction.RIGHT, Direction.RIGHT: Direction.LEFT}[d]
    diff = [(r, c) for r in range(rows) for c in range(cols)
            if (first.masks[r][c] != second.masks[r][c] or first.shaded[r][c] != second.shaded[r][c])
            and (r, c) not in clues]
    if not diff:
        return None
    y = rng.choice(diff)
    d = max(Direction, key=lambda d: (len(list(ray(rows, cols, y, d))), rng.random()))
    return y, d


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique puzzle graded as close to ``difficulty`` as a few attempts allow (the clue
    cells are the answer's, so there is nothing to remove: each attempt is a finished board)."""

    too_hard = 0  # boards dropped as too hard; past TOO_HARD they are offered (graded as they are)

    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        nonlocal too_hard
        made = make(rng, rows, cols, time.perf_counter() + ATTEMPT_SECONDS, difficulty)
        if made is None:
            return None
        if harder(made.difficulty, difficulty) and too_hard < TOO_HARD:
            too_hard += 1  # a fresh board more likely fits
            return None
        return Candidate([], lambda trial, kept: None, lambda kept: puzzle_of(made.cells),
                         lambda kept: made.effort, made.solution)

    return search("yajilin", rows, cols, difficulty, seed, THRESHOLDS, attempt)


def make(rng: random.Random, rows: int, cols: int, deadline: float, want: str | None = None) -> Made | None:
    """One unique board by the rounds above (None when the rounds or the time ran out).

    ``want``: the grade asked. A board that comes out too easy goes back one round and tries other
    clues there (:data:`REGRADES` times at most: far cheaper than a fresh board); one too hard
    gets more clues read off its answer (:func:`_easier`)."""
    clues: dict[Cell, Arrow] = {}
    bad: set[Cell] = set()  # cells where a clue left no answer
    refused: set[Cell] = set()  # cells whose clues made the board too easy
    single = False  # the last round's clues together left no answer: one clue a round
    res = solve_cells(board(rows, cols, clues), ORACLE, trials=False)
    history: list[tuple[dict[Cell, Arrow], SolveResult]] = []  # the board at the start of each round
    kept: Made | None = None  # the unique board closest to ``want`` so far
    regrades = backtracks = 0
    for _ in range(rows * cols):
        if time.perf_counter() > deadline:
            return kept
        first, second = res.solution, res.second_solution
        if res.status is Status.UNIQUE and isinstance(first, YajilinSolution):
            effort = _effort(board(rows, cols, clues))
            made = Made(board(rows, cols, clues), first, grade(effort, THRESHOLDS), effort)
            if want is not None and harder(made.difficulty, want):
                return _easier(rng, rows, cols, clues, made, want, deadline)
            if kept is None or (want is not None and grade_distance(made.difficulty, want)
                                < grade_distance(kept.difficulty, want)):
                kept = made
            if want is None or made.difficulty == want or regrades >= REGRADES or not history:
                return kept
            regrades += 1  # too easy: the last round again, with other clues
            clues, res = _back(history, clues, refused)
            continue
        if not (isinstance(first, YajilinSolution) and isinstance(second, YajilinSolution)):
            return kept
        history.append((dict(clues), res))
        new: dict[Cell, Direction] = {}
        for _ in range(1 if single else 1 + rows * cols // 120):  # one clue a round up to ~11x11, more on big boards
            taken = clues.keys() | bad | refused | new.keys() | {q for y in new for q in _around(y)}
            where = new_clue(rng, rows, cols, taken, first, second)
            if where is not None:
                new[where[0]] = where[1]
        if not new:  # stuck (every cell where the answers differ refused): a round back
            history.pop()
            if backtracks >= BACKTRACKS or not history:
                return kept
            backtracks += 1
            clues, res = _back(history, clues, refused)
            continue
        if _keeps(rows, cols, clues, new, first):  # the first answer stays one: read the counts off it
            dark = {y for y in new}
            for y, d in new.items():
                clues[y] = Arrow(sum(1 for q in ray(rows, cols, y, d) if q not in dark and first.is_shaded(*q)), d)
            again = solve_cells(board(rows, cols, clues), ORACLE, trials=False)
            if again.status in (Status.UNIQUE, Status.MULTIPLE):
                res = again
                continue
            for y in new:
                del clues[y]
            bad |= new.keys()
            continue
        got = solve_cells(board(rows, cols, {**clues, **{y: Arrow(None, d) for y, d in new.items()}}), ORACLE,
                          trials=False)
        if not isinstance(got.solution, YajilinSolution):  # no room for these clues (or too slow to tell)
            if len(new) == 1:
                bad |= new.keys()
            single = len(new) > 1  # which one? ask one at a time
            continue
        single = False
        for y, d in new.items():
            clues[y] = Arrow(_count(rows, cols, y, d, got.solution), d)
        if got.status is Status.UNIQUE or (isinstance(got.second_solution, YajilinSolution) and all(
                _count(rows, cols, y, d, got.second_solution) == clues[y].number for y, d in new.items())):
            res = got  # the same verdict with the counts given
        else:
            again = solve_cells(board(rows, cols, clues), ORACLE, trials=False)
            if again.status in (Status.UNIQUE, Status.MULTIPLE):
                res = again
            else:  # too slow to tell: take those clues back
                for y in new:
                    del clues[y]
                if len(new) == 1:
                    bad |= new.keys()
                single = len(new) > 1
    return kept


def _back(history: list[tuple[dict[Cell, Arrow], SolveResult]], clues: dict[Cell, Arrow],
          refused: set[Cell]) -> tuple[dict[Cell, Arrow], SolveResult]:
    """The board before the last round that added clues, those clues refused from then on."""
    before, res = history.pop()
    while history and before.keys() == clues.keys():
        before, res = history.pop()
    refused |= clues.keys() - before.keys()
    return dict(before), res


def _easier(rng: random.Random, rows: int, cols: int, clues: dict[Cell, Arrow], made: Made, want: str,
            deadline: float) -> Made:
    """More clues on a board too hard for ``want``: shaded cells of its answer that no arrow counts
    become arrows with the answer's counts (so the answer stays one), while the solver still calls
    the board unique; the easiest board reached that is not easier than ``want``."""
    answer = made.solution
    clues = dict(clues)
    spots = [(r, c) for r in range(rows) for c in range(cols) if answer.is_shaded(r, c)]
    rng.shuffle(spots)
    for y in spots[:EASIER_STEPS]:
        if time.perf_counter() > deadline or not harder(made.difficulty, want):
            break
        d = rng.choice([d for d in Direction if any(True for _ in ray(rows, cols, y, d))])
        if y in clues or not _keeps(rows, cols, clues, {y: d}, answer):
            continue
        trial = {**clues, y: Arrow(_count(rows, cols, y, d, answer), d)}
        got = solve_cells(board(rows, cols, trial), ORACLE, trials=False)
        if got.status is not Status.UNIQUE or not isinstance(got.solution, YajilinSolution):
            continue
        clues, answer = trial, got.solution  # the same loop, the new clue cell no longer shaded
        effort = _effort(board(rows, cols, clues))
        made = Made(board(rows, cols, clues), answer, grade(effort, THRESHOLDS), effort)
    return made


def _keeps(rows: int, cols: int, clues: dict[Cell, Arrow], new: dict[Cell, Direction],
           first: YajilinSolution) -> bool:
    """Whether ``first`` stays an answer with the new clue cells: each is shaded there (so off the
    loop) and no arrow, old or new, counts across one of them."""
    if not all(first.is_shaded(*y) for y in new):
        return False
    arrows = [(y, a.direction) for y, a in clues.items() if a.direction is not None] + list(new.items())
    return not any(q in new for y, d in arrows for q in ray(rows, cols, y, d))


def _around(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _count(rows: int, cols: int, cell: Cell, d: Direction, answer: YajilinSolution) -> int:
    return sum(1 for q in ray(rows, cols, cell, d) if answer.is_shaded(*q))


def _effort(cells: Board) -> float:
    """The trial steps deduction needs (100 when it cannot finish alone)."""
    try:
        d = deduce(cells)
    except Contradiction:
        return 100.0
    if not d.complete:
        return 100.0
    return float(sum(1 for s in d.steps if s.rule == "trial"))
