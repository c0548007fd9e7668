"""The places looked at again, end to end through :func:`vision.read_image` on small synthetic
pictures: a board too small in its picture read from a crop (``_spot_reads``), and a faint grid's
place read again with its darkness deepened (``_faint_deepened``). Each test spies on the
function it is about and fails when ``read_image`` goes round it."""

from __future__ import annotations

import io
from typing import Any

import cv2
import numpy as np
import pytest
from PIL import Image

import vision.reading as vr
from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from vision import Unreadable, read_image


def _png(grey: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", grey)
    assert ok
    return buf.tobytes()


def _spied(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[tuple[Any, ...], Any]]:
    """Every call of ``vision.reading.<name>`` from here on, with what it returned."""
    real = getattr(vr, name)
    calls: list[tuple[tuple[Any, ...], Any]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        got = real(*args, **kwargs)
        calls.append((args, got))
        return got

    monkeypatch.setattr(vr, name, spy)
    return calls


def test_a_board_too_small_in_its_picture_is_read_from_a_crop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 5x5 board 144 pixels wide on a 2400-pixel page (marks in two corners keep the page from
    being cropped to it): scaled down to be read whole, its cells are a few pixels and no grid is
    found; the crop of its place, at the picture's own resolution, reads it exactly."""
    p = next(Puzzle.from_record(r) for r in own("masyu") if r["rows"] == 5)
    board = np.asarray(Image.open(io.BytesIO(render_png(p, None, view="puzzle"))).convert("L"))
    small = cv2.resize(board, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    page = np.full((2400, 2400), 255, np.uint8)
    page[800:800 + small.shape[0], 800:800 + small.shape[1]] = small
    cv2.rectangle(page, (40, 40), (90, 90), 0, -1)
    cv2.rectangle(page, (2310, 2310), (2360, 2360), 0, -1)
    steady = _spied(monkeypatch, "_read_steady")
    crops = _spied(monkeypatch, "_spot_reads")

    r = read_image(_png(page))

    assert isinstance(steady[0][1], Unreadable)  # (the picture read whole: no board)
    assert crops, "the place was not read again from a crop"
    got = crops[0][1]
    assert isinstance(got, tuple) and got[0].tokens == r.tokens  # the crop's reading is the answer
    assert r.tokens == tuple(tuple(line.split()) for line in p.grid_lines()) and r.sure and p.genre in r.genres


def faint_page(seed: int = 0, side: int = 600, n: int = 8, cell: int = 20,
               angle: float = 9.0) -> tuple[np.ndarray, set[tuple[int, int]]]:
    """A grey page (paper 200) with an NxN grid 24 grey levels darker and ``n`` discs at 150 (as
    faint as a pencilled clue), turned by ``angle``, blurred, with a blotchy grain (as
    tests/test_vision_strokes.grainy_page); and the cells of the discs."""
    rng = np.random.default_rng(seed)
    im = np.full((side, side), 200.0, np.float32)
    at = (side - n * cell) // 2
    end = at + n * cell
    for k in range(n + 1):
        im[at:end + 1, at + k * cell] -= 24.0
        im[at + k * cell, at:end + 1] -= 24.0
    discs = {divmod(int(i), n) for i in rng.choice(n * n, size=n, replace=False)}
    for r, c in discs:
        cv2.circle(im, (at + c * cell + cell // 2, at + r * cell + cell // 2), cell // 4, 150.0, -1)
    turn = cv2.getRotationMatrix2D((side / 2, side / 2), angle, 1.0)
    turned = cv2.warpAffine(im, turn, (side, side), borderValue=200.0)
    shot = cv2.GaussianBlur(turned, (0, 0), 0.8).astype(np.float32)
    blotches = cv2.GaussianBlur(rng.normal(0, 1, (side, side)).astype(np.float32), (0, 0), 1.2)
    shot += 3.0 * blotches / float(blotches.std())
    return np.clip(shot, 0, 255).astype(np.uint8), discs


def test_a_faint_grid_refused_as_it_is_is_read_deepened(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grid as faint as the paper's grain with clues as faint: its place, found by its strokes,
    is refused when read as it is; read again with its darkness deepened it is an 8x8 board of
    discs, shown with every empty cell and its size asked about (refused before, whole)."""
    monkeypatch.setattr(vr, "CLOSE_LOOKS", 1)  # (the likeliest place only: half the time)
    grey, discs = faint_page()
    crops = _spied(monkeypatch, "_spot_reads")
    deep = _spied(monkeypatch, "_faint_deepened")

    r = read_image(_png(grey))

    assert len(crops) == 2 and len(deep) == 1  # read as it is, then deepened
    (full, spot), deepened = deep[0]
    assert spot.faint > 0 and crops[1][0][0] is deepened
    x0, y0, x1, y1 = spot.box
    assert float(deepened[y0:y1, x0:x1].mean()) > float(full[y0:y1, x0:x1].mean())  # the paper whitened
    assert isinstance(crops[0][1], Unreadable)  # as it is: refused
    assert (r.rows, r.cols) == (8, 8) and r.size_unsure and "masyu" in r.genres
    assert {(i, j) for i, row in enumerate(r.tokens) for j, t in enumerate(row) if t == "B"} == discs
    assert {(u.row, u.col) for u in r.unsure} >= {(i, j) for i in range(8) for j in range(8)} - discs
