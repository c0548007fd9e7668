"""Yajilin: notation and detection, puzz.link, solving (deductions and CP-SAT), checker, answers,
hints, picture, generator."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from rendering.views import render_png
from solvers.clues import Arrow, Direction
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle
from solvers.genre import missing_parts
from solvers.puzzle import Puzzle
from solvers.reading.board import read_board
from solvers.registry import find_genre
from solvers.verdict import SolveOptions, Status
from solvers.yajilin import GENRE
from solvers.yajilin.arrows import cells_of
from solvers.yajilin.deduce import deduce
from solvers.yajilin.generate import generate
from solvers.yajilin.model import YajilinModel
from solvers.yajilin.solution import YajilinSolution
from tests import corpus

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"genre": "yajilin", "grid": [". . . .", "1r . . .", ". . . ."], "url": "https://puzz.link/p?yajilin/4/3/d41g",
           "solution": {"loop": ["0 6 10 12", "0 5 0 5", "0 3 10 9"], "shaded": ["#...", "..#.", "#..."]}}


def example() -> tuple[Puzzle[Any], YajilinSolution]:
    p = Puzzle.from_record(EXAMPLE)
    return p, YajilinSolution.from_json(EXAMPLE["solution"], p.rows, p.cols)


def rules(puzzle: Puzzle[Any], masks: Any, shaded: Any) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, YajilinSolution(tuple(map(tuple, masks)), tuple(shaded)))}


# -- the genre table, the notation, detection

def test_registered_complete_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("yajilin", "Yajirin", "ヤジリン"):
        assert find_genre(name) is GENRE


def test_tokens_as_players_write_them() -> None:
    read = GENRE.notation.read
    assert read("2r", False) == read("2→", False) == read("→2", False) == read("2>", False) == Arrow(2, Direction.RIGHT)
    assert read("←1", False) == Arrow(1, Direction.LEFT)
    assert read("?u", False) == Arrow(None, Direction.UP)
    assert read("#", False) == Arrow(None, None)
    assert read(".", False) == 0 and read("7", False) is None
    assert [GENRE.notation.write(v) for v in (Arrow(10, Direction.DOWN), Arrow(None, None), 0)] == ["10d", "#", "."]


def test_a_board_of_arrows_is_detected_as_yajilin() -> None:
    p = read_board(". . . .\n1→ . . .\n. . . .")
    assert p.genre == "yajilin" and p.cells[1][0] == Arrow(1, Direction.RIGHT)
    assert Puzzle.from_record(EXAMPLE).to_record()["grid"] == EXAMPLE["grid"]


def test_validate_refuses_impossible_arrows() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        GENRE.validate(Puzzle.from_record({"genre": "yajilin", "grid": [". 3l . .", ". . . ."]}))
    assert e.value.code == "yajilin-clue-too-big"
    GENRE.validate(Puzzle.from_record({"genre": "yajilin", "grid": [". # . 2l", ". . . ."]}))  # two fit around '#'


# -- puzz.link

def test_url_round_trips() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.encode_url(p) == EXAMPLE["url"]
    assert GENRE.decode_url(EXAMPLE["url"]) == p
    odd = Puzzle.from_record({"genre": "yajilin", "grid": ["# ?r . 17d", ". . . .", "300l . . 2u"]})
    assert GENRE.decode_url(GENRE.encode_url(odd)) == odd


@pytest.mark.parametrize("rec", corpus.shared_params("yajilin"))
def test_published_boards_read_from_their_urls(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    assert GENRE.decode_url(rec["url"], max_rows=99, max_cols=99) == Puzzle("yajilin", p.cells)
    assert GENRE.encode_url(p) == rec["url"]


# -- solving

def test_example_solved_and_unique() -> None:
    p, sol = example()
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and res.solution == sol


@pytest.mark.parametrize("rec", corpus.shared_params("yajilin"))
def test_published_boards_answered_and_checked(rec: dict[str, Any]) -> None:
    corpus.solved_as_recorded(rec, SolveOptions(time_limit=10, workers=1))


def test_own_corpus_verdicts() -> None:
    for rec in corpus.own("yajilin"):
        corpus.solved_as_recorded(rec, OPTS)


def test_cp_sat_alone_agrees_with_the_deductions() -> None:
    """The model without any deduced value finds the same single answer."""
    from solvers.cpsat import solve_twice

    for rec in corpus.own("yajilin")[:8]:
        p = Puzzle.from_record(rec)
        ym = YajilinModel(cells_of(p))
        res = solve_twice(ym.model, ym.edges, ym.solution, OPTS)
        assert res.status is Status.UNIQUE and res.solution is not None
        assert res.solution.to_json() == rec["solution"], rec["id"]
        d = deduce(cells_of(p))
        assert all(d.shaded[r * p.cols + c] in (None, rec["solution"]["shaded"][r][c] == "#")
                   for r in range(p.rows) for c in range(p.cols))


# -- the checker, one rule at a time

def test_checker_accepts_the_answer_and_refuses_each_broken_rule() -> None:
    p, sol = example()
    masks, shaded = [list(row) for row in sol.masks], list(sol.shaded)
    assert rules(p, masks, shaded) == set()
    assert "yajilin-count" in rules(p, masks, ["#...", "....", "#..."])
    assert "yajilin-clue-used" in rules(p, masks, ["#...", "#.#.", "#..."])
    assert "yajilin-adjacent" in rules(p, masks, ["##..", "..#.", "#..."])
    assert "yajilin-shaded-on-loop" in rules(p, masks, ["##..", "..#.", "#..."])
    cut = [row[:] for row in masks]
    cut[0][1], cut[0][2] = 4, 8  # the top edge between (0,1) and (0,2) removed
    assert {"yajilin-mismatch", "yajilin-dead-end"} & rules(p, cut, shaded)
    empty = [[0] * 4 for _ in range(3)]
    assert {"yajilin-no-loop", "yajilin-unvisited"} <= rules(p, empty, shaded)
    off = [row[:] for row in masks]
    off[0][3] |= 2
    assert "yajilin-off-board" in rules(p, off, shaded)
    branch = [row[:] for row in masks]
    branch[1][1] |= 2
    branch[1][2] |= 8
    assert "yajilin-branch" in rules(p, branch, shaded)


def test_two_loops_are_refused() -> None:
    p = Puzzle.from_record({"genre": "yajilin", "grid": [". . # . .", ". . # . ."]})
    masks = [[6, 12, 0, 6, 12], [3, 9, 0, 3, 9]]
    assert "yajilin-loops" in rules(p, masks, [".....", "....."])


# -- answers and hints

def test_a_typed_answer_is_read() -> None:
    p, sol = example()
    assert GENRE.parse_answer(p, "#┌─┐\n.│#│\n#└─┘") == sol
    assert GENRE.parse_answer(p, "# ┌ ─ ┐\n1r │ # │\n# └ ─ ┘") == sol


def test_a_typed_answer_may_write_the_loop_as_mask_numbers() -> None:
    p, sol = example()
    assert GENRE.parse_answer(p, "# 6 10 12\n1 5 # 5\n# 3 10 9") == sol
    assert GENRE.parse_answer(p, "# 6 10 12\n0 5 # 5\n# 3 10 9") == sol


@pytest.mark.parametrize("text, token", [
    ("#┌─┐\n#│#│\n#└─┘", "#"),  # the arrow clue shaded
    ("#┌─┐\n─│#│\n#└─┘", "─"),  # the loop through the arrow clue
    ("# 6 10 12\n10 5 # 5\n# 3 10 9", "10"),  # the same as a mask number
])
def test_a_typed_answer_that_shades_or_loops_a_clue_cell_is_refused(text: str, token: str) -> None:
    from bot.i18n import say
    from solvers.errors import ParseError

    p, _ = example()
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, text)
    assert e.value.code == "yajilin-answer-on-clue" and e.value.cells == ((1, 0),)
    assert say(e.value.msg, "en").startswith("Row 2, column 1 is a clue cell")
    assert f"'{token}'" in say(e.value.msg, "en") and f"'{token}'" in say(e.value.msg, "ja")


def test_a_grey_clue_cell_may_be_written_back_but_not_looped() -> None:
    from solvers.errors import ParseError

    p = Puzzle.from_record({"genre": "yajilin", "grid": ["# . .", ". . .", "1u . ."]})
    sol = GENRE.parse_answer(p, "#┌┐\n┌┘│\n.└┘")
    assert sol.masks[0][0] == 0 and not sol.is_shaded(0, 0)
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, "┌┌┐\n┌┘│\n.└┘")
    assert e.value.cells == ((0, 0),)


def test_hints_reveal_the_answer_in_deduction_order() -> None:
    p, sol = example()
    steps = GENRE.hints(p, sol)
    shaded = [s for s in steps if s.code.endswith("shaded")]
    assert {s.cells[0] for s in shaded} == {(0, 0), (1, 2), (2, 0)}
    assert all(s.code in GENRE.messages["en"] and s.code in GENRE.messages["ja"] for s in steps)


# -- picture and generator

def test_pictures_are_drawn() -> None:
    p, sol = example()
    for solution in (None, sol):
        img = Image.open(io.BytesIO(render_png(p, solution, view="solution" if solution else "puzzle")))
        assert img.size[0] > 50


def test_generator_makes_a_proven_unique_board() -> None:
    gp = generate(6, 6, "easy", 3)
    assert gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, YajilinSolution) and GENRE.check(gp.puzzle, gp.solution) == []
    assert gp.puzzle.clues() and gp.difficulty in ("easy", "medium", "hard")
