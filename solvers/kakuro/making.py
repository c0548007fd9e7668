"""Making a Kakuro (plain data; :mod:`solvers.kakuro.generate` wraps it).

A symmetric random pattern of black cells (no white run of one cell, none longer than nine, the
white cells connected), a random filling with different digits per run, and the sums of that
filling as clues. Easy and medium boards are climbed towards what a person can deduce: one
run refilled at a time, next to a cell the deductions of the grade leave open, kept while no more
cells stay open, until none does (a board the deductions fill has exactly that answer; far
cheaper to reach than a unique random filling, which a second answer's repairs rarely give
above 9x9). A harder grade starts from such a board: single runs are refilled until the
easier rules stall while the grade's own still finish it (medium), or while the search still finds
one answer only (hard). Grade: sets against cells alone
finish it (easy); hidden singles too (medium); search needed (hard).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from solvers.clues import Sum
from solvers.kakuro.board import Board, Run, board_of
from solvers.kakuro.deduce import Contradiction, propagate, start
from solvers.kakuro.model import solve_board
from solvers.kakuro.notation import BLACK, WHITE, KCell
from solvers.kakuro.search import count
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, Status

GRADES = ("easy", "medium", "hard")
BLACK_SHARE = {"easy": 0.34, "medium": 0.32, "hard": 0.3}
CLIMB_STEPS = 400  # runs refilled while climbing towards a deducible board
PATTERN_TRIES = 20
HARDEN_STEPS = 200  # single runs refilled while hardening a board to its grade
SEARCH_SECONDS = 0.3  # the plain search's share of one uniqueness question
Grid = tuple[tuple[KCell, ...], ...]


@dataclass(frozen=True)
class Made:
    cells: Grid
    numbers: tuple[tuple[int, ...], ...]  # 0 on black cells
    grade: str


def pattern(rows: int, cols: int, rng: random.Random, share: float) -> list[list[bool]] | None:
    """White (True) cells: row 0 and column 0 black, the interior symmetric under 180° rotation,
    every white run 2-9 cells long, the white cells connected; None when this try failed."""
    white = [[r > 0 and c > 0 for c in range(cols)] for r in range(rows)]
    spots = [(r, c) for r in range(1, rows) for c in range(1, cols)]
    rng.shuffle(spots)
    target = round(share * len(spots))
    black = 0
    for r, c in spots:
        if black >= target:
            break
        pair = {(r, c), (rows - r, cols - c)}
        if not all(white[a][b] for a, b in pair):
            continue
        for a, b in pair:
            white[a][b] = False
        if any(_span(white, a, b, 0, 1) == 1 or _span(white, a, b, 1, 0) == 1
               for x, y in pair for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
               if 0 <= a < rows and 0 <= b < cols and white[a][b]):
            for a, b in pair:
                white[a][b] = True
            continue
        black += len(pair)
    cells = [(r, c) for r in range(rows) for c in range(cols) if white[r][c]]
    if len(cells) < 4 or any(_span(white, r, c, 0, 1) > 9 or _span(white, r, c, 1, 0) > 9 for r, c in cells):
        return None
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nb[0] < rows and 0 <= nb[1] < cols and white[nb[0]][nb[1]] and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return white if len(seen) == len(cells) else None


def _span(white: list[list[bool]], r: int, c: int, dr: int, dc: int) -> int:
    n = 1
    for sign in (1, -1):
        rr, cc = r + sign * dr, c + sign * dc
        while 0 <= rr < len(white) and 0 <= cc < len(white[0]) and white[rr][cc]:
            n += 1
            rr, cc = rr + sign * dr, cc + sign * dc
    return n


def fill(board: Board, rng: random.Random, fixed: dict[int, int]) -> list[int] | None:
    """Different digits per run, ``fixed`` cells kept, the others random (depth-first)."""
    n = len(board.white)
    values = [fixed.get(i, 0) for i in range(n)]
    order = [i for i in range(n) if i not in fixed]
    rng.shuffle(order)
    choices: list[list[int]] = []
    k = 0
    steps = 0
    while 0 <= k < len(order):
        steps += 1
        if steps > 20000:
            return None
        i = order[k]
        if len(choices) <= k:
            used = {values[j] for run in board.run_of[i] for j in board.runs[run].cells if j != i}
            opts = [d for d in range(1, 10) if d not in used]
            # extreme digits first more often: sums of few combinations make unique boards likelier
            opts.sort(key=lambda d: rng.random() * (1.0 if d in (1, 2, 8, 9) else 2.5), reverse=True)
            choices.append(opts)
        if choices[k]:
            values[i] = choices[k].pop()
            k += 1
        else:
            values[i] = 0
            choices.pop()
            k -= 1
            if k >= 0:
                values[order[k]] = 0
    return values if k == len(order) else None


def clues_of(white: list[list[bool]], board: Board, values: list[int]) -> Grid:
    rows, cols = len(white), len(white[0])
    grid: list[list[KCell]] = [[WHITE if white[r][c] else BLACK for c in range(cols)] for r in range(rows)]
    for run in board.runs:
        r, c = run.clue
        total = sum(values[i] for i in run.cells)
        old = grid[r][c]
        if isinstance(old, Sum):
            grid[r][c] = Sum(total, old.right) if run.down else Sum(old.down, total)
    return tuple(tuple(row) for row in grid)


def _two_answers(board: Board, deadline: float) -> list[tuple[int, ...]] | None:
    """Up to two answers: the plain search first (fast on most boards), CP-SAT when it drags on;
    None when neither settles the question in time."""
    found = count(board, 2, min(deadline, time.perf_counter() + SEARCH_SECONDS))
    if found.complete:
        return found.solutions
    res = solve_board(board, SolveOptions(time_limit=max(0.1, min(5.0, deadline - time.perf_counter())),
                                          workers=1, seed=0))
    sols = [s for s in (res.solution, res.second_solution) if isinstance(s, NumberSolution)]
    if res.status not in (Status.UNIQUE, Status.MULTIPLE) or not sols:
        return None
    return [tuple(v for r, c in board.white if (v := s.numbers[r][c]) is not None) for s in sols]


def grade_of(board: Board) -> str:
    for hidden, name in ((False, "easy"), (True, "medium")):
        st = start(board)
        try:
            propagate(board, st, hidden=hidden)
        except Contradiction:
            return "hard"
        if st.solved():
            return name
    return "hard"


def make(rows: int, cols: int, difficulty: str, rng: random.Random, deadline: float) -> Made | None:
    """One random pattern and filling climbed to a deducible board (hardened for hard); graded.
    None when that does not happen in time."""
    white = None
    for _ in range(PATTERN_TRIES):
        white = pattern(rows, cols, rng, BLACK_SHARE.get(difficulty, 0.26))
        if white is not None:
            break
    if white is None:
        return None
    shape = board_of([[WHITE if w else BLACK for w in row] for row in white])
    values = fill(shape, rng, {})
    if values is None:
        return None
    found = _climb(white, shape, values, difficulty != "easy", rng, deadline)
    if found is not None and difficulty != "easy" and grade_of(found[1]) != difficulty:
        found = _harden(white, shape, found[0], difficulty, rng, deadline)
    if found is None:
        return None
    values, board = found
    whites = {cell: values[i] for i, cell in enumerate(shape.white)}
    numbers = tuple(tuple(whites.get((r, c), 0) for c in range(cols)) for r in range(rows))
    return Made(clues_of(white, shape, values), numbers, grade_of(board))


def _with_sums(shape: Board, values: list[int]) -> Board:
    """``shape`` with the sums of ``values`` as its clues: ``board_of(clues_of(...))`` without
    reading the grid again (every run of a made pattern has its clue cell)."""
    runs = tuple(Run(run.cells, sum(values[i] for i in run.cells), run.clue, run.down) for run in shape.runs)
    return Board(shape.rows, shape.cols, shape.white, runs, shape.run_of)


def _open_cells(white: list[list[bool]], shape: Board, values: list[int], hidden: bool) -> tuple[list[int], Board]:
    """The white cells the grade's deductions leave open on the clues of ``values``."""
    board = _with_sums(shape, values)
    st = start(board)
    propagate(board, st, hidden=hidden)  # the clues have an answer (values): no contradiction
    return [i for i, m in enumerate(st.dom) if m & (m - 1)], board


