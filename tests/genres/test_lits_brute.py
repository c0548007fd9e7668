"""LITS against brute force on small random rooms: the solver's verdicts, the one-room move, the answer grown
room by room, the generator's bit-mask search; and generated boards with one answer by an independent count."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from solvers.engine import solve_puzzle
from solvers.lits import GENRE, model
from solvers.lits.bits import Geometry, answers, probed
from solvers.lits.check import shape_of, violations
from solvers.lits.deduce import Board, OutOfBudget
from solvers.lits.generate import attempt
from solvers.lits.grow import grow
from solvers.lits.model import solve_regions
from solvers.lits.swap import neighbour_answer
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status

OPTS = SolveOptions(time_limit=10, workers=1)


# -- small random rooms against brute force ---------------------------------------------------------

def _brute(regions: list[list[int]]) -> list[tuple[str, ...]]:
    rows, cols = len(regions), len(regions[0])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    out = []
    for on in itertools.product((False, True), repeat=len(cells)):
        shaded = tuple("".join("#" if on[r * cols + c] else "." for c in range(cols)) for r in range(rows))
        if not violations(regions, shaded):
            out.append(shaded)
    return out


def _random_rooms(rng: random.Random, rows: int, cols: int, count: int) -> list[list[int]]:
    grid = [[0] * cols for _ in range(rows)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    for k, (r, c) in enumerate(rng.sample(cells, count), 1):
        grid[r][c] = k
    while any(0 in row for row in grid):
        r, c = rng.choice([(r, c) for r, c in cells if grid[r][c]])
        y, x = rng.choice([(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))])
        if 0 <= y < rows and 0 <= x < cols and not grid[y][x]:
            grid[y][x] = grid[r][c]
    return grid


def test_verdicts_agree_with_brute_force() -> None:
    rng = random.Random(2)
    checked = 0
    while checked < 30:
        rows, cols = rng.choice(((3, 4), (4, 3), (2, 6), (2, 5)))
        regions = _random_rooms(rng, rows, cols, rng.randint(1, 3))
        sizes = [sum(row.count(k) for row in regions) for k in {v for row in regions for v in row}]
        if min(sizes) < 4:
            continue
        every = _brute(regions)
        want = Status.NONE if not every else Status.UNIQUE if len(every) == 1 else Status.MULTIPLE
        for nodes in (10, 0):  # the search first, and CP-SAT straight after the deductions
            out = solve_regions(regions, OPTS, search_nodes=nodes)
            assert out.status is want, (regions, nodes)
            assert all(a in every for a in out.answers)
        checked += 1


def test_neighbour_answer_is_an_answer_one_room_away() -> None:
    """The one-room move (solvers.lits.swap) returns only answers, and finds one whenever brute force
    shows an answer that differs from the first in a single room."""
    rng = random.Random(5)
    tried = found = 0
    while tried < 40:
        rows, cols = rng.choice(((3, 4), (4, 3), (2, 6), (2, 5)))
        regions = _random_rooms(rng, rows, cols, rng.randint(1, 3))
        every = _brute(regions)
        if not every:
            continue
        board = Board.of(regions)
        dark = {i for i in range(rows * cols) if every[0][i // cols][i % cols] == "#"}
        chosen = [next(p for p in board.by_region[k] if set(board.places[p].cells) <= dark)
                  for k in range(len(board.members))]
        near = [a for a in every[1:] if sum(1 for k, p in enumerate(chosen) if any(
            a[i // cols][i % cols] != "#" for i in board.places[p].cells)) == 1]
        other = neighbour_answer(board, [True] * len(board.places), chosen)
        if other is None:
            assert not near, regions
        else:
            cells = {i for p in other for i in board.places[p].cells}
            rows_ = tuple("".join("#" if r * cols + c in cells else "." for c in range(cols)) for r in range(rows))
            assert rows_ in every[1:], regions
            found += 1
        tried += 1
    assert found > 0


def test_grown_first_answer_keeps_every_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer grown room by room (solvers.lits.grow, big models) is an answer; with that path on
    for every model the verdicts still agree with brute force (a unique board is proven by CP-SAT
    with the grown answer excluded), and a board with a second answer one room away is settled
    without any CP-SAT call."""
    monkeypatch.setattr(model, "GROW_PLACES", 0)
    calls: list[int] = []
    real = model.solve_connected

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(model, "solve_connected", counted)
    rng = random.Random(7)
    checked = grown = without = 0
    while checked < 25:
        rows, cols = rng.choice(((3, 4), (4, 3), (2, 6), (2, 5)))
        regions = _random_rooms(rng, rows, cols, rng.randint(1, 3))
        if min(sum(row.count(k) for row in regions) for k in {v for row in regions for v in row}) < 4:
            continue
        every = _brute(regions)
        board = Board.of(regions)
        answer = grow(board, [True] * len(board.places))
        if answer is not None:
            cells = {i for p in answer for i in board.places[p].cells}
            assert board.shade_rows(cells.__contains__) in every, regions
            grown += 1
        want = Status.NONE if not every else Status.UNIQUE if len(every) == 1 else Status.MULTIPLE
        calls.clear()
        out = solve_regions(regions, OPTS, search_nodes=0)
        assert out.status is want, regions
        assert all(a in every for a in out.answers)
        assert len(set(out.answers)) == len(out.answers), regions
        without += want is Status.MULTIPLE and not calls
        checked += 1
    assert grown > 5 and without > 0, (grown, without)


