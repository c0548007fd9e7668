"""Heyawake: notation and rooms, puzz.link, solving (deductions and CP-SAT with lazy cuts), checker,
answers, hints, picture, generator."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.i18n import say
from rendering.views import render_png
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle
from solvers.genre import missing_parts
from solvers.heyawake import GENRE
from solvers.heyawake.deduce import deduce
from solvers.heyawake.generate import generate
from solvers.heyawake.model import HeyawakeModel
from solvers.heyawake.rooms import Rooms, numbers_of, regions_of
from solvers.puzzle import Puzzle
from solvers.reading.board import read_board
from solvers.registry import find_genre
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"genre": "heyawake", "grid": ["2 . .", ". . .", ". . ."], "regions": ["1 1 2", "1 1 2", "3 3 3"],
           "url": "https://puzz.link/p?heyawake/3/3/a03g2h", "solution": {"shaded": ["#..", ".#.", "..."]}}


def example() -> tuple[Puzzle[Any], ShadeSolution]:
    p = Puzzle.from_record(EXAMPLE)
    return p, ShadeSolution.from_json(EXAMPLE["solution"], p.rows, p.cols)


def rules(puzzle: Puzzle[Any], *rows: str) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, ShadeSolution(rows))}


# -- the genre table, the notation, rooms

def test_registered_complete_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("heyawake", "Heyawake", "へやわけ"):
        assert find_genre(name) is GENRE


def test_boards_with_rooms_are_read_stacked_or_side_by_side() -> None:
    side = read_board("heyawake\n2 . . | a a b\n. . . | a a b\n. . . | c c c")
    stacked = read_board("heyawake\n2 . .\n. . .\n. . .\na a b\na a b\nc c c")
    assert side == stacked == Puzzle.from_record(EXAMPLE)
    assert read_board("2 . . | a a b\n. . . | a a b\n. . . | c c c") == side  # rooms shown: no header needed
    zero = read_board("heyawake\n0 . | a b\n. . | a b")
    assert numbers_of(zero)[0][0] == 0  # 0 is a count, not an empty cell


def test_validate_refuses_bad_rooms() -> None:
    for grid, regions, code in ((["3 .", ". ."], ["1 1", "1 1"], "heyawake-number-too-big"),
                                (["1 1", ". ."], ["1 1", "2 2"], "heyawake-two-numbers")):
        with pytest.raises(InvalidPuzzle) as e:
            GENRE.validate(Puzzle.from_record({"genre": "heyawake", "grid": grid, "regions": regions}))
        assert e.value.code == code
    with pytest.raises(InvalidPuzzle) as e:  # said only "its room has 4 cells", which a 3 seems to fit
        GENRE.validate(Puzzle.from_record({"genre": "heyawake", "grid": ["3 .", ". ."], "regions": ["1 1", "1 1"]}))
    assert say(e.value.msg) == ("The 3 at row 1, column 1 cannot be: its room of 4 cells holds at most "
                                "2 shaded cells without two touching.")
    assert "最大 2 マス" in say(e.value.msg, "ja")


# -- puzz.link

def test_url_round_trips() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.encode_url(p) == EXAMPLE["url"]
    assert GENRE.decode_url(EXAMPLE["url"]) == p


def test_a_url_puts_the_number_in_the_leftmost_then_topmost_cell() -> None:
    p = Puzzle.from_record({"genre": "heyawake", "grid": [". 1 .", ". . .", ". . 17"],
                            "regions": ["1 2 2", "2 2 3", "3 3 3"]})
    back = GENRE.decode_url(GENRE.encode_url(p))
    assert numbers_of(back) == ((None, None, None), (1, None, None), (17, None, None))
    assert Rooms.of_board(numbers_of(back), regions_of(back)) == Rooms.of_board(numbers_of(p), regions_of(p))


@pytest.mark.parametrize("rec", corpus.shared_params("heyawake"))
def test_published_boards_read_from_their_urls(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    back = GENRE.decode_url(rec["url"], max_rows=99, max_cols=99)
    assert Rooms.of_board(numbers_of(back), regions_of(back)) == Rooms.of_board(numbers_of(p), regions_of(p))
    assert GENRE.encode_url(p) == rec["url"]


# -- solving

def test_example_solved_and_unique() -> None:
    p, sol = example()
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and res.solution == sol


@pytest.mark.parametrize("rec", corpus.shared_params("heyawake"))
def test_published_boards_answered_and_checked(rec: dict[str, Any]) -> None:
    corpus.solved_as_recorded(rec, SolveOptions(time_limit=10, workers=1))


def test_own_corpus_verdicts() -> None:
    for rec in corpus.own("heyawake"):
        corpus.solved_as_recorded(rec, OPTS)


def test_cp_sat_alone_agrees_with_the_deductions() -> None:
    """The lazy-cut model without any deduced cell finds the same single answer."""
    from solvers.connectivity import solve_connected
    from solvers.cpsat import run, solve_twice

    for rec in corpus.own("heyawake")[:10]:
        p = Puzzle.from_record(rec)
        rooms = Rooms.of_board(numbers_of(p), regions_of(p))
        hm = HeyawakeModel(rooms)
        res = solve_twice(hm.model, hm.dark, hm.shading, OPTS,
                          runner=lambda m, b, hm=hm: solve_connected(m, b, hm.cuts, runner=run))
        assert res.status is Status.UNIQUE and res.solution is not None
        assert res.solution.to_json() == rec["solution"], rec["id"]
        d = deduce(rooms)
        assert all(v is None or v == (rec["solution"]["shaded"][i // p.cols][i % p.cols] == "#")
                   for i, v in enumerate(d.dark))


# -- the checker, one rule at a time

def test_checker_accepts_the_answer_and_refuses_each_broken_rule() -> None:
    p, _ = example()
    assert rules(p, "#..", ".#.", "...") == set()
    assert "heyawake-count" in rules(p, "#..", "...", "..#")
    assert "heyawake-adjacent" in rules(p, "##.", "...", "...")
    assert "heyawake-split" in rules(p, ".#.", "#..", "...")
    wide = Puzzle.from_record({"genre": "heyawake", "grid": [". . . .", ". . . ."],
                               "regions": ["1 2 3 4", "1 2 3 4"]})
    assert "heyawake-run" in rules(wide, "....", "#.#.")
    assert rules(wide, ".#..", "..#.") == {"heyawake-split"}  # a chain of shaded cells from edge to edge


# -- answers and hints

def test_a_typed_answer_is_read() -> None:
    p, sol = example()
    assert GENRE.parse_answer(p, "#..\n.#.\n...") == sol
    assert GENRE.parse_answer(p, "■ . .\n. x .\n. . .") == sol


def test_hints_reveal_the_answer_in_deduction_order() -> None:
    p, sol = example()
    steps = GENRE.hints(p, sol)
    assert {s.cells[0] for s in steps if s.code.endswith("-shaded")} == {(0, 0), (1, 1)}
    assert all(s.code in GENRE.messages["en"] and s.code in GENRE.messages["ja"] for s in steps)


# -- picture and generator

def test_pictures_are_drawn() -> None:
    p, sol = example()
    for solution in (None, sol):
        img = Image.open(io.BytesIO(render_png(p, solution, view="solution" if solution else "puzzle")))
        assert img.size[0] > 50


def test_generator_makes_a_proven_unique_board() -> None:
    gp = generate(6, 6, "medium", 4)
    assert gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, ShadeSolution) and GENRE.check(gp.puzzle, gp.solution) == []
    assert gp.puzzle.regions is not None and gp.difficulty in ("easy", "medium", "hard")


def test_a_comb_shaped_room_takes_more_than_half_its_cells_apart() -> None:
    """A comb (a row of 5 with teeth under its 1st, 3rd and 5th cells: 8 cells) shades 5 cells with
    none side by side, more than half; a 2x4 rectangle's limit stays 4."""
    from solvers.heyawake.check import most_apart, validate_board

    cols = 5
    comb = [0, 1, 2, 3, 4, 5, 7, 9]
    assert most_apart(comb, cols) == 5
    assert most_apart([0, 1, 2, 3, 5, 6, 7, 8], cols) == 4  # (rows 0-1, columns 0-3)
    regions = [[0, 0, 0, 0, 0], [0, 1, 0, 1, 0], [1, 1, 1, 1, 1]]
    numbers: list[list[int | None]] = [[5, None, None, None, None], [None] * 5, [None] * 5]
    validate_board(numbers, regions)  # (the old limit, half rounded up, refused it: at most 4)
    numbers[0][0] = 6
    with pytest.raises(InvalidPuzzle) as e:
        validate_board(numbers, regions)
    assert e.value.msg.params["most"] == 5