def _climb(white: list[list[bool]], shape: Board, values: list[int], hidden: bool,
           rng: random.Random, deadline: float) -> tuple[list[int], Board] | None:
    """Refill one run beside an open cell at a time, keeping refillings that leave no more cells
    open, until the deductions (with hidden singles if ``hidden``) fill the board."""
    opens, board = _open_cells(white, shape, values, hidden)
    for step in range(CLIMB_STEPS):
        if not opens:
            return values, board
        if step % 16 == 0 and time.perf_counter() > deadline:
            return None
        run = shape.runs[rng.choice(shape.run_of[rng.choice(opens)])]
        new = fill(shape, rng, {i: v for i, v in enumerate(values) if i not in run.cells})
        if new is None:
            continue
        new_opens, new_board = _open_cells(white, shape, new, hidden)
        if len(new_opens) <= len(opens):
            values, opens, board = new, new_opens, new_board
    return None


def _harden(white: list[list[bool]], shape: Board, values: list[int], target: str,
            rng: random.Random, deadline: float) -> tuple[list[int], Board] | None:
    """From a board easier than ``target``, refill one run at a time: a board still too easy is
    walked on from, one of the target grade is the result (a hard one only while the search still
    finds one answer), anything else is undone."""
    hidden = target == "hard"  # medium: easy's rules must stall; hard: medium's rules must stall
    for step in range(HARDEN_STEPS):
        if step % 4 == 0 and time.perf_counter() > deadline:
            return None
        run = shape.runs[rng.randrange(len(shape.runs))]
        new = fill(shape, rng, {i: v for i, v in enumerate(values) if i not in run.cells})
        if new is None:
            continue
        opens, board = _open_cells(white, shape, new, hidden)
        if not opens:
            values = new  # still too easy: walk on from here
        elif target == "medium":
            if not _open_cells(white, shape, new, True)[0]:
                return new, board
        else:
            answers = _two_answers(board, deadline)
            if answers is not None and len(answers) == 1:
                return new, board
    return None
