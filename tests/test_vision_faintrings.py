"""Hairline rings photographed small (issue 23, branch vring2): a print's white pearls, drawn with
the grid's own thin pen at 17 pixels a cell, blurred and grey, straightened and blown up to be
read, are a grey donut no ink level cuts from the paper. They must read as white circles, and
nothing else (empty cells, grain, blots, a digit's oval) may."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import Board
from vision.cellreads import darkened, faint_rings
from vision.cells import SURE, CellGuess
from vision.rings import find_ring

N, SMALL, BIG = 6, 17, 150  # cells a side; pixels a cell as photographed, and as straightened to be read
RINGS = {(1, 1), (2, 4), (4, 3), (5, 3)}


def photographed(seed: int, blur: float = 1.6) -> Board:
    """A 6x6 hairline grid with hairline rings (radius a quarter of a cell) at :data:`RINGS`, drawn
    at 4x and shrunk to :data:`SMALL` pixels a cell, blurred, grey and noisy, then blown up to
    :data:`BIG` pixels a cell as the reader does a small board."""
    rng = np.random.default_rng(seed)
    f = 4
    side = N * SMALL * f
    im = np.full((side + 2 * f, side + 2 * f), 235, np.uint8)
    for k in range(N + 1):
        p = f + k * SMALL * f
        cv2.line(im, (p, f), (p, f + side), 120, f)
        cv2.line(im, (f, p), (f + side, p), 120, f)
    for r, c in RINGS:
        centre = (f + c * SMALL * f + SMALL * f // 2, f + r * SMALL * f + SMALL * f // 2)
        cv2.circle(im, centre, SMALL * f // 4, 120, f, lineType=cv2.LINE_AA)
    small = cv2.resize(im, (im.shape[1] // f, im.shape[0] // f), interpolation=cv2.INTER_AREA)
    shot = cv2.GaussianBlur(small, (0, 0), blur).astype(np.float32) + rng.normal(0, 2.0, small.shape)
    big = cv2.resize(np.clip(shot, 0, 255) / 255.0, None, fx=BIG / SMALL, fy=BIG / SMALL,
                     interpolation=cv2.INTER_CUBIC).astype(np.float32)
    edges = (1 + np.arange(N + 1) * SMALL) * BIG / SMALL
    return Board(paper=np.clip(big, 0.0, 1.0), xs=edges, ys=edges, dots=False, clarity=3.0)


def test_blurred_grey_hairline_rings_read_as_white_circles() -> None:
    for seed in range(3):
        board = photographed(seed)
        empty = [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)]
        read = faint_rings(darkened(board, board), empty)
        for r in range(N):
            for c in range(N):
                g = read[r][c]
                if (r, c) in RINGS:
                    assert g.token == "W" and g.confidence >= SURE, (seed, r, c, g)
                else:
                    assert g.token == ".", (seed, r, c, g)


def test_no_ring_in_noise_blots_or_a_digits_oval() -> None:
    rng = np.random.default_rng(7)
    grain = np.clip(cv2.GaussianBlur(rng.random((150, 150)).astype(np.float32), (0, 0), 6) * 3 - 1.2, 0, 1)
    assert find_ring(grain * 0.5) is None  # blots of a noisy crop, by chance about a circle
    oval = np.zeros((150, 150), np.float32)
    cv2.ellipse(oval, (75, 75), (22, 40), 0, 0, 360, 0.4, 6)  # a "0": taller than wide
    assert find_ring(cv2.GaussianBlur(oval, (0, 0), 8)) is None
    assert find_ring(np.full((150, 150), 0.05, np.float32)) is None  # paper
    disc = np.zeros((150, 150), np.float32)
    cv2.circle(disc, (75, 75), 36, 0.5, -1)  # a grey disc (a black pearl, faded), no ring
    assert find_ring(cv2.GaussianBlur(disc, (0, 0), 8)) is None
