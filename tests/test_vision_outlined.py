"""A place found on a photographed page read within its own outline (issue 23, branch vpage3):
the crop's own search for the board may fail or count otherwise, while the place's outline and
count were judged already. The outline is carried into the crop at its scale, and the lines are
placed at the count given rather than counted again."""

from __future__ import annotations

import cv2
import numpy as np

from vision.grid import flatten, straighten
from vision.locate import Spot, outlined

N, CELL, AT = 10, 14, 40  # cells a side, pixels a cell, the board's top left corner


def faint_grid(seed: int) -> np.ndarray:
    """A grey picture of an NxN board of small cells: light grey blurred lines, a few dark discs."""
    rng = np.random.default_rng(seed)
    side = N * CELL + 2 * AT
    im = np.full((side, side), 225, np.uint8)
    end = AT + N * CELL
    for k in range(0, N + 1):
        cv2.line(im, (AT + k * CELL, AT), (AT + k * CELL, end), 170, 1)
        cv2.line(im, (AT, AT + k * CELL), (end, AT + k * CELL), 170, 1)
    for r, c in rng.integers(0, N, size=(8, 2)):
        cv2.circle(im, (AT + int(c) * CELL + CELL // 2, AT + int(r) * CELL + CELL // 2), CELL // 3, 30, -1)
    im = cv2.GaussianBlur(im, (0, 0), 1.2)
    return np.clip(im.astype(np.float32) + rng.normal(0, 3, im.shape), 0, 255).astype(np.uint8)


def test_the_lines_are_placed_at_the_count_given() -> None:
    grey = faint_grid(0)
    end = float(AT + N * CELL)
    quad = np.array([[AT, AT], [end, AT], [end, end], [AT, end]], np.float32)
    board = straighten(flatten(grey), quad, every_level=True, count=(N, N))
    assert board is not None and (board.rows, board.cols) == (N, N)
    pitch = board.paper.shape[1] / N
    # every edge within a quarter of a cell of the true line
    assert np.abs(board.xs - np.arange(N + 1) * pitch).max() < 0.25 * pitch
    assert np.abs(board.ys - np.arange(N + 1) * pitch).max() < 0.25 * pitch


def test_a_spots_outline_is_carried_into_its_blown_up_crop() -> None:
    grey = faint_grid(1)
    end = float(AT + N * CELL)
    corners = ((AT, AT), (end, AT), (end, end), (AT, end))
    pad = round(0.08 * N * CELL)
    box = (AT - pad, AT - pad, round(end) + pad, round(end) + pad)
    spot = Spot(box, N, N, 3.0, 1.0, 0.1, tuple((float(x), float(y)) for x, y in corners))
    near, quad = outlined(grey, spot, 24, 4.0)
    f = near.shape[1] / (box[2] - box[0])
    assert 1.5 < f <= 4.0  # (14-pixel cells blown up towards 24)
    # the outline's corners are where the board's corners are in the blown-up crop
    expected = (np.array(corners, np.float32) - np.array(box[:2], np.float32)) * f
    assert np.abs(quad - expected).max() < 1.0
    board = straighten(flatten(near), quad, every_level=True, count=(N, N))
    assert board is not None and (board.rows, board.cols) == (N, N)
