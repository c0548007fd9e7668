"""Drawing shared by the faint-mark tests (tests/test_vision_faintmarks.py,
tests/test_vision_shadegrain.py): a straightened board of light lines with faint strokes; and by the
thin-ring tests (tests/test_vision_ringempties.py, tests/test_vision_faintboard.py): a photographed
board of hairline rings."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import Board

N, CELL = 8, 60  # cells a side, pixels a cell as straightened


def marked_paper(marks: set[tuple[int, int]]) -> np.ndarray:
    """Light grey lines and a faint short stroke, a clue's remains, in each cell of ``marks`` (paper 0.97)."""
    side = N * CELL
    im = np.full((side + 1, side + 1), 0.97, np.float32)
    for k in range(N + 1):
        cv2.line(im, (k * CELL, 0), (k * CELL, side), 0.82, 2)
        cv2.line(im, (0, k * CELL), (side, k * CELL), 0.82, 2)
    for r, c in marks:
        cv2.line(im, (c * CELL + CELL // 2, r * CELL + 18), (c * CELL + CELL // 2, r * CELL + 42), 0.84, 5)
    return im


RING_N, SMALL, BIG = 6, 18, 88  # cells a side; pixels a cell as photographed, and as straightened to be read
RINGS = {(0, 5), (1, 1), (2, 4), (4, 3), (5, 3)}


def ringed_photo(ring: int = 225, wash: float = 0.0) -> Board:
    """A 6x6 hairline grid with rings (radius 0.28 of a cell, grey ``ring`` 0-255) at :data:`RINGS`,
    drawn at 4x, shrunk to :data:`SMALL` pixels a cell, blurred, noisy, saved as a JPEG of quality 20
    (blocks of 8 pixels, half a cell) and blown up to :data:`BIG` pixels a cell; ``wash``: darkness
    added all over (a shadow)."""
    rng = np.random.default_rng(0)
    f = 4
    side = RING_N * SMALL * f
    im = np.full((side + 2 * f, side + 2 * f), 250, np.uint8)
    for k in range(RING_N + 1):
        p = f + k * SMALL * f
        cv2.line(im, (p, f), (p, f + side), 225, f)
        cv2.line(im, (f, p), (f + side, p), 225, f)
    for r, c in RINGS:
        centre = (f + c * SMALL * f + SMALL * f // 2, f + r * SMALL * f + SMALL * f // 2)
        cv2.circle(im, centre, int(SMALL * f * 0.28), ring, f, lineType=cv2.LINE_AA)
    small = cv2.resize(im, (im.shape[1] // f, im.shape[0] // f), interpolation=cv2.INTER_AREA)
    shot = np.clip(cv2.GaussianBlur(small, (0, 0), 1.0).astype(np.float32) + rng.normal(0, 2.0, small.shape), 0, 255)
    shot = cv2.imdecode(cv2.imencode(".jpg", shot.astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 20])[1], 0)
    big = cv2.resize(shot.astype(np.float32) / 255.0 - wash, None, fx=BIG / SMALL, fy=BIG / SMALL,
                     interpolation=cv2.INTER_CUBIC)
    edges = (1 + np.arange(RING_N + 1) * SMALL) * BIG / SMALL
    return Board(paper=np.clip(big, 0.0, 1.0).astype(np.float32), xs=edges, ys=edges, dots=False, clarity=3.0)
