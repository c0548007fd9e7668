"""LITS: notation and detection, puzz.link, solving, checker, answers, hints, picture, generator, the corpora.
Against brute force on small random rooms, and an independent count of generated boards: test_lits_brute.py."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.cpsat import Budget
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, Message, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.lits import GENRE, model
from solvers.lits.check import shape_of
from solvers.lits.deduce import Board, start
from solvers.lits.generate import attempt
from solvers.lits.grow import grow
from solvers.lits.shapes import ORIENTATIONS, SHAPES
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.reading.ambiguous import AmbiguousGenre
from solvers.registry import find_genre
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"id": "lits-example", "genre": "lits", "rows": 3, "cols": 5, "grid": [". . . . ."] * 3,
           "regions": ["1 1 2 3 3", "1 1 2 3 3", "1 2 2 2 3"], "url": "https://puzz.link/p?lits/5/3/cq80a",
           "solution": {"shaded": ["##.##", "#.#.#", "#####"]}}
SOLVED = ShadeSolution(("##.##", "#.#.#", "#####"))


def rooms(*rows: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "lits", "grid": [" ".join(["."] * len(rows[0].split()))] * len(rows),
                               "regions": list(rows)})


def rules(puzzle: Puzzle[Any], *shaded: str) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, ShadeSolution(tuple(shaded)))}


# -- identity, notation, detection ------------------------------------------------------------------

def test_registered_complete_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("lits", "LITS", "nuruomino"):
        assert find_genre(name) is GENRE


def test_pasted_boards_stacked_and_side_by_side() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert read_board("lits\n. . . . .\n. . . . .\n. . . . .\na a b c c\na a b c c\na b b b c") == p
    assert read_board(". . . . . | a a b c c\n. . . . . | a a b c c\n. . . . . | a b b b c", "lits") == p
    # detected from blanks and letter rooms, stacked or side by side; rooms in digits are as much
    # a Heyawake's or a Star Battle's (a picture's rooms come as digits: LITS must not outrank them)
    assert read_board(". . . . .\n. . . . .\n. . . . .\na a b c c\na a b c c\na b b b c") == p
    assert read_board(". . . . . | a a b c c\n. . . . . | a a b c c\n. . . . . | a b b b c") == p
    assert read_board(". . . . . | 1 1 2 3 3\n. . . . . | 1 1 2 3 3\n. . . . . | 1 2 2 2 3").genre != "lits"
    with pytest.raises(AmbiguousGenre) as asked:
        read_board(". . . . .\n. . . . .\n. . . . .\n1 1 2 3 3\n1 1 2 3 3\n1 2 2 2 3")
    assert "lits" not in asked.value.candidates
    assert read_board("lits\n.....\n.....\n.....\naabcc\naabcc\nabbbc") == p
    assert Puzzle.from_record(p.to_record()) == p
    with pytest.raises(ParseError):
        read_board("lits\n. . 1 . .\n. . . . .\n. . . . .\na a b c c\na a b c c\na b b b c")


def test_a_board_of_rooms_alone_is_read_under_a_header() -> None:
    """'lits' then the rooms alone (as Star Battle takes them) was refused as a clue grid and a room
    grid of odd height: a LITS board has nothing but its rooms."""
    p = Puzzle.from_record(EXAMPLE)
    assert read_board("lits\na a b c c\na a b c c\na b b b c") == p
    assert read_board("lits\n1 1 2 3 3\n1 1 2 3 3\n1 2 2 2 3") == p
    assert read_board("1 1 2 3 3\n1 1 2 3 3\n1 2 2 2 3\n1 1 2 3 3", "lits").regions[3] == (1, 1, 2, 3, 3)


def test_invalid_rooms_are_refused() -> None:
    small = rooms("1 1 2 2", "1 2 2 2")  # room 1 has three cells
    with pytest.raises(InvalidPuzzle):
        GENRE.validate(small)
    assert GENRE.form_problem(small) is not None and GENRE.form_problem(Puzzle.from_record(EXAMPLE)) is None
    assert solve_puzzle(small, OPTS).status is Status.INVALID


# -- puzz.link ----------------------------------------------------------------------------------------

def test_urls() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.decode_url(EXAMPLE["url"]) == p and GENRE.encode_url(p) == EXAMPLE["url"]
    with pytest.raises(ParseError):
        GENRE.decode_url("https://puzz.link/p?lits/5/3/c!80a")


def test_url_round_trip_random_rooms() -> None:
    rng = random.Random(5)
    for _ in range(20):
        rows, cols = rng.randint(1, 12), rng.randint(1, 12)
        grid = [[1] * cols for _ in range(rows)]
        for _ in range(rng.randint(0, 6)):  # carve rectangles: each its own room (ids follow reading order)
            top, left = rng.randrange(rows), rng.randrange(cols)
            for r in range(top, min(rows, top + rng.randint(1, 4))):
                for c in range(left, min(cols, left + rng.randint(1, 4))):
                    grid[r][c] = 100 + top * 50 + left
        ids: dict[int, int] = {}
        labels = [[ids.setdefault(v, len(ids) + 1) for v in row] for row in grid]
        q = GENRE.decode_url(GENRE.encode_url(Puzzle("lits", tuple((0,) * cols for _ in range(rows)),
                                                     regions=tuple(tuple(row) for row in labels))))
        assert q.regions is not None
        same = {}
        for a, b in zip(sum(map(list, q.regions), []), sum(labels, []), strict=True):
            assert same.setdefault(a, b) == b


# -- shapes and solving -------------------------------------------------------------------------------

def test_orientations_are_the_nineteen_minus_the_square() -> None:
    assert len(ORIENTATIONS) == 18  # L 8, I 2, T 4, S 4
    assert all(shape_of(form) == SHAPES[k] for k, form in ORIENTATIONS)


def test_example_unique_multiple_none() -> None:
    res = solve_puzzle(Puzzle.from_record(EXAMPLE), OPTS)
    assert res.status is Status.UNIQUE and res.solution == SOLVED
    lines = GENRE.example.splitlines()
    assert lines[0] == "lits" and solve_puzzle(read_board(GENRE.example), OPTS).status is Status.UNIQUE
    several = solve_puzzle(rooms("1 1 1 1", "2 2 2 2", "2 2 2 2"), OPTS)
    assert several.status is Status.MULTIPLE and several.solution != several.second_solution
    square = solve_puzzle(rooms("1 1 2 2", "1 1 2 2", "2 2 2 2"), OPTS)  # room 1 holds only a square
    assert square.status is Status.NONE and square.message is not None


def test_no_solution_names_the_stuck_room_and_comes_with_a_marked_picture() -> None:
    from bot.pictures import result_view
    from bot.worker import solve_job

    square = rooms("1 1 2 2", "1 1 2 2", "3 3 4 4", "3 3 4 4")  # room 1 is a 2x2 square: no piece fits
    res = solve_puzzle(square, OPTS)
    assert res.status is Status.NONE and res.message is not None
    assert res.message.code == "lits-room-no-piece" and set(res.cells) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert say(res.message) == "No L, I, T or S fits in the room at row 1, column 1."
    assert say(res.message, "ja") == "1 行 1 列 のブロックには L・I・T・S のどれも入りません。"
    stacked = rooms("1 1 1 1 5", "2 2 2 2 5", "3 3 3 3 5", "4 4 4 4 5")  # I pieces one above another
    res = solve_puzzle(stacked, OPTS)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "lits-room-stuck"
    (room,) = {stacked.regions[r][c] for r, c in res.cells} if stacked.regions else set()
    assert len(res.cells) == sum(row.count(room) for row in stacked.regions or ())  # the whole room, no more
    assert result_view(res).name == "problem"
    job = solve_job(stacked, 10.0, 1)  # what a chat gets: the board with the room marked
    assert job.png is not None and job.cells == res.cells


@pytest.mark.parametrize("swap", [True, False])
def test_a_grown_answer_is_excluded_from_the_proof(monkeypatch: pytest.MonkeyPatch, swap: bool) -> None:
    """Generated boards with one answer, their first answer grown: CP-SAT, asked for a second one
    with the grown answer excluded, must find none (without the exclusion it finds the same answer
    again and the board reads as having two), with or without the one-room swap tried first."""
    monkeypatch.setattr(model, "GROW_PLACES", 0)
    grown: list[list[int] | None] = []

    def recorded(*args: Any, **kwargs: Any) -> list[int] | None:
        grown.append(answer := grow(*args, **kwargs))
        return answer

    monkeypatch.setattr(model, "grow", recorded)
    if not swap:
        monkeypatch.setattr(model, "neighbour_answer", lambda *args: None)
    rng = random.Random(3)
    checked = 0
    while checked < 6:
        growth = attempt(6, 6, rng)
        if growth is None:
            continue
        grown.clear()
        out = model._cpsat(start(Board.of(growth.regions())), Budget(OPTS), 2)
        assert grown and grown[0] is not None
        assert out.status is Status.UNIQUE, growth.regions()
        assert len(set(out.answers)) == len(out.answers) == 1
        checked += 1


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_boards_answered_and_checked(source: str) -> None:
    recs = corpus.own("lits") if source == "own" else [r for r in corpus.load("lits") if r["rows"] * r["cols"] <= 400]
    for rec in recs:
        p = Puzzle.from_record(rec)
        res = solve_puzzle(p, OPTS.with_(time_limit=5))
        want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
        assert res.status is want, rec["id"]
        if want is Status.UNIQUE:
            assert res.solution is not None and res.solution.to_json() == rec["solution"], rec["id"]
        if res.solution is not None:
            assert GENRE.check(p, res.solution) == [], rec["id"]


@pytest.mark.slow
def test_largest_shared_boards_within_five_seconds() -> None:
    for rec in corpus.load("lits"):
        if rec["rows"] * rec["cols"] > 400:
            res = solve_puzzle(Puzzle.from_record(rec), OPTS.with_(time_limit=5))
            assert res.status is Status.UNIQUE and res.solution is not None, rec["id"]
            assert res.solution.to_json() == rec["solution"], rec["id"]


# -- the checker ------------------------------------------------------------------------------------

def test_checker_rules() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert rules(p, "##.##", "#.#.#", "#####") == set()
    assert rules(p, "##.##", "#.#.#", "####.") >= {"lits-four"}
    assert "lits-tetromino" in rules(rooms("1 1 1 1 1", "2 2 2 2 2"), "##.##", "####.")
    assert "lits-square-piece" in rules(rooms("1 1 2 2", "1 1 2 2"), "##..", "##..")
    l_l = rooms("1 1 2 2", "1 1 2 2", "1 1 2 2", "1 1 2 2")  # two Ls meeting in row 3
    assert rules(l_l, "#..#", "#..#", "####", "....") == {"lits-same-shape"}
    assert rules(rooms("1 1 1 1 2 2", "3 3 3 3 2 2"), "####..", "####..") >= {"lits-block"}
    assert rules(rooms("1 1 1 1 1", "2 2 2 2 2"), "####.", ".....") >= {"lits-four"}
    assert "lits-connected" in rules(rooms("1 1 1 1 1 1 1 1 1", "2 2 2 2 2 2 2 2 2"), "####.....", ".....####")
    assert rules(p, "##.##", "#.#.#") == {"lits-answer-size"}
    for v in GENRE.check(p, ShadeSolution(("##.##", "###.#", "##..."))):
        for lang in ("en", "ja"):
            text = say(v.msg, lang)
            assert text and "{" not in text and v.rule not in text


def test_every_message_has_words_in_both_languages() -> None:
    for code in GENRE.messages["en"]:
        assert code in GENRE.messages["ja"], code
    assert "genre-lits" in GENRE.messages["ja"]


# -- answers, hints, picture --------------------------------------------------------------------------

def test_answers_typed_in_chat() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.parse_answer(p, "##.##\n#.#.#\n#####") == SOLVED
    assert GENRE.parse_answer(p, "■ ■ □ ■ ■\n■ □ ■ □ ■\n■ ■ ■ ■ ■") == SOLVED
    for bad in ("##.##\n#.#.#", "##.#?\n#.#.#\n#####"):
        with pytest.raises(ParseError):
            GENRE.parse_answer(p, bad)


def test_hints_reveal_each_piece() -> None:
    p = Puzzle.from_record(EXAMPLE)
    steps = GENRE.hints(p, SOLVED)
    assert steps == GENRE.hints(p, SOLVED) and len(steps) == 3
    assert sorted(cell for s in steps for cell in s.cells) == sorted(SOLVED.cells())
    assert {s.params["shape"] for s in steps} == {"L", "T"}
    t = next(s for s in steps if s.params["shape"] == "T")
    # "not an T"; the four cells in words, as a chat hint has no picture (it said "these four cells")
    assert say(Message(t.code, t.params)).endswith(
        "holds the T piece: row 2, column 3; row 3, column 2; row 3, column 3; row 3, column 4.")
    assert say(Message(t.code, t.params), "ja").endswith("（2 行 3 列、3 行 2 列、3 行 3 列、3 行 4 列）。")


class Recorder:
    """A Drawing that records the calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_picture() -> None:
    p = Puzzle.from_record(EXAMPLE)
    d = Recorder()
    GENRE.draw(d, p, SOLVED)
    assert ("region_borders", (p.regions,)) in d.calls
    assert sorted(a[:2] for n, a in d.calls if n == "fill_cell") == sorted(SOLVED.cells())
    from rendering import render_png

    assert render_png(p, SOLVED, view="solution")[:8] == b"\x89PNG\r\n\x1a\n"


# -- the generator --------------------------------------------------------------------------------

def test_generator_unique_and_reproducible() -> None:
    gp = generate("lits", 5, 5, "easy", seed=1)
    assert gp.puzzle.rows == gp.puzzle.cols == 5 and gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, ShadeSolution) and GENRE.check(gp.puzzle, gp.solution) == []
    res = solve_puzzle(gp.puzzle, OPTS)
    assert res.status is Status.UNIQUE and res.solution == gp.solution
    assert generate("lits", 5, 5, "easy", seed=1).puzzle == gp.puzzle
    assert GENRE.decode_url(GENRE.encode_url(gp.puzzle)) == gp.puzzle

def test_generator_reaches_the_daily_sizes() -> None:
    """8x10 as a stand-in for the daily 10x10 (bounded time): proven, and the asked grade's neighbours."""
    gp = generate("lits", 8, 10, "hard", seed=2)
    assert (gp.puzzle.rows, gp.puzzle.cols) == (8, 10) and gp.stats["proof"] == "unique"
    assert GENRE.check(gp.puzzle, gp.solution) == []
    assert GENRE.daily_sizes["medium"] == (10, 10)
