"""Sudoku: notations people paste, puzz.link, solving (standard, 16x16, jigsaw), checker, answers,
hints by technique, picture, graded generator."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import say
from rendering.views import render_png
from solvers.engine import solve_puzzle
from solvers.errors import Message, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import find_genre
from solvers.solution import NumberSolution
from solvers.sudoku import GENRE
from solvers.sudoku.layout import layout
from solvers.sudoku.logic import Technique, deduce
from solvers.verdict import SolveOptions
from tests.corpus import own, shared_params, solved_as_recorded

OPTS = SolveOptions(time_limit=10, workers=1)
ROWS = ["5 3 . . 7 . . . .", "6 . . 1 9 5 . . .", ". 9 8 . . . . 6 .", "8 . . . 6 . . . 3", "4 . . 8 . 3 . . 1",
        "7 . . . 2 . . . 6", ". 6 . . . . 2 8 .", ". . . 4 1 9 . . 5", ". . . . 8 . . 7 9"]
SOLVED = ["534678912", "672195348", "198342567", "859761423", "426853791", "713924856", "961537284",
          "287419635", "345286179"]


def cells_of(rows: list[str]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(0 if t == "." else int(t) for t in row.split()) for row in rows)


def numbers(rows: list[str]) -> NumberSolution:
    return NumberSolution(tuple(tuple(int(ch) for ch in row) for row in rows))


def rules(puzzle: Puzzle[Any], rows: list[str]) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, numbers(rows))}


# -- identity and text --------------------------------------------------------------------------

def test_registered_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("sudoku", "Sudoku", "数独", "ナンプレ", "number place"):
        assert find_genre(name) is GENRE


@pytest.mark.parametrize("text", [
    "".join(t for row in ROWS for t in row.split()),  # 81 characters on one line
    "\n".join("".join(row.split()).replace(".", "0") for row in ROWS),  # nine lines of digits, 0 empty
    "\n".join("".join(row.split()).replace(".", "_") for row in ROWS),
    "\n".join(ROWS),
    "\n".join((" | ".join(" ".join(row.split()[k:k + 3]) for k in (0, 3, 6)))
              + ("\n------+-------+------" if r in (2, 5) else "") for r, row in enumerate(ROWS)),
    "\n".join("|".join("".join(row.split())[k:k + 3] for k in (0, 3, 6))
              + ("\n---+---+---" if r in (2, 5) else "") for r, row in enumerate(ROWS)),
    "\n".join((" | ".join(" ".join(row.split()[k:k + 3]) for k in (0, 3, 6)))
               + ("\n---------------------" if r in (2, 5) else "") for r, row in enumerate(ROWS)),
    "\n".join("|".join("".join(row.split())[k:k + 3] for k in (0, 3, 6))
               + ("\n-----------" if r in (2, 5) else "") for r, row in enumerate(ROWS)),
    "\n".join(row.replace(" ", "").replace(".", " ") for row in ROWS),  # spaces for empty cells
    "sudoku\n" + "\n".join(row.replace(" ", "").replace(".", " ").rstrip() for row in ROWS),
], ids=["one-line", "zeros", "underscores", "spaced", "separators", "compact-separators", "dash-only-bands",
        "compact-dash-only-bands", "spaces-for-empty", "spaces-for-empty-trimmed"])
def test_pasted_notations_are_detected(text: str) -> None:
    p = read_board(text)
    assert p.genre == "sudoku" and p.cells == cells_of(ROWS)


def test_a_line_short_of_a_cell_without_spaces_is_still_refused() -> None:
    """Spaces for blanks only when a line has one inside it: a line one digit short is a typo."""
    with pytest.raises(ParseError) as e:
        read_board("\n".join(row.replace(" ", "").replace(".", "1") for row in ROWS[:4]) + "\n12345678\n"
                   + "\n".join(row.replace(" ", "").replace(".", "1") for row in ROWS[5:]))
    assert e.value.code == "not-rectangle"


def test_a_row_of_dashes_as_long_as_the_rows_stays_a_row_of_blanks() -> None:
    p = read_board("sudoku\n1---\n----\n--1-\n----")
    assert p.cells[1] == (0, 0, 0, 0) and len(p.cells) == 4


def test_generating_a_size_sudoku_has_not_names_the_sizes() -> None:
    from solvers.errors import PuzzleError

    with pytest.raises(PuzzleError) as e:
        generate("sudoku", 5, 5, "easy", seed=1)
    assert e.value.code == "sudoku-generate-size" and "9x9" in say(e.value.msg, "en")
    assert "16x16" in say(e.value.msg, "ja")


def test_jigsaw_regions_below_or_beside() -> None:
    grid = ["1 . . .", ". . . 3", ". 2 . .", ". . . 4"]
    regions = ["a a a b", "a c b b", "c c d b", "c d d d"]
    below = read_board("sudoku\n" + "\n".join(grid + regions))
    beside = read_board("sudoku\n" + "\n".join(f"{g} | {r}" for g, r in zip(grid, regions, strict=True)))
    assert below == beside and below.regions == ((1, 1, 1, 2), (1, 3, 2, 2), (3, 3, 4, 2), (3, 4, 4, 4))
    assert Puzzle.from_record(below.to_record()) == below
    with pytest.raises(ParseError) as e:
        GENRE.encode_url(below)  # puzz.link has no jigsaw sudoku
    assert say(e.value.msg) == "puzz.link has no URL for a jigsaw sudoku (boxes of irregular shapes)."


def test_bad_boards_are_refused() -> None:
    for text, code in (("sudoku\n1 1 . .\n. . . .\n. . . .\n. . . .", "sudoku-given-repeat-row"),
                       ("sudoku\n" + "\n".join(". . . . ." for _ in range(5)), "sudoku-needs-regions"),
                       ("sudoku\n5 . . .\n. . . .\n. . . .\n. . . .", "sudoku-read-cell")):
        with pytest.raises(ParseError) as e:
            read_board(text)
        assert e.value.code == code
        assert say(e.value.msg, "en") and say(e.value.msg, "ja")


# -- solving ------------------------------------------------------------------------------------

@pytest.mark.parametrize("rec", own("sudoku"), ids=lambda r: r["id"])
def test_own_corpus(rec: dict[str, Any]) -> None:
    solved_as_recorded(rec, OPTS)


@pytest.mark.parametrize("rec", shared_params("sudoku"))
def test_published_boards(rec: dict[str, Any]) -> None:
    p, _ = solved_as_recorded(rec, SolveOptions(time_limit=5, workers=1))
    if "url" in rec:
        assert GENRE.decode_url(rec["url"]) == p and GENRE.decode_url(GENRE.encode_url(p)) == p


def test_url_round_trip_of_16x16() -> None:
    cells = tuple(tuple((r * 4 + r // 4 + c) % 16 + 1 if (r + c) % 3 == 0 else 0 for c in range(16)) for r in range(16))
    p = Puzzle("sudoku", cells)
    url = GENRE.encode_url(p)
    assert url.startswith("https://puzz.link/p?sudoku/16/16/") and GENRE.decode_url(url) == p


# -- the checker --------------------------------------------------------------------------------

def test_checker_accepts_the_answer_and_names_each_broken_rule() -> None:
    p = Puzzle("sudoku", cells_of(ROWS))
    assert rules(p, SOLVED) == set()
    swapped = [SOLVED[0][1] + SOLVED[0][0] + SOLVED[0][2:]] + SOLVED[1:]  # a given changed, columns repeat
    assert rules(p, swapped) == {"sudoku-given-changed", "sudoku-repeat-column"}
    row_twice = ["534678919"] + SOLVED[1:]
    assert {"sudoku-repeat-row", "sudoku-repeat-column", "sudoku-repeat-box"} <= rules(p, row_twice)
    blank = NumberSolution((tuple([None] + [int(ch) for ch in SOLVED[0][1:]]),)
                           + tuple(tuple(int(ch) for ch in row) for row in SOLVED[1:]))
    assert {v.rule for v in GENRE.check(p, blank)} == {"sudoku-blank", "sudoku-given-changed"}
    for v in GENRE.check(p, numbers(swapped)):
        assert say(v.msg, "en") and say(v.msg, "ja")


# -- play ---------------------------------------------------------------------------------------

def test_answers_typed_in_chat_and_hints() -> None:
    p = Puzzle("sudoku", cells_of(ROWS))
    answer = GENRE.parse_answer(p, "\n".join(SOLVED))
    assert answer == numbers(SOLVED)
    assert GENRE.parse_answer(p, "\n".join(" ".join(row) for row in SOLVED)) == answer
    with pytest.raises(ParseError):
        GENRE.parse_answer(p, "\n".join(SOLVED[:8]))
    steps = GENRE.hints(p, answer)
    assert len(steps) == sum(1 for row in p.cells for v in row if not v)
    assert len({s.cells for s in steps}) == len(steps)
    for s in steps[:5]:
        (r, c), = s.cells
        assert s.params["digit"] == int(SOLVED[r][c])
        assert say(Message(s.code, s.params), "en") and say(Message(s.code, s.params), "ja")


def test_grades_follow_the_techniques() -> None:
    lay = layout(9)
    assert deduce(lay, [v for row in cells_of(ROWS) for v in row]).hardest is Technique.SINGLES


NEEDS = {"easy": {Technique.SINGLES}, "medium": {Technique.INTERSECTIONS, Technique.SUBSETS},
         "hard": {Technique.FISH, Technique.BEYOND}}


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("seed", [1, 3])  # seed 1 once gave an easy board for hard
def test_generator_is_unique_and_graded_by_the_techniques_a_person_needs(difficulty: str, seed: int) -> None:
    gp = generate("sudoku", 9, 9, difficulty, seed=seed)
    assert gp.stats["proof"] == "unique" and gp.difficulty == difficulty
    assert solve_puzzle(gp.puzzle, OPTS).solution == gp.solution
    assert deduce(layout(9), [v for row in gp.puzzle.cells for v in row]).hardest in NEEDS[difficulty]


def test_givens_are_as_large_as_the_answer_digits() -> None:
    """On a 16x16 board the givens were drawn in a smaller box than the answer's digits: the
    puzzle's own numbers looked like pencil marks beside the solution."""
    from PIL import Image

    from rendering.views import _render
    from solvers.solution import NumberSolution

    n = 16
    cells = tuple(tuple(12 if (r, c) == (0, 0) else 0 for c in range(n)) for r in range(n))
    answer = NumberSolution(tuple(tuple(12 for _ in range(n)) for _ in range(n)))
    pic = _render(Puzzle("sudoku", cells), answer)
    img: Image.Image = pic.image.convert("L")
    lay = pic.panels[0]

    def ink_height(r: int, c: int) -> int:
        left, top, right, bottom = lay.cell_box(r, c)
        box = img.crop((left + 3, top + 3, right - 2, bottom - 2)).point(lambda v: 255 if v < 200 else 0)
        bbox = box.getbbox()
        assert bbox is not None
        return bbox[3] - bbox[1]

    assert abs(ink_height(0, 0) - ink_height(5, 5)) <= 1


def test_pictures() -> None:
    p = Puzzle.from_record(own("sudoku")[-1])
    assert render_png(p, view="puzzle")[:4] == b"\x89PNG"
    q = Puzzle("sudoku", cells_of(ROWS))
    assert render_png(q, numbers(SOLVED))[:4] == b"\x89PNG"
