"""Finding a small board in a large photo: candidate outlines anywhere in the picture, judged by
the grid lines inside them rather than by their size, so the board can be read again from a
crop of the picture at its own resolution (a sheet on a cluttered desk, a page with a small board).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.grid import MAX_CELLS, MIN_CELLS, SUPPORTED, _dedupe, _order, _straighten, flatten

LOOK_SIDE = 1400  # the longer side the whole picture is looked at
MIN_AREA = 0.002  # the smallest outline looked at, as a share of the picture
TRIED = 14  # outlines straightened and judged, the largest first
JUDGE_SIDE = 560  # pixels on an outline's longer side when its lines are judged


@dataclass(frozen=True)
class Spot:
    """A place that looks like a board: its box in the full picture, the rows and columns its lines
    fit, how clearly and how surely."""

    box: tuple[int, int, int, int]  # x0, y0, x1, y1
    rows: int
    cols: int
    clarity: float
    support: float
    share: float  # the outline's area as a share of the picture's


def spots(full: np.ndarray, limit: int = 3) -> list[Spot]:
    """The likeliest boards in ``full`` (a grey picture at its own size), best first."""
    side = max(full.shape)
    f = min(1.0, LOOK_SIDE / side)
    look = full if f == 1.0 else cv2.resize(full, (round(full.shape[1] * f), round(full.shape[0] * f)),
                                           interpolation=cv2.INTER_AREA)
    paper = flatten(look)
    h, w = paper.shape
    found: list[Spot] = []
    for quad in _quads(paper):
        b = _straighten(paper, quad, JUDGE_SIDE)
        if b is None or not (MIN_CELLS <= b.rows <= MAX_CELLS and MIN_CELLS <= b.cols <= MAX_CELLS):
            continue
        if b.clarity < 1.3 or b.support < 0.2:
            continue
        x0, y0 = quad.min(axis=0)
        x1, y1 = quad.max(axis=0)
        pad = 0.08 * max(x1 - x0, y1 - y0)
        box = (max(0, int((x0 - pad) / f)), max(0, int((y0 - pad) / f)),
               min(full.shape[1], int(np.ceil((x1 + pad) / f))), min(full.shape[0], int(np.ceil((y1 + pad) / f))))
        found.append(Spot(box, b.rows, b.cols, b.clarity, b.support, float(cv2.contourArea(quad)) / (h * w)))
    found.sort(key=_rank, reverse=True)
    return found[:limit]


def _rank(s: Spot) -> tuple[bool, float]:
    return s.support >= SUPPORTED, min(s.clarity, 3.0) * (0.5 + s.support)


def _quads(paper: np.ndarray) -> list[np.ndarray]:
    """Four-sided outlines of ink of any size above :data:`MIN_AREA`, the largest first, at two ink
    levels (a thin frame in a blurred photo is faint), closing small gaps in the frame."""
    h, w = paper.shape
    quads: list[tuple[float, np.ndarray]] = []
    for level, grow in ((0.7, 3), (0.82, 5)):
        ink = (paper < level).astype(np.uint8)
        closed = cv2.dilate(ink, np.ones((grow, grow), np.uint8))
        contours, _ = cv2.findContours(closed, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            area = cv2.contourArea(c)
            if area < MIN_AREA * h * w or area > 0.9 * h * w:
                continue
            hull = cv2.convexHull(c)
            approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
            if len(approx) == 4 and cv2.isContourConvex(approx) and cv2.contourArea(approx) <= 1.25 * area + 1:
                quads.append((cv2.contourArea(approx), _order(approx.reshape(4, 2).astype(np.float32))))
    quads.sort(key=lambda aq: -aq[0])
    return _dedupe([q for _, q in quads])[:TRIED]
