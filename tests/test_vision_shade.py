"""A shadow across a found board (issue 23, vision/shade.py): a band of shade narrower than the
paper's light can follow, soft edges and dim noisy paper are brought back to paper; filled cells,
whose edges follow the grid's lines, are not."""

from __future__ import annotations

import io
from typing import Any

import cv2
import numpy as np
import pytest
from PIL import Image

from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from vision import read_image
from vision.board import Board
from vision.shade import lit, odd_side


def board(genre: str, index: int = 0) -> Puzzle[Any]:
    return [Puzzle.from_record(r) for r in own(genre) if min(r["rows"], r["cols"]) >= 5][index]


def banded(png: bytes, angle: float, middle: float, width: float, soft: float, seed: int = 1) -> bytes:
    """The picture with a band of shade (an arm's shadow: 45% darker between two parallel soft
    edges ``width`` of the picture apart, through ``middle`` of the way across), dimmed and noisy,
    as JPEG quality 60."""
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(np.float32)
    h, w = rgb.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = np.radians(angle)
    across = np.cos(a) * (xs - w * middle) + np.sin(a) * (ys - h * middle)
    half = width * max(h, w) / 2
    inside = 1.0 / (1.0 + np.exp(-(across + half) / soft)) * 1.0 / (1.0 + np.exp((across - half) / soft))
    light = 0.8 * (1.0 - 0.45 * inside)
    noise = np.random.default_rng(seed).normal(0, 4.0, rgb.shape).astype(np.float32)
    out = np.clip(rgb * light[:, :, None] + noise, 0, 255).astype(np.uint8)[:, :, ::-1]
    return bytes(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 60])[1].tobytes())


def tokens(p: Puzzle[Any]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split()) for line in p.grid_lines())


@pytest.mark.parametrize(("genre", "angle", "middle", "width", "soft"), [
    ("masyu", 30.0, 0.45, 0.22, 12.0),
    ("masyu", 115.0, 0.6, 0.15, 3.0),
    ("numberlink", 60.0, 0.5, 0.2, 8.0),
])
def test_a_band_of_shade_across_a_board_is_read_as_paper(genre: str, angle: float, middle: float, width: float,
                                                          soft: float) -> None:
    p = board(genre, 1)
    r = read_image(banded(render_png(p, None, view="puzzle"), angle, middle, width, soft))
    assert (r.rows, r.cols) == (p.rows, p.cols)
    assert r.tokens == tokens(p)
    assert r.sure


def _grid_board(paper: np.ndarray, cells: int) -> Board:
    side = paper.shape[0]
    edges = np.linspace(0, side - 1, cells + 1)
    return Board(paper=paper, xs=edges, ys=edges, dots=False, clarity=3.0)


def test_filled_cells_stay_filled_and_a_shadow_is_lifted() -> None:
    cells, pitch = 8, 50
    side = cells * pitch
    grey = np.full((side, side), 230, np.uint8)
    for i in range(cells + 1):  # the grid's lines
        grey[:, min(side - 1, i * pitch)] = 40
        grey[min(side - 1, i * pitch), :] = 40
    grey[pitch:3 * pitch, pitch:3 * pitch] = 20  # a cluster of two by two filled cells
    ys, xs = np.mgrid[0:side, 0:side]
    band = np.abs(xs + ys - 1.3 * side) < 0.18 * side  # a band of shade across, 35% darker
    grey[band] = (grey[band] * 0.65).astype(np.uint8)
    paper = np.clip(grey.astype(np.float32) / 230.0, 0.0, 1.0)
    got, tone = lit(_grid_board(paper, cells), grey)
    assert float(np.median(tone[2 * pitch - 20:2 * pitch + 20, 2 * pitch - 20:2 * pitch + 20])) < 0.3
    assert float(np.median(got.paper[2 * pitch - 20:2 * pitch + 20, 2 * pitch - 20:2 * pitch + 20])) < 0.3
    middle = band & (np.abs(xs - np.round(xs / pitch) * pitch) > 8) & (np.abs(ys - np.round(ys / pitch) * pitch) > 8)
    assert float(np.median(got.paper[middle])) > 0.9
    assert float(np.median(tone[middle])) > 0.85


def test_a_clean_board_is_left_as_it_is() -> None:
    cells, pitch = 6, 50
    side = cells * pitch
    grey = np.full((side, side), 240, np.uint8)
    for i in range(cells + 1):
        grey[:, min(side - 1, i * pitch)] = 30
        grey[min(side - 1, i * pitch), :] = 30
    cv2.circle(grey, (75, 75), 15, 0, -1)
    paper = np.clip(grey.astype(np.float32) / 240.0, 0.0, 1.0)
    got, _ = lit(_grid_board(paper, cells), grey)
    assert float(np.abs(got.paper - paper).max()) < 0.02


def _framed(right: float) -> Board:
    """A straightened 6x6 board whose frame's right side has darkness ``right`` (the others 0.9)."""
    cells, pitch = 6, 60
    side = cells * pitch
    paper = np.ones((side, side), np.float32)
    for i in range(1, cells):  # inner lines
        paper[:, i * pitch - 1:i * pitch + 1] = 0.6
        paper[i * pitch - 1:i * pitch + 1, :] = 0.6
    paper[:, :4] = paper[:4, :] = paper[-4:, :] = 0.1
    paper[:, -12:] = 1.0 - right  # (a soft grey band, not a line)
    return _grid_board(paper, cells)


def test_a_frame_side_much_fainter_than_the_others_is_odd() -> None:
    assert odd_side(_framed(0.25))
    assert not odd_side(_framed(0.9))
