"""A board too small in its picture to be read (a whole page photographed from afar): a few
pixels a cell hold no readable digit or ring and no count to trust. Refused, the player is told
that, and what to do (come closer), not that no grid was seen; read, its count is asked about."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.errors import Unreadable
from vision.locate import Spot

# Pixels of the picture a cell is, below which its board is too small to read. Measured on the
# photographed pages (bench/README.md, "Photographed pages, second pass": of the 36 old page scenes,
# the 17 with cells of 2.3-9.9 px could not be read by eye either; "sixth pass": of the tuning pages
# scaled down, /tmp/vpage6/small, every board found at under 10 px was refused or read wrong).
SMALL_CELL = 10.0
# refusals that a small board explains (its lines or clues lost in a few pixels); not a bad file
SMALL_CODES = frozenset({"no-grid", "unclear", "no-clues"})


def spot_cell(spot: Spot) -> float:
    """Pixels a cell of ``spot`` is in the full picture, from its outline's sides (its box, drawn
    about a turned outline, is wider than the board)."""
    if len(spot.corners) != 4:
        return spot.cell
    tl, tr, br, bl = (np.array(p, dtype=float) for p in spot.corners)
    across = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2 / spot.cols
    down = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2 / spot.rows
    return float(min(across, down))


def small_board(looked: Sequence[Spot], refusal: Unreadable) -> Unreadable:
    """The refusal to give for a picture none of whose readings was kept: when every place looked
    at is a board of cells under :data:`SMALL_CELL` pixels, that it is too small (code
    ``small-board``), else ``refusal`` as it is. (Not the likeliest place alone: places rank by
    clarity, not size, and a stray tiny grid beside a large empty one would name the wrong problem.)"""
    if refusal.code not in SMALL_CODES or not looked:
        return refusal
    cell = max(spot_cell(s) for s in looked)
    if cell >= SMALL_CELL:
        return refusal
    # (one decimal: 9.7 rounded to "10" would read as the limit itself)
    return Unreadable("small-board", f"I found a grid, but it is too small in the picture to read (about {cell:.1f} "
                                     "pixels a cell); take the photo closer, or zoom in before taking the "
                                     "screenshot, so the grid fills most of the picture.")


def small_count(rows: int, cols: int, looked: Sequence[Spot]) -> bool:
    """Whether a board read at ``rows`` x ``cols`` is a place looked at whose cells are under
    :data:`SMALL_CELL` pixels: its count rests on lines a pixel or two apart, so it is asked about."""
    return any((s.rows, s.cols) == (rows, cols) and spot_cell(s) < SMALL_CELL for s in looked)
