"""A sure reading asked about only once a genre is taken (``Reading.taken``) names the cells the
picture's asked-only rules would have named had it been asked when read (``Reading.if_asked``): a
faint mark in a cell read empty, lost clues coming several at a time (``vision.doubts.lost_clues``)."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from tests.test_vision_dropped import FONT_FILE
from vision.reading import _read_grey, _suspected
from vision.recount import size_asked

# numbers 0-3 on a 10x10 board: one genre listed keeps the 0 as a clue, the others drop it
CLUES = {(0, 0): "0", (0, 5): "2", (1, 8): "3", (2, 2): "3", (3, 6): "1", (4, 1): "2", (5, 4): "2",
         (6, 9): "2", (7, 3): "1", (8, 7): "3", (9, 0): "1", (9, 5): "2"}
FAINT = ((2, 7), (5, 8), (8, 2))  # small light grey digits: marks over the paper's noise, read empty


def _board(shade: int, n: int = 10, cell: int = 40) -> np.ndarray:
    img = Image.new("L", (n * cell + 60, n * cell + 60), 255)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(FONT_FILE), int(cell * 0.6))
    small = ImageFont.truetype(str(FONT_FILE), int(cell * 0.3))
    for k in range(n + 1):
        width = 3 if k in (0, n) else 1
        d.line([30 + k * cell, 30, 30 + k * cell, 30 + n * cell], fill=0, width=width)
        d.line([30, 30 + k * cell, 30 + n * cell, 30 + k * cell], fill=0, width=width)
    for (r, c), v in CLUES.items():
        d.text((30 + c * cell + cell / 2, 30 + r * cell + cell / 2), v, font=font, fill=0, anchor="mm")
    for r, c in FAINT:
        d.text((30 + c * cell + cell / 2, 30 + r * cell + cell / 2), "1", font=small, fill=shade, anchor="mm")
    return np.array(img)


def test_faint_marks_of_a_sure_reading_are_asked_once_the_genre_taken_asks_about_it() -> None:
    """Read sure (the 0 a clue of one genre listed, the marks under the sure reading's bar), the
    reading keeps the marks an asked reading names; taken as a genre that drops the 0 it asks them
    with the 0 (before: the 0 alone, the marks solved as empty cells)."""
    r, _ = _read_grey(_board(216), None)
    assert r.sure and all(r.tokens[row][col] == "." for row, col in FAINT)
    assert [(u.row, u.col) for u in r.if_asked] == list(FAINT)
    keeps = next(g for g in r.genres if r.taken(g)[0] is r)  # (its 0 a clue: nothing asked)
    assert keeps
    drops = next(g for g in r.genres if r.taken(g)[0] is not r)
    taken, board = r.taken(drops)
    assert [(u.row, u.col) for u in taken.unsure] == [(0, 0), *FAINT] and board is not None


def test_a_reading_asked_when_read_keeps_nothing_for_later() -> None:
    """Darker marks are named when read (a lost clue found): nothing is left for Reading.taken."""
    r, _ = _read_grey(_board(208), None)
    assert {(u.row, u.col) for u in r.suspects} == set(FAINT) and r.if_asked == ()


def test_a_sure_reading_whose_size_is_asked_after_asks_its_marks_too() -> None:
    """A reading read sure whose size is asked later (a place found by one axis's lines, a rival's
    count: ``vision.recount.size_asked``) is asked about: the marks it kept are asked with it
    (before: only its size, the marks solved as empty cells once the size was confirmed)."""
    r, share = _read_grey(_board(216), None)
    assert r.sure and r.if_asked
    asked = size_asked((r, share))
    assert isinstance(asked, tuple)
    out = _suspected(asked[0])
    assert out.size_unsure and {(u.row, u.col) for u in out.unsure} >= set(FAINT)
    assert _suspected(r) is r  # (read sure and left so: nothing asked)
