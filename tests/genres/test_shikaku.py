"""Shikaku: the checker's rules, validation messages, the model at every presolve level, verdicts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle, solve_record
from solvers.errors import InvalidPuzzle, ParseError
from solvers.explain import conflicting_clues
from solvers.puzzle import Puzzle
from solvers.shikaku import GENRE, check, model
from solvers.solution import RectSolution
from solvers.verdict import SolveOptions, SolveResult, Status
from tests import corpus

OPTS = SolveOptions(time_limit=20, workers=1)
RECORDS = corpus.unique("own", "shikaku")


def board(*lines: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "shikaku", "grid": list(lines)})


def typed(puzzle: Puzzle[Any], rects: list) -> RectSolution:
    return RectSolution(tuple(tuple(r) for r in rects), puzzle.rows, puzzle.cols)


def rules(puzzle: Puzzle[Any], rects: list) -> set[str]:
    """The checker's rule codes, without the genre prefix."""
    return {v.rule.removeprefix("shikaku-") for v in check.check(puzzle, typed(puzzle, rects))}


def rects_of(res: SolveResult, which: str = "solution") -> list[tuple[int, int, int, int]]:
    sol = getattr(res, which)
    assert isinstance(sol, RectSolution)
    return sorted(sol.rects)


def stored(rec: dict) -> RectSolution:
    return GENRE.solution_from_json(rec["solution"], Puzzle.from_record(rec))


# ------------------------------------------------------------------ checker
@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_solutions_pass_the_checker(source: str) -> None:
    for rec in corpus.unique(source, "shikaku"):
        assert check.check(Puzzle.from_record(rec), stored(rec)) == [], rec["id"]


def test_checker_each_rule() -> None:
    good_shape = board("2 .", "2 .")
    assert rules(good_shape, [[0, 0, 1, 2], [1, 0, 1, 2]]) == set()
    # area: the 2 at (0,0) in a 1-cell rectangle
    assert "area" in rules(good_shape, [[0, 0, 1, 1], [0, 1, 1, 1], [1, 0, 1, 2]])
    # one-number: a rectangle with two numbers (and one with none)
    two = board("2 . 2", ". . .")
    assert "one-number" in rules(two, [[0, 0, 1, 3], [1, 0, 1, 3]])
    # tiling: a cell left out
    assert rules(two, [[0, 0, 1, 2], [0, 2, 2, 1]]) == {"tiling"}
    v = next(v for v in check.check(two, typed(two, [[0, 0, 1, 2], [0, 2, 2, 1]])) if v.rule == "shikaku-tiling")
    assert v.cells == ((1, 0), (1, 1)) and "row 2, column 1" in say(v.msg)
    assert say(v.msg, "ja") == "どの長方形にも入っていないマスが 2 個あります(2 行 1 列など)。"
    # overlap
    ov = [v for v in check.check(two, typed(two, [[0, 0, 2, 2], [0, 1, 1, 2]])) if v.rule == "shikaku-overlap"]
    assert ov and ov[0].cells == ((0, 1),) and "row 1, column 2" in say(ov[0].msg).lower()
    assert "(rows 1-2, columns 1-2 and row 1, columns 2-3)" in say(ov[0].msg)


def test_an_unfinished_answer_marks_what_is_left_not_every_cell() -> None:
    """The web player's Check on a fresh board marked all its cells red ("25 cells are in no
    rectangle"); it says nothing is drawn yet, and a half-drawn board marks the numbers left."""
    two = board("2 . 2", ". . .")
    (none,) = check.check(two, typed(two, []))
    assert none.rule == "shikaku-no-rectangles" and none.cells == () and say(none.msg) == "No rectangle is drawn yet."
    assert say(none.msg, "ja") == "長方形がまだ描かれていません。"
    (left,) = check.check(two, typed(two, [[0, 0, 1, 2]]))
    assert left.rule == "shikaku-unboxed" and left.cells == ((0, 2),)
    assert say(left.msg) == "The number at row 1, column 3 is in no rectangle yet."
    three = board("2 . 2", "1 1 .")
    (left,) = check.check(three, typed(three, [[1, 1, 1, 1]]))
    assert left.cells == ((0, 0), (0, 2), (1, 0))
    assert say(left.msg) == "3 numbers are in no rectangle yet, e.g. the one at row 1, column 1."
    assert say(left.msg, "ja") == "まだどの長方形にも入っていない数字が 3 個あります(1 行 1 列など)。"


