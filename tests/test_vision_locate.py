"""A small board in a large cluttered photo (issue 23): found by its grid lines among other
papers and things on a desk, and read again from a crop of the picture at its own resolution.
The photos come from the tuning simulator (``bench/imagesets/photo.simulate_scene``), fixed seeds."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from PIL import Image

from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from vision import read_image
from vision.bend import unbend
from vision.decode import decode_full
from vision.grid import find_board
from vision.locate import spots

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
from photo import simulate_scene  # noqa: E402


def board(name: str) -> Puzzle[Any]:
    genre = name.split("-")[1]
    return next(Puzzle.from_record(r) for r in own(genre) if r["id"] == name)


def scene(p: Puzzle[Any], seed: int) -> bytes:
    rgb = np.asarray(Image.open(io.BytesIO(render_png(p, None, view="puzzle"))).convert("RGB"))[:, :, ::-1]
    return simulate_scene(np.ascontiguousarray(rgb), seed)


def test_the_scene_simulator_is_deterministic_and_puts_the_board_in_a_larger_picture() -> None:
    p = board("own-masyu-06")
    one, two = scene(p, 1), scene(p, 1)
    assert one == two != scene(p, 2)
    photo = cv2.imdecode(np.frombuffer(one, np.uint8), cv2.IMREAD_COLOR)
    assert photo is not None and min(photo.shape[:2]) >= 400 and photo.std() > 10


@pytest.mark.parametrize(("name", "seed"), [("own-masyu-06", 1), ("own-numberlink-06", 3)])
def test_a_small_board_in_a_large_cluttered_photo_is_found_and_read_exactly(name: str, seed: int) -> None:
    p = board(name)
    data = scene(p, seed)
    full = decode_full(data, max_bytes=20_000_000, max_pixels=40_000_000)
    found = spots(full)
    assert found, "no place with grid lines found"
    x0, y0, x1, y1 = found[0].box
    assert (x1 - x0) * (y1 - y0) < 0.3 * full.size  # the board is a small part of the picture
    assert (found[0].rows, found[0].cols) == (p.rows, p.cols)
    r = read_image(data)
    assert (r.rows, r.cols) == (p.rows, p.cols)
    assert r.tokens == tuple(tuple(line.split()) for line in p.grid_lines())
    assert p.genre in r.genres and r.sure


def test_a_picture_without_a_grid_gives_no_place_to_look() -> None:
    rng = np.random.default_rng(4)
    desk = cv2.GaussianBlur(rng.normal(128, 30, (700, 900)).astype(np.float32), (0, 0), 2.0)
    assert spots(np.clip(desk, 0, 255).astype(np.uint8)) == []


def curled(p: Puzzle[Any]) -> bytes:
    """``p``'s picture on a sheet bowed both ways (a page curling up at its edges)."""
    rgb = np.asarray(Image.open(io.BytesIO(render_png(p, None, view="puzzle"))).convert("RGB"))
    h, w = rgb.shape[:2]
    sheet = np.full((h + 120, w + 120, 3), 250, np.uint8)
    sheet[60:60 + h, 60:60 + w] = rgb
    hh, ww = sheet.shape[:2]
    ys, xs = np.mgrid[0:hh, 0:ww].astype(np.float32)
    my = ys + 0.03 * hh * np.sin(np.pi * xs / ww) * (ys / hh - 0.5) * 2
    mx = xs + 0.02 * ww * np.sin(np.pi * ys / hh) * (xs / ww - 0.5) * 2
    bent = cv2.remap(sheet, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return bytes(cv2.imencode(".png", bent)[1].tobytes())


def test_a_curled_page_is_straightened_line_by_line_and_read_exactly() -> None:
    p = board("own-masyu-13")
    r = read_image(curled(p))
    assert (r.rows, r.cols) == (p.rows, p.cols)
    assert r.tokens == tuple(tuple(line.split()) for line in p.grid_lines())


def test_a_flat_board_is_left_as_it_is() -> None:
    p = board("own-masyu-13")
    grey = decode_full(render_png(p, None, view="puzzle"), max_bytes=20_000_000, max_pixels=40_000_000)
    b = find_board(grey)
    assert unbend(b).bend is None
