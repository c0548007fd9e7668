"""The search for a board in a photo (bench/README.md, "vphoto31"): one outline found twice (a
frame's inner and outer edge) is not looked at again among the first places once a look read it,
its second reading a rival of the first (a page's 6x6 lost to 6x5 read sure from the same frame),
but is when the first look was refused; and
a crop's sure reading dropped as part of its place does not end the search as if the board was read
sure (the place's own reading, in doubt, is what was kept)."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision import reading
from vision.errors import Unreadable
from vision.locate import Spot
from vision.results import CellRead, Reading


def _spot(x: float, y: float, rows: int, cols: int, pitch: float, support: float = 1.0) -> Spot:
    w, h = cols * pitch, rows * pitch
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    box = (int(x - 0.1 * w), int(y - 0.1 * h), int(x + 1.1 * w), int(y + 1.1 * h))
    return Spot(box, rows, cols, 2.0, support, 0.01, corners)


def _reading(rows: int, cols: int, unsure: int = 0, size_unsure: bool = False) -> Reading:
    tokens = tuple(tuple("." for _ in range(cols)) for _ in range(rows))
    doubts = tuple(CellRead(0, k, ".", ("?",), 0.3) for k in range(unsure))
    return Reading(rows=rows, cols=cols, tokens=tokens, genres=("masyu",), unsure=doubts, seconds=0.0,
                   size_unsure=size_unsure, cell=24.0)


def _blank() -> bytes:
    return cv2.imencode(".png", np.full((600, 800), 235, np.uint8))[1].tobytes()


def _looked_at(monkeypatch: pytest.MonkeyPatch, places: list[Spot], place_reads: Any) -> None:
    """The picture as a whole found no grid; ``places`` are the places to look at, each read by ``place_reads``."""
    monkeypatch.setattr(reading, "spots", lambda full, limit=3: places[:limit])
    monkeypatch.setattr(reading, "_place_reads", place_reads)
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: Unreadable("no-grid", "none"))


def test_one_outline_found_twice_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    inner = _spot(300, 200, 5, 6, 24.0)
    outer = _spot(297, 197, 5, 6, 25.0)  # (the frame's outer edge: the same count, the box 3 px away)
    read: list[tuple[int, int, int]] = []

    def place_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[Any], *args: Any) -> Any:
        read.append(spot.box[:1] + (spot.rows, spot.cols))
        # (the first look reads 6x6 with a cell in doubt, the second look at the same frame 6x5 sure)
        got = (_reading(6, 6, unsure=1), 0.02) if len(read) == 1 else (_reading(6, 5), 0.02)
        tries.append(got)
        return got

    _looked_at(monkeypatch, [inner, outer], place_reads)
    got = reading.read_image(_blank())
    assert len(read) == 1  # (before: the same frame read twice)
    assert (got.rows, got.cols) == (6, 6)  # (before: 6x5, read sure from the second look, chosen)


def test_one_outline_refused_at_first_look_is_looked_at_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # (its box a few pixels off, a crop may read what the first refused: a page's 5x5 refused
    # "no-clues" at the first look and read, its doubts asked, at the second)
    inner, outer = _spot(300, 200, 5, 5, 24.0), _spot(297, 197, 5, 5, 25.0)
    read: list[Spot] = []

    def place_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[Any], *args: Any) -> Any:
        read.append(spot)
        got = Unreadable("no-clues", "none") if len(read) == 1 else (_reading(5, 5, unsure=2), 0.02)
        tries.append(got)
        return got

    _looked_at(monkeypatch, [inner, outer], place_reads)
    got = reading.read_image(_blank())
    assert read == [inner, outer] and (got.rows, got.cols) == (5, 5)


def test_two_places_apart_are_both_read(monkeypatch: pytest.MonkeyPatch) -> None:
    first, other = _spot(100, 100, 5, 6, 24.0), _spot(500, 300, 5, 6, 24.0)  # (the same count elsewhere)
    read: list[Spot] = []

    def place_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[Any], *args: Any) -> Any:
        read.append(spot)
        got = (_reading(5, 6, unsure=2), 0.02)
        tries.append(got)
        return got

    _looked_at(monkeypatch, [first, other], place_reads)
    reading.read_image(_blank())
    assert read == [first, other]


def test_a_sure_part_dropped_is_not_the_place_read(monkeypatch: pytest.MonkeyPatch) -> None:
    place = _spot(40, 40, 9, 10, 30.0, support=0.8)
    crop = (_reading(5, 10), 0.21)  # (the crop's own search: 5 rows of the 9, read sure)
    inside = (_reading(9, 10, unsure=3), 0.43)  # (within the outline: its count, 3 cells in doubt)
    steady = iter([crop, inside])
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: next(steady))
    monkeypatch.setattr(reading, "_past_place", lambda got, full, spot: got)
    monkeypatch.setattr(reading, "recounted", lambda *a: None)
    tries: list[Any] = []
    got = reading._spot_reads(np.full((400, 400), 235, np.uint8), place, None, tries, set())
    assert [(t[0].rows, t[0].cols) for t in tries] == [(9, 10)]
    # (before: the dropped 5x10, sure, returned, and the search for the board stopped on it)
    assert isinstance(got, tuple) and (got[0].rows, got[0].cols) == (9, 10) and not got[0].sure


def test_the_search_goes_on_past_a_sure_part_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    place, other = _spot(40, 40, 9, 10, 30.0, support=0.8), _spot(420, 60, 10, 10, 30.0, support=0.8)
    steady = iter([(_reading(5, 10), 0.21), (_reading(9, 10, unsure=3), 0.43),  # (the place: part, inside)
                   (_reading(10, 10), 0.5)])  # (the other place's crop: the board, read sure)
    first = iter([Unreadable("no-grid", "none")])
    monkeypatch.setattr(reading, "_read_steady", lambda *a, **k: next(first, None) or next(steady))
    monkeypatch.setattr(reading, "_past_place", lambda got, full, spot: got)
    monkeypatch.setattr(reading, "recounted", lambda *a: None)
    monkeypatch.setattr(reading, "spots", lambda full, limit=3: [place, other][:limit])
    png = cv2.imencode(".png", np.full((600, 900), 235, np.uint8))[1].tobytes()
    got = reading.read_image(png)
    assert (got.rows, got.cols) == (10, 10)  # (before: the search stopped at the sure part: 9x10 in doubt)
