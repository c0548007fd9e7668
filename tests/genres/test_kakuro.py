"""Kakuro: notation (sum cells), puzz.link (the grid without its clue row and column), solving,
checker (one case per rule), answers, hints, picture, generator."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import say
from solvers.clues import Sum
from solvers.engine import solve_puzzle
from solvers.errors import Message, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.kakuro import GENRE
from solvers.kakuro.notation import WHITE
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import find_genre
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, Status
from tests.corpus import own, shared_params, solved_as_recorded

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"genre": "kakuro", "grid": ["# 3\\ 4\\", "\\3 . .", "\\4 . ."]}
ANSWER = NumberSolution(((None, None, None), (None, 2, 1), (None, 1, 3)))


def example() -> Puzzle[Any]:
    return Puzzle.from_record(EXAMPLE)


def rules(puzzle: Puzzle[Any], rows: list[list[int | None]]) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, NumberSolution(tuple(tuple(r) for r in rows)))}


def test_registered_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("kakuro", "Kakuro", "cross sums", "カックロ"):
        assert find_genre(name) is GENRE


def test_notation_reads_sum_cells() -> None:
    p = example()
    assert p.cells == ((Sum(None, None), Sum(3, None), Sum(4, None)), (Sum(None, 3), WHITE, WHITE),
                       (Sum(None, 4), WHITE, WHITE))
    assert p.grid_lines() == EXAMPLE["grid"] and Puzzle.from_record(p.to_record()) == p
    assert read_board("# 3\\ 4\\\n\\3 . .\n\\4 . .") == p  # detected from its sum cells
    assert [GENRE.notation.read(t, False) for t in ("17\\", "\\23", "8\\12", "#", ".", "x")] == [
        Sum(17, None), Sum(None, 23), Sum(8, 12), Sum(None, None), WHITE, None]


def test_formats_example_url_and_solution() -> None:
    p = example()
    assert GENRE.encode_url(p) == "https://puzz.link/p?kakuro/2/2/n3434"
    assert GENRE.decode_url("https://puzz.link/p?kakuro/2/2/n3434") == p
    res = solve_puzzle(p, OPTS)
    assert res.status is Status.UNIQUE and res.solution == ANSWER


@pytest.mark.parametrize("rec", own("kakuro"), ids=lambda r: r["id"])
def test_own_corpus(rec: dict[str, Any]) -> None:
    p, _ = solved_as_recorded(rec, OPTS)
    if "url" in rec:
        assert GENRE.decode_url(rec["url"]) == p


@pytest.mark.parametrize("rec", shared_params("kakuro"))
def test_published_boards(rec: dict[str, Any]) -> None:
    p, _ = solved_as_recorded(rec, SolveOptions(time_limit=5, workers=1))
    assert GENRE.decode_url(rec["url"]) == p and GENRE.encode_url(p) == rec["url"]


def test_invalid_boards() -> None:
    for grid, code in ((["# 10\\", "\\3 ."], "kakuro-impossible-sum"),
                       (["# 30\\ 4\\", "\\3 . .", "\\4 . ."], "kakuro-impossible-sum"),
                       (["# 3\\ #", "\\3 . #", "# . 5\\"], "kakuro-clue-no-run"),
                       (["# #", "# #"], "kakuro-no-white")):
        res = solve_puzzle(Puzzle.from_record({"genre": "kakuro", "grid": grid}), OPTS)
        assert res.status is Status.INVALID and res.message is not None and res.message.code == code, grid


def test_checker_names_each_broken_rule() -> None:
    p = example()
    assert rules(p, [[None] * 3, [None, 2, 1], [None, 1, 3]]) == set()
    assert rules(p, [[None] * 3, [None, 2, 2], [None, 1, 3]]) >= {"kakuro-repeat", "kakuro-sum"}
    assert rules(p, [[None] * 3, [None, 2, None], [None, 1, 3]]) == {"kakuro-blank"}
    assert "kakuro-digit-on-black" in rules(p, [[5, None, None], [None, 2, 1], [None, 1, 3]])
    assert rules(p, [[None] * 3, [None, 1, 2], [None, 3, 1]]) == {"kakuro-sum"}
    for v in GENRE.check(p, NumberSolution(((None,) * 3, (None, 2, 2), (None, 1, 3)))):
        assert say(v.msg, "en") and say(v.msg, "ja")


def test_answers_typed_in_chat_and_hints() -> None:
    p = example()
    assert GENRE.parse_answer(p, "...\n.21\n.13") == ANSWER
    assert GENRE.parse_answer(p, "# # #\n# 2 1\n# 1 3") == ANSWER
    with pytest.raises(ParseError):
        GENRE.parse_answer(p, "...\n.2x\n.13")
    steps = GENRE.hints(p, ANSWER)
    assert [s.cells[0] for s in steps] and len(steps) == 4 and steps == GENRE.hints(p, ANSWER)
    assert all(say(Message(s.code, s.params), "ja") for s in steps)


def test_an_answer_of_the_wrong_size_is_told_in_the_size_players_see() -> None:
    """The 3x3 example is a 2x2 Kakuro to players (its caption, as puzz.link); an answer of its two
    rows was told "the puzzle has 3" rows, the grid's count, with no word of the clue row."""
    p = example()
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, "21\n13")
    en, ja = say(e.value.msg, "en"), say(e.value.msg, "ja")
    assert en.startswith("Your answer has 2 rows; this 2×2 Kakuro") and "clue row" in en and "3 rows" in en
    assert "2×2" in ja and "3 行" in ja
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, "...\n21\n13")
    en = say(e.value.msg, "en")
    assert en.startswith("Row 2 of your answer has 2 cells; this 2×2 Kakuro") and "3 cells per row" in en
    assert e.value.cells == ((1, 1),)