def test_a_one_cell_rectangle_is_written_as_one_row_and_column() -> None:
    """"row 1, column 1", never "rows 1-1, columns 1-1" (nor "1〜1 行")."""
    good_shape = board("2 .", "2 .")
    area = next(v for v in check.check(good_shape, typed(good_shape, [[0, 0, 1, 1], [0, 1, 1, 1], [1, 0, 1, 2]]))
                if v.rule == "shikaku-area")
    assert say(area.msg) == "The 2 at row 1, column 1 is in a rectangle of 1 cell (row 1, column 1)."
    empty = next(v for v in check.check(good_shape, typed(good_shape, [[0, 0, 2, 1], [0, 1, 1, 1], [1, 1, 1, 1]]))
                 if v.rule == "shikaku-one-number" and v.msg.params["count"] == 0)
    assert "over row 1, column 2 holds" in say(empty.msg)
    assert say(empty.msg, "ja").startswith("長方形 (1 行 2 列) に")
    hint = next(h for h in GENRE.hints(good_shape, typed(good_shape, [[0, 0, 2, 1], [0, 1, 2, 1]]))
                if h.params["cell"] == (0, 0))
    assert say(hint.code, **hint.params).endswith("covering rows 1-2, column 1.")
    assert "1〜2 行 1 列の 2×1" in say(hint.code, "ja", **hint.params)


@pytest.mark.parametrize("bad", [
    None, [], {"rect": []}, {"rects": "0 0 1 1"}, {"rects": [[0, 0, 1]]}, {"rects": [[0, 0, 1, "2"]]},
    {"rects": [[0, 0, 1, 1.0]]}, {"rects": [[0, 0, True, 1]]}, {"rects": [None]},
])
def test_malformed_answers_are_not_read(bad: object) -> None:
    with pytest.raises(ParseError) as e:
        GENRE.solution_from_json(bad, board("2 .", ". 2"))
    assert e.value.code in ("solution-shape", "solution-rect")


@pytest.mark.parametrize("bad", [[[0, 0, 0, 2]], [[-1, 0, 1, 1]], [[0, 0, 3, 1]], [[0, 1, 1, 2]]])
def test_checker_rejects_rectangles_off_the_board_without_raising(bad: list) -> None:
    p = board("2 .", ". 2")
    broken = check.check(p, typed(p, bad))
    assert [v.rule for v in broken] == ["shikaku-rect-outside"] and "2x2 board" in say(broken[0].msg)


def test_every_genre_code_has_words_in_both_languages() -> None:
    assert set(GENRE.messages["en"]) <= set(GENRE.messages["ja"])


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_checker_on_a_broken_corpus_solution(source: str) -> None:
    rec = corpus.unique(source, "shikaku")[-1]
    p = Puzzle.from_record(rec)
    rects = [list(r) for r in rec["solution"]["rects"]]
    assert rules(p, rects[:-1]) == {"unboxed"}  # the last rectangle's number is left out
    rects2 = [list(r) for r in rects]
    rects2[0][2] += 1  # grow the first rectangle down one row
    assert rules(p, rects2) & {"overlap", "rect-outside"}


# ------------------------------------------------------------------ validate
def test_invalid_total_names_both_numbers() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("4 .", ". 2"))
    assert "6" in say(e.value.msg) and "2x2 = 4" in say(e.value.msg)
    assert "6" in say(e.value.msg, "ja") and say(e.value.msg, "ja") != say(e.value.msg)
    _, res = solve_record({"id": "t", "genre": "shikaku", "grid": ["4 .", ". 2"]})
    assert res.status is Status.INVALID and res.message is not None and "add up to 6" in say(res.message)


