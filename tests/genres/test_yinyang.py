"""Yin-Yang: the checker's rules, the two models against brute force, verdicts, invalid boards."""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, ParseError
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution
from solvers.verdict import SolveOptions, Status
from solvers.yinyang import check, model
from tests import corpus

OPTS = SolveOptions(time_limit=20, workers=1)
METHODS = ("circuit", "cuts")


def board(*lines: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "yinyang", "grid": list(lines)})


def sol(colors: list[str] | tuple[str, ...]) -> ColorSolution:
    return ColorSolution(tuple(colors))


def rules(puzzle: Puzzle[Any], colors: list[str]) -> set[str]:
    return {v.rule for v in check.check(puzzle, sol(colors))}


def colors(solution: object) -> list[str]:
    assert isinstance(solution, ColorSolution)
    return list(solution.colors)


# ------------------------------------------------------------------ checker
RECORDS = corpus.unique("own", "yinyang")
SAMPLE = next(r for r in RECORDS if r["rows"] != r["cols"])  # a non-square record


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_solutions_pass_the_checker(source: str) -> None:
    for rec in corpus.unique(source, "yinyang"):
        p = Puzzle.from_record(rec)
        assert check.check(p, ColorSolution.from_json(rec["solution"], p.rows, p.cols)) == [], rec["id"]


def _flip(colors: list[str], r: int, c: int) -> list[str]:
    row = colors[r]
    return colors[:r] + [row[:c] + ("W" if row[c] == "B" else "B") + row[c + 1:]] + colors[r + 1:]


def test_checker_rejects_a_given_of_the_wrong_colour() -> None:
    p = Puzzle.from_record(SAMPLE)
    r, c, _ = p.clues()[0]
    broken = check.check(p, sol(_flip(SAMPLE["solution"]["colors"], r, c)))
    given = [v for v in broken if v.rule.endswith("-given")]
    assert given and given[0].cells == ((r, c),)
    assert f"row {r + 1}, column {c + 1}" in say(given[0].msg).lower()
    assert f"{r + 1} 行 {c + 1} 列" in say(given[0].msg, "ja")


def test_checker_rejects_a_2x2_block() -> None:
    p = board(". . .", ". . .")
    assert rules(p, ["WWB", "WWB"]) == {"yinyang-white-2x2"}
    assert rules(p, ["BWW", "BBB"]) == set()
    v = check.check(p, sol(["BBW", "BBW"]))[0]
    assert v.rule == "yinyang-black-2x2" and v.cells == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert say(v.msg) == "Rows 1-2, columns 1-2 form a 2x2 block of black."
    assert say(v.msg, "ja") == "1-2 行 1-2 列が黒の 2x2 になっています。"


def test_checker_rejects_a_split_colour() -> None:
    p = board(". . . .", ". . . .", ". . . .")
    assert rules(p, ["BBBB", "BWWB", "BWBB"]) == set()
    assert rules(p, ["BWBW", "BWBW", "BWWW"]) == {"yinyang-black-split"}  # black split in two columns
    v = next(v for v in check.check(p, sol(["BWBW", "BWBW", "BWWW"])) if v.rule == "yinyang-black-split")
    assert say(v.msg) == "The black cells are split into 2 separate areas (one of them contains row 1, column 3)."
    assert say(v.msg, "ja") == "黒のマスが 2 つに分かれています(1 行 3 列を含む部分など)。"


def test_checker_accepts_a_one_colour_line() -> None:
    # pzprjs counts a colour with no cell as connected; only strips can be one colour
    p = board(". . . .")
    assert rules(p, ["WWWW"]) == set()
    assert rules(p, ["WWBB"]) == set()
    assert rules(p, ["WBBW"]) == {"yinyang-white-split"}


