"""A place's count checked against the lines about its outline before the board is read within it
(bench/README.md, "vpage9"): a place is counted in the picture looked at, scaled down, and its
outline may end on an inner line; read within that outline at its count, a photographed print's
10x10 was read 9x10 and 10x9, their sizes asked. Counted again at the resolution it is read at,
or grown by a cell on a side its lines run on past, the same outline shows the whole board."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.board import Board
from vision.errors import Unreadable
from vision.grid import CLEAR, SUPPORTED, flatten, straighten
from vision.locate import PAD, PART_PITCH, Spot, outlined
from vision.results import Reading
from vision.sight import run_on, widened
from vision.small import spot_cell

GROW_SHARE = 0.4  # a side whose lines this share of run on past the outline is grown by a cell and counted: the
# two short places of the tuning pages ran on 0.44 and 0.50 of their lines (under sight.RUN_ON_SHARE, 0.6, at
# which a reading's count is asked on its own); the grown outline's own count must then show the cell (below)
# rows and columns at most added to a place's count: the tuning pages' short counts were one short
# (two 10x10 pages counted 9x10 and 10x9, bench/README.md "vpage9"); one more is allowed, not measured
MOST_MORE = 2


def recounted(full: np.ndarray, spot: Spot, cell: float, blow: float) -> Spot | None:
    """``spot`` with more rows or columns, when its outline, seen with two cells of the picture
    about it at ``cell`` pixels a cell (blown up at most ``blow`` times), is counted so by its own
    lines (every level, support :data:`vision.grid.SUPPORTED` and clarity :data:`vision.grid.CLEAR`
    or more), or grown by a cell on a side where :data:`GROW_SHARE` of its lines run on is, its
    lines as well supported as the outline's own (a 6x6 board's black discs by its edge ran on 0.8 of a
    side and grew it to 6x7 at support 0.53, under its own 0.57; the two short places grown right
    kept theirs, 0.63); None when the count stands. Never fewer rows or columns: a short count is
    the class mended."""
    if len(spot.corners) != 4:
        return None
    wide = widened_place(full, spot)
    near, quad = outlined(full, wide, cell, blow)
    flat = flatten(near)
    f = near.shape[1] / max(1, wide.box[2] - wide.box[0])
    free = straighten(flat, quad, every_level=True)
    if free is not None and _more(free, spot):
        return _placed(spot, quad, free, f, wide.box, full.shape)
    board = straighten(flat, quad, every_level=True, count=(spot.rows, spot.cols))
    if board is None or board.transform is None or board.pitch <= 0:
        return None
    shares = run_on(widened(board, flat))
    for side in sorted(range(4), key=lambda k: -shares[k]):
        if shares[side] < GROW_SHARE:
            break
        grown = _grown(board, side)
        got = straighten(flat, grown, every_level=True)
        if got is not None and _more(got, spot) and (free is None or got.support >= free.support):
            return _placed(spot, grown, got, f, wide.box, full.shape)
    return None


def widened_place(full: np.ndarray, spot: Spot) -> Spot:
    """``spot`` with two of its cells of the picture ``full`` about its box (as far as the picture
    goes): where its lines run on past an outline found rows short (bench/README.md "vsize2")."""
    x0, y0, x1, y1 = spot.box
    pad = round(2 * spot_cell(spot))
    return replace(spot, box=(max(0, x0 - pad), max(0, y0 - pad), min(full.shape[1], x1 + pad),
                              min(full.shape[0], y1 + pad)))


def _more(b: Board, spot: Spot) -> bool:
    """Whether a count of the outline's lines shows more rows or columns than ``spot`` (none fewer,
    :data:`MOST_MORE` at most), as clearly as a place is counted well."""
    more = (b.rows - spot.rows, b.cols - spot.cols)
    return (min(more) >= 0 and 0 < sum(more) <= MOST_MORE and b.support >= SUPPORTED
            and b.clarity >= CLEAR)


def _grown(board: Board, side: int) -> np.ndarray:
    """The outline of ``board``'s lattice grown by a cell on ``side`` (left, right, top, bottom), in
    the picture it was straightened from."""
    assert board.transform is not None
    xs, ys, p = np.asarray(board.xs, float), np.asarray(board.ys, float), board.pitch
    left, right = xs[0] - p * (side == 0), xs[-1] + p * (side == 1)
    top, bottom = ys[0] - p * (side == 2), ys[-1] + p * (side == 3)
    pts = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32).reshape(-1, 1, 2)
    return np.asarray(cv2.perspectiveTransform(pts, np.linalg.inv(board.transform)).reshape(-1, 2), np.float32)


def _placed(spot: Spot, quad: np.ndarray, b: Board, f: float, box: tuple[int, int, int, int],
            shape: tuple[int, ...]) -> Spot:
    """The place of an outline ``quad`` of a crop (``box`` of the full picture, scaled ``f``) counted ``b``."""
    corners = np.asarray(quad, np.float64) / f + np.array([box[0], box[1]], np.float64)
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    pad = PAD * float(max(hi - lo))
    placed = (max(0, int(lo[0] - pad)), max(0, int(lo[1] - pad)),
              min(shape[1], int(np.ceil(hi[0] + pad))), min(shape[0], int(np.ceil(hi[1] + pad))))
    return replace(spot, box=placed, rows=b.rows, cols=b.cols, clarity=b.clarity, support=b.support,
                   corners=tuple((float(x), float(y)) for x, y in corners))


def part_read(got: tuple[Reading, float] | Unreadable, inside: tuple[Reading, float] | Unreadable) -> bool:
    """Whether a crop's reading ``got`` is of part of the board read within its place's outline
    (``inside``, of the same box): fewer rows or columns and none more, its cells as large (the
    share of the box each cell takes within :data:`PART_PITCH` times, squared). A photographed
    print's 10x10, its place counted 9x10, was read 5x10 by its crop with no cell in doubt, and that
    won over the place's reading (bench/README.md "vpage9")."""
    if not (isinstance(got, tuple) and isinstance(inside, tuple)):
        return False
    a, b = got[0], inside[0]
    if a.rows > b.rows or a.cols > b.cols or (a.rows, a.cols) == (b.rows, b.cols) or min(got[1], inside[1]) <= 0.0:
        return False
    ratio = (got[1] / (a.rows * a.cols)) / (inside[1] / (b.rows * b.cols))
    return 1.0 / PART_PITCH**2 <= ratio <= PART_PITCH**2


def part_dropped(got: tuple[Reading, float], inside: tuple[Reading, float]) -> tuple[Reading, float]:
    """``inside`` standing alone for a place whose crop read part of it (:func:`part_read`), its size
    asked when ``got`` would have rivalled it (a reading of some genre, its count sure and no problem:
    ``vision.choose.size_rivalled``), as it was while both competed: the part is dropped, not the doubt
    it raised (the outline's count, not the crop's, may be the wrong one: a frame or a page's ruling
    at the board's pitch counted as a row)."""
    a = got[0]
    if a.size_unsure or not a.genres or a.problem is not None:
        return inside
    return replace(inside[0], size_unsure=True), inside[1]


def size_asked(got: tuple[Reading, float] | Unreadable) -> tuple[Reading, float] | Unreadable:
    """A reading with its size asked (a place found by one axis's lines: bench/README.md "vpage32")."""
    return (replace(got[0], size_unsure=True), got[1]) if isinstance(got, tuple) else got