def test_invalid_clue_without_room_names_the_cell() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("1 .", ". 3"))
    assert "row 2, column 2" in say(e.value.msg) and e.value.cells == ((1, 1),)
    with pytest.raises(InvalidPuzzle) as e:  # 5 is prime: 1x5 / 5x1 do not fit a 3x3 board
        check.validate(board("5 . .", ". . .", ". . 4"))
    assert "row 1, column 1" in say(e.value.msg)


def test_invalid_no_numbers_and_too_many_unknowns() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board(". .", ". ."))
    assert "no numbers" in say(e.value.msg)
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("? 4", ". ."))
    assert "'?'" in say(e.value.msg)


@pytest.mark.parametrize(("rows", "message", "message_ja", "cells"), [
    (("3 . .", ". . .", ". . 5"), "add up to 8, but the board has 9 cells", "合計は 8", ()),
    (("10 . .", ". . .", ". . ."), "larger than the board (9 cells)", "マス数 (9) より大きい", ((0, 0),)),
    ((". .", ". ."), "There are no numbers on the board", "数字がありません", ()),
    (("? 4", ". ."), "plus 1 '?'", "'?' 1 個", ()),
])
def test_form_problems(rows: tuple[str, ...], message: str, message_ja: str, cells: tuple) -> None:
    problem = GENRE.form_problem(board(*rows))
    assert isinstance(problem, ParseError) and problem.cells == cells
    assert message in say(problem.msg) and message_ja in say(problem.msg, "ja")
    assert GENRE.form_problem(board("2 .", ". 2")) is None


# ------------------------------------------------------------------ model
@pytest.mark.parametrize("source", corpus.SOURCES)
@pytest.mark.parametrize("level", [0, 1, 2])
def test_corpus_unique_at_every_presolve_level(level: int, source: str) -> None:
    for rec in corpus.unique(source, "shikaku"):
        res = model.solve(Puzzle.from_record(rec), OPTS, presolve_level=level)
        assert res.status is Status.UNIQUE, (level, rec["id"])
        assert isinstance(res.solution, RectSolution) and check.check(Puzzle.from_record(rec), res.solution) == []
        assert rects_of(res) == sorted(stored(rec).rects)


@pytest.mark.parametrize("level", [0, 1, 2])
def test_multiple_none_solved(level: int) -> None:
    res = model.solve(board("2 .", ". 2"), OPTS, presolve_level=level)
    assert res.status is Status.MULTIPLE
    assert {tuple(rects_of(res, s)) for s in ("solution", "second_solution")} == {
        ((0, 0, 1, 2), (1, 0, 1, 2)), ((0, 0, 2, 1), (0, 1, 2, 1))}
    res = model.solve(board(". 1 4 .", "3 . . ."), OPTS, presolve_level=level)
    assert res.status is Status.NONE and res.message is not None and res.solution is None
    res = solve_puzzle(board("2 .", ". 2"), OPTS.with_(unique=False))
    assert res.status is Status.SOLVED and res.second_solution is None
    assert isinstance(res.solution, RectSolution) and check.check(board("2 .", ". 2"), res.solution) == []


def test_other_solution_is_the_generators_question() -> None:
    p = board("2 .", ". 2")
    known = typed(p, [[0, 0, 1, 2], [1, 0, 1, 2]])
    res = model.other_solution(p, known, OPTS)
    assert res.status is Status.MULTIPLE and res.solution == known and rects_of(res, "second_solution") == [
        (0, 0, 2, 1), (0, 1, 2, 1)]
    rec = RECORDS[3]
    p = Puzzle.from_record(rec)
    res = model.other_solution(p, stored(rec), OPTS)
    assert res.status is Status.UNIQUE and res.solution == stored(rec)


