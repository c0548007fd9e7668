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
from vision import Unreadable, read_image
from vision.board import Board
from vision.cellreads import FAINT_INK
from vision.cells import INK
from vision.decode import decode_full, scaled_working
from vision.grid import hairline_ink
from vision.locate import spots
from vision.reading import _read_steady
from vision.unline import stretched, unlined

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


@pytest.mark.parametrize("seed", [8, 14])
def test_a_spent_budget_keeps_the_whole_pictures_reading_and_reads_no_crop(seed: int) -> None:
    """The bot's reading budget (``bot.imagereader.READ_BUDGET``): once spent, no place is read
    again from a crop, and what the whole picture gave is the answer (here, the page's small board
    is only read right from its crop)."""
    data = photographed_page(seed)
    whole = _read_steady(scaled_working(decode_full(data, max_bytes=20_000_000, max_pixels=40_000_000))[0], None)
    try:
        r = read_image(data, budget=0.0)
    except Unreadable as e:
        assert isinstance(whole, Unreadable) and e.code == whole.code
        return
    assert isinstance(whole, tuple)
    assert (r.rows, r.cols, r.tokens) == (whole[0].rows, whole[0].cols, whole[0].tokens)
    assert r.tokens != tuple(tuple(row.split()) for row in PEARLS)


def test_a_faint_hairline_on_grainy_paper_is_ink_and_the_grain_is_not() -> None:
    rng = np.random.default_rng(5)
    paper = np.clip(0.93 + rng.normal(0, 0.015, (120, 160)), 0, 1).astype(np.float32)
    paper[:, 80] -= 0.1  # a hairline a tenth darker than the paper: no fixed ink level sees it
    ink = hairline_ink(paper)
    assert ink[:, 80].mean() > 0.9
    assert np.delete(ink, [79, 80, 81], axis=1).mean() < 0.01


def smeared_board(cell: int = 40, n: int = 6) -> Board:
    """A straightened board as a shaken photo of a printed page leaves it: grid lines smeared a
    fifth of a cell wide (a grey band wider than the cell reader's margins), the frame darker, a
    light grey clue in two cells and grainy paper."""
    size = n * cell
    dark = np.zeros((size, size), np.float32)
    for i in range(n + 1):
        at = min(size - 1, i * cell)
        dark[:, max(0, at - 4):at + 5] = np.maximum(dark[:, max(0, at - 4):at + 5], 0.6 if i in (0, n) else 0.3)
        dark[max(0, at - 1):at + 2, :] = np.maximum(dark[max(0, at - 1):at + 2, :], 0.6 if i in (0, n) else 0.35)
    for r, c in ((1, 2), (4, 4)):  # a bar as a faint clue's stroke: darker than the lines, lighter than ink
        dark[r * cell + 10:r * cell + 30, c * cell + 17:c * cell + 23] = 0.35
    dark += np.random.default_rng(3).normal(0, 0.02, dark.shape).astype(np.float32)
    edges = np.arange(n + 1, dtype=np.float64) * cell
    return Board(paper=np.clip(1.0 - dark, 0, 1), xs=edges, ys=edges, dots=False, clarity=3.0)


def test_a_crops_smeared_grid_lines_are_taken_out_and_its_faint_clues_kept() -> None:
    board = smeared_board()
    clean = stretched(unlined(board))
    dark = 1.0 - clean.paper
    cell = 40
    # every cell but the two clues' is paper even to the reader's fainter ink level, lines and all;
    # the clues are ink at its usual level
    for r in range(6):
        for c in range(6):
            inked = float((dark[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] > FAINT_INK).mean())
            assert (inked > 0.02) == ((r, c) in ((1, 2), (4, 4))), (r, c, inked)
    assert float((dark[cell + 10:cell + 30, 2 * cell + 17:2 * cell + 23] > INK).mean()) > 0.9
    # (before: the smeared lines were faint ink along every cell's sides, the clues no ink)
    before = 1.0 - board.paper
    assert float((before[cell + 10:cell + 30, 2 * cell + 17:2 * cell + 23] > INK).mean()) < 0.1
    assert float((before[cell + 5:2 * cell - 5, 2 * cell - 3:2 * cell + 3] > FAINT_INK).mean()) > 0.6
