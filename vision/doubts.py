"""Doubts about a board's count of rows and columns read from its geometry alone (no genre named):
a reading sure of every cell may still be of the wrong grid, and is then asked about."""

from __future__ import annotations

import numpy as np

from vision.grid import Board

RAGGED = 0.7  # an outer row or column narrower than this share of the others: the outline is off the lines


def ragged(board: Board) -> bool:
    """Whether an outer row or column is much narrower than the inner ones. Every genre draws
    square cells of one size, and the outline of a board read right lies on its frame, so its
    outer cells are as wide as the rest; a narrow one means the outline is not the frame (paper
    texture or part of a larger grid taken for the board, a row lost or cut), so the count is
    in doubt. (A 10x7 print in a photo of a carpet read as a 5x7 grid of its weave: outer cells
    0.45-0.7 of the others.) A board without lines (its edges laid out from its clues) is not judged."""
    if board.bare:
        return False
    for edges in (board.xs, board.ys):
        if len(edges) < 4:
            continue
        sides = np.diff(np.asarray(edges, dtype=float))
        pitch = float(np.median(sides[1:-1]))
        if pitch > 0 and min(float(sides[0]), float(sides[-1])) < RAGGED * pitch:
            return True
    return False