def test_generator_is_unique() -> None:
    gp = generate("kakuro", 6, 6, "easy", seed=4)
    assert gp.stats["proof"] == "unique"
    assert solve_puzzle(gp.puzzle, OPTS).solution == gp.solution


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generator_at_ten_by_ten_grades_as_asked(difficulty: str) -> None:
    """10x10 (the hard daily size) in every grade: the grade is what the deductions need, and the
    answer is the one the engine proves unique."""
    from solvers.kakuro.board import board_of
    from solvers.kakuro.making import grade_of

    gp = generate("kakuro", 10, 10, difficulty, seed=3)
    assert gp.stats["proof"] == "unique" and gp.difficulty == difficulty
    assert grade_of(board_of(gp.puzzle.cells)) == difficulty
    assert solve_puzzle(gp.puzzle, OPTS).solution == gp.solution


def test_picture() -> None:
    from rendering.views import render_png

    assert render_png(example(), view="puzzle")[:4] == b"\x89PNG"
    assert render_png(example(), ANSWER)[:4] == b"\x89PNG"


def test_the_sums_named_for_no_solution_conflict_on_the_board_as_it_is() -> None:
    """The search for conflicting clues dropped a sum by making its cell white, which joins two
    runs and needs a digit: on a typo board it named 16 sums that hold together once the other
    sum cells stand as black cells. A dropped sum cell stays black now: with every other sum
    taken away, the named sums still have no answer."""
    rows = ["# # 29\\ 10\\ 17\\ # # 17\\ 17\\ #", "# 23\\23 . . . # \\16 . . #", "\\20 . . . . 34\\ 7\\11 . . 4\\",
            "\\17 . . \\14 . . . 10\\3 . .", "\\16 . . 17\\ 16\\21 . . . . .", "# 16\\ 10\\34 . . . . . 30\\ 23\\",
            "\\34 . . . . . 13\\ \\16 . .", "\\10 . . 4\\7 . . . 11\\17 . .", "# \\3 . . # \\19 . . . .",
            "# \\4 . . # \\24 . . . #"]
    puzzle = read_board("kakuro\n" + "\n".join(rows))
    res = solve_puzzle(puzzle, SolveOptions(time_limit=5, workers=1, explain=3.0))
    assert res.status is Status.NONE and res.message is not None and res.message.code.startswith("clue")
    named = set(res.cells)
    others_black = Puzzle("kakuro", tuple(tuple(v if (r, c) in named or not isinstance(v, Sum) else Sum(None, None)
                                                for c, v in enumerate(row)) for r, row in enumerate(puzzle.cells)))
    assert solve_puzzle(others_black, SolveOptions(time_limit=5, workers=1)).status is Status.NONE


def test_a_board_from_a_puzzlink_url_is_named_by_the_urls_size() -> None:
    """A ``kakuro/5/5`` URL is a 6x6 grid (its clue row and column included): the reply, its
    picture's file and title name it 5x5, as the URL and puzz.link do (they said 6x6)."""
    from bot.i18n import named_size
    from bot.pictures import result_title, result_view
    from bot.replies import result_reply
    from bot.worker import solve_job

    puzzle = read_board("https://puzz.link/p?kakuro/5/5/lCbq4dma0q0elcBgdhfia")
    assert (puzzle.rows, puzzle.cols) == (6, 6)
    job = solve_job(puzzle, 10.0, 1)
    reply = result_reply(job, "en", spoiler=False)
    assert reply.text.startswith("Kakuro 5×5: unique solution") and reply.filename == "kakuro-5x5-solution.png"
    assert result_title(puzzle, result_view(job), "en") == "Kakuro 5×5 · unique solution"
    assert named_size("kakuro", 6, 6) == {"rows": 5, "cols": 5}  # the daily puzzle's captions too
    assert named_size("masyu", 6, 6) == {"rows": 6, "cols": 6}


def test_the_clues_a_picture_asks_are_those_the_board_is_refused_for() -> None:
    """``impossible_clues`` (the picture reader's question) and ``validate_grid`` (the refusal) share
    one rule: a clue refused is asked, the first refused is named, and a valid board asks none."""
    from solvers.errors import InvalidPuzzle
    from solvers.kakuro.check import validate_grid

    for grid, asked in ((["# 10\\", "\\3 ."], {(0, 1)}),
                        (["# 30\\ 4\\", "\\3 . .", "\\4 . ."], {(0, 1)}),
                        (["# 3\\ #", "\\3 . #", "# . 5\\"], {(2, 2)}),
                        (["# 3\\ 4\\", "\\3 . #", "\\5 . 6\\"], {(0, 2), (2, 2)})):
        tokens = [row.split() for row in grid]
        assert GENRE.impossible_clues(tokens, None) == asked, grid
        with pytest.raises(InvalidPuzzle) as e:
            validate_grid(Puzzle.from_record({"genre": "kakuro", "grid": grid}).cells)
        assert e.value.msg.params["cell"] == min(asked), grid
    assert GENRE.impossible_clues([row.split() for row in ["# 3\\ 4\\", "\\3 . .", "\\4 . ."]], None) == frozenset()
