"""Making a Hashiwokakero (plain data; :mod:`solvers.hashiwokakero.generate` wraps it).

Grow a random connected network: start from one island, repeatedly send a bridge (single or
double) from a random island in a random direction to a new island, over free water only and
never next to another island; then add some bridges between islands that already see each
other. The numbers are the bridge ends. Kept only when the solver proves it unique. Grade by what
the solution needs: counting alone (easy), the group rules (medium), search (hard).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solvers.hashiwokakero.board import board_of
from solvers.hashiwokakero.deduce import Contradiction, propagate, start
from solvers.hashiwokakero.model import solve_board
from solvers.verdict import SolveOptions, Status

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))
GRADES = ("easy", "medium", "hard")
ORACLE = SolveOptions(time_limit=10.0, workers=1, seed=0, unique=True)
DENSITY = {"easy": 0.22, "medium": 0.2, "hard": 0.18}


@dataclass(frozen=True)
class Made:
    cells: tuple[tuple[int, ...], ...]
    bridges: tuple[tuple[int, int, int, int, int], ...]
    grade: str


def network(rows: int, cols: int, rng: random.Random, density: float) -> tuple[list[list[int]], list[list[int]]]:
    """A random connected network: (island numbers grid, bridges [r1, c1, r2, c2, n])."""
    isl = [[False] * cols for _ in range(rows)]
    used = [[False] * cols for _ in range(rows)]  # bridge cells
    bridges: list[list[int]] = []
    r0, c0 = rng.randrange(rows), rng.randrange(cols)
    isl[r0][c0] = True
    islands = [(r0, c0)]
    target = max(2, round(rows * cols * density))

    def free(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and not isl[r][c] and not used[r][c]

    def lonely(r: int, c: int) -> bool:
        return not any(0 <= r + dr < rows and 0 <= c + dc < cols and isl[r + dr][c + dc] for dr, dc in DIRS)

    tries = 0
    while len(islands) < target and tries < 50 * target:
        tries += 1
        r, c = rng.choice(islands)
        dr, dc = rng.choice(DIRS)
        span = rng.randint(2, max(2, min(6, max(rows, cols) // 2)))
        path = [(r + dr * k, c + dc * k) for k in range(1, span)]
        end = (r + dr * span, c + dc * span)
        if not all(free(*x) for x in path) or not free(*end) or not lonely(*end):
            continue
        for x in path:
            used[x[0]][x[1]] = True
        isl[end[0]][end[1]] = True
        islands.append(end)
        bridges.append([r, c, end[0], end[1], rng.choice((1, 1, 2))])
    joined = {(min((a, b), (c, d)), max((a, b), (c, d))) for a, b, c, d, _ in bridges}
    for r, c in list(islands):
        for dr, dc in ((0, 1), (1, 0)):
            k = 1
            while free(r + dr * k, c + dc * k):
                k += 1
            end = (r + dr * k, c + dc * k)
            if k < 2 or not (0 <= end[0] < rows and 0 <= end[1] < cols) or not isl[end[0]][end[1]]:
                continue
            if ((r, c), end) in joined or rng.random() > 0.4:
                continue
            for j in range(1, k):
                used[r + dr * j][c + dc * j] = True
            bridges.append([r, c, end[0], end[1], rng.choice((1, 2))])
    numbers = [[0] * cols for _ in range(rows)]
    for a, b, c, d, n in bridges:
        numbers[a][b] += n
        numbers[c][d] += n
    return numbers, bridges


def grade_of(cells: list[list[int]]) -> str:
    board = board_of(cells)
    b = start(board)
    try:
        level = propagate(board, b)
    except Contradiction:
        return "hard"
    return GRADES[level] if b.fixed() else "hard"


def make(rows: int, cols: int, difficulty: str, rng: random.Random) -> Made | None:
    """One random network, graded; None when the solver does not call it unique."""
    numbers, bridges = network(rows, cols, rng, DENSITY.get(difficulty, 0.2))
    res = solve_board(board_of(numbers), ORACLE)
    if res.status is not Status.UNIQUE:
        return None
    return Made(tuple(tuple(row) for row in numbers), tuple(tuple(b) for b in bridges), grade_of(numbers))  # type: ignore[misc]
