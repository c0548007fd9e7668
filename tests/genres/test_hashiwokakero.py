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
from tests.corpus import own, shared_params, solved_as_recorded

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
    p, _ = solved_as_recorded(rec, OPTS)
    if "url" in rec:
        assert GENRE.decode_url(rec["url"]) == p


@pytest.mark.parametrize("rec", shared_params("hashiwokakero"))
def test_published_boards(rec: dict[str, Any]) -> None:
    p, _ = solved_as_recorded(rec, SolveOptions(time_limit=5, workers=1))
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


def test_a_wrong_bridge_count_says_what_the_number_wants() -> None:
    """Check on an empty board said "The 4 at row 1, column 1 has 0 bridge ends.": no word of the 4 wanted."""
    (v,) = [v for v in GENRE.check(Puzzle("hashiwokakero", ((4, 0, 2), (0, 0, 0), (2, 0, 0))), BridgeSolution((), 3, 3))
            if v.rule == "hashiwokakero-count" and v.params["number"] == 4]
    assert say(v.msg, "en") == "The 4 at row 1, column 1 has 0 bridges, not 4 (a double bridge counts as two)."


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


def test_the_clue_named_for_no_solution_is_the_typo_not_far_islands() -> None:
    """The search for conflicting clues dropped a number by turning its island into water: the
    islands left then had to join without it, a rule of its own, and five islands far from the
    typo were named (the 2 typed as 1 at row 7, column 8 was not). A dropped number leaves a '?'
    island now: the typo is named, and with every other island '?' it still has no answer."""
    from solvers.explain import conflicting_clues

    rows = [". 1 . 3 . . 2 .", ". . . . . . . .", "2 . . 6 . 2 . 1", ". . . . . . . .", ". . . . 1 . 2 .",
            ". . . . . . . .", "1 . . 2 . . . 1", ". . . . . . . ."]
    puzzle = Puzzle("hashiwokakero", tuple(tuple(0 if t == "." else int(t) for t in r.split()) for r in rows))
    assert solve_puzzle(puzzle, OPTS.with_(unique=False)).status is Status.NONE
    conflict = conflicting_clues(puzzle, 3.0, OPTS)
    assert conflict is not None and conflict.minimal
    named = set(conflict.cells)
    assert named & {(2, 3), (6, 7)} and len(named) <= 3
    relaxed = Puzzle("hashiwokakero", tuple(tuple(v if (r, c) in named or v <= 0 else -1 for c, v in enumerate(row))
                                            for r, row in enumerate(puzzle.cells)))
    assert solve_puzzle(relaxed, OPTS.with_(unique=False)).status is Status.NONE


def test_a_question_mark_island_takes_any_number_of_bridges() -> None:
    """puzz.link's '?' island ('.' in a URL): read, solved (here it must take 5), checked, typed back."""
    p = read_board("hashiwokakero\n. . . . 2\n. . . . .\n2 . ? . 6\n. . . . .\n. . 2 . 3")
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and res.solution is not None
    assert sum(n for r1, c1, r2, c2, n in res.solution.bridges if (2, 2) in ((r1, c1), (r2, c2))) == 5
    assert GENRE.check(p, res.solution) == []
    url = GENRE.encode_url(p)
    assert url == "https://puzz.link/p?hashi/5/5/j2k2g.g6m2g3" and GENRE.decode_url(url) == p
    assert GENRE.parse_answer(p, "....2\n....H\n2=?=6\n..|.H\n..2-3") == res.solution


@pytest.mark.parametrize("seed", range(24))
def test_question_mark_islands_match_brute_force(seed: int) -> None:
    """Small random boards with some '?' islands: the verdict is what trying every bridge count says."""
    import itertools
    import random

    from tests.genres.brute import assert_verdict_matches

    rng = random.Random(seed)
    cells = [[0] * 4 for _ in range(4)]
    for r, c in rng.sample([(r, c) for r in range(4) for c in range(4)], 6):
        cells[r][c] = -1
    board = board_of(cells)  # numbers from random bridges (crossings and all), then some hidden again
    ends = [0] * len(board.islands)
    for e in board.edges:
        n = rng.choice((0, 1, 2))
        ends[e.a] += n
        ends[e.b] += n
    for (r, c, _), n in zip(board.islands, ends, strict=True):
        cells[r][c] = n if n and rng.random() < 0.6 else -1
    puzzle = Puzzle("hashiwokakero", tuple(tuple(row) for row in cells))
    every = []
    for counts in itertools.product((0, 1, 2), repeat=len(board.edges)):
        bridges = tuple(sorted((*board.islands[e.a][:2], *board.islands[e.b][:2], n)
                               for e, n in zip(board.edges, counts, strict=True) if n))
        if not GENRE.check(puzzle, BridgeSolution(bridges, 4, 4)):
            every.append(bridges)
    res = solve_puzzle(puzzle, OPTS)
    if res.status is Status.INVALID:  # the form check refuses only boards without any answer
        assert not every
        return
    assert_verdict_matches(res, every, lambda sol: tuple(sorted(tuple(b) for b in sol.bridges)))