def test_none_message_names_a_cell() -> None:
    res = solve_puzzle(board("1 3 1", ". . 4", ". . ."), OPTS)
    assert res.status is Status.NONE and res.message is not None and res.cells == ((0, 1),)
    assert "the 3 at row 1, column 2" in say(res.message) and "1 行 2 列の 3" in say(res.message, "ja")


def test_unknown_clues() -> None:
    res = solve_puzzle(board("? . 2"), OPTS)
    assert res.status is Status.UNIQUE and rects_of(res) == [(0, 0, 1, 1), (0, 1, 1, 2)]
    res = solve_puzzle(board("? .", ". 2"), OPTS)
    assert res.status is Status.MULTIPLE
    # a whole corpus board with a few numbers hidden still has its stored answer among the solutions
    rec = RECORDS[10]
    rnd = random.Random(3)
    p = Puzzle.from_record(rec)
    cells = [list(row) for row in p.cells]
    for r, c, _ in rnd.sample(p.clues(), 3):
        cells[r][c] = -1
    q = Puzzle("shikaku", tuple(map(tuple, cells)))
    res = solve_puzzle(q, OPTS)
    assert res.status in (Status.UNIQUE, Status.MULTIPLE)
    assert isinstance(res.solution, RectSolution) and check.check(q, res.solution) == []
    assert check.check(q, stored(rec)) == []


def count_tilings(p: Puzzle[Any], cap: int = 2) -> int:
    """Brute force, independent of the model: tilings found by placing the rectangle whose
    top-left corner is the first uncovered cell in reading order (stops at ``cap``)."""
    rows, cols = p.rows, p.cols
    used = [[False] * cols for _ in range(rows)]

    def first_free() -> tuple[int, int] | None:
        for r in range(rows):
            for c in range(cols):
                if not used[r][c]:
                    return r, c
        return None

    def go() -> int:
        cell = first_free()
        if cell is None:
            return 1
        top, left = cell
        total = 0
        for h in range(1, rows - top + 1):
            for w in range(1, cols - left + 1):
                box = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
                if any(used[r][c] for r, c in box):
                    break  # wider boxes on this row band overlap too
                clues = [p.cells[r][c] for r, c in box if p.cells[r][c] != 0]
                if len(clues) > 1:
                    break
                if len(clues) == 1 and clues[0] in (-1, h * w):
                    for r, c in box:
                        used[r][c] = True
                    total += go()
                    for r, c in box:
                        used[r][c] = False
                    if total >= cap:
                        return total
        return total

    return go()


def test_random_boards_against_brute_force() -> None:
    """Random small boards: every presolve level gives the verdict brute force gives, with checked answers."""
    rnd = random.Random(11)
    seen = {Status.UNIQUE: 0, Status.MULTIPLE: 0, Status.NONE: 0}
    for _ in range(150):
        rows, cols = rnd.randint(1, 5), rnd.randint(1, 5)
        cells = [[0] * cols for _ in range(rows)]
        free = [(r, c) for r in range(rows) for c in range(cols)]
        k = rnd.randint(1, min(6, len(free)))
        area = rows * cols
        cuts = sorted(rnd.sample(range(1, area), k - 1)) if k > 1 else []
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, area], strict=True)]
        for (r, c), v in zip(rnd.sample(free, k), parts, strict=True):
            cells[r][c] = -1 if rnd.random() < 0.1 else v
        p = Puzzle("shikaku", tuple(map(tuple, cells)))
        try:
            check.validate(p)
        except InvalidPuzzle:
            continue
        n = count_tilings(p)
        want = Status.NONE if n == 0 else Status.UNIQUE if n == 1 else Status.MULTIPLE
        seen[want] += 1
        for level in (0, 1, 2):
            res = model.solve(p, OPTS, presolve_level=level)
            assert res.status is want, (level, p.cells)
            for sol in (res.solution, res.second_solution):
                if sol is not None:
                    assert isinstance(sol, RectSolution) and check.check(p, sol) == [], p.cells
    assert all(seen.values()), seen  # the sample exercised every verdict


