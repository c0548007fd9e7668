"""The further places read when no reading fits a genre (``reading._more_places``, bench/README.md
"vpage8") are read as the first places are (``reading._place_reads``): the same outline found twice
is not read again, a place the size of the whole picture is skipped when the picture was read, and a
faint grid's place refused as unclear comes with every empty cell asked (``_faint_suspects``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.reading as R
from vision.choose import asked_instead
from vision.errors import Unreadable
from vision.locate import Spot
from vision.memo import one_reading
from vision.results import CellRead, Reading, Unclear

FULL = np.full((1200, 1600), 255, np.uint8)  # (a grey picture, as decode_full gives)
A = Spot((100, 100, 400, 400), 9, 9, 3.0, 0.9, 0.05, ((110., 110.), (390., 110.), (390., 390.), (110., 390.)))
A2 = Spot((104, 104, 396, 396), 9, 9, 3.0, 0.9, 0.05)  # (A's frame's other edge: the same place)
WHOLE = Spot((10, 10, 1590, 1190), 7, 7, 3.0, 0.9, 0.05, ((20., 20.), (1580., 20.), (1580., 1180.), (20., 1180.)))
FAINT = Spot((800, 300, 1100, 600), 6, 6, 3.0, 0.9, 0.05,
             ((810., 310.), (1090., 310.), (1090., 590.), (810., 590.)), faint=0.3)


def _reading(rows: int, cols: int, genres: tuple[str, ...], unsure: int, cell: float) -> Reading:
    tokens = tuple(tuple("1" if (i + j) % 3 == 0 else "." for j in range(cols)) for i in range(rows))
    doubts = tuple(CellRead(k // cols, k % cols, tokens[k // cols][k % cols], ("?",), 0.3) for k in range(unsure))
    return Reading(rows=rows, cols=cols, tokens=tokens, genres=genres, unsure=doubts, seconds=0.0, cell=cell)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every place is refused (``no-grid``) but a 6x6 crop, refused as unclear with 12 cells in
    doubt; the shapes of the crops read are recorded."""
    seen: list[tuple[int, int]] = []
    at: list[Spot] = []
    real = R._spot_reads

    def spot_reads(full: np.ndarray, spot: Spot, *a: object) -> object:
        at[:] = [spot]
        return real(full, spot, *a)  # type: ignore[arg-type]

    def steady(grey: np.ndarray, forced: str | None, hairlines: bool = False, outline: np.ndarray | None = None,
               count: tuple[int, int] | None = None, scale: float = 1.0) -> tuple[Reading, float] | Unreadable:
        seen.append(grey.shape[:2])
        if at and at[0].faint:
            return Unclear(_reading(6, 6, ("x",), 12, 20.0), 20.0)
        return Unreadable("no-grid", "none")

    monkeypatch.setattr(R, "_read_steady", steady)
    monkeypatch.setattr(R, "_spot_reads", spot_reads)
    return seen


def _more(monkeypatch: pytest.MonkeyPatch, places: list[Spot], looked: list[Spot], whole_read: bool = True
          ) -> tuple[list[tuple[Reading, float] | Unreadable], list[Spot]]:
    monkeypatch.setattr(R, "spots", lambda full, limit=3: places[:limit])
    tries: list[tuple[Reading, float] | Unreadable] = [(_reading(9, 7, (), 1, 150.0), 0.9)]
    R._more_places(FULL, looked, None, tries, set(), whole_read)
    return tries, looked


def test_a_faint_place_reached_only_by_the_further_look_has_its_empty_cells_asked(
        monkeypatch: pytest.MonkeyPatch, reads: list[tuple[int, int]]) -> None:
    tries, looked = _more(monkeypatch, [A, A2, FAINT], [A, A2])
    asked = asked_instead(tries)
    assert asked is not None and (asked.rows, asked.cols) == (6, 6)
    empties = sum(t == "." for row in asked.tokens for t in row)
    assert len(asked.suspects) >= empties - 12  # (every empty cell not in doubt already: asked)
    assert looked == [A, A2, FAINT]


def test_the_same_place_and_the_whole_picture_read_already_are_skipped(
        monkeypatch: pytest.MonkeyPatch, reads: list[tuple[int, int]]) -> None:
    tries, looked = _more(monkeypatch, [A, A2, WHOLE], [A])
    assert looked == [A] and len(tries) == 1 and not reads  # (nothing read)
    tries, looked = _more(monkeypatch, [A, WHOLE], [A], whole_read=False)  # (the picture refused: no grid)
    assert looked == [A, WHOLE] and len(tries) > 1


@pytest.mark.parametrize("first, again", [(Unreadable("no-grid", "none"), True),
                                          (Unclear(_reading(7, 7, ("x",), 30, 20.0), 20.0), False)])
def test_a_place_the_size_of_the_picture_is_read_again_only_when_no_grid_was_found(
        monkeypatch: pytest.MonkeyPatch, first: Unreadable, again: bool) -> None:
    """A board found in the whole picture and refused for its doubts reads the same from a place
    the size of the picture (reviewer B29: twice the time for nothing); a picture where no grid was
    found is read again from that place (bench/README.md "vscene3")."""
    calls: list[tuple[int, ...]] = []

    def steady(grey: np.ndarray, *a: object, **k: object) -> tuple[Reading, float] | Unreadable:
        calls.append(grey.shape)
        return first if len(calls) == 1 else Unclear(_reading(7, 7, ("x",), 30, 20.0), 20.0)

    monkeypatch.setattr(R, "_read_steady", steady)
    monkeypatch.setattr(R, "spots", lambda full, limit=3: [WHOLE][:limit])
    data = cv2.imencode(".png", FULL)[1].tobytes()
    r = R.read_image(data)
    assert (r.rows, r.cols) == (7, 7)  # (the board refused for its doubts, shown with them)
    assert (len(calls) > 1) == again


def test_further_places_stop_at_one_that_fits_and_the_places_are_found_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a further place reads as a board that fits a genre, no other is read (it would only
    lose to it); the places of the picture are found once a reading (``locate.spots`` remembered)."""
    import vision.locate as L

    read: list[Spot] = []
    found: list[int] = []

    def spot_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[object], counted: object) -> object:
        read.append(spot)
        got = (_reading(6, 6, ("x",), 0, 20.0), 0.3)
        tries.append(got)
        return got

    def ranked(full: np.ndarray) -> tuple[float, list[Spot]]:
        found.append(1)
        return 1.0, [A, FAINT, WHOLE]

    monkeypatch.setattr(R, "_spot_reads", spot_reads)
    monkeypatch.setattr(L, "_ranked", ranked)
    monkeypatch.setattr(L, "_finer", lambda full, s, f: s)
    with one_reading():
        looked = L.spots(FULL, 1)
        tries: list[tuple[Reading, float] | Unreadable] = [(_reading(9, 7, (), 1, 150.0), 0.9)]
        R._more_places(FULL, looked, None, tries, set(), False)
    assert read == [FAINT] and len(found) == 1
