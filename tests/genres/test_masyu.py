"""Masyu engine: corpus verdicts, every checker rule, invalid boards, and a brute-force cross-check."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, ParseError
from solvers.gridgraph import Grid
from solvers.masyu.check import check, validate
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=20, workers=2)


def _puzzle(rows: list[str]) -> Puzzle[Any]:
    value = {".": 0, "W": 1, "B": 2}
    return Puzzle("masyu", tuple(tuple(value[ch] for ch in row) for row in rows))


def _masks(sol: object) -> list[list[int]]:
    if isinstance(sol, LoopSolution):
        return [list(row) for row in sol.masks]
    assert isinstance(sol, dict)
    return [[int(t) for t in row.split()] for row in sol["loop"]]


def _loop(masks: list[list[int]]) -> LoopSolution:
    return LoopSolution.from_masks(masks)


def _rules(puzzle: Puzzle[Any], masks: list[list[int]]) -> set[str]:
    """Rules broken by a mask grid."""
    return {v.rule for v in check(puzzle, _loop(masks))}


# -- corpus -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rec", corpus.shared_params("masyu"))
def test_corpus_unique_and_checked(rec: dict) -> None:
    puzzle = Puzzle.from_record(rec)
    assert check(puzzle, LoopSolution.from_json(rec["solution"], puzzle.rows, puzzle.cols)) == []
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.UNIQUE, (res.status, res.message)
    assert _masks(res.solution) == _masks(rec["solution"])
    solved = solve_puzzle(puzzle, OPTS.with_(unique=False))
    assert solved.status is Status.SOLVED and check(puzzle, solved.solution) == []


# -- checker: every rule, by breaking a correct solution -----------------------------------------

REC = {"id": "masyu-5x5", "genre": "masyu", "rows": 5, "cols": 5,
       "grid": ["B . . . B", ". . . . .", ". . . . B", ". B . W .", "B . . . ."],
       "solution": {"loop": ["6 10 10 10 12", "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]}}


def _base() -> tuple[Puzzle[Any], list[list[int]]]:
    return Puzzle.from_record(REC), _masks(REC["solution"])


def test_checker_accepts_the_stored_solution() -> None:
    puzzle, masks = _base()
    assert _rules(puzzle, masks) == set()


@pytest.mark.parametrize("bad", [
    None, [], {"links": []}, {"loop": "6 10"}, {"loop": ["6 10 10 10 12"]},
    {"loop": ["6 10 10 10", "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
    {"loop": ["6 10 10 10 x", "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
    {"loop": ["6 10 10 10 16", "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
    {"loop": ["6 10 10 10 -1", "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
    {"loop": [[6, 10, 10, 10, True], "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
    {"loop": [6, "5 6 12 0 5", "5 5 3 10 9", "5 3 10 10 12", "3 10 10 10 9"]},
])
def test_malformed_solutions_are_parse_errors(bad: object) -> None:
    puzzle, _ = _base()
    with pytest.raises(ParseError):
        LoopSolution.from_json(bad, puzzle.rows, puzzle.cols)


def test_checker_rejects_a_wrong_shape_without_raising() -> None:
    puzzle, _ = _base()
    assert {v.rule for v in check(puzzle, _loop([[6, 12], [3, 9]]))} == {"solution-row-count"}
    assert {v.rule for v in check(puzzle, {"loop": []})} == {"masyu-format"}  # type: ignore[arg-type]
    assert say(check(puzzle, {"loop": []})[0].msg).startswith("A Masyu solution must be {'loop'")  # type: ignore[arg-type]


def test_checker_accepts_integer_lists() -> None:
    puzzle, masks = _base()
    assert check(puzzle, LoopSolution.from_json({"loop": masks}, puzzle.rows, puzzle.cols)) == []


def test_checker_off_board_and_mismatch() -> None:
    puzzle, masks = _base()
    m = [row[:] for row in masks]
    m[0][0] |= 1  # up from the top row
    assert _rules(puzzle, m) == {"line-off-board"}
    m = [row[:] for row in masks]
    m[1][3] |= 2  # right, but (1,4) does not connect back
    assert _rules(puzzle, m) == {"line-mismatch"}
    v = check(puzzle, _loop(m))[0]
    assert "row 2, column 4" in say(v.msg) and v.cells == ((1, 3), (1, 4))


def test_checker_dead_end_and_branch() -> None:
    puzzle, masks = _base()
    m = [row[:] for row in masks]
    m[0][1] &= ~2  # cut the edge (0,1)-(0,2) on both sides
    m[0][2] &= ~8
    assert "masyu-dead-end" in _rules(puzzle, m)
    m = [row[:] for row in masks]
    m[1][2] |= 2  # join (1,2) and (1,3), two loop cells: both branch
    m[1][3] |= 8
    assert "masyu-branch" in _rules(puzzle, m)


def test_checker_pearl_unvisited() -> None:
    _, masks = _base()
    puzzle = _puzzle(["B...B", "...W.", "....B", ".B.W.", "B...."])  # (1,3) is off the loop
    assert masks[1][3] == 0
    assert _rules(puzzle, masks) == {"masyu-white-unvisited"}
    v = check(puzzle, _loop(masks))[0]
    assert say(v.msg) == "The loop does not pass the white pearl at row 2, column 4."
    assert say(v.msg, "ja") == "2 行 4 列 の白丸を線が通っていません。"


def test_checker_white_rules() -> None:
    # 3x4 board, loop around the border: corners turn, edges go straight
    ring = [[6, 10, 10, 12], [5, 0, 0, 5], [3, 10, 10, 9]]
    assert _rules(_puzzle(["....", "....", "...."]), ring) == set()
    assert _rules(_puzzle(["W...", "....", "...."]), ring) == {"masyu-white-straight"}
    assert _rules(_puzzle([".W..", "....", "...."]), ring) == set()  # turns at (0,0)
    # 3x5 ring: (0,2) has straight neighbours on both sides
    ring5 = [[6, 10, 10, 10, 12], [5, 0, 0, 0, 5], [3, 10, 10, 10, 9]]
    assert _rules(_puzzle(["..W..", ".....", "....."]), ring5) == {"masyu-white-turn"}
    assert _rules(_puzzle([".....", "W....", "....."]), ring5) == set()


def test_checker_black_rules() -> None:
    ring5 = [[6, 10, 10, 10, 12], [5, 0, 0, 0, 5], [3, 10, 10, 10, 9]]
    assert _rules(_puzzle(["..B..", ".....", "....."]), ring5) == {"masyu-black-turn"}
    # corner (0,0): right neighbour (0,1) straight, down neighbour (1,0) straight -> fine
    assert _rules(_puzzle(["B....", ".....", "....."]), ring5) == set()
    # 3x3 ring: corner (0,0) is followed by a corner (0,2)? no: (0,1) is straight; use 2x3 ring
    ring23 = [[6, 10, 12], [3, 10, 9]]
    assert _rules(_puzzle(["B..", "..."]), ring23) == {"masyu-black-straight"}  # (1,0) is a corner
    v = check(_puzzle(["B..", "..."]), _loop(ring23))[0]
    assert say(v.msg) == "After the black pearl at row 1, column 1 the loop must go straight through row 2, column 1."


def test_checker_single_loop_and_no_loop() -> None:
    two = [[6, 12, 6, 12], [3, 9, 3, 9]]
    puzzle = _puzzle(["....", "...."])
    assert _rules(puzzle, two) == {"masyu-single-loop"}
    assert say(check(puzzle, _loop(two))[0].msg) == "The drawing has 2 separate pieces; Masyu needs exactly one loop."
    assert _rules(puzzle, [[0] * 4, [0] * 4]) == {"masyu-no-loop"}


# -- validate and special boards ----------------------------------------------------------------

def test_validate_rejects_unknown_cell_values() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        validate(Puzzle("masyu", ((0, 3), (0, 0))))
    assert e.value.code == "masyu-bad-cell" and e.value.cells == ((0, 1),)
    assert say(e.value.msg) == "Row 1, column 2 holds 3; Masyu cells are empty, white or black pearls."
    assert say(e.value.msg, "ja").startswith("1 行 2 列の値 3 は使えません。")
    with pytest.raises(InvalidPuzzle) as e:
        validate(Puzzle("masyu", ((0, 0), (0,))))
    assert "Row 2 has 1 cell," in say(e.value.msg)


def test_empty_boards() -> None:
    assert solve_puzzle(_puzzle(["..", ".."]), OPTS).status is Status.UNIQUE
    res = solve_puzzle(_puzzle(["...", "...", "..."]), OPTS)
    assert res.status is Status.MULTIPLE and res.solution != res.second_solution
    assert solve_puzzle(_puzzle(["....."]), OPTS).status is Status.NONE


@pytest.mark.parametrize("rows", [["B.", ".."], ["W"], ["..W", "...", "..."], ["BB..", "....", "....", "...."]])
def test_impossible_pearls_are_none(rows: list[str]) -> None:
    res = solve_puzzle(_puzzle(rows), OPTS)
    assert res.status is Status.NONE and res.solution is None


def test_multiple_gives_two_checked_solutions() -> None:
    puzzle = _puzzle([".W..", "....", "....", "...."])
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.MULTIPLE
    assert check(puzzle, res.solution) == [] and check(puzzle, res.second_solution) == []
    assert res.solution != res.second_solution


# -- brute force on tiny boards ------------------------------------------------------------------

def _all_loops(rows: int, cols: int) -> list[list[list[int]]]:
    """Every simple cycle of the rows x cols grid graph, as mask grids (plain DFS)."""
    grid = Grid(rows, cols)
    found: set[frozenset[int]] = set()
    n = grid.size

    def dfs(start: int, cur: int, path: list[int], on: set[int]) -> None:
        for _, nb in grid.neighbours(grid.cell(cur)):
            j = grid.index(nb)
            if j == start and len(path) >= 4:
                cyc = path + [start]
                found.add(frozenset(grid.edge(grid.cell(a), grid.cell(b)) for a, b in zip(cyc, cyc[1:], strict=False)))
            elif j > start and j not in on:
                on.add(j)
                path.append(j)
                dfs(start, j, path, on)
                path.pop()
                on.discard(j)

    for s in range(n):
        dfs(s, s, [s], {s})
    return [grid.masks_from_edges(es) for es in found]


@pytest.mark.slow
def test_brute_force_agrees_on_random_small_boards() -> None:
    rng = random.Random(7)
    loops = {(4, 4): _all_loops(4, 4), (3, 5): _all_loops(3, 5)}
    assert len(loops[(4, 4)]) == 213  # the known number of cycles in the 4x4 grid graph
    seen = set()
    for _ in range(120):
        rows, cols = rng.choice(list(loops))
        cells = [[0] * cols for _ in range(rows)]
        for _ in range(rng.randint(1, 4)):
            cells[rng.randrange(rows)][rng.randrange(cols)] = rng.choice((1, 2))
        puzzle = Puzzle("masyu", tuple(tuple(r) for r in cells))
        count = sum(1 for m in loops[(rows, cols)] if not check(puzzle, _loop(m)))
        want = Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE
        res = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1))
        assert res.status is want, (cells, count, res.status)
        seen.add(want)
    assert seen == {Status.NONE, Status.UNIQUE, Status.MULTIPLE}
