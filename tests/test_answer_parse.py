"""Players' typed answers: every notation round-trips the own corpus's solutions; bad text gets a clear error."""

from __future__ import annotations

import string

import pytest

from bot.i18n import say
from solvers.answer_grid import draw_lines
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from tests import corpus

LABELS = string.ascii_letters + string.digits


def _small(genre: str, limit: int = 8):
    return [rec for rec in corpus.solved(genre) if rec["rows"] * rec["cols"] <= 400][:limit]


def _parse(genre: str, grid: list[str], text: str):
    puzzle = Puzzle.from_record({"genre": genre, "grid": grid})
    return get_genre(genre).parse_answer(puzzle, text)


@pytest.mark.parametrize("genre,key", [("masyu", "loop"), ("numberlink", "links")])
def test_line_genres_round_trip_box_drawing_and_masks(genre, key):
    for rec in _small(genre):
        puzzle = Puzzle.from_record(rec)
        sol = rec["solution"]
        rows = [" ".join(row.split()) for row in sol[key]]
        assert get_genre(genre).parse_answer(puzzle, draw_lines(sol[key])).to_json() == {key: rows}, rec["id"]
        assert get_genre(genre).parse_answer(puzzle, "\n".join(sol[key])).to_json() == {key: rows}, rec["id"]


def test_numberlink_numbers_written_at_path_ends():
    for rec in _small("numberlink"):
        puzzle = Puzzle.from_record(rec)
        drawn = [list(line) for line in draw_lines(rec["solution"]["links"]).split("\n")]
        tokens = [[str(v) if v > 0 else drawn[r][c] for c, v in enumerate(row)] for r, row in enumerate(puzzle.cells)]
        text = "\n".join(" ".join(row) for row in tokens)
        want = [" ".join(row.split()) for row in rec["solution"]["links"]]
        assert get_genre("numberlink").parse_answer(puzzle, text).to_json() == {"links": want}, rec["id"]


def test_numberlink_adjacent_equal_numbers_join():
    assert _parse("numberlink", ["1 1 .", ". . .", ". . ."], "11·\n···\n···").to_json() == {
        "links": ["2 8 0", "0 0 0", "0 0 0"]}


def test_masyu_variants_and_fences():
    text = "```\n╭━╮\n┃·║\n╰-╯\n```"
    assert _parse("masyu", [". W .", ". . .", ". . ."], text).to_json() == {"loop": ["6 10 12", "5 0 5", "3 10 9"]}
    assert _parse("masyu", [". W .", ". . .", ". . ."], "┌o┐\n│.│\n└─┘").to_json() == {
        "loop": ["6 10 12", "5 0 5", "3 10 9"]}


def test_yinyang_letters_and_circles():
    for rec in _small("yinyang"):
        puzzle = Puzzle.from_record(rec)
        colors = rec["solution"]["colors"]
        assert get_genre("yinyang").parse_answer(puzzle, "\n".join(colors)).to_json() == {"colors": colors}
        circles = "\n".join(" ".join("○" if ch == "W" else "●" for ch in row) for row in colors)
        assert get_genre("yinyang").parse_answer(puzzle, circles).to_json() == {"colors": colors}
        assert get_genre("yinyang").parse_answer(puzzle, "\n".join(colors).lower()).to_json() == {"colors": colors}


def test_shikaku_region_letters():
    for rec in _small("shikaku"):
        puzzle = Puzzle.from_record(rec)
        rects = rec["solution"]["rects"]
        grid = [["?"] * puzzle.cols for _ in range(puzzle.rows)]
        for i, (t, l, h, w) in enumerate(rects):
            for r in range(t, t + h):
                for c in range(l, l + w):
                    grid[r][c] = LABELS[i] if len(rects) <= len(LABELS) else f"r{i}"
        sep = "" if len(rects) <= len(LABELS) else " "
        text = "\n".join(sep.join(row) for row in grid)
        assert get_genre("shikaku").parse_answer(puzzle, text).to_json() == {"rects": sorted(rects)}, rec["id"]


@pytest.mark.parametrize("genre,grid,text,needle", [
    ("masyu", [". W .", ". . .", ". . ."], "┌─┐\n│·│", "has 2 rows; the puzzle has 3"),
    ("masyu", [". W .", ". . .", ". . ."], "┌─┐\n│·│\n└─", "Row 3 of your answer has 2 cells; the puzzle has 3"),
    ("masyu", [". W .", ". . .", ". . ."], "┌─┐\n│··\n└─┘", "row 1, column 3 goes down, but row 2, column 3"
                                                             " has no line coming from above"),
    ("masyu", [". W .", ". . .", ". . ."], "─┐·\n··│\n··│", "goes left, off the board"),
    ("masyu", [". W .", ". . .", ". . ."], "", "empty"),
    ("numberlink", ["1 . 1", ". . .", ". . ."], "1 ┌┐ 1\n. . .\n. . .", "write one line symbol per cell"),
    ("numberlink", ["1 . 1", ". . .", ". . ."], "19 0 0\n0 0 0\n0 0 0", "masks are 0-15"),
    ("yinyang", ["W . .", ". . .", ". . ."], "WWW\nW.W\nBBB", "row 2, column 2 has no colour"),
    ("yinyang", ["W . .", ". . .", ". . ."], "WWW\nWZW\nBBB", "'Z' at row 2, column 2 is not a colour"),
    ("shikaku", ["2 . 2", ". . .", ". 3 ."], "aab\ncab\ncab", "'a' do not form one rectangle"),
    ("shikaku", ["3 . .", ". . 6", ". . ."], "aaa\nbb.\nbbb", "row 2, column 3 has no region letter"),
])
def test_clear_errors(genre, grid, text, needle):
    with pytest.raises(ParseError) as e:
        _parse(genre, grid, text)
    assert needle.lower() in say(e.value.msg).lower()
    assert say(e.value.msg, "ja") != say(e.value.msg)


def test_command_word_and_spaces_are_ignored():
    assert _parse("yinyang", ["W . .", ". . .", ". . ."], "/answer WWW\nW W W\n B B B ").to_json() == {
        "colors": ["WWW", "WWW", "BBB"]}
