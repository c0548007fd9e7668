"""Boards of small cells (branch vpz): white rings and digits of cells of 7-13 pixels are lost with no
mark over the noise (harsh photos, bench/README.md "Photos of puzz.link screenshots"), so a reading of
such a board asked about anyway has every empty cell asked too; a sure one is left sure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import CellRead, Reading
from vision.choose import PLAIN_CELL
from vision.decode import scaled_working
from vision.locate import PAD, Spot
from vision.reading import Unclear, _at_most, _read_grey, _suspected

TOKENS = tuple(tuple("B" if (r, c) in ((1, 1), (4, 5)) else "W" if (r, c) == (2, 3) else "." for c in range(7))
               for r in range(7))
DOUBT = (CellRead(2, 3, "W", (".",), 0.6),)


def _grid(cell: int) -> np.ndarray:
    """A 7x7 grid of ``cell``-pixel cells, black discs and a ring as in TOKENS, on a white margin (grey)."""
    pad = 3 * cell
    img = np.full((7 * cell + 2 * pad, 7 * cell + 2 * pad), 255, np.uint8)
    for k in range(8):
        cv2.line(img, (pad + k * cell, pad), (pad + k * cell, pad + 7 * cell), 0, max(1, cell // 12))
        cv2.line(img, (pad, pad + k * cell), (pad + 7 * cell, pad + k * cell), 0, max(1, cell // 12))
    for r, row in enumerate(TOKENS):
        for c, t in enumerate(row):
            if t != ".":
                centre = (pad + c * cell + cell // 2, pad + r * cell + cell // 2)
                cv2.circle(img, centre, int(cell * 0.35), 0, -1 if t == "B" else max(1, cell // 10), cv2.LINE_AA)
    return img


def test_a_small_board_asked_about_has_every_empty_cell_asked() -> None:
    small = _suspected(Reading(7, 7, TOKENS, ("masyu",), DOUBT, 0.1, small=True))
    empties = {(r, c) for r, row in enumerate(TOKENS) for c, t in enumerate(row) if t == "."}
    assert empties <= {(u.row, u.col) for u in small.unsure}
    assert (2, 3) in {(u.row, u.col) for u in small.unsure}
    large = _suspected(Reading(7, 7, TOKENS, ("masyu",), DOUBT, 0.1))
    assert {(u.row, u.col) for u in large.unsure} == {(2, 3)}
    sized = _suspected(Reading(7, 7, TOKENS, ("masyu",), (), 0.1, size_unsure=True, small=True))
    assert empties <= {(u.row, u.col) for u in sized.unsure}


def test_a_small_board_read_sure_stays_sure() -> None:
    assert _suspected(Reading(7, 7, TOKENS, ("masyu",), (), 0.1, small=True)).sure


def test_small_is_the_cells_in_the_picture_not_as_read() -> None:
    """A board of 10-pixel cells is small whether read from the picture itself or from a crop blown
    up (its place's cells); one of 24-pixel cells is not."""
    try:
        tiny = _read_grey(_grid(10), None)[0]
    except Unclear as e:  # (most of its cells in doubt: refused, the reading kept)
        tiny = e.reading
    assert tiny.small
    plain, _ = _read_grey(_grid(24), None)
    assert not plain.small
    assert _at_most((plain, 0.5), _square(PLAIN_CELL - 4, 0))[0].small  # type: ignore[index]
    assert not _at_most((plain, 0.5), _square(PLAIN_CELL + 4, 0))[0].small  # type: ignore[index]


def _square(cell: float, degrees: float) -> Spot:
    """A 7x7 place of ``cell``-pixel cells, its outline turned ``degrees``, its box drawn about it."""
    t, h = np.radians(degrees), 7 * cell / 2
    corners = tuple((500 + x * np.cos(t) - y * np.sin(t), 500 + x * np.sin(t) + y * np.cos(t))
                    for x, y in ((-h, -h), (h, -h), (h, h), (-h, h)))
    xs = [x for x, _ in corners]
    pad = (1 + 2 * PAD) * (max(xs) - min(xs)) / 2
    box = (round(500 - pad), round(500 - pad), round(500 + pad), round(500 + pad))
    return Spot(box, 7, 7, 2.0, 1.0, 0.1, corners)


def test_a_turned_place_of_small_cells_is_small() -> None:
    """12-pixel cells turned 25 degrees (the simulator turns sheets up to 28): their box reads them
    about 16 pixels, over PLAIN_CELL; before, the reading was not small and its empty cells not asked."""
    plain, _ = _read_grey(_grid(24), None)
    turned = _square(12, 25)
    assert turned.cell > PLAIN_CELL
    assert _at_most((plain, 0.5), turned)[0].small  # type: ignore[index]


def test_small_is_in_pixels_of_the_picture_sent_not_of_the_picture_scaled_down() -> None:
    """A board of 20-pixel cells in a picture 2000 pixels wide (ink at both ends): scaled down to be
    read its cells are 14 pixels or a little under, but the photo shows them at 20, so it is not
    small; before, the whole picture's reading was small and every empty cell of it asked."""
    board = cv2.erode(_grid(20), np.ones((3, 3), np.uint8))  # (lines thick enough to be found scaled down)
    wide = np.full((board.shape[0], 2000), 255, np.uint8)
    wide[:, :board.shape[1]] = board
    wide[100:140, 1900:1940] = 0
    grey, scale = scaled_working(wide)
    assert scale == pytest.approx(2000 / 1400, abs=0.05)
    try:
        shrunk = _read_grey(grey, None)[0]
    except Unclear as e:
        shrunk = e.reading
    assert shrunk.small  # (measured in the pixels read, as before)
    try:
        sent = _read_grey(grey, None, scale=scale)[0]
    except Unclear as e:
        sent = e.reading
    assert not sent.small
