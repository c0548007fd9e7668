"""A photographed page whose hairline grid is as faint as the paper's grain (issue 23, branch
vpage5): no ink level, plain or hairline, holds its lines, so no outline of ink is the board;
averaged along straight strokes the lines stand out of the grain and the place is found."""

from __future__ import annotations

import cv2
import numpy as np

from vision.grid import flatten, hairline_ink
from vision.locate import _quads, spots
from vision.strokes import stroke_ink

SIDE, N, CELL = 1000, 12, 20  # the page's side, the board's cells a side and pixels a cell


def grainy_page(seed: int, depth: float = 16.0, grain: float = 6.0, angle: float = 9.0) -> tuple[np.ndarray, np.ndarray]:
    """A grey page (paper 200) with an NxN hairline grid ``depth`` grey levels darker, a few dark
    discs, turned by ``angle``, blurred, with a blotchy grain of ``grain`` levels over it; and the
    board's outline."""
    rng = np.random.default_rng(seed)
    im = np.full((SIDE, SIDE), 200.0, np.float32)
    at = (SIDE - N * CELL) // 2
    end = at + N * CELL
    for k in range(N + 1):
        p = at + k * CELL
        im[at:end + 1, p] -= depth
        im[p, at:end + 1] -= depth
    for r, c in (divmod(int(i), N) for i in rng.choice(N * N, size=12, replace=False)):
        cv2.circle(im, (at + c * CELL + CELL // 2, at + r * CELL + CELL // 2), CELL // 4, 40.0, -1)
    turn = cv2.getRotationMatrix2D((SIDE / 2, SIDE / 2), angle, 1.0)
    turned = cv2.warpAffine(im, turn, (SIDE, SIDE), flags=cv2.INTER_LINEAR, borderValue=200.0)
    shot = cv2.GaussianBlur(turned, (0, 0), 0.8)
    blotches = cv2.GaussianBlur(rng.normal(0, 1, shot.shape).astype(np.float32), (0, 0), 1.2)
    shot += grain * blotches / float(blotches.std())
    corners = np.array([[at, at], [end, at], [end, end], [at, end]], np.float64)
    corners = np.hstack([corners, np.ones((4, 1))]) @ turn.T
    return np.clip(shot, 0, 255).astype(np.uint8), corners.astype(np.float32)
