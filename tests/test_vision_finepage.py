"""A board of hairlines in a phone's full-resolution photo of a page (issue 23, branch vpage7): the
place is found on a picture scaled down to 1400 pixels, where its lines are a fraction of a pixel
and a column or two of a large board go uncounted; counted again from the picture at its own
resolution, it reads whole. A sure reading of such small cells is checked against a crop, and
where the two looks differ, the cells are asked about."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import read_image
from vision.choose import disputed
from vision.decode import decode_full
from vision.locate import Spot, _finer, spots
from vision.reading import LOST, _fine
from vision.results import Reading

N, CELL, W, H = 30, 60, 4000, 3000  # the board's cells a side, pixels a cell, and the photo's size


def hairline_photo(seed: int = 0, ink: int = 150) -> tuple[bytes, list[list[str]]]:
    """A 4000x3000 photo of a page: lines of text above and below a 30x30 board of one-pixel grey
    lines, with ten discs and rings one pixel thin, lit unevenly, blurred, noisy, a JPEG."""
    rng = np.random.default_rng(seed)
    im = np.full((H, W), 235, np.uint8)
    x0, y0 = W // 2 - N * CELL // 2, H // 2 - N * CELL // 2
    for k in range(N + 1):
        cv2.line(im, (x0 + k * CELL, y0), (x0 + k * CELL, y0 + N * CELL), ink, 1)
        cv2.line(im, (x0, y0 + k * CELL), (x0 + N * CELL, y0 + k * CELL), ink, 1)
    grid = [["."] * N for _ in range(N)]
    for idx in rng.choice(N * N, size=10, replace=False):
        r, c = divmod(int(idx), N)
        centre = (x0 + c * CELL + CELL // 2, y0 + r * CELL + CELL // 2)
        black = bool(idx % 2)
        cv2.circle(im, centre, int(CELL * 0.3), 30 if black else ink, -1 if black else 1, cv2.LINE_AA)
        grid[r][c] = "B" if black else "W"
    for y in [*range(150, 400, 60), *range(H - 400, H - 150, 60)]:  # (text: the page is not cropped to the board)
        for x in range(200, W - 200, 90):
            cv2.rectangle(im, (x, y), (x + 60, y + 25), 70, -1)
    img = im.astype(np.float32) * (0.85 + 0.1 * np.linspace(-1, 1, W, dtype=np.float32)[None, :])
    img = cv2.GaussianBlur(img, (0, 0), 1.0) + rng.normal(0, 3, img.shape)
    jpg = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 85])[1]
    return bytes(jpg.tobytes()), grid


def test_a_large_hairline_board_in_a_large_photo_is_counted_whole() -> None:
    """Judged on the picture scaled down (18 pixels a cell, its lines a third of a pixel), the
    board counted 30x28; before, that count was read (its size asked)."""
    data, _ = hairline_photo()
    found = spots(decode_full(data, max_bytes=20_000_000, max_pixels=40_000_000), 1)
    assert found and (found[0].rows, found[0].cols) == (N, N)


def test_a_place_judged_at_large_cells_is_not_counted_again() -> None:
    """No second look when the cells were judged large or the picture holds no more pixels."""
    full = np.full((900, 900), 235, np.uint8)
    corners = ((100.0, 100.0), (700.0, 100.0), (700.0, 700.0), (100.0, 700.0))
    spot = Spot((52, 52, 748, 748), 10, 10, 2.0, 1.0, 0.4, corners)
    assert _finer(full, spot, 1.0) is spot  # (a picture looked at whole: 60 px cells)
    assert _finer(full, spot, 0.5) is spot  # (judged at 30 px cells)
    small = Spot((52, 52, 748, 748), 40, 40, 2.0, 1.0, 0.4, corners)
    assert _finer(full, small, 1.0) is small  # (15 px cells, but no finer picture to look at)


def _reading(tokens: list[str], cell: float) -> Reading:
    return Reading(rows=len(tokens), cols=len(tokens[0].split()), tokens=tuple(tuple(t.split()) for t in tokens),
                   genres=("x",), unsure=(), seconds=0.0, cell=cell)


def test_only_small_cells_of_a_scaled_down_picture_are_read_again() -> None:
    r = _reading([". B", "W ."], 40.0)
    assert _fine((r, 0.5), 2.0)  # (20 px cells in the working copy, 40 in the picture)
    assert not _fine((r, 0.5), 1.0)  # (a picture read as it is: every screenshot of 1400 px or less)
    assert not _fine((_reading([". B", "W ."], 60.0), 0.5), 2.0)  # (30 px cells: large enough)
    assert not _fine((r, 0.5), 1.2)  # (the picture barely finer)
    assert _fine((r, 0.5), 2.0, 2.0, 5.0)  # (two seconds of a budget of five passed)
    assert not _fine((r, 0.5), 2.0, 3.0, 5.0)  # (over half of it: the sure reading kept, no timeout risked)


def test_two_looks_that_differ_have_their_cells_asked() -> None:
    """The working copy read a thin ring as empty, sure; the crop read it: the cell is asked."""
    coarse, crop = _reading([". B", ". ."], 40.0), _reading([". B", "W ."], 40.0)
    got = disputed(coarse, [coarse, crop], LOST)
    assert [(u.row, u.col, u.alternatives) for u in got.suspects] == [(1, 0, ("W",))]
    assert disputed(crop, [crop, _reading([". B", "W .", ". ."], 40.0)], LOST) is crop  # (another size: not compared)


@pytest.mark.slow  # (a 12-megapixel photo read: some seconds)
def test_a_large_hairline_board_in_a_large_photo_is_read_exactly() -> None:
    """Before: read 30x28, two columns lost, its size asked."""
    data, grid = hairline_photo()
    r = read_image(data)
    assert (r.rows, r.cols) == (N, N) and not r.size_unsure
    assert [list(row) for row in r.tokens] == grid
