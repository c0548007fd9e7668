"""Readings asked about rather than refused or solved silently (issue 23, vflag3): a plainly
drawn board with many doubtful cells is shown with its doubts, and a count one off square is
asked when anything is."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from vision import CellRead, Reading, Unreadable, read_image
from vision.reading import _suspected

MARGIN, CELL = 21.0, 341.6 / 7  # where the 7x7 render (384 pixels) draws its cells


def _scribbled(shrink: int = 1) -> tuple[bytes, int]:
    """A rendered 7x7 board with short strokes in about 60% of its empty cells (crossed-out pencil
    marks, stains): the numbers and lines stay plain, the strokes are no character the reader
    knows; and how many cells were marked."""
    p = next(Puzzle.from_record(r) for r in own("numberlink") if r["rows"] == r["cols"] == 7)
    img = cv2.imdecode(np.frombuffer(render_png(p, None, view="puzzle"), np.uint8), cv2.IMREAD_COLOR)
    assert img.shape[:2] == (384, 384)
    rng = np.random.default_rng(0)
    marked = 0
    for r, line in enumerate(p.grid_lines()):
        for c, token in enumerate(line.split()):
            if token != "." or rng.random() > 0.6:
                continue
            centre = np.array([MARGIN + (c + 0.5) * CELL, MARGIN + (r + 0.5) * CELL])
            cv2.polylines(img, [(centre + rng.normal(0, CELL * 0.15, (5, 2))).astype(np.int32)], False,
                          (60, 60, 60), 3)
            marked += 1
    if shrink > 1:
        img = cv2.resize(img, (img.shape[1] // shrink, img.shape[0] // shrink), interpolation=cv2.INTER_AREA)
    return cv2.imencode(".png", img)[1].tobytes(), marked


def test_a_plain_board_with_most_cells_in_doubt_is_shown_with_its_doubts_not_refused() -> None:
    """Before, more than a quarter of the cells in doubt refused the picture as unclear, however
    plain its lines and large its cells: a board a person reads is asked about instead."""
    data, marked = _scribbled()
    r = read_image(data)
    assert (r.rows, r.cols) == (7, 7)
    assert len(r.unsure) > 0.25 * 49 and len(r.unsure) >= marked - 2
    assert r.size_unsure and not r.sure


def test_the_same_board_with_cells_a_few_pixels_wide_is_still_refused() -> None:
    data, _ = _scribbled(shrink=5)  # (cells about 10 pixels)
    with pytest.raises(Unreadable) as e:
        read_image(data)
    assert e.value.code == "unclear"


def _reading(rows: int, cols: int, unsure: int) -> Reading:
    tokens = tuple(tuple("W" if (r + c) % 3 == 0 else "." for c in range(cols)) for r in range(rows))
    doubts = tuple(CellRead(0, k, tokens[0][k], ("B",), 0.4) for k in range(unsure))
    return Reading(rows, cols, tokens, ("masyu",), doubts, 0.1)


@pytest.mark.parametrize(("rows", "cols"), [(9, 10), (10, 9)])
def test_a_count_one_off_square_is_asked_on_a_reading_asked_about_anyway(rows: int, cols: int) -> None:
    """A photographed 10x10 print read 9x10 (its top row cut) with ten cells asked about and its
    size sure: the size is asked too."""
    assert _suspected(_reading(rows, cols, unsure=2)).size_unsure


@pytest.mark.parametrize(("rows", "cols", "unsure"), [(9, 10, 0), (10, 10, 2), (10, 12, 2)])
def test_a_sure_oblong_reading_or_a_square_or_plainly_oblong_count_keeps_its_size_sure(
        rows: int, cols: int, unsure: int) -> None:
    assert not _suspected(_reading(rows, cols, unsure)).size_unsure
