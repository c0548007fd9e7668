"""A curled page: the grid's lines bowed in the straightened view. Each line is followed band by
band across the board, a smooth curve fitted to where it lies, and the view warped so that every
line runs straight along its cell edge again (cells read off a straight lattice otherwise take in
a neighbour's ink)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.board import Board
from vision.lattice import thin

BANDS = 8  # stretches of each line looked at apart
SEEN = 0.3  # share of a band's rows with line ink where a line counts as seen
BENT = 0.06  # bows smaller than this share of a cell are left alone
MOVED = 4  # stretches of line a bow must bring onto their edges, at least (of two lines or more)


def unbend(board: Board) -> Board:
    """``board`` with its lines straightened (unchanged when they already run straight)."""
    if board.bare or board.dots or board.rows < 4 or board.cols < 4:
        return board
    dark = 1.0 - board.paper
    d = max(2, round(max(dark.shape) / 150))
    h, w = dark.shape
    dx = _offsets((thin(dark, d, axis=1) > 0.08).astype(np.float32), board.xs, board.ys, w)
    dy = _offsets((thin(dark, d, axis=0) > 0.08).astype(np.float32).T, board.ys, board.xs, h)
    if dx is None and dy is None:
        return board
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    map_x = xs + (dx if dx is not None else 0.0)
    map_y = ys + (dy.T if dy is not None else 0.0)
    bend = (map_x.astype(np.float32), map_y.astype(np.float32))
    paper = cv2.remap(board.paper, *bend, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=1.0)
    return replace(board, paper=paper, bend=bend)


def _offsets(lines: np.ndarray, edges: np.ndarray, across: np.ndarray, width: int) -> np.ndarray | None:
    """How far each pixel's column must be taken from to straighten the lines at ``edges`` (the
    rows of ``lines`` run along them, ``across`` are the other axis's edges); None: already straight."""
    cell = float(np.median(np.diff(edges)))
    top, bottom = float(across[0]), float(across[-1])
    centres, seen = [], []
    for j in range(BANDS):
        lo, hi = round(top + j * (bottom - top) / BANDS), round(top + (j + 1) * (bottom - top) / BANDS)
        prof = cv2.blur(lines[lo:hi].mean(axis=0, keepdims=True), (3, 1)).ravel()
        row = []
        for e in edges[1:-1]:  # (the frame, thick, is no thin line)
            a, b = max(0, round(e - 0.3 * cell)), min(len(prof), round(e + 0.3 * cell) + 1)
            k = int(np.argmax(prof[a:b])) if b > a else 0
            row.append(a + k - e if b > a and prof[a + k] >= SEEN else np.nan)
        centres.append((lo + hi) / 2)
        seen.append(row)
    off = np.array(seen)  # bands x edges
    yy, kk = np.nonzero(~np.isnan(off))
    if len(yy) < 12:
        return None
    # one smooth bow for all lines (quadratic along and across them), stray peaks (the side of a
    # circle or digit taken for a line) left out in turn
    mid_x, half_x = (edges[0] + edges[-1]) / 2, max(1.0, (edges[-1] - edges[0]) / 2)
    mid_y, half_y = (top + bottom) / 2, max(1.0, (bottom - top) / 2)
    u = (edges[1:-1][kk] - mid_x) / half_x
    v = (np.array(centres)[yy] - mid_y) / half_y
    z = off[yy, kk]
    basis = np.stack([v ** i * u ** j for i in range(3) for j in range(3)], axis=1)
    keep = np.ones(len(z), bool)
    coef = np.zeros(9)
    for _ in range(3):
        if keep.sum() < 12:
            return None
        coef = np.linalg.lstsq(basis[keep], z[keep], rcond=None)[0]
        resid = np.abs(basis @ coef - z)
        keep = resid <= max(1.5, 0.06 * cell, 2.5 * float(np.median(resid[keep])))
    # worth it only when it puts clearly more of the seen lines on their edges, fitting most of
    # them, and brings stretches of several lines onto their edges (a few at least): on a small
    # flat board a split cell's diagonal or a column of them, seen beside one line, bowed the view
    # and its cells took in their neighbours' ink
    near = 0.06 * cell
    on_before = np.abs(z) <= near
    on_after = np.abs(basis @ coef - z) <= near
    brought = ~on_before & on_after
    if (keep.mean() < 0.7 or on_after.sum() < on_before.sum() + max(MOVED, 0.05 * len(z))
            or len(set(kk[brought].tolist())) < 2):
        return None
    c = coef.reshape(3, 3)  # [i along v, j along u]
    # (beyond the board's edges the bow stays as at the edge: a quadratic runs off)
    us = np.clip((np.arange(width) - mid_x) / half_x, -1.0, 1.0)
    vs = np.clip((np.arange(len(lines)) - mid_y) / half_y, -1.0, 1.0)
    field = np.stack([vs ** i for i in range(3)], axis=1) @ c @ np.stack([us ** j for j in range(3)], axis=0)
    inner = field[round(top):round(bottom) + 1, round(edges[0]):round(edges[-1]) + 1]
    if inner.size == 0 or np.abs(inner).max() < BENT * cell:
        return None
    most = min(0.3 * cell, float(np.abs(z[keep]).max()) + 1.0)  # (no further than any line was seen off)
    out: np.ndarray = np.clip(field, -most, most).astype(np.float32)
    return out