@pytest.mark.parametrize("bad", [
    None, "WB", {}, {"colours": ["WB"]}, {"colors": "WBWB"}, {"colors": ["WB"]},
    {"colors": ["WBW", "BWB"]}, {"colors": ["WB", "BW", "WB"]}, {"colors": ["WX", "BW"]},
    {"colors": [["W", "B"], ["B", "W"]]}, {"colors": ["WB", 7]},
])
def test_malformed_answers_are_parse_errors(bad: object) -> None:
    p = board(". .", ". .")
    with pytest.raises(ParseError):
        ColorSolution.from_json(bad, p.rows, p.cols)


@pytest.mark.parametrize("bad,rule", [
    ({"colors": ["WB"]}, "yinyang-format"), (("WB",), "yinyang-row-count"), (("WBW", "BW"), "yinyang-row-length"),
    (("WX", "BW"), "yinyang-not-colour"),
])
def test_checker_rejects_malformed_answers_without_raising(bad: object, rule: str) -> None:
    p = board(". .", ". .")
    value = bad if isinstance(bad, dict) else ColorSolution(bad)  # type: ignore[arg-type]
    broken = check.check(p, value)  # type: ignore[arg-type]
    assert [v.rule for v in broken] == [rule] and say(broken[0].msg) != say(broken[0].msg, "ja")


# ------------------------------------------------------------------ validate
def test_validate_rejects_a_given_2x2_block() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board(". . .", ". B B", ". B B"))
    assert "rows 2-3, columns 2-3" in say(e.value.msg) and e.value.cells == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert "2x2" in say(e.value.msg, "ja")
    res = solve_puzzle(board("W W", "W W"), OPTS)
    assert res.status is Status.INVALID and res.message is not None and "2x2" in say(res.message)


def test_validate_rejects_unknown_cell_values() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(Puzzle("yinyang", ((0, 3), (0, 0))))
    assert say(e.value.msg) == "Row 1, column 2 holds '3': Yin-Yang cells are empty, W or B."
    assert e.value.cells == ((0, 1),)


def test_engine_says_invalid_for_a_ragged_grid_via_the_record() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        board(". . .", ". .")
    assert "Row 2" in say(e.value.msg)


# ------------------------------------------------------------------ models vs brute force
@cache
def all_valid(rows: int, cols: int) -> tuple[tuple[str, ...], ...]:
    """Every valid colouring of an empty rows x cols board, by the checker (brute force)."""
    empty = Puzzle("yinyang", tuple((0,) * cols for _ in range(rows)))
    out = []
    for bits in itertools.product("WB", repeat=rows * cols):
        colors = ["".join(bits[r * cols:(r + 1) * cols]) for r in range(rows)]
        if not check.check(empty, sol(colors)):
            out.append(tuple(colors))
    return tuple(out)


def brute_board_cases() -> list[tuple[int, int, int]]:
    return [(rows, cols, seed) for rows, cols in ((1, 5), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4)) for seed in range(6)]


@pytest.mark.slow
@pytest.mark.parametrize("rows,cols,seed", brute_board_cases())
def test_models_agree_with_brute_force(rows: int, cols: int, seed: int) -> None:
    rnd = random.Random(seed * 100 + rows * 10 + cols)
    valid = all_valid(rows, cols)
    # givens copied from a valid colouring (so most boards are solvable), then a stray given or two
    base = rnd.choice(valid)
    cells = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if rnd.random() < 0.3:
                cells[r][c] = WHITE if base[r][c] == "W" else BLACK
    if seed % 3 == 0:
        r, c = rnd.randrange(rows), rnd.randrange(cols)
        cells[r][c] = rnd.choice((WHITE, BLACK))
    p = Puzzle("yinyang", tuple(map(tuple, cells)))
    try:
        check.validate(p)
    except InvalidPuzzle:
        return  # a given 2x2 block: nothing to solve
    letter = {WHITE: "W", BLACK: "B"}
    matching = [v for v in valid if all(letter[g] == v[r][c] for r, c, g in p.clues())]
    want = Status.NONE if not matching else Status.UNIQUE if len(matching) == 1 else Status.MULTIPLE
    for method in METHODS:
        res = model.solve(p, OPTS, method=method)
        assert res.status is want, (method, p.cells)
        for found in (res.solution, res.second_solution):
            if found is not None:
                assert tuple(colors(found)) in matching, method
        if want is Status.UNIQUE:
            assert tuple(colors(res.solution)) == matching[0]
        if want is Status.MULTIPLE:
            assert res.solution != res.second_solution


