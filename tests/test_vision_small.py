"""A board too small in its picture (a whole page photographed from afar, a few pixels a cell):
refused saying so, in words the player can act on, or read with its count asked about. The
photos come from the tuning simulator (``photo.simulate_scene``) with fixed seeds, scaled down."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from bot.i18n import template
from tests.test_vision_pages import photographed_page
from vision import Unreadable, read_image
from vision.decode import decode_full
from vision.locate import Spot, spots
from vision.small import SMALL_CELL, small_board, small_count, spot_cell


def scaled(seed: int, f: float) -> bytes:
    img = cv2.imdecode(np.frombuffer(photographed_page(seed), np.uint8), cv2.IMREAD_COLOR)
    small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    return bytes(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes())


@pytest.mark.slow  # (a whole page photo read: some seconds)
def test_a_page_photographed_from_afar_is_refused_as_too_small_not_as_gridless() -> None:
    """The 7x7 page at about 5 pixels a cell: before, "no grid found" (send a straight, sharp
    picture), which names the wrong problem."""
    with pytest.raises(Unreadable) as e:
        read_image(scaled(14, 0.16))
    assert e.value.code == "small-board"
    assert "too small" in e.value.message and "closer" in e.value.message
    for lang in ("en", "ja"):
        assert template("image_why_small-board", lang) is not None  # (the bot's own words for it)


@pytest.mark.slow  # (a whole page photo read: some seconds)
def test_a_small_board_read_at_its_count_has_the_count_asked() -> None:
    """The same page at about 7 pixels a cell reads 7x7, its lines a pixel or two apart: before,
    the size was sure."""
    data = scaled(14, 0.2)
    found = spots(decode_full(data, max_bytes=20_000_000, max_pixels=40_000_000))
    assert found and spot_cell(found[0]) < SMALL_CELL
    r = read_image(data)
    assert (r.rows, r.cols) == (7, 7) and r.size_unsure


def test_the_cell_comes_from_the_outline_not_its_box() -> None:
    """A 10x10 outline of 80 pixels a side turned 45 degrees: 8 pixels a cell, though its box is
    wider; a refusal of another kind, or of a larger board, stays as it was."""
    c, h = 100.0, 80 / np.sqrt(2)
    corners = ((c, c - h), (c + h, c), (c, c + h), (c - h, c))
    spot = Spot((0, 0, 200, 200), 10, 10, 2.0, 1.0, 0.1, corners)
    assert spot_cell(spot) == pytest.approx(8.0, abs=0.01) and spot.cell > 10
    assert small_board([spot], Unreadable("no-grid", "x")).code == "small-board"
    assert small_board([spot], Unreadable("too-large", "x")).code == "too-large"
    assert small_board([], Unreadable("no-grid", "x")).code == "no-grid"
    assert small_count(10, 10, [spot]) and not small_count(9, 10, [spot])
    big = Spot((0, 0, 400, 400), 10, 10, 2.0, 1.0, 0.1, tuple((2 * x, 2 * y) for x, y in corners))
    assert small_board([big], Unreadable("no-grid", "x")).code == "no-grid" and not small_count(10, 10, [big])


def _grid(img: np.ndarray, x: int, y: int, n: int, cell: int, thick: int) -> None:
    for i in range(n + 1):
        cv2.line(img, (x + i * cell, y), (x + i * cell, y + n * cell), 0, thick)
        cv2.line(img, (x, y + i * cell), (x + n * cell, y + i * cell), 0, thick)


def test_a_stray_tiny_grid_beside_a_large_empty_one_does_not_make_the_refusal_small_board() -> None:
    """An empty 10x10 of 70-pixel cells with a 6x6 of 8-pixel cells beside it: the tiny grid ranks
    first among the places (clearer), but the large one is no small board; before, ``small-board``
    replaced the refusal that names the problem (no clues)."""
    img = np.full((900, 1400), 255, np.uint8)
    _grid(img, 100, 100, 10, 70, 2)
    _grid(img, 1000, 400, 6, 8, 1)
    with pytest.raises(Unreadable) as e:
        read_image(bytes(cv2.imencode(".png", img)[1].tobytes()))
    assert e.value.code == "no-clues"


def test_the_small_board_words_never_round_to_the_limit_and_name_the_screenshot_fix() -> None:
    """Cells of 9.7 pixels, under the limit of 10: before, "about 10 pixels a cell", which reads as
    the limit; and a screenshot cannot be taken closer, only zoomed into first."""
    c, h = 100.0, 9.7 * 6 / 2
    spot = Spot((0, 0, 200, 200), 6, 6, 2.0, 1.0, 0.1, ((c - h, c - h), (c + h, c - h), (c + h, c + h), (c - h, c + h)))
    words = small_board([spot], Unreadable("no-clues", "x")).message
    assert "about 9.7 pixels" in words and "zoom in" in words
    assert "zoom in" in (template("image_why_small-board", "en") or "")
    assert "拡大" in (template("image_why_small-board", "ja") or "")
