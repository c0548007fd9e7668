"""A photographed page whose board is a hairline grid without a frame (issue 23, branch vpage4): a
print rasterised at 150 dpi draws every other line fainter, and a photo of it leaves the lines in
fragments, blurred wider than a hairline. The place must be found, its lines counted whole."""

from __future__ import annotations

import cv2
import numpy as np

from vision.grid import flatten, straighten
from vision.locate import spots

SIDE, N, CELL = 1100, 8, 30  # the page's side, the board's cells a side and pixels a cell


def hairline_page(seed: int, faint: int = 200, plain: int = 175, gaps: bool = True, blur: float = 1.0, shake: int = 1,
                  angle: float = 12.0) -> tuple[np.ndarray, np.ndarray]:
    """A grey page (paper 230) with an NxN grid of hairlines, no frame, every other line ``faint``
    and the rest ``plain``, dashed by gaps (``gaps``), a few dark discs, rotated by ``angle``,
    blurred and noisy; and the outline of its ink (3 pixels about the outer lines)."""
    rng = np.random.default_rng(seed)
    im = np.full((SIDE, SIDE), 230, np.uint8)
    at = (SIDE - N * CELL) // 2
    end = at + N * CELL
    for k in range(N + 1):
        level = plain if k % 2 == 0 else faint
        p = at + k * CELL
        for lo in range(at, end, 5):  # (in pieces: the noise of a photo breaks a faint line)
            if not gaps or rng.random() < 0.8:
                cv2.line(im, (p, lo), (p, min(lo + 5, end)), level, 1)
            if not gaps or rng.random() < 0.8:
                cv2.line(im, (lo, p), (min(lo + 5, end), p), level, 1)
    for r, c in (divmod(int(i), N) for i in rng.choice(N * N, size=10, replace=False)):
        cv2.circle(im, (at + c * CELL + CELL // 2, at + r * CELL + CELL // 2), CELL // 4, 40, -1)
    for y in range(60, 200, 30):  # a few lines of text above the board
        for x in range(80, 900, 40):
            cv2.rectangle(im, (x, y), (x + 25, y + 12), 60, -1)
    turn = cv2.getRotationMatrix2D((SIDE / 2, SIDE / 2), angle, 1.0)
    turned = cv2.warpAffine(im, turn, (SIDE, SIDE), flags=cv2.INTER_AREA, borderValue=230)
    shot = cv2.blur(cv2.GaussianBlur(turned, (0, 0), blur), (shake, 1))  # (shaken sideways: lines down smeared wide)
    corners = np.array([[at, at], [end, at], [end, end], [at, end]], np.float64) + [[-3, -3], [3, -3], [3, 3], [-3, 3]]
    corners = np.hstack([corners, np.ones((4, 1))]) @ turn.T
    noisy = np.clip(shot.astype(np.float32) + rng.normal(0, 2.5, shot.shape), 0, 255).astype(np.uint8)
    return noisy, corners.astype(np.float32)


def test_a_frameless_hairline_grid_in_fragments_is_found_and_counted() -> None:
    grey, corners = hairline_page(0, faint=185)
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    found = [s for s in spots(grey, 3) if (s.rows, s.cols) == (N, N)]
    assert found, "no place with the board's count"
    bx0, by0, bx1, by1 = found[0].box
    assert bx0 <= x0 + 3 and by0 <= y0 + 3 and bx1 >= x1 - 3 and by1 >= y1 - 3  # the whole board inside


def test_every_other_line_fainter_is_counted_whole() -> None:
    grey, corners = hairline_page(1, faint=218, plain=150, gaps=False, angle=0.0)
    board = straighten(flatten(grey), corners, 560, every_level=True)
    assert board is not None and (board.rows, board.cols) == (N, N)


def test_lines_blurred_wider_than_a_hairline_are_counted() -> None:
    grey, corners = hairline_page(2, faint=40, plain=40, gaps=False, shake=9, angle=0.0)
    board = straighten(flatten(grey), corners, 560, every_level=True)
    assert board is not None and (board.rows, board.cols) == (N, N) and board.support >= 0.5
