"""Drawing shared by the faint-mark tests (tests/test_vision_faintmarks.py,
tests/test_vision_shadegrain.py): a straightened board of light lines with faint strokes."""

from __future__ import annotations

import cv2
import numpy as np

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
