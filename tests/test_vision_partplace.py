"""Counts that fit a genre but cover part of the board (bench/README.md, "vpage9"): a place found
inside a larger ruled place at the same pitch (a printed 20x20 board's inner lines outlining a 6x9
block) is part of it and not read as a board of its own; a crop's reading of fewer rows than its
place's outline holds, at the same cell size, does not rival the board read within that outline."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision import reading
from vision.errors import Unreadable
from vision.locate import Spot, part_of
from vision.recount import recounted
from vision.results import CellRead, Reading


def _spot(x: float, y: float, rows: int, cols: int, pitch: float, support: float = 1.0) -> Spot:
    w, h = cols * pitch, rows * pitch
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    box = (int(x - 0.1 * w), int(y - 0.1 * h), int(x + 1.1 * w), int(y + 1.1 * h))
    return Spot(box, rows, cols, 2.0, support, 0.01, corners)


def _reading(rows: int, cols: int, unsure: int = 0, size_unsure: bool = True) -> Reading:
    tokens = tuple(tuple("." for _ in range(cols)) for _ in range(rows))
    doubts = tuple(CellRead(0, k, ".", ("?",), 0.3) for k in range(unsure))
    return Reading(rows=rows, cols=cols, tokens=tokens, genres=("masyu",), unsure=doubts, seconds=0.0,
                   size_unsure=size_unsure, cell=24.0)


def test_a_place_inside_a_larger_ruled_place_of_its_pitch_is_part_of_it() -> None:
    board = _spot(100, 100, 20, 20, 12.0)
    block = _spot(100 + 5 * 12.0, 100 + 9 * 12.0, 6, 9, 12.5)  # (its inner lines: a 6x9 block inside)
    assert part_of(block, board)
    assert not part_of(board, block)  # (the larger is no part of the smaller)
    # a board inside a wider outline counted at half its pitch (a frame's outline counted 10x10 on a
    # 5x5 board) is not part of it: read, it is the board
    assert not part_of(_spot(110, 110, 5, 5, 24.0), _spot(100, 100, 10, 10, 13.0))
    assert not part_of(_spot(400, 400, 6, 9, 12.0), board)  # (elsewhere in the picture)
    assert not part_of(block, _spot(100, 100, 20, 20, 12.0, support=0.3))  # (a larger place barely seen)


def test_a_part_place_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    board = _spot(100, 100, 20, 20, 12.0)
    block = _spot(160, 208, 6, 9, 12.5)
    read: list[tuple[int, int]] = []

    def place_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[Any], *args: Any) -> Any:
        read.append((spot.rows, spot.cols))
        got = (_reading(spot.rows, spot.cols, unsure=spot.rows), 0.3)
        tries.append(got)
        return got

    monkeypatch.setattr(reading, "spots", lambda full, limit=3: [board, block][:limit])
    monkeypatch.setattr(reading, "_place_reads", place_reads)
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: Unreadable("no-grid", "none"))
    png = cv2.imencode(".png", np.full((600, 800), 235, np.uint8))[1].tobytes()
    got = reading.read_image(png)
    assert read == [(20, 20)]  # (before: the 6x9 block read too, fitting a genre with fewer doubts, chosen)
    assert (got.rows, got.cols) == (20, 20)


def test_a_crop_read_of_part_of_its_place_does_not_rival_it(monkeypatch: pytest.MonkeyPatch) -> None:
    place = _spot(40, 40, 9, 10, 30.0, support=0.8)
    crop = (_reading(5, 10), 0.21)  # (the crop's own search: 5 rows of the 9, no cell in doubt)
    inside = (_reading(9, 10, unsure=3), 0.43)  # (within the outline: its count, 3 cells in doubt)
    steady = iter([crop, inside])
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: next(steady))
    monkeypatch.setattr(reading, "_past_place", lambda got, full, spot: got)
    tries: list[Any] = []
    counted: set[tuple[int, int]] = set()
    reading._spot_reads(np.full((400, 400), 235, np.uint8), place, None, tries, counted)
    assert [(t[0].rows, t[0].cols) for t in tries] == [(9, 10)]  # (before: the 5x10 too, and it won)
    # a crop read at another pitch (the place over-counted at half its cells' size) still rivals it
    steady = iter([(_reading(5, 5), 0.4), (_reading(9, 10, unsure=3), 0.43)])
    tries.clear()
    reading._spot_reads(np.full((400, 400), 235, np.uint8), place, None, tries, counted)
    assert [(t[0].rows, t[0].cols) for t in tries] == [(9, 10), (5, 5)]


def _page(rows: int, cols: int, pitch: int = 30, at: int = 100) -> np.ndarray:
    page = np.full((600, 600), 235, np.uint8)
    for i in range(rows + 1):
        cv2.line(page, (at, at + i * pitch), (at + cols * pitch, at + i * pitch), 60, 1)
    for j in range(cols + 1):
        cv2.line(page, (at + j * pitch, at), (at + j * pitch, at + rows * pitch), 60, 1)
    return page


def test_a_place_counted_a_row_short_is_grown_to_the_lines_past_its_outline() -> None:
    short = _spot(100, 100, 9, 10, 30.0, support=0.8)  # (its outline ends on the board's last inner line)
    grown = recounted(_page(10, 10), short, reading.WORK_CELL, reading.MAX_BLOW)
    assert grown is not None and (grown.rows, grown.cols) == (10, 10)  # (before: read 9x10 within it)
    assert max(abs(y - 400) for _, y in grown.corners[2:]) < 6  # (its outline reaches the board's last line)
    # the board's own frame: nothing past it, the count stands
    assert recounted(_page(9, 10), short, reading.WORK_CELL, reading.MAX_BLOW) is None


def test_a_part_dropped_keeps_the_size_doubt_it_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    # the crop's part read as a board of some genre with its count sure: while it competed, the place's
    # reading had its size asked (choose.size_rivalled); dropped, the doubt stays (the outline's count
    # may be the wrong one, a frame at the board's pitch counted as a row)
    place = _spot(40, 40, 9, 10, 30.0, support=0.8)
    crop = (_reading(5, 10, size_unsure=False), 0.21)
    inside = (_reading(9, 10, unsure=3, size_unsure=False), 0.43)
    steady = iter([crop, inside])
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: next(steady))
    monkeypatch.setattr(reading, "_past_place", lambda got, full, spot: got)
    monkeypatch.setattr(reading, "recounted", lambda *a: None)
    tries: list[Any] = []
    reading._spot_reads(np.full((400, 400), 235, np.uint8), place, None, tries, set())
    assert [(t[0].rows, t[0].cols, t[0].size_unsure) for t in tries] == [(9, 10, True)]  # (before: False)
    # a part read with its own size asked raised no doubt: the place's reading is kept as it is
    steady = iter([(_reading(5, 10), 0.21), (_reading(9, 10, unsure=3, size_unsure=False), 0.43)])
    tries.clear()
    reading._spot_reads(np.full((400, 400), 235, np.uint8), place, None, tries, set())
    assert [(t[0].rows, t[0].cols, t[0].size_unsure) for t in tries] == [(9, 10, False)]
