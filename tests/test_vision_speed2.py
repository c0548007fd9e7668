"""The second round of the reader's speed-ups reads as before: the lines' removal and the arrow
search remembered by the ink's content, a cell read once when both ink levels see the same ink, the
hairline ink of the first reading handed to the lost-clue doubt, the split test skipped off the
diagonal, and the medians and window maxima taken without numpy's per-call overhead."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.test_vision_speed import CELL, N, disc_board
from vision import arrows, cells
from vision.blocks import _diagonal, _may_split, _split_part, read_block
from vision.board import Board
from vision.cellreads import FAINT_INK, _ink_again, read_all
from vision.cells import HAIRLINE_INK, INK, CellGuess, ink_of, unedged, without_edge_lines
from vision.doubts import empty_marks, lost_clues
from vision.memo import memory, one_reading
from vision.reading import SURE
from vision.sight import _median

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))


def _lined_digit(text: str = "7", grey: int = 1) -> np.ndarray:
    ink = np.zeros((40, 40), np.uint8)
    cv2.putText(ink, text, (12, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, grey, 2)
    ink[1:3, :] = 1  # (a grid line's rest along the top)
    return ink


def test_the_lines_removal_remembered_is_the_removal_and_cannot_be_written() -> None:
    with one_reading():
        raw = _lined_digit()
        first = unedged(raw)
        assert np.array_equal(first, without_edge_lines(raw)) and first.dtype == np.uint8
        assert unedged(raw.copy()) is first  # (the same content: looked up, not removed again)
        assert not first.flags.writeable
        with pytest.raises(ValueError):
            first[0, 0] = 1
        other = raw.copy()
        other[20, 5] = 1  # (one pixel more: another ink, removed on its own)
        assert unedged(other) is not first and np.array_equal(unedged(other), without_edge_lines(other))


def test_the_memory_lasts_one_reading_and_each_thread_has_its_own() -> None:
    raw = _lined_digit()
    assert memory("unedged") is None and unedged(raw) is not unedged(raw)  # (outside a reading: nothing kept)
    seen: list[object] = []
    with one_reading():
        first = unedged(raw)
        with one_reading():  # (a reading within another shares its memory)
            assert unedged(raw) is first
        worker = threading.Thread(target=lambda: seen.append(memory("unedged")))
        worker.start()
        worker.join()
        assert seen == [None]  # (another thread's reading does not see this one's)
        assert len(memory("unedged") or {}) == 1
    assert memory("unedged") is None and unedged(raw) is not first


def test_an_arrow_remembered_reads_as_an_arrow_looked_for() -> None:
    raw = np.zeros((40, 40), np.uint8)
    cv2.putText(raw, "3", (14, 34), cv2.FONT_HERSHEY_SIMPLEX, 0.7, 1, 2)
    cv2.line(raw, (8, 8), (30, 8), 1, 2)  # (an arrow above the number, its head at the right)
    cv2.line(raw, (30, 8), (25, 4), 1, 2)
    cv2.line(raw, (30, 8), (25, 12), 1, 2)
    looked = arrows._arrow(raw)
    with one_reading():
        assert arrows.read_arrow(raw) == looked and arrows.read_arrow(raw.copy()) == looked
        assert len(memory("arrows") or {}) == 1
        assert arrows.read_arrow(_lined_digit()) == arrows._arrow(_lined_digit())
    assert arrows.read_arrow(raw) == looked


def test_a_cells_ink_is_the_first_levels_when_no_pixel_lies_between_the_levels() -> None:
    crisp = _lined_digit().astype(np.float32)  # (darkness 0 or 1 only)
    found = ink_of(crisp, INK)
    assert _ink_again(found, FAINT_INK) is found
    grey = crisp.copy()
    grey[20:22, 5:30] = 0.3  # (between the two levels: a stroke only the fainter level sees)
    first = ink_of(grey, INK)
    again = _ink_again(first, FAINT_INK)
    fresh = ink_of(grey, FAINT_INK)
    assert again is not first
    assert np.array_equal(again.raw, fresh.raw) and np.array_equal(again.ink, fresh.ink)


def _faint_board() -> tuple[Board, list[list[CellGuess | None]]]:
    """The disc board with faint specks in two empty cells (found by the hairline level only)."""
    board = disc_board()
    paper = board.paper.copy()
    paper[2 * CELL + 18:2 * CELL + 21, 2 * CELL + 15:2 * CELL + 25] = 0.78  # (darkness 0.22)
    paper[4 * CELL + 10:4 * CELL + 30, CELL + 20] = 0.8
    return Board(paper=paper, xs=board.xs, ys=board.ys, dots=False, clarity=3.0), [[None] * N for _ in range(N)]


def test_the_hairline_ink_of_the_first_reading_is_the_lost_clues_own() -> None:
    """read_all hands on the hairline ink of the cells it looked at, each the ink the lost-clue
    doubt finds from the crop itself; given it, the doubt's marks and verdicts are the same."""
    board, blocks = _faint_board()
    guesses, _, hair = read_all(board, blocks)
    assert hair  # (the empty cells with faint ink were looked at the hairline level)
    for (r, c), found in hair.items():
        box = (board.xs[c], board.xs[c + 1], board.ys[r], board.ys[r + 1])
        fresh = cells.cell_ink(board.paper, *box, ink_level=HAIRLINE_INK)
        assert fresh is not None and np.array_equal(found.ink, fresh.ink) and np.array_equal(found.dark, fresh.dark)
    own, given = empty_marks(board, guesses, SURE), empty_marks(board, guesses, SURE, hair)
    assert own.keys() == given.keys()
    for cell, (share, dark) in own.items():
        assert given[cell][0] == share and np.array_equal(given[cell][1], dark)
    for asked in (False, True):
        own_lost = lost_clues(board, guesses, SURE, asked=asked)
        assert lost_clues(board, guesses, SURE, asked=asked, known=hair) == own_lost


def test_a_cell_without_ink_on_its_diagonal_is_no_split_cell_and_a_split_cell_still_is() -> None:
    empty = np.zeros((40, 40), bool)
    empty[:2, :] = empty[:, :2] = True  # (a cell's lines)
    assert not _may_split(empty) and _split_part(empty) is None
    split = empty.copy()
    cv2.line(split.view(np.uint8), (0, 0), (39, 39), 1, 1)
    assert _may_split(split) and _diagonal(split)
    tone = np.ones((60, 60), np.float32)
    marks = np.zeros((60, 60), np.uint8)
    cv2.line(marks, (10, 10), (50, 50), 1, 2)  # (a split cell's diagonal, a sum above it)
    cv2.putText(marks, "4", (34, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1, 1)
    got = read_block(tone, 1.0 - marks.astype(np.float32), 10.0, 50.0, 10.0, 50.0)
    assert got is not None and "\\" in got.token
    assert read_block(tone, np.ones((60, 60), np.float32), 10.0, 50.0, 10.0, 50.0) is None


def test_the_quick_median_is_numpys() -> None:
    rng = np.random.default_rng(3)
    for n in (1, 2, 3, 10, 31, 64):
        for values in (rng.random(n).astype(np.float32), np.round(rng.random(n) * 4).astype(np.float32) / 4,
                       rng.random(n)):
            assert _median(values) == float(np.median(values))


def test_read_seconds_forget_runs_and_no_reading_leaves_a_memory() -> None:
    from read_seconds import forget

    forget()  # (older trees' memories; this tree keeps none between readings)
    with one_reading():
        unedged(_lined_digit())
    assert memory("unedged") is None
