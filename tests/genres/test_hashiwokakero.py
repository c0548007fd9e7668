"""Hashiwokakero: notation, puzz.link, solving, checker (one case per rule), answers, hints,
picture, generator."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.errors import Message, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.hashiwokakero import GENRE
from solvers.hashiwokakero.board import board_of
from solvers.hashiwokakero.deduce import propagate, start
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import find_genre
from solvers.solution import BridgeSolution
from solvers.verdict import SolveOptions, Status
from tests.corpus import own, shared_params

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"genre": "hashiwokakero", "grid": ["1 . 3", ". . .", "1 . 3"]}
BRIDGES = ((0, 0, 0, 2, 1), (0, 2, 2, 2, 2), (2, 0, 2, 2, 1))


def example() -> Puzzle[Any]:
    return Puzzle.from_record(EXAMPLE)


def rules(puzzle: Puzzle[Any], bridges: Any) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, BridgeSolution(tuple(bridges), puzzle.rows, puzzle.cols))}


def test_registered_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("hashiwokakero", "hashi", "Bridges", "hashikake", "橋をかけろ"):
        assert find_genre(name) is GENRE


def test_formats_example_url_and_solution() -> None:
    p = example()
    assert GENRE.encode_url(p) == "https://puzz.link/p?hashi/3/3/1g3i1g3"
    assert GENRE.decode_url("https://puzz.link/p?hashikake/3/3/1g3i1g3") == p
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and res.solution == BridgeSolution(BRIDGES, 3, 3)
    assert read_board("hashiwokakero\n1 . 3\n. . .\n1 . 3") == p


@pytest.mark.parametrize("rec", own("hashiwokakero"), ids=lambda r: r["id"])
def test_own_corpus(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    res = solve_puzzle(p, OPTS)
    want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
    assert res.status is want
    if want is Status.UNIQUE:
        assert res.solution == GENRE.solution_from_json(rec["solution"], p)
    if "url" in rec:
        assert GENRE.decode_url(rec["url"]) == p


@pytest.mark.parametrize("rec", shared_params("hashiwokakero"))
def test_published_boards(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    res = solve_puzzle(p, SolveOptions(time_limit=5, workers=1))
    assert res.status is Status.UNIQUE
    assert res.solution == GENRE.solution_from_json(rec["solution"], p)
    assert GENRE.decode_url(rec["url"]) == p and GENRE.encode_url(p) == rec["url"]


def test_deductions_alone_settle_the_example() -> None:
    board = board_of(example().cells)
    bounds = start(board)
    propagate(board, bounds)
    assert bounds.fixed()


def test_invalid_boards() -> None:
    for rows, code in ((["9 . 1", ". . .", "1 . ."], "hashiwokakero-bad-number"),
                       (["3 . 1", ". . .", ". . ."], "hashiwokakero-no-room"),
                       (["3 . 2", ". . .", "2 . ."], "hashiwokakero-odd-total")):
        res = solve_puzzle(Puzzle("hashiwokakero", tuple(tuple(0 if t == "." else int(t) for t in r.split())
                                                           for r in rows)), OPTS)
        assert res.status is Status.INVALID and res.message is not None and res.message.code == code


def test_checker_names_each_broken_rule() -> None:
    p = example()
    assert rules(p, BRIDGES) == set()
    assert rules(p, [(0, 0, 0, 2, 2), BRIDGES[1], BRIDGES[2]]) >= {"hashiwokakero-count"}
    assert "hashiwokakero-bridge-count" in rules(p, [(0, 0, 0, 2, 3), BRIDGES[1], BRIDGES[2]])
    assert "hashiwokakero-end-not-island" in rules(p, [(0, 0, 0, 1, 1)])
    assert "hashiwokakero-not-straight" in rules(p, [(0, 0, 2, 2, 1)])
    assert "hashiwokakero-pair-twice" in rules(p, [*BRIDGES, (0, 2, 0, 0, 1)])
    assert "hashiwokakero-connected" in rules(p, [(0, 0, 2, 0, 1), (0, 2, 2, 2, 2)])
    line = Puzzle("hashiwokakero", ((1, 1, 1),))
    assert "hashiwokakero-over-island" in rules(line, [(0, 0, 0, 2, 1)])
    cross = Puzzle("hashiwokakero", ((0, 1, 0), (1, 0, 1), (0, 1, 0)))
    assert "hashiwokakero-crossing" in rules(cross, [(0, 1, 2, 1, 1), (1, 0, 1, 2, 1)])
    for v in GENRE.check(p, BridgeSolution(((0, 0, 0, 2, 2),), 3, 3)):
        assert say(v.msg, "en") and say(v.msg, "ja")


def test_answers_typed_in_chat_and_hints() -> None:
    p = example()
    answer = GENRE.parse_answer(p, "1-3\n..H\n1-3")
    assert answer == BridgeSolution(BRIDGES, 3, 3)
    assert GENRE.parse_answer(p, "1 ─ 3\n. . ║\n1 ─ 3") == answer
    for bad in ("1=3\n..H\n1-3x", "1-.\n..H\n1-3", "1-3\n.-H\n1-3"):
        with pytest.raises(ParseError):
            GENRE.parse_answer(p, bad)
    steps = GENRE.hints(p, answer)
    assert len(steps) == 3 and steps == GENRE.hints(p, answer)
    assert all(say(Message(s.code, s.params), "ja") for s in steps)


def test_generator_is_unique() -> None:
    gp = generate("hashiwokakero", 7, 7, "easy", seed=5)
    assert gp.stats["proof"] == "unique"
    assert solve_puzzle(gp.puzzle, OPTS).solution == gp.solution


def test_picture() -> None:
    from rendering.views import render_png

    assert render_png(example(), view="puzzle")[:4] == b"\x89PNG"
    assert render_png(example(), BridgeSolution(BRIDGES, 3, 3))[:4] == b"\x89PNG"
