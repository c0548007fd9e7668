"""The reader's speed-ups read as before: a cell's darkness cropped once serves every ink level,
empty cells skip the line removal and the arrow search, and the doubts reuse the kind judge's
probabilities of the first reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import kindnet
from vision.arrows import read_arrow
from vision.board import Board
from vision.cells import HAIRLINE_INK, INK, CellGuess, cell_dark, cell_ink, ink_of, inked_share, without_edge_lines
from vision.doubts import discs_read_as_numbers
from vision.reading import SURE

CELL, N = 40, 5


def disc_board() -> Board:
    """A 5x5 grid with a blurred disc in (1, 1), a drawn 8 in (3, 3) and a faint 2 in (0, 4)."""
    dark = np.zeros((CELL * N + 1, CELL * N + 1), np.float32)
    for k in range(N + 1):
        dark[:, min(k * CELL, CELL * N)] = dark[min(k * CELL, CELL * N), :] = 0.9
    disc = np.zeros(dark.shape, np.float32)
    cv2.circle(disc, (CELL + 20, CELL + 20), 14, 1.0, -1)
    marks = np.zeros(dark.shape, np.uint8)
    cv2.putText(marks, "8", (3 * CELL + 10, 3 * CELL + 31), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 1, 2)
    faint = np.zeros(dark.shape, np.uint8)
    cv2.putText(faint, "2", (4 * CELL + 10, 31), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 1, 2)
    dark = np.clip(dark + cv2.GaussianBlur(disc, (0, 0), 3) + marks + 0.25 * faint, 0.0, 1.0)
    edges = np.arange(N + 1, dtype=float) * CELL
    return Board(paper=1.0 - dark, xs=edges, ys=edges, dots=False, clarity=3.0)


@pytest.mark.parametrize("level", [INK, HAIRLINE_INK, 0.3])
def test_a_cells_darkness_cropped_once_gives_the_ink_of_every_level(level: float) -> None:
    board = disc_board()
    for r in range(N):
        for c in range(N):
            box = (board.xs[c], board.xs[c + 1], board.ys[r], board.ys[r + 1])
            whole, dark = cell_ink(board.paper, *box, ink_level=level), cell_dark(board.paper, *box)
            assert whole is not None and dark is not None
            split = ink_of(dark, level)
            for a, b in ((whole.dark, split.dark), (whole.raw, split.raw), (whole.ink, split.ink)):
                assert a.dtype == b.dtype and np.array_equal(a, b)
    assert cell_dark(board.paper, 10.0, 10.0, 10.0, 10.0) is None  # (an empty crop)


def test_an_empty_cell_keeps_no_ink_and_holds_no_arrow() -> None:
    empty = np.zeros((30, 30), np.uint8)
    kept = without_edge_lines(empty)
    assert kept.dtype == np.uint8 and not kept.any() and kept is not empty
    assert read_arrow(empty) is None
    speck = empty.copy()
    speck[10:12, 10:13] = 1  # (under 1% of the cell: no arrow either way)
    assert read_arrow(speck) is None


def test_the_disc_check_takes_known_probabilities_as_its_own() -> None:
    """The same doubt from the judge's probabilities given as from the crops judged again; a cell
    whose given probabilities call it a disc is doubted on them alone."""
    board = disc_board()
    guesses = [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)]
    guesses[1][1] = guesses[3][3] = CellGuess("8", 1.0)
    assert discs_read_as_numbers(board, guesses, SURE) == {(1, 1)}
    known = {}
    for r, c in ((1, 1), (3, 3)):
        found = cell_ink(board.paper, board.xs[c], board.xs[c + 1], board.ys[r], board.ys[r + 1])
        assert found is not None
        known[r, c] = kindnet.probabilities(kindnet.features(found.dark)[None])[0]
    assert discs_read_as_numbers(board, guesses, SURE, known) == {(1, 1)}
    assert discs_read_as_numbers(board, guesses, SURE, {(1, 1): known[1, 1]}) == {(1, 1)}
    disc = np.zeros(len(kindnet.KINDS), np.float32)
    disc[kindnet.KINDS.index(kindnet.Kind.DISC)] = 1.0
    assert discs_read_as_numbers(board, guesses, SURE, {**known, (3, 3): disc}) == {(1, 1), (3, 3)}


def test_the_inked_share_is_the_masks_mean() -> None:
    rng = np.random.default_rng(5)
    for shape, p in (((37, 41), 0.3), ((1, 1), 1.0), ((50, 3), 0.0), ((64, 64), 0.01)):
        mask = (rng.random(shape) < p).astype(np.uint8)
        assert inked_share(mask) == float(mask.mean())
    mask = (rng.random((40, 40)) < 0.5).astype(np.uint8)
    assert inked_share(mask[3:31, 5:29]) == float(mask[3:31, 5:29].mean())  # (a crop's view)


def test_a_digit_clear_of_the_sides_is_kept_whole_and_a_line_along_a_side_goes() -> None:
    digit = np.zeros((40, 40), np.uint8)
    cv2.putText(digit, "7", (12, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 1, 2)
    kept = without_edge_lines(digit)
    assert np.array_equal(kept, digit) and kept is not digit
    lined = digit.copy()
    lined[1:3, :] = 1  # (a grid line's rest along the top)
    lined[:, 38:40] = 1  # (and along the right)
    assert np.array_equal(without_edge_lines(lined), digit)
