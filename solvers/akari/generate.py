"""Akari generator: random black cells, a random full lighting, numbers, then numbers removed.

1. Black cells at random with 180-degree symmetry (the Nikoli look), about one cell in five.
2. Lights: white cells in random order, a light on each one still dark (so no two see each
   other and every cell ends up lit).
3. Every black cell gets its count of neighbouring lights. While the board has a second answer,
   a white cell where the two answers differ (and our answer has no light) turns black too, and
   cells it left dark get lights: the givens grow until the answer is unique.
4. The shared search (:func:`solvers.generation.search`) removes numbers (the cell stays black)
   while the answer stays unique — the oracle is the solver's own deduction and search, and a
   second answer tells which numbers it breaks — and gives some back while the board grades
   harder than asked.

The grade comes from the deductions the solver needs (:func:`effort`): numbers and single
candidates only (easy), failed-light trials (medium), or a guess (hard).
"""

from __future__ import annotations

import random

from solvers.akari.board import Cell, Grid, Layout, neighbours
from solvers.akari.model import constraints
from solvers.akari.notation import WHITE, Given
from solvers.cardinality import UNKNOWN, Conflict
from solvers.clues import Block
from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution
from solvers.verdict import SolveOptions

DENSITY = 0.2
THRESHOLDS = (0.35, 1.5)  # effort: failed-light trials per 10 white cells (99: a guess was needed)
MAX_NODES = 20_000  # oracle search nodes; more counts as "not known unique"


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


def candidate(rows: int, cols: int, rng: random.Random) -> Candidate[Cell] | None:
    """One random board with every number, grown until unique (steps 1-3); None when it would not
    become unique. Its numbers are the clues the shared search removes (step 4)."""
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
        blacks.add(rng.choice(sorted(other - lights)))  # a cell lit in the other answer only
        _light(rows, cols, blacks, lights, rng)
    else:
        return None
    numbers = {b: count(b) for b in blacks}
    clue_cells = sorted(numbers)
    calls = [0]

    def grid_of(kept: frozenset[Cell]) -> Grid:
        return _grid(rows, cols, blacks, {c: numbers[c] for c in kept})

    def second(trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
        calls[0] += 1
        sols, complete = answers(grid_of(trial))
        others = [s for s in sols if s != lights]
        if others:
            alt = others[0]
            return frozenset(c for c in clue_cells
                             if sum(1 for n in neighbours(c, rows, cols) if n in alt) != numbers[c])
        return None if complete else False

    return Candidate(clue_cells, second, lambda kept: Puzzle("akari", grid_of(kept)),
                     lambda kept: effort(grid_of(kept)), LightSolution.from_cells(rows, cols, lights),
                     calls=lambda: calls[0])


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique Akari graded as close to ``difficulty`` as a few attempts allow."""
    return search("akari", rows, cols, difficulty, seed, THRESHOLDS, lambda rng: candidate(rows, cols, rng))
