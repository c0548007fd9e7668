"""Hitori generator: a random shading over a random Latin square, numbers tuned until unique.

1. A random Latin square of ``max(rows, cols)`` symbols (a cyclic square with its rows, columns and
   symbols shuffled) gives every cell a number; no line repeats one.
2. A random shading: cells in random order are shaded when no neighbour is shaded and the
   unshaded cells stay connected.
3. Each shaded cell takes the number of an unshaded cell in its row or column, so it must be shaded.
4. The solver (:mod:`solvers.hitori.model`) counts answers. While it finds a second one, a cell
   shaded in ours but not in the other copies the number of a cell unshaded in the other, in
   its line: the other answer now repeats a number, ours is untouched. (A second answer that
   only shades more cells cannot be cut that way; a fresh shading is drawn.)

Grades come from which deductions the board needs (:func:`effort`).
"""

from __future__ import annotations

import random
import time

from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.hitori.deduce import UNKNOWN, Board, Contradiction, assign, pattern_facts, start
from solvers.hitori.model import solve_numbers
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status

Cell = tuple[int, int]
THRESHOLDS = (0.12, 1.0)  # effort(): easy = the patterns settle nearly every cell, hard = search needed
BUDGET = 20.0  # seconds before the best puzzle so far is returned
TUNE_STEPS = 200


def latin(rows: int, cols: int, rng: random.Random) -> list[list[int]]:
    n = max(rows, cols)
    order_r, order_c, symbols = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(order_r)
    rng.shuffle(order_c)
    rng.shuffle(symbols)
    return [[symbols[(order_r[r] + order_c[c]) % n] for c in range(cols)] for r in range(rows)]


def _connected(rows: int, cols: int, dark: set[Cell]) -> bool:
    white = {(r, c) for r in range(rows) for c in range(cols)} - dark
    start_cell = next(iter(white))
    seen = {start_cell}
    stack = [start_cell]
    while stack:
        r, c = stack.pop()
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in white and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(white)


def shading(rows: int, cols: int, rng: random.Random, density: float) -> set[Cell]:
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    dark: set[Cell] = set()
    for r, c in cells:
        if len(dark) >= density * rows * cols:
            break
        if any(q in dark for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
            continue
        dark.add((r, c))
        if not _connected(rows, cols, dark):
            dark.discard((r, c))
    return dark


def _line_whites(rows: int, cols: int, cell: Cell, white: set[Cell]) -> list[Cell]:
    r, c = cell
    return [q for q in [(r, x) for x in range(cols)] + [(y, c) for y in range(rows)] if q != cell and q in white]


def attempt(rows: int, cols: int, rng: random.Random, deadline: float) -> tuple[list[list[int]], set[Cell]] | None:
    """Numbers with exactly one answer (the shading drawn here), or None when this shading fails."""
    nums = latin(rows, cols, rng)
    dark = shading(rows, cols, rng, rng.uniform(0.26, 0.34))
    white = {(r, c) for r in range(rows) for c in range(cols)} - dark
    for r, c in sorted(dark):
        src = rng.choice(_line_whites(rows, cols, (r, c), white))
        nums[r][c] = nums[src[0]][src[1]]
    target = tuple("".join("#" if (r, c) in dark else "." for c in range(cols)) for r in range(rows))
    opts = SolveOptions(time_limit=5.0, workers=1, seed=0)
    for _ in range(TUNE_STEPS):
        if time.perf_counter() > deadline:
            return None
        out = solve_numbers(nums, opts)
        if out.status is Status.UNIQUE:
            return (nums, dark) if out.answers[0] == target else None
        if out.status is not Status.MULTIPLE:
            return None
        other = next(a for a in out.answers if a != target)
        other_white = {(r, c) for r in range(rows) for c in range(cols) if other[r][c] == "."}
        movable = sorted(cell for cell in dark if cell in other_white)
        if not movable:
            return None
        b = rng.choice(movable)
        src = rng.choice(_line_whites(rows, cols, b, other_white) or [b])
        nums[b[0]][b[1]] = nums[src[0]][src[1]]
    return None


def effort(nums: list[list[int]]) -> float:
    """The share of cells the number patterns and the neighbour rules leave open (connectivity
    settles them); 1 plus the share still open when the deductions stop short and search finishes."""
    board = Board.of(nums)
    state = [UNKNOWN] * len(board.numbers)
    try:
        assign(board, state, pattern_facts(board))
        pattern_open = state.count(UNKNOWN) / len(state)
        state = start(board)
    except Contradiction:
        return 2.0
    return pattern_open if UNKNOWN not in state else 1.0 + state.count(UNKNOWN) / len(state)


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    deadline = time.perf_counter() + BUDGET

    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        made = attempt(rows, cols, rng, deadline + 10)
        if made is None:
            return None
        nums, dark = made
        puzzle = Puzzle("hitori", tuple(tuple(row) for row in nums))
        return Candidate.made(puzzle, ShadeSolution.from_cells(rows, cols, dark), effort(nums))

    # attempts are cheap (10x10: ~0.05 s)
    return search("hitori", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200, budget=BUDGET,
                  grade_attempts=12, until_found=True)
