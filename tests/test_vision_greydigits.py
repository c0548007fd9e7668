"""Small grey digits on photographed pages (issue 23, branch vpage10): printed grey and blurred,
their ink peaks near half the darkness of black, so the usual ink level keeps only the cores of
their strokes (a 3 read 5, a 33 read 53, a 12's 1 lost) where the fainter level reads them whole.
The fainter reading is shown when the ink is grey and it is clearly surer; the cell stays asked."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import Board
from vision.cellreads import FAINT_INK, _grey_digits, _ink_again, read_twice
from vision.cells import INK, SURE, CellGuess, cell_dark, ink_of

SIDE = 48  # pixels a cell, as straightened to be read


def grey_digit(text: str, peak: float, blur: float) -> np.ndarray:
    """A cell of paper (1) with ``text`` drawn at darkness ``peak`` (0..1), blurred by ``blur`` px."""
    ink = np.zeros((SIDE, SIDE), np.uint8)
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 1.1, 2)
    cv2.putText(ink, text, ((SIDE - tw) // 2, (SIDE + th) // 2), cv2.FONT_HERSHEY_SIMPLEX, 1.1, 255, 2, cv2.LINE_AA)
    soft = cv2.GaussianBlur(ink.astype(np.float32), (0, 0), blur)
    cell: np.ndarray = np.clip(1.0 - soft / soft.max() * peak, 0.0, 1.0).astype(np.float32)
    return cell


def read(paper: np.ndarray) -> CellGuess:
    board = Board(paper=paper, xs=np.array([0.0, SIDE]), ys=np.array([0.0, SIDE]), dots=False, clarity=2.0)
    dark = cell_dark(paper, 0.0, SIDE, 0.0, SIDE)
    assert dark is not None
    first = ink_of(dark, INK)
    return read_twice(board, (0.0, SIDE, 0.0, SIDE), first, _ink_again(first, FAINT_INK))[0]


def test_grey_digits_read_whole_and_asked() -> None:
    for text, peak, blur, misread in (("3", 0.5, 1.5, "5"), ("3", 0.6, 2.5, "5"), ("33", 0.5, 2.0, "53"),
                                      ("33", 0.6, 2.5, "35")):
        g = read(grey_digit(text, peak, blur))
        assert g.token == text, (text, peak, blur, g)
        assert g.confidence < SURE and misread in g.alternatives


def test_a_digit_the_usual_level_lost() -> None:
    g = read(grey_digit("12", 0.5, 2.5))  # (read 1 and 12 equally surely)
    assert g.token == "12" and g.confidence < SURE and "1" in g.alternatives


def test_blurred_blobs_keep_the_usual_reading() -> None:
    # read 16 at 0.31 and 14 at 0.5, 33 at 0.5 and 383 at 0.63: not clearly surer, the usual reading kept
    assert read(grey_digit("16", 0.5, 3.0)).token == "16"
    assert read(grey_digit("33", 0.5, 3.0)).token == "33"


def test_black_ink_keeps_the_usual_reading() -> None:
    usual, fainter = CellGuess("5", 0.5, ("3",)), CellGuess("3", 0.95, ("5",))
    for peak, swapped in ((0.55, True), (1.0, False)):
        dark = cell_dark(grey_digit("3", peak, 1.5), 0.0, SIDE, 0.0, SIDE)
        assert dark is not None
        assert _grey_digits(usual, fainter, ink_of(dark, INK)) is swapped
    dark = cell_dark(grey_digit("3", 0.55, 1.5), 0.0, SIDE, 0.0, SIDE)
    assert dark is not None
    assert not _grey_digits(CellGuess(".", 0.5), fainter, ink_of(dark, INK))  # (only number for number)
    assert not _grey_digits(usual, CellGuess("W", 0.95), ink_of(dark, INK))
