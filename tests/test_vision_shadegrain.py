"""Shaded paper is not faint ink (issue 23, open): a board whose lines are light is darkened up to
four times to find hairline rings and lost faint marks, and a shadow across it, lifted back to paper
but grainy (a photo's noise and JPEG twice as strong there), is faint ink in every shaded empty
cell: clear shaded photos are refused as unclear. The target: the grain is paper while every mark
is still asked about, in clean paper or in the grain, side by side too. The grain part is not met
yet (a strict xfail: a fix must take the mark off); a bar raised by each cell's own grain (branch
vshade) met it but left lost white circles of photographed pages unasked (bench/README.md,
"Shaded grain told from marks"). Every mark asked holds today and is tested as such."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.faintpaper import CELL, N, marked_paper
from vision.board import Board
from vision.cellreads import darkened, faint_rings
from vision.cells import SURE, CellGuess

NOT_YET = pytest.mark.xfail(strict=True, reason="shaded grain still asked (bench/README.md, branch vshade)")

SHADED = N - 3  # the columns from here on are grainy
GRAIN = 0.024  # the grain's sigma there (a tenth elsewhere): darkened 4x, a fifth of its pixels pass the old bar


def shaded_board(seed: int, marks: set[tuple[int, int]], zoom: float = 1.0) -> Board:
    """Light grey lines, a faint short stroke (a clue's remains) in each cell of ``marks``, the
    right three columns grainy: noise drawn at ``1 / zoom`` of the size and blown up (a small
    board straightened larger), blurred, of sigma :data:`GRAIN`."""
    rng = np.random.default_rng(seed)
    side = N * CELL
    im = marked_paper(marks)
    small = rng.normal(0, 1, (round((side + 1) / zoom), round((side + 1) / zoom))).astype(np.float32)
    noise = cv2.resize(small, (side + 1, side + 1), interpolation=cv2.INTER_CUBIC)
    grain = cv2.GaussianBlur(noise, (0, 0), 1.5)
    grain *= GRAIN / float(grain.std())
    shade = np.zeros_like(im)
    shade[:, SHADED * CELL:] = 1.0
    im = np.clip(im + grain * (0.1 + shade), 0.0, 1.0)
    edges = np.arange(N + 1, dtype=np.float64) * CELL
    return Board(paper=im, xs=edges, ys=edges, dots=False, clarity=3.0, zoom=zoom)


def asked(board: Board) -> set[tuple[int, int]]:
    read = faint_rings(darkened(board, board), [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)])
    return {(r, c) for r in range(N) for c in range(N) if read[r][c].confidence < SURE}


@NOT_YET
@pytest.mark.parametrize("zoom", [1.0, 3.0])
@pytest.mark.parametrize("seed", range(3))
def test_shaded_grain_is_no_faint_ink_and_marks_are_still_asked(seed: int, zoom: float) -> None:
    marks = {(2, 2), (5, 1), (1, 6), (4, 7), (6, 6)}  # two in clean paper, three in the grain
    got = asked(shaded_board(seed, marks, zoom))
    # (every mark; of the 21 grainy cells without one at most one, blown-up grain's blobs being few
    # in a cell: on the old code 19-21 of them)
    assert marks <= got and len(got - marks) <= 1, (seed, zoom, sorted(got ^ marks))


def test_marks_side_by_side_in_the_grain_are_each_asked() -> None:
    marks = {(r, c) for r in range(2, 5) for c in range(SHADED, N)}  # a 3x3 block, all in the shade
    got = asked(shaded_board(0, marks))
    assert marks <= got, sorted(marks - got)  # (every mark, whatever a fix for the grain does)
