"""A number read on a black block, in a split sum cell or beside an arrow keeps the learned glyph
reader's probability of its digits (``CellGuess.learned``), as a plain number does: the rebuilt
guesses dropped it (1.0), so ``doubts.weak_numbers`` never named their digits (review of vflag5)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.arrows import read_arrow
from vision.blocks import _split, _white_number
from vision.cells import glyph_masks, number
from vision.memo import one_reading


def _ink(text: str, size: int = 44, at: tuple[int, int] = (13, 32)) -> np.ndarray:
    img = np.zeros((size, size), np.uint8)
    cv2.putText(img, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.9, 255, 2, cv2.LINE_AA)
    return img > 127


def _plain(text: str) -> float:
    return number(glyph_masks(_ink(text).astype(np.uint8), min_height=8), 1.0).learned


def test_a_white_number_on_a_block_keeps_its_digits_learned_probability() -> None:
    with one_reading():
        block = np.zeros((44, 44), np.float32)  # a black block, its number written white
        block[_ink("3")] = 1.0
        white = _white_number(block, 0.1)
        plain = _plain("3")
    assert white.token == "3" and plain < 0.99  # (the Hershey 3 reads weakly: a learned value to keep)
    assert white.learned == plain


def test_a_split_sum_keeps_its_weaker_halfs_learned_probability() -> None:
    with one_reading():
        cell = np.zeros((80, 80), bool)
        cv2.line(cell.view(np.uint8), (0, 0), (79, 79), 1, 2)
        down, across = np.zeros((80, 80), np.uint8), np.zeros((80, 80), np.uint8)
        cv2.putText(down, "3", (8, 70), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 255, 2, cv2.LINE_AA)
        cv2.putText(across, "3", (50, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 255, 2, cv2.LINE_AA)
        guess = _split(cell | (down > 127) | (across > 127))
        plain = _plain("3")
    assert guess.token == "3\\3"
    assert abs(guess.learned - plain) < 0.05 and guess.learned < 0.99  # (each half a number: not their product)


def test_an_arrows_number_keeps_its_digits_learned_probability() -> None:
    with one_reading():
        cell = np.zeros((60, 60), np.uint8)
        cv2.putText(cell, "3", (22, 52), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 255, 2, cv2.LINE_AA)
        cv2.arrowedLine(cell, (6, 12), (54, 12), 255, 2, tipLength=0.2)
        guess = read_arrow(cell > 127)
        plain = _plain("3")
    assert guess is not None and guess.token == "3r"
    assert abs(guess.learned - plain) < 0.05 and guess.learned < 0.99