# ------------------------------------------------------------------ corpus, both formulations
@pytest.mark.slow
@pytest.mark.parametrize("source", corpus.SOURCES)
@pytest.mark.parametrize("method", METHODS)
def test_both_models_prove_the_corpus_unique(method: str, source: str) -> None:
    for rec in corpus.unique(source, "yinyang"):
        p = Puzzle.from_record(rec)
        res = model.solve(p, OPTS, method=method)
        assert res.status is Status.UNIQUE, (method, rec["id"], res.message)
        assert res.solution == sol(rec["solution"]["colors"]), rec["id"]


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_non_square_boards(source: str) -> None:
    tall = [r for r in corpus.unique(source, "yinyang") if r["rows"] != r["cols"]]
    assert len(tall) >= 2
    for rec in tall:
        res = solve_puzzle(Puzzle.from_record(rec), OPTS)
        assert res.status is Status.UNIQUE and res.solution == sol(rec["solution"]["colors"])
    wide = solve_puzzle(board(". . . . . . .", ". . . . . . ."), OPTS)
    assert wide.status is Status.MULTIPLE
    assert check.check(board(". . . . . . .", ". . . . . . ."), wide.second_solution) == []


def test_verdicts_none_multiple_solved() -> None:
    assert solve_puzzle(board("W B W"), OPTS).status is Status.NONE  # white split on a strip
    res = solve_puzzle(board("W . B"), OPTS)
    assert res.status is Status.MULTIPLE and {colors(res.solution)[0], colors(res.second_solution)[0]} == {
        "WWB", "WBB"}
    res = solve_puzzle(board("W . B"), OPTS.with_(unique=False))
    assert res.status is Status.SOLVED and res.second_solution is None
    # a given checkerboard splits both colours (a 2x2 checkerboard is never part of a solution)
    res = solve_puzzle(board(". . .", "W B .", "B W ."), OPTS)
    assert res.status is Status.NONE and res.solution is None and res.message is not None
    assert say(res.message) == "This puzzle has no solution."


def test_combs_are_valid_and_give_instant_verdicts() -> None:
    for rows in range(2, 9):
        for cols in range(2, 9):
            empty = Puzzle("yinyang", tuple((0,) * cols for _ in range(rows)))
            found = model.combs(rows, cols)
            assert len(found) >= 4
            for colouring in found:
                assert check.check(empty, sol(colouring)) == [], (rows, cols, colouring)
    res = solve_puzzle(Puzzle("yinyang", tuple((0,) * 40 for _ in range(30))), OPTS.with_(time_limit=5))
    assert res.status is Status.MULTIPLE and res.stats.solver_calls == 0  # two combs fit: no search
    # one given that only some combs keep: still an answer that keeps it
    p = board("B . . .", ". . . .", ". . . .", ". . . W")
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.MULTIPLE and colors(res.solution)[0][0] == "B"
    assert colors(res.second_solution)[3][3] == "W"


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_one_flip_finds_a_neighbour_answer_only_when_there_is_one(source: str) -> None:
    for rec in corpus.unique(source, "yinyang")[:10]:  # unique boards: no valid one-cell change
        assert model.one_flip(Puzzle.from_record(rec), rec["solution"]["colors"]) is None
    p = board(". . .", ". . .", ". . .")
    first = ["BBB", "BWW", "BWB"]
    other = model.one_flip(p, first)
    assert other is not None and check.check(p, sol(other)) == []
    assert sum(a != b for x, y in zip(first, other, strict=True) for a, b in zip(x, y, strict=True)) == 1
