"""Nurikabe generation: a random valid shading, one clue per island, kept when the solver proves it unique.

The shading: islands of random sizes grown in a shaded board, never touching each other, then
every all-shaded 2x2 block opened by one more unshaded cell where that keeps the wall connected.
Every island needs its clue, so no clue can be removed; an ambiguous board is dropped and the
next attempt tried. The grade is the solver's work (:func:`effort`): the simple deductions
alone (easy), a few of the harder ones (cut cells, confinement, 2x2 demand, island shapes) or one
short search (medium), more (hard). Islands start smaller for easy and medium boards (bigger ones
mostly grade hard), and several proven boards are tried for the asked grade.
"""

from __future__ import annotations

import random

from solvers.connectivity import components, neighbours
from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.nurikabe.deduce import deduce
from solvers.nurikabe.model import solve
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, SolveResult, Status

Cell = tuple[int, int]
THRESHOLDS = (3, 10)  # effort: easy up to 3, medium up to 10
HARDER = frozenset({"sea-cut", "confine", "demand", "shape"})  # deduction rules beyond the simple ones
# islands grown to at most this size before the 2x2 blocks are opened (which may join them): with
# 3, nine in ten unique 7x7 or 9x9 boards grade hard; with 2, about half of them at 7x7 are easy
# and one in five at 9x9 medium (60 attempts per size measured)
BIGGEST = {"easy": 2, "medium": 2, "hard": 3}
# proven boards made while looking for the asked grade (the shared default is 4): up to 20 on small
# boards (one costs about 0.05-0.2 s CPU up to 10x10; the search stops at the first that grades as
# asked), fewer as they grow (counted, not timed: the same seed gives the same board)
GRADE_TRIES, GRADE_CELLS = 20, 2000


def effort(puzzle: Puzzle[int], calls: int) -> int:
    """Steps of the harder deduction rules, plus 3 per CP-SAT call (a unique board that needs a
    search takes at least two: the answer and the proof)."""
    board = deduce(puzzle.cells)
    return sum(1 for step in board.steps if step.rule in HARDER) + 3 * calls


def random_islands(rows: int, cols: int, rng: random.Random, biggest: int) -> list[set[Cell]] | None:
    """Islands of a valid Nurikabe shading (connected sea, no 2x2 shaded), or None."""
    owner: dict[Cell, int] = {}
    islands: list[set[Cell]] = []
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)

    def free(cell: Cell, k: int) -> bool:
        return cell not in owner and all(owner.get(n, k) == k for n in neighbours(rows, cols, cell))

    sea = set(cells)

    def joins(cell: Cell) -> bool:
        """Taking ``cell`` from the sea keeps the sea connected."""
        return len(components(rows, cols, sea - {cell})) == 1

    for start in cells:
        if not free(start, len(islands)) or rng.random() < 0.3 or not joins(start):
            continue
        k = len(islands)
        island = {start}
        owner[start] = k
        sea.discard(start)
        target = rng.randint(1, biggest)
        while len(island) < target:
            options = sorted({n for cell in island for n in neighbours(rows, cols, cell) if free(n, k)})
            rng.shuffle(options)
            pick = next((n for n in options if joins(n)), None)
            if pick is None:
                break
            island.add(pick)
            owner[pick] = k
            sea.discard(pick)
        islands.append(island)
    for _ in range(rows * cols):
        pools = [(r, c) for r in range(rows - 1) for c in range(cols - 1)
                 if all(x in sea for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))]
        if not pools:
            return [island for island in islands if island]
        r, c = rng.choice(pools)
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        rng.shuffle(block)
        for cell in block:
            if not joins(cell):
                continue
            near = sorted({owner[n] for n in neighbours(rows, cols, cell) if n in owner})
            if sum(len(islands[k]) for k in near) >= biggest + 2:
                continue  # joining would make a large island: hard to pin down with one clue
            k = near[0] if near else len(islands)
            if k == len(islands):
                islands.append(set())
            for other in near[1:]:  # the cell joins touching islands into one
                for moved in islands[other]:
                    owner[moved] = k
                islands[k] |= islands[other]
                islands[other] = set()
            islands[k].add(cell)
            owner[cell] = k
            sea.discard(cell)
            break
        else:
            return None
    return None


def _with_clues(rows: int, cols: int, islands: list[set[Cell]], rng: random.Random,
                repairs: int = 12) -> tuple[SolveResult, Puzzle[int]]:
    """One clue per island at a random cell; while the board has a second answer, move a clue onto
    a cell that the second answer shades (it then stays unshaded). The last verdict and board."""
    spot = [rng.choice(sorted(island)) for island in islands]
    owner = {cell: k for k, island in enumerate(islands) for cell in island}
    for _ in range(repairs):
        grid = [[0] * cols for _ in range(rows)]
        for k, (r, c) in enumerate(spot):
            grid[r][c] = len(islands[k])
        puzzle = Puzzle("nurikabe", tuple(tuple(row) for row in grid))
        res = solve(puzzle, SolveOptions(time_limit=1.0, workers=1))
        if res.status is not Status.MULTIPLE or not isinstance(res.second_solution, ShadeSolution):
            return res, puzzle
        other = res.second_solution
        wrong = sorted(cell for cell in owner if other.marked(*cell))
        if not wrong:
            return res, puzzle
        cell = rng.choice(wrong)
        spot[owner[cell]] = cell
    return res, puzzle


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        islands = random_islands(rows, cols, rng, biggest=BIGGEST.get(difficulty, 3))
        if not islands:
            return None
        res, puzzle = _with_clues(rows, cols, islands, rng)
        if res.status is not Status.UNIQUE or not isinstance(res.solution, ShadeSolution):
            return None
        return Candidate.made(puzzle, res.solution, effort(puzzle, res.stats.solver_calls), islands=len(islands),
                              calls=res.stats.solver_calls)

    return search("nurikabe", rows, cols, difficulty, seed, THRESHOLDS, attempt, attempts=400,
                  grade_attempts=min(GRADE_TRIES, max(4, GRADE_CELLS // (rows * cols))))
