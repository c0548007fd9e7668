"""Boards drawn without a grid: only circled numbers (islands) on an unseen lattice.

When nearly all the ink of a picture is rings of one size, the rings are taken out (what is left
in a cell is its number: an island) and the cells are placed from the rings' centres: their
spacing is the coarsest step every gap between centres is a whole multiple of, and the empty
rows and columns around them are those the picture's margins hold.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.board import SIDE, Board
from vision.grid import flatten

MIN_RINGS = 2


def find_islands(grey: np.ndarray) -> Board | None:
    """The board of a picture of rings alone, or None when the picture shows anything else."""
    paper = flatten(grey)
    ink = (paper < 0.6).astype(np.uint8)
    total = int(ink.sum())
    if total < 0.002 * ink.size:
        return None
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(ink, connectivity=8)
    rings = []
    for i in range(1, n):
        x, y, w, h, area = stats[i]
        if min(w, h) >= 10 and 0.8 <= w / h <= 1.25 and area < 0.55 * w * h and _round(labels[y:y + h, x:x + w] == i):
            rings.append((x + w / 2, y + h / 2, (w + h) / 2, i))
    if len(rings) < MIN_RINGS:
        return None
    size = float(np.median([d for _, _, d, _ in rings]))
    rings = [r for r in rings if 0.8 * size <= r[2] <= 1.25 * size]
    if len(rings) < MIN_RINGS:
        return None
    disks = np.zeros_like(ink)
    for cx, cy, d, _ in rings:
        cv2.circle(disks, (int(cx), int(cy)), int(0.6 * d) + 2, 1, -1)
    if float((ink & (1 - disks)).sum()) > 0.05 * total:
        return None  # lines, dots or text besides the rings: not a bare board
    xs = _centres([r[0] for r in rings], 0.3 * size)
    ys = _centres([r[1] for r in rings], 0.3 * size)
    pitch = _pitch([xs, ys], size)
    if pitch is None:
        return None
    h, w = grey.shape[:2]
    fringe = max(3, int(0.08 * size)) | 1
    paper = paper.copy()  # (the flattened picture is shared with the grid finder)
    for _, _, _, i in rings:  # the rings go (with their grey fringe): what is left in a cell is its number
        paper[cv2.dilate((labels == i).astype(np.uint8), np.ones((fringe, fringe), np.uint8)).astype(bool)] = 1.0
    cols_x = _lines(xs, pitch, w)
    rows_y = _lines(ys, pitch, h)
    if cols_x is None or rows_y is None:
        return None
    scale = max(1.0, SIDE / max(cols_x[-1] - cols_x[0], rows_y[-1] - rows_y[0]))
    big = cv2.resize(paper, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    m = np.diag([big.shape[1] / w, big.shape[0] / h, 1.0])
    return Board(paper=big, xs=np.array(cols_x) * m[0, 0], ys=np.array(rows_y) * m[1, 1], dots=False,
                 clarity=3.0, zoom=scale, transform=m, bare=True)


def _round(blob: np.ndarray) -> bool:
    """Whether ``blob`` is a ring: round outline, ink near the rim all the way round."""
    ys, xs = np.nonzero(blob)
    cy, cx = (blob.shape[0] - 1) / 2, (blob.shape[1] - 1) / 2
    radius = (blob.shape[0] + blob.shape[1]) / 4
    dist = np.hypot(xs - cx, ys - cy) / max(radius, 1.0)
    near = (dist > 0.7) & (dist < 1.15)
    if near.mean() < 0.85:
        return False
    angles = np.floor((np.arctan2(ys - cy, xs - cx) + np.pi) / (2 * np.pi) * 16).astype(int) % 16
    return len(np.unique(angles[near])) >= 15


def _centres(values: list[float], tolerance: float) -> list[float]:
    """The distinct positions among ``values`` (those closer than ``tolerance`` are one)."""
    out: list[list[float]] = []
    for v in sorted(values):
        if out and v - out[-1][-1] <= tolerance:
            out[-1].append(v)
        else:
            out.append([v])
    return [float(np.mean(group)) for group in out]


def _pitch(groups: list[list[float]], size: float) -> float | None:
    """The cell size: the coarsest step (between 0.95 and 2 ring sizes) that every gap between
    neighbouring centres is a whole multiple of."""
    gaps = [b - a for values in groups for a, b in zip(values, values[1:], strict=False) if b - a > 0.5 * size]
    if not gaps:
        return 1.3 * size
    best, best_err = None, math.inf
    for gap in gaps:
        for k in range(1, 12):
            step = gap / k
            if not 0.95 * size <= step <= 2.0 * size:
                continue
            err = max(abs(g / step - round(g / step)) for g in gaps)
            if err < best_err - 1e-6 or (abs(err - best_err) <= 1e-6 and best is not None and step > best):
                best, best_err = step, err
    if best is None or best_err > 0.15:
        return None
    return best


def _lines(centres: list[float], pitch: float, extent: int) -> list[float] | None:
    """Cell edges: from the first to the last centre, plus the empty cells the margins hold."""
    first, last = centres[0], centres[-1]
    inner = round((last - first) / pitch)
    before = max(0, math.floor((first - pitch / 2) / pitch + 0.3))
    after = max(0, math.floor((extent - last - pitch / 2) / pitch + 0.3))
    start = first - pitch / 2 - before * pitch
    count = inner + 1 + before + after
    return [start + k * pitch for k in range(count + 1)]