@pytest.mark.slow
def test_unknown_clues_on_big_empty_boards_stay_bounded() -> None:
    grid = [["."] * 30 for _ in range(30)]
    grid[12][7] = "?"
    res = solve_puzzle(board(*(" ".join(row) for row in grid)), OPTS)
    assert res.status is Status.UNIQUE and rects_of(res) == [(0, 0, 30, 30)]  # one '?' takes the board
    grid[20][25] = "?"  # two '?': far too many rectangles to list cell by cell; the box model gets them
    res = solve_puzzle(board(*(" ".join(row) for row in grid)), OPTS.with_(time_limit=2))
    assert res.status in (Status.TIMEOUT, Status.MULTIPLE)
    grid = [["."] * 40 for _ in range(40)]
    for r, c in ((5, 5), (20, 20), (30, 30)):
        grid[r][c] = "?"
    res = solve_puzzle(board(*(" ".join(row) for row in grid)), OPTS)
    assert res.status is Status.TIMEOUT and res.stats.solver_calls == 0  # refused before any search
    assert res.message is not None and "too many possible rectangles" in say(res.message)


def test_box_model_for_huge_numbers() -> None:
    grid = [["."] * 100 for _ in range(100)]
    for r, c in ((50, 50), (10, 10), (90, 90), (10, 90)):
        grid[r][c] = "2500"
    p = board(*(" ".join(row) for row in grid))
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and isinstance(res.solution, RectSolution) and check.check(p, res.solution) == []
    assert res.solution.to_json() == {"rects": [[0, 0, 50, 50], [0, 50, 50, 50], [50, 0, 25, 100], [75, 0, 25, 100]]}


@pytest.mark.parametrize("rec", [*RECORDS[:6], *corpus.shared_params("shikaku")[:12]], ids=lambda r: r["id"])
def test_box_model_agrees_on_the_corpus(rec: dict) -> None:
    p = Puzzle.from_record(rec)
    res = model._solve_boxes(p, OPTS, model.Budget(OPTS))
    assert res.status is Status.UNIQUE
    assert rects_of(res) == sorted(stored(rec).rects)
    res = model._solve_boxes(board("2 .", ". 2"), OPTS, model.Budget(OPTS))
    assert res.status is Status.MULTIPLE


def test_the_clues_named_for_no_solution_are_small_and_hold_the_typo() -> None:
    """The search for conflicting clues dropped a number by blanking its cell: the numbers left no
    longer fill the board, so every trial broke the form and nearly all 27 numbers were named, on
    any typo. A dropped number becomes '?' now: the 7 typed as 8 and the 5 typed as 4 (the total
    still the area) give a handful of clues, a typo among them, with no answer on their own."""
    rows = ["2 . . . . . 8 . . 3", ". . . . . 5 . . . .", ". . . . 2 . 9 . . .", "4 2 . 3 4 4 . . . .",
            ". . . . . . . . 2 .", ". 5 . . . . 2 . . 6", ". . 5 . . . . . . .", ". . . . . . . . . .",
            ". . . . . 6 . 5 . .", "5 1 3 4 2 2 . 1 4 1"]
    puzzle = Puzzle("shikaku", tuple(tuple(int(t) if t != "." else 0 for t in row.split()) for row in rows))
    conflict = conflicting_clues(puzzle, 3.0, SolveOptions(time_limit=5, workers=1))
    assert conflict is not None and conflict.minimal
    named = set(conflict.cells)
    assert named & {(0, 6), (3, 4)} and len(named) <= 6
    relaxed = Puzzle("shikaku", tuple(tuple(v if (r, c) in named or v <= 0 else -1 for c, v in enumerate(row))
                                      for r, row in enumerate(puzzle.cells)))
    assert solve_puzzle(relaxed, SolveOptions(time_limit=5, workers=1, unique=False)).status is Status.NONE
