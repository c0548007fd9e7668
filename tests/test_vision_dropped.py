"""A clue read that no genre of the reading draws is asked about (issue 23, branch vflag6): a
photographed 10x10 Shikaku had a ``4`` and a ``2`` read ``0`` at full conviction by both character
readers; the board no longer summed, so it was listed as genres that hold a ``0`` as an empty cell,
and would have been solved with two clues silently dropped."""

from __future__ import annotations

import io
from dataclasses import replace

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from rendering.fonts import FONT_FILE
from tests.corpus import own_records
from vision import read_image
from vision.kinds import dropped_clues
from vision.reading import _read_grey
from vision.results import CellRead, Reading, board_of

Tokens = tuple[tuple[str, ...], ...]


def _tokens(rows: list[str]) -> Tokens:
    return tuple(tuple(r.split()) for r in rows)


def _drawn(clues: dict[tuple[int, int], str], n: int = 10, cell: int = 40) -> bytes:
    """A plain grid of ``n`` x ``n`` cells with the clues in the renderer's typeface."""
    img = Image.new("L", (n * cell + 60, n * cell + 60), 255)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(FONT_FILE), int(cell * 0.6))
    for k in range(n + 1):
        width = 3 if k in (0, n) else 1
        d.line([30 + k * cell, 30, 30 + k * cell, 30 + n * cell], fill=0, width=width)
        d.line([30, 30 + k * cell, 30 + n * cell, 30 + k * cell], fill=0, width=width)
    for (r, c), v in clues.items():
        d.text((30 + c * cell + cell / 2, 30 + r * cell + cell / 2), v, font=font, fill=0, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


# a 10x10 of areas (summing to 100) whose 4 and 2 are drawn 0
ZEROS = {(0, 0): "4", (0, 5): "6", (1, 8): "0", (2, 2): "3", (3, 6): "8", (4, 1): "5", (5, 4): "0",
         (6, 9): "2", (7, 3): "7", (8, 7): "6", (9, 0): "4", (9, 5): "9"}


def test_a_zero_no_genre_listed_draws_is_suspected_by_the_board_read() -> None:
    """The board read once (no place looked for): its two 0s are suspects, nothing else is."""
    grey = cv2.imdecode(np.frombuffer(_drawn(ZEROS), np.uint8), cv2.IMREAD_GRAYSCALE)
    assert grey is not None
    r, _ = _read_grey(grey, None)
    assert r.tokens[1][8] == r.tokens[5][4] == "0" and not r.unsure and not r.size_unsure
    assert {(u.row, u.col) for u in r.suspects} == {(1, 8), (5, 4)}


@pytest.mark.slow  # (a reading asked about looks for places and reads them too: some 10-25 s)
def test_a_zero_no_genre_listed_draws_is_asked_on_a_reading_otherwise_sure() -> None:
    """Read sure before vflag6: the player was never asked."""
    r = read_image(_drawn(ZEROS))
    assert (r.rows, r.cols) == (10, 10) and r.tokens[1][8] == r.tokens[5][4] == "0"
    assert not r.sure and {(u.row, u.col) for u in r.unsure} == {(1, 8), (5, 4)}


def test_the_same_board_without_zeros_stays_sure() -> None:
    assert read_image(_drawn({**ZEROS, (1, 8): "4", (5, 4): "2"})).sure


def test_a_clue_is_dropped_only_when_every_genre_listed_drops_it() -> None:
    board = _tokens(["0 . 3 . .", ". . . . .", ". . . . .", ". . . . .", ". . . . 2"])
    assert dropped_clues(board, None, ("nurikabe", "fillomino"), board_of) == frozenset({(0, 0)})
    assert dropped_clues(board, None, ("slitherlink",), board_of) == frozenset()  # (a 0 is its clue)
    assert dropped_clues(board, None, ("fillomino", "slitherlink"), board_of) == frozenset()
    assert dropped_clues(board, None, (), board_of) == frozenset()
    assert dropped_clues(board, None, ("masyu",), board_of) == frozenset()  # (no board: no opinion)


def test_no_board_of_the_own_corpus_has_a_clue_its_genre_drops() -> None:
    """Exact readings list their genre, so the rule cannot ask about one whose genre keeps every
    clue it draws (every own board here, and every truth board of the tuning sets: bench/README.md)."""
    for t in own_records():
        regions = t.get("regions")
        rooms = tuple(tuple(row) for row in regions) if regions else None
        assert dropped_clues(_tokens(t["grid"]), rooms, (t["genre"],), board_of) == frozenset(), t.get("id")


def test_a_clue_the_genre_taken_drops_is_asked_though_another_listed_keeps_it() -> None:
    """Listed as two genres, one holding the 0 as a clue, the reading asks nothing; a caption taking
    the other (bot.imagereader) solved it sure with the 0 dropped (``Reading.taken``)."""
    board = _tokens(["0 . 3 . .", ". . . . .", ". . . . .", ". . . . .", ". . . . 2"])
    r = Reading(rows=5, cols=5, tokens=board, genres=("slitherlink", "fillomino"), unsure=(), seconds=0.0)
    taken, puzzle = r.taken("fillomino")
    assert not taken.sure and [(u.row, u.col, u.token) for u in taken.unsure] == [(0, 0, "0")]
    assert puzzle is not None and puzzle.genre == "fillomino"
    kept, puzzle = r.taken("slitherlink")
    assert kept is r and r.sure and puzzle is not None and puzzle.genre == "slitherlink"  # (its 0 is a clue)
    named = replace(r, unsure=(CellRead(0, 0, "0", ("8",), 0.4),))
    assert named.taken("fillomino")[0].unsure == named.unsure  # (asked already: not twice)


def test_with_no_genre_taken_a_clue_any_offered_drops_is_asked() -> None:
    """The player is to pick one of the genres listed (genre buttons): a clue any of them drops is asked first."""
    board = _tokens(["0 . 3 . .", ". . . . .", ". . . . .", ". . . . .", ". . . . 2"])
    r = Reading(rows=5, cols=5, tokens=board, genres=("slitherlink", "fillomino"), unsure=(), seconds=0.0)
    taken, puzzle = r.taken(None)
    assert [(u.row, u.col) for u in taken.unsure] == [(0, 0)] and puzzle is None
