"""Shaded paper is not faint ink (issue 23, branch vscene2): a board whose lines are light (dotted
grey inner lines) is darkened up to four times to find hairline rings and lost faint marks, and a
shadow across it, lifted back to paper but grainy (a photo's noise twice as strong there), was
faint ink in every shaded empty cell: a clear 15x15 Pearl photo was refused as unclear. The cell
of a real faint mark is still asked about."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import Board
from vision.cellreads import darkened, faint_rings
from vision.cells import SURE, CellGuess

N, CELL = 8, 60  # cells a side, pixels a cell as straightened
MARK = (2, 2)  # a faint stroke, a clue's remains, in a clean cell


def shaded_board(seed: int) -> Board:
    """Light grey lines, the right three columns grainy (blurred noise of strength 0.12), and a
    faint short stroke in :data:`MARK`."""
    rng = np.random.default_rng(seed)
    side = N * CELL
    im = np.full((side + 1, side + 1), 0.97, np.float32)
    for k in range(N + 1):
        cv2.line(im, (k * CELL, 0), (k * CELL, side), 0.82, 2)
        cv2.line(im, (0, k * CELL), (side, k * CELL), 0.82, 2)
    r, c = MARK
    cv2.line(im, (c * CELL + CELL // 2, r * CELL + 18), (c * CELL + CELL // 2, r * CELL + 42), 0.84, 5)
    grain = cv2.GaussianBlur(rng.normal(0, 1, im.shape).astype(np.float32), (0, 0), 1.5)
    shade = np.zeros_like(im)
    shade[:, (N - 3) * CELL:] = 1.0
    im = np.clip(im + grain * (0.01 + 0.12 * shade), 0.0, 1.0)
    edges = np.arange(N + 1, dtype=np.float64) * CELL
    return Board(paper=im, xs=edges, ys=edges, dots=False, clarity=3.0)


def test_shaded_grain_is_no_faint_ink_and_a_faint_mark_is_still_asked() -> None:
    for seed in range(3):
        board = shaded_board(seed)
        empty = [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)]
        read = faint_rings(darkened(board, board), empty)
        asked = {(r, c) for r in range(N) for c in range(N) if read[r][c].confidence < SURE}
        shaded = {(r, c) for r, c in asked if c >= N - 3}
        # (the mark, and at most a couple of the 24 shaded cells: one at the shadow's edge in a
        # corner has few grainy cells about it; before, most of them)
        assert MARK in asked and asked - shaded == {MARK} and len(shaded) <= 2, (seed, sorted(asked))


def test_a_tie_goes_to_the_reading_at_a_size_its_place_showed() -> None:
    """Two readings as good (a genre fits, size asked, four cells in doubt): the one at the size a
    well-supported place's lines showed wins, whichever was read last."""
    from vision.reading import CellRead, Reading, _chosen

    def reading(rows: int, cols: int) -> Reading:
        tokens = tuple(tuple("." for _ in range(cols)) for _ in range(rows))
        unsure = tuple(CellRead(0, c, ".", ("W",), 0.5) for c in range(4))
        return Reading(rows=rows, cols=cols, tokens=tokens, genres=("masyu",), unsure=unsure, seconds=0.0,
                       size_unsure=True)

    right, other = reading(6, 6), reading(7, 5)
    assert _chosen([right, other], {(6, 6)}) is right
    assert _chosen([other, right], {(6, 6)}) is right
    assert _chosen([right, other], set()) is other  # (no place counted: the last read, as before)


def test_many_faint_marks_side_by_side_are_each_asked() -> None:
    """A page whose clues all came out faint (a third of the cells, some side by side) is no grain:
    every one of them is still asked about (a bar from the busiest of the cells about each, their
    75th percentile, let the lost digits of photographed 300 dpi pages go unasked and unflagged)."""
    rng = np.random.default_rng(3)
    side = N * CELL
    im = np.full((side + 1, side + 1), 0.97, np.float32)
    for k in range(N + 1):
        cv2.line(im, (k * CELL, 0), (k * CELL, side), 0.82, 2)
        cv2.line(im, (0, k * CELL), (side, k * CELL), 0.82, 2)
    marks = {(r, c) for r in range(N) for c in range(N) if rng.random() < 0.35}
    for r, c in marks:
        cv2.line(im, (c * CELL + CELL // 2, r * CELL + 18), (c * CELL + CELL // 2, r * CELL + 42), 0.84, 5)
    edges = np.arange(N + 1, dtype=np.float64) * CELL
    board = Board(paper=im, xs=edges, ys=edges, dots=False, clarity=3.0)
    read = faint_rings(darkened(board, board), [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)])
    asked = {(r, c) for r in range(N) for c in range(N) if read[r][c].confidence < SURE}
    assert asked == marks, sorted(asked ^ marks)
