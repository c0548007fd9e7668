"""Rooms: the board cut by thick lines (the genres played on rooms; jigsaw boards; standard boxes).

Each inner edge between two cells is measured by how much ink lies across it (solid ink per
pixel of its length, the less of two stretches near its ends): thin, dashed or dotted grid lines carry little, a
room border much more. The edges split into two groups at the widest gap between their
measures; thick edges must carry clearly more than thin ones (else there are no rooms). Rooms
are the cells joined across thin edges.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.puzzle import rooms_from_walls
from vision.board import Board

THICK_RATIO = 1.8  # a border carries at least this many times the ink of a thin line
MIN_THICK = 0.045  # and at least this share of a cell's side in ink across it
ENDS = ((0.08, 0.25), (0.75, 0.92))  # where along an edge it is measured (a border is thick all along; a
# disk or a character touching the edge touches its middle)


@dataclass(frozen=True)
class Rooms:
    """Region ids (1, 2, ... in reading order) and the cells next to a border that ends inside a room."""

    regions: tuple[tuple[int, ...], ...]
    doubtful: frozenset[tuple[int, int]]
    right: np.ndarray  # thick edge between (r, c) and (r, c + 1)
    down: np.ndarray  # thick edge between (r, c) and (r + 1, c)
    thickness: float  # of a border, in pixels of the straightened board

    def erase(self, board: Board) -> np.ndarray:
        """The board's paper with the borders painted over (a number beside one is read alone)."""
        paper = board.paper.copy()
        xs, ys = board.xs, board.ys
        half = int(np.ceil(self.thickness / 2 + 0.02 * float(np.diff(xs).mean()))) + 1
        for r, c in zip(*np.nonzero(self.right), strict=True):
            x = int(round(xs[c + 1]))
            y0, y1, a = int(ys[r]), int(ys[r + 1]) + 1, max(0, x - half)
            lo, hi = _line_span(paper[y0:y1, a:x + half + 1], 0, self.thickness)
            paper[y0:y1, a + lo:a + hi] = 1.0
        for r, c in zip(*np.nonzero(self.down), strict=True):
            y = int(round(ys[r + 1]))
            x0, x1, a = int(xs[c]), int(xs[c + 1]) + 1, max(0, y - half)
            lo, hi = _line_span(paper[a:y + half + 1, x0:x1], 1, self.thickness)
            paper[a + lo:a + hi, x0:x1] = 1.0
        return paper


def _line_span(band: np.ndarray, axis: int, thickness: float) -> tuple[int, int]:
    """The stretch across ``band`` (along ``axis``) the border itself takes, with a pixel of its
    fringe: a digit pressed against a border keeps its stroke (the whole band: a slanted border)."""
    along = (band < 0.5).mean(axis=axis)
    solid = np.nonzero(along >= 0.85)[0]
    width = len(along)
    if len(solid) == 0 or solid[-1] - solid[0] + 1 < 0.5 * thickness:
        return 0, width
    return max(0, int(solid[0]) - 1), min(width, int(solid[-1]) + 2)


def read_rooms(board: Board, filled: frozenset[tuple[int, int]] = frozenset()) -> Rooms | None:
    """The rooms of the board, or None when no edge is thick (one room: none drawn). Edges beside
    a ``filled`` cell (a block: ink all across) are taken as thin."""
    # (ink counted by its darkness, not by pixels past a level: a thin line resampled by a
    # fraction comes out one pixel wide here, two there, but keeps its ink)
    dark = np.where(board.paper < 0.85, 1.0 - board.paper, 0.0)
    xs, ys = board.xs, board.ys
    rows, cols = board.rows, board.cols
    side = float(min(np.diff(xs).mean(), np.diff(ys).mean()))
    reach = max(2, int(0.1 * side))  # (wider takes in circles beside the edge)
    right = np.full((rows, cols - 1), np.nan)  # edge between (r, c) and (r, c + 1); nan: beside a block
    down = np.full((rows - 1, cols), np.nan)  # edge between (r, c) and (r + 1, c)
    for r in range(rows):
        top, span = ys[r], ys[r + 1] - ys[r]
        for c in range(cols - 1):
            if (r, c) not in filled and (r, c + 1) not in filled:
                x = int(round(xs[c + 1]))
                strips = (dark[int(top + a * span):int(top + b * span), max(0, x - reach):x + reach + 1]
                          for a, b in ENDS)
                right[r, c] = min(_across(strip, axis=1) for strip in strips) / side
    for c in range(cols):
        left, span = xs[c], xs[c + 1] - xs[c]
        for r in range(rows - 1):
            if (r, c) not in filled and (r + 1, c) not in filled:
                y = int(round(ys[r + 1]))
                strips = (dark[max(0, y - reach):y + reach + 1, int(left + a * span):int(left + b * span)]
                          for a, b in ENDS)
                down[r, c] = min(_across(strip, axis=0) for strip in strips) / side
    values = np.concatenate([right.ravel(), down.ravel()])
    cut = _split(values[~np.isnan(values)])
    if cut is None:
        return None
    thick_right, thick_down = np.nan_to_num(right) > cut, np.nan_to_num(down) > cut
    regions = rooms_from_walls(rows, cols, thick_right.tolist(), thick_down.tolist())
    if max(max(row) for row in regions) < 2:
        return None
    doubtful = set()
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and thick_right[r, c] and regions[r][c] == regions[r][c + 1]:
                doubtful |= {(r, c), (r, c + 1)}
            if r + 1 < rows and thick_down[r, c] and regions[r][c] == regions[r + 1][c]:
                doubtful |= {(r, c), (r + 1, c)}
    thick = np.concatenate([right[thick_right], down[thick_down]])
    return Rooms(regions, frozenset(doubtful), thick_right, thick_down, float(np.median(thick)) * side)


def _across(strip: np.ndarray, axis: int) -> float:
    """Mean thickness of the solid ink crossing the strip: ink pixels per line across it, averaged
    along it (a dashed line counts by how much of it is there)."""
    if strip.size == 0:
        return 0.0
    return float(strip.sum(axis=axis).mean())


def _split(values: np.ndarray) -> float | None:
    """The level between thin and thick edges, or None when the edges are all alike."""
    if values.size == 0:
        return None
    order = np.sort(values)
    gaps = np.diff(np.log(order + 0.01))
    if gaps.size == 0:
        return None
    k = int(np.argmax(gaps))
    low, high = order[: k + 1], order[k + 1:]
    thin = float(np.median(low))
    if high.size == 0 or float(high.min()) < MIN_THICK or float(np.median(high)) < THICK_RATIO * max(thin, 0.01):
        return None
    return float((order[k] + order[k + 1]) / 2)

