"""Counting a faint grid's lines (issue 23): a light grey, blurred 12x12 grid of 24-pixel cells
with its clues only in every other row and column is counted 12, not 6 (its half, whose cells'
middles are the in-between lines); a photo shaken along one axis, that axis's lines smeared away,
takes the other axis's count (square cells) instead of being refused or halved. Sharp grids and
grids with characters between the lines keep their counts."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.grid import find_board, flatten
from vision.lattice import halves, lattice, profiles, thick_profile, thin

N, CELL, AT = 12, 24, 50  # cells a side, pixels a cell, the board's top left corner


def grid_picture(line: int, blur: float, seed: int) -> np.ndarray:
    """A grey picture of an NxN board: a dark frame, inner lines of grey ``line`` (0 black .. 255
    white) blurred by ``blur``, discs and rings in some cells of the even rows and columns only."""
    rng = np.random.default_rng(seed)
    side = N * CELL + 2 * AT
    im = np.full((side, side), 235, np.uint8)
    end = AT + N * CELL
    for k in range(1, N):
        cv2.line(im, (AT + k * CELL, AT), (AT + k * CELL, end), line, 1)
        cv2.line(im, (AT, AT + k * CELL), (end, AT + k * CELL), line, 1)
    cv2.rectangle(im, (AT, AT), (end, end), 40, 2)
    for r in range(0, N, 2):
        for c in range(0, N, 2):
            if rng.random() < 0.5:
                centre = (AT + c * CELL + CELL // 2, AT + r * CELL + CELL // 2)
                cv2.circle(im, centre, CELL // 3, 30 if rng.random() < 0.5 else 60, -1 if rng.random() < 0.5 else 2)
    im = cv2.GaussianBlur(im, (0, 0), blur)
    return np.clip(im.astype(np.float32) + rng.normal(0, 4, im.shape), 0, 255).astype(np.uint8)


def counted(darkness: np.ndarray, faint: float) -> tuple[int, int]:
    """Columns and rows :func:`lattice` counts in a straightened board at one ink level (as
    ``grid.straighten`` does)."""
    d = max(2, round(max(darkness.shape) / 150))
    out = []
    for axis, tr in ((1, False), (0, True)):
        t = thin(darkness, d, axis=axis)
        coarse, fine = profiles(t.T if tr else t, faint)
        edges, _, _ = lattice(coarse, fine=fine, thick=lambda run, fine=False, axis=axis: thick_profile(
            darkness, d, faint, axis, run, fine=fine))
        assert edges is not None
        out.append(len(edges) - 1)
    return out[0], out[1]


def straightened(grey: np.ndarray, side: int = 900) -> np.ndarray:
    """The board's inside (frame to frame) as darkness 0..1, ``side`` pixels square."""
    paper = flatten(grey)[AT:AT + N * CELL + 1, AT:AT + N * CELL + 1]
    return 1.0 - cv2.resize(paper, (side, side), interpolation=cv2.INTER_CUBIC).clip(0.0, 1.0)


@pytest.mark.parametrize("seed", [0, 1])
def test_faint_grid_with_clues_every_other_cell_is_not_halved(seed: int) -> None:
    # (at main the 0.04 level counted 6x6 here: every line faint, the in-between ones unjudged)
    darkness = straightened(grid_picture(170, 1.6, seed))
    assert counted(darkness, 0.04) == (N, N)


@pytest.mark.parametrize(("line", "blur"), [(170, 1.6), (200, 1.2), (100, 0.8)])
def test_faint_and_sharp_grids_found_whole(line: int, blur: float) -> None:
    board = find_board(grid_picture(line, blur, 0))
    assert (board.rows, board.cols) == (N, N)


@pytest.mark.parametrize("reach", [11, 15])
def test_shaken_photo_takes_the_lined_axis_count(reach: int) -> None:
    # (shaken up and down: the horizontal lines are smeared away, the vertical ones stay; main
    # refused this board or counted 8 rows)
    grey = cv2.filter2D(grid_picture(150, 0.8, 1), -1, np.ones((reach, 1), np.float32) / reach)
    board = find_board(grey)
    assert (board.rows, board.cols) == (N, N)
    assert board.support < 0.5  # (one axis without lines: the size is to be asked)


def test_halves_only_a_count_whose_in_between_lines_stand_out() -> None:
    size = 600
    prof = np.zeros(size)
    for k in range(1, N):  # a line every 50 pixels
        prof[round(k * size / N)] = 0.6
    assert halves(prof, N, N // 2)
    half = np.zeros(size)
    for k in range(1, N // 2):  # a line every 100 pixels: the 12 count's odd "lines" are nothing
        half[round(k * size / (N // 2))] = 0.6
    assert not halves(half, N, N // 2)
