"""A whole printed page photographed (issue 23): a small board with a hairline grid and
hairline-outlined white pearls, a few pixels a cell in a large photo of a desk. The photos come
from the tuning simulator (``bench/imagesets/photo.simulate_scene``) with fixed seeds."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.test_vision_prints import PEARLS, printed_page
from vision import read_image
from vision.decode import decode_full
from vision.grid import hairline_ink
from vision.locate import spots

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
from photo import simulate_scene  # noqa: E402


def photographed_page(seed: int) -> bytes:
    page = cv2.imdecode(np.frombuffer(printed_page(150), np.uint8), cv2.IMREAD_COLOR)
    return bytes(simulate_scene(page, seed))


@pytest.mark.parametrize("seed", [8, 14])
def test_a_small_board_on_a_photographed_page_is_read_exactly(seed: int) -> None:
    data = photographed_page(seed)
    full = decode_full(data, max_bytes=20_000_000, max_pixels=40_000_000)
    found = spots(full)
    assert found and (found[0].rows, found[0].cols) == (7, 7)
    x0, y0, x1, y1 = found[0].box
    assert (x1 - x0) * (y1 - y0) < 0.05 * full.size  # the board is a small part of the picture
    r = read_image(data)
    assert r.tokens == tuple(tuple(row.split()) for row in PEARLS)
    assert r.sure and "masyu" in r.genres


def test_a_faint_hairline_on_grainy_paper_is_ink_and_the_grain_is_not() -> None:
    rng = np.random.default_rng(5)
    paper = np.clip(0.93 + rng.normal(0, 0.015, (120, 160)), 0, 1).astype(np.float32)
    paper[:, 80] -= 0.1  # a hairline a tenth darker than the paper: no fixed ink level sees it
    ink = hairline_ink(paper)
    assert ink[:, 80].mean() > 0.9
    assert np.delete(ink, [79, 80, 81], axis=1).mean() < 0.01
