"""Akari generator: random black cells, a random full lighting, numbers, then numbers removed.

1. Black cells at random with 180-degree symmetry (the Nikoli look), about one cell in five.
2. Lights: white cells in random order, a light on each one still dark (so no two see each
   other and every cell ends up lit).
3. Every black cell gets its count of neighbouring lights. While the board has a second answer,
   a white cell where the two answers differ (and our answer has no light) turns black too, and
   cells it left dark get lights: the givens grow until the answer is unique.
4. Numbers are removed (the cell stays black) while the answer stays unique
   (:func:`solvers.generation.remove_clues`; the oracle is the solver's own deduction and search,
   and a second answer tells which numbers it breaks). Easy and medium boards get some back.

The grade comes from the deductions the solver needs (:func:`effort`): numbers and single
candidates only (easy), failed-light trials (medium), or a guess (hard).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from solvers.akari.board import Cell, Grid, Layout, neighbours
from solvers.akari.model import constraints
from solvers.akari.notation import WHITE, Given
from solvers.cardinality import UNKNOWN, Conflict
from solvers.clues import Block
from solvers.generation import (
    DEFAULT_BUDGET,
    BestAttempt,
    GeneratedPuzzle,
    add_back,
    grade,
    prove,
    remove_clues,
    sub_rng,
)
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution
from solvers.verdict import SolveOptions

DENSITY = 0.2
THRESHOLDS = (0.35, 1.5)  # effort: failed-light trials per 10 white cells (99: a guess was needed)
ADD_BACK = {"easy": 0.5, "medium": 0.15, "hard": 0.0}
MAX_NODES = 20_000  # oracle search nodes; more counts as "not known unique"


@dataclass
class Made:
    """A generated board, its unique answer, grade and how it was made (before the engine's proof)."""

    grid: Grid
    solution: LightSolution
    difficulty: str
    stats: dict[str, Any] = field(default_factory=dict)


def _blacks(rows: int, cols: int, rng: random.Random) -> set[Cell]:
    out: set[Cell] = set()
    for r in range(rows):
        for c in range(cols):
            if (r, c) <= (rows - 1 - r, cols - 1 - c) and rng.random() < DENSITY:
                out |= {(r, c), (rows - 1 - r, cols - 1 - c)}
    return out


def _light(rows: int, cols: int, blacks: set[Cell], lights: set[Cell], rng: random.Random) -> None:
    """Add lights on dark white cells, in random order, until every white cell is lit."""
    lit: set[Cell] = set()
    for r, c in lights:
        lit |= _ray_cells(rows, cols, blacks, (r, c))
    order = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in blacks]
    rng.shuffle(order)
    for cell in order:
        if cell not in lit:
            lights.add(cell)
            lit |= _ray_cells(rows, cols, blacks, cell)


def _ray_cells(rows: int, cols: int, blacks: set[Cell], cell: Cell) -> set[Cell]:
    out = {cell}
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in blacks:
            out.add((r, c))
            r, c = r + dr, c + dc
    return out


def _grid(rows: int, cols: int, blacks: set[Cell], numbers: dict[Cell, int]) -> Grid:
    def cell(rc: Cell) -> Given:
        return Block(numbers.get(rc)) if rc in blacks else WHITE

    return tuple(tuple(cell((r, c)) for c in range(cols)) for r in range(rows))


def answers(grid: Grid, limit: int = 2) -> tuple[list[set[Cell]], bool]:
    """Up to ``limit`` lightings of ``grid`` and whether that list is complete."""
    layout = Layout(grid)
    try:
        card = constraints(layout)
        card.probe()
    except Conflict:
        return [], True
    out = card.search(limit, max_nodes=MAX_NODES)
    sols = [{layout.white[i] for i in range(len(layout.white)) if v[i] == 1} for v in out.solutions]
    return sols, out.complete


def effort(grid: Grid) -> float:
    """Failed-light trials per 10 white cells the deductions need; 99 when they need a guess."""
    layout = Layout(grid)
    card = constraints(layout)
    card.probe()
    if UNKNOWN in card.value[: len(layout.white)]:
        return 99.0
    return 10 * card.steps["probe"] / max(1, len(layout.white))


def make(rows: int, cols: int, difficulty: str, seed: int, attempt: int = 0) -> Made | None:
    """One attempt at a unique board; None when the givens could not be made unique."""
    t0 = time.perf_counter()
    rng = sub_rng(seed, "akari", rows, cols, difficulty, attempt)
    blacks = _blacks(rows, cols, rng)
    lights: set[Cell] = set()
    _light(rows, cols, blacks, lights, rng)

    def count(cell: Cell) -> int:
        return sum(1 for n in neighbours(cell, rows, cols) if n in lights)

    for _ in range(rows * cols):
        numbers = {b: count(b) for b in blacks}
        sols, complete = answers(_grid(rows, cols, blacks, numbers))
        if complete and len(sols) == 1:
            break
        if len(sols) < 2:
            return None
        other = sols[0] if sols[0] != lights else sols[1]
        differ = sorted((other ^ lights) - lights)  # cells lit in the other answer only
        cell = rng.choice(differ)
        blacks.add(cell)
        _light(rows, cols, blacks, lights, rng)
    else:
        return None
    numbers = {b: count(b) for b in blacks}
    clue_cells = sorted(numbers)

    def second(trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
        sols, complete = answers(_grid(rows, cols, blacks, {c: numbers[c] for c in trial}))
        others = [s for s in sols if s != lights]
        if others:
            alt = others[0]
            return frozenset(c for c in clue_cells
                             if sum(1 for n in neighbours(c, rows, cols) if n in alt) != numbers[c])
        return None if complete else False

    kept = remove_clues(clue_cells, second, rng)
    kept = add_back(clue_cells, kept, rng, ADD_BACK.get(difficulty, 0.0)) if ADD_BACK.get(difficulty) else kept
    grid = _grid(rows, cols, blacks, {c: numbers[c] for c in kept})
    work = effort(grid)
    stats = {"attempt": attempt + 1, "blacks": len(blacks), "numbers": len(kept), "effort": round(work, 3),
             "make_seconds": round(time.perf_counter() - t0, 3)}
    return Made(grid, LightSolution.from_cells(rows, cols, lights), grade(work, THRESHOLDS), stats)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique Akari graded as close to ``difficulty`` as a few attempts allow."""
    deadline = time.perf_counter() + DEFAULT_BUDGET
    search = BestAttempt(difficulty)
    for attempt in range(100):
        if time.perf_counter() > deadline:
            break
        made = make(rows, cols, difficulty, seed, attempt)
        if made is None:
            continue
        puzzle = Puzzle("akari", made.grid)
        ok, info = prove(puzzle, made.solution)
        if not ok:
            continue
        info.update(made.stats)
        if search.offer(GeneratedPuzzle(puzzle, made.solution, made.difficulty, info, seed)):
            break
    return search.result(genre="akari", rows=rows, cols=cols)