def test_answer_search_agrees_with_brute_force() -> None:
    """The generator's bit-mask search (:mod:`solvers.lits.bits`) finds exactly the brute-force answers,
    also after probing (a budget too small for the search alone)."""
    rng = random.Random(4)
    checked = probed_ = 0
    while checked < 20:
        rows, cols = rng.choice(((3, 4), (4, 3), (2, 6)))
        regions = _random_rooms(rng, rows, cols, rng.randint(1, 3))
        labels = sorted({v for row in regions for v in row})
        if min(sum(row.count(k) for row in regions) for k in labels) < 4:
            continue
        geo = Geometry.of(rows, cols)
        masks = [sum(1 << r * cols + c for r in range(rows) for c in range(cols) if regions[r][c] == k)
                 for k in labels]
        found = answers(geo, [geo.within(m) for m in masks], limit=10**6)
        shaded = {tuple("".join("#" if any(geo.masks[p] >> r * cols + c & 1 for p in a) else "."
                                for c in range(cols)) for r in range(rows)) for a in found}
        every = set(_brute(regions))
        assert len(shaded) == len(found) and shaded == every, regions
        try:
            two = probed(geo, [geo.within(m) for m in masks], limit=2, budget=1)  # probes settle most
        except OutOfBudget:
            pass
        else:
            assert len(set(two)) == len(two) == min(2, len(every)) and set(two) <= set(found)
            probed_ += 1
        checked += 1
    assert probed_ >= 5


def _linked(cells: tuple[tuple[int, int], ...]) -> bool:
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        r, c = stack.pop()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == 4


def _count_by_rooms(regions: tuple[tuple[int, ...], ...], limit: int = 2) -> int:
    """Answers counted room by room with nothing from the solvers: any four connected cells of a room
    (shape told by the checker's :func:`shape_of`), equal shapes never touching, no 2x2, then the
    checker's verdict on every complete choice."""
    rows, cols = len(regions), len(regions[0])
    rooms: dict[int, list[tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            rooms.setdefault(regions[r][c], []).append((r, c))
    options = []
    for cells in rooms.values():
        mine = []
        for four in itertools.combinations(cells, 4):
            if _linked(four) and (shape := shape_of(four)) != "O":
                mine.append((frozenset(four), shape))
        options.append(mine)
    options.sort(key=len)
    found = 0

    def clash(a: tuple[frozenset[tuple[int, int]], str], taken: list[tuple[frozenset[tuple[int, int]], str]]) -> bool:
        cells, shape = a
        dark = set(cells).union(*(b for b, _ in taken))
        for r, c in cells:
            for top, left in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)):
                if {(top, left), (top, left + 1), (top + 1, left), (top + 1, left + 1)} <= dark:
                    return True
        return any(s == shape and any((r + dr, c + dc) in b for r, c in cells
                                      for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))) for b, s in taken)

    def walk(n: int, taken: list[tuple[frozenset[tuple[int, int]], str]]) -> None:
        nonlocal found
        if found >= limit:
            return
        if n == len(options):
            dark = set().union(*(b for b, _ in taken))
            rows_ = tuple("".join("#" if (r, c) in dark else "." for c in range(cols)) for r in range(rows))
            if not violations(regions, rows_):
                found += 1
            return
        for a in options[n]:
            if not clash(a, taken):
                walk(n + 1, [*taken, a])

    walk(0, [])
    return found


@pytest.mark.parametrize(("rows", "cols", "seed"), [(5, 5, 3), (6, 6, 1), (6, 6, 2), (5, 8, 4), (7, 6, 5)])
def test_generated_boards_have_one_answer_by_an_independent_count(rows: int, cols: int, seed: int) -> None:
    # a draw can be dropped: the first kept one of ten
    made = next(m for n in range(10) if (m := attempt(rows, cols, random.Random(f"{seed}:{n}"))))
    regions = made.regions()
    puzzle = Puzzle("lits", tuple((0,) * cols for _ in range(rows)), regions=regions)
    ours = ShadeSolution.from_cells(rows, cols, made.shaded())
    assert GENRE.check(puzzle, ours) == []
    assert _count_by_rooms(regions) == 1
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.UNIQUE and res.solution == ours
