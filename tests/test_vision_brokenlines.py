"""An outer row or column is kept when the grid's own lines are too broken to judge it (bench/README.md, "vsize32").

A blurred, unevenly lit photo of dotted lines leaves the lines of one axis below the ink level in
several inner columns; the outer column crossed as little as they are is no text beside the board.
"""

from __future__ import annotations

import numpy as np

from vision.grid import straighten

SIDE, CELL = 10, 40


def _paper(crossed: set[int]) -> tuple[np.ndarray, np.ndarray]:
    """A 10x10 grid (1 = paper) with its frame and down lines whole, its inner across lines drawn
    only through the columns in ``crossed``, and a disc in some cells (one in the last column); and
    the frame's corners."""
    m = 20
    size = SIDE * CELL + 2 * m
    paper = np.ones((size, size), np.float32)
    for k in range(SIDE + 1):
        x = m + k * CELL
        w = 3 if k in (0, SIDE) else 1
        paper[m:m + SIDE * CELL + 1, x - w // 2:x + w // 2 + 1] = 0.0
        paper[x - w // 2:x + w // 2 + 1, m:m + SIDE * CELL + 1] = 0.0 if k in (0, SIDE) else 1.0
    for k in range(1, SIDE):
        y = m + k * CELL
        for c in crossed:
            paper[y, m + c * CELL:m + (c + 1) * CELL] = 0.0
    yy, xx = np.mgrid[0:size, 0:size]
    for r, c in ((1, 9), (4, 9), (7, 2), (2, 5), (8, 6)):
        cy, cx = m + (r + 0.5) * CELL, m + (c + 0.5) * CELL
        paper[(yy - cy) ** 2 + (xx - cx) ** 2 <= 12 ** 2] = 0.0
    quad = np.array([[m, m], [m + SIDE * CELL, m], [m + SIDE * CELL, m + SIDE * CELL], [m, m + SIDE * CELL]],
                    np.float32)
    return paper, quad


def test_an_outer_column_crossed_as_little_as_inner_ones_is_kept() -> None:
    # (inner columns 1, 5, 6 and 8 uncrossed: the median of the inner eight is crossed, a quarter is not)
    paper, quad = _paper({0, 2, 3, 4, 7})
    board = straighten(paper, quad)
    assert board is not None
    assert (board.rows, board.cols) == (SIDE, SIDE)


def test_an_outer_column_no_line_crosses_is_still_dropped() -> None:
    # (every inner column crossed, the last one not: a band beside the board, as before)
    paper, quad = _paper(set(range(SIDE - 1)))
    board = straighten(paper, quad)
    assert board is not None
    assert (board.rows, board.cols) == (SIDE, SIDE - 1)
