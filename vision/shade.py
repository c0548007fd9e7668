"""A shadow across a found board, told from filled cells by its edge (issue 23: shadows).

The paper's light (:func:`vision.light.paper_light`) is taken over a quarter of the picture, as
the grid is not known yet: a band of shade narrower than that, a wedge into a corner or a curved
edge is partly taken for drawing, so shaded paper reads as grey ink or as filled cells. Once the
board is found its cell size is known. Shade is then an area darker than the paper, wider than
any stroke and lighter than black ink (it leaves some light), like a cluster of grey filled cells;
what sets the two apart is the edge: filled cells end on the grid's lines, a shadow's edge runs
across cells. In shade the paper is lit by the shaded paper around each pixel (ink left out).
A shadow's edge can also close an outline with three sides of the frame (:func:`odd_side`).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.blocks import tones
from vision.board import Board

SHADED = 0.85  # a tone below this: darker than paper (shade, filled cells, ink)
THICK = 0.25  # share of a cell a dark area is wider than (strokes and lines are not)
DEEP = 0.35  # a tone below this is black ink (shade is lighter: it leaves some light)
WIDE = 0.25  # cells of area a shade covers at least
FRINGE = 0.1  # share of a cell the shade is widened by (its soft edge)
FRAME = 0.15  # share of a cell along the board's edge left out when shade is looked for
NEAR = 0.12  # share of a cell an edge may lie off a grid line and still follow it
ALONG = 2.0  # an edge runs along a line when it changes this many times faster across it
OFF = 0.5  # share of a dark area's edge off the grid lines from which it is shade
STROKE = 0.3  # share of a cell wider than lines and characters' strokes
INKED = 0.7  # a pixel darker than this share of the paper a stroke's width away is ink
SPREAD = 0.2  # cells the paper is averaged over (sigma)
SIDE_REACH = 0.12  # share of a cell around a frame's side its line is looked for in
FAINT_SIDE = 0.5  # a side this much fainter than the others is no frame's
SMALL_PITCH = 20  # pixels a cell in the smaller copy shade is looked for in


def lit(board: Board, grey: np.ndarray) -> tuple[Board, np.ndarray]:
    """``board`` with the paper under a shadow found across it brought back to paper, and the
    board's tones (0..1 of the paper's light, straightened), the shadow's brought back too."""
    tone = board.straighten(tones(grey))
    if board.bare or board.dots or board.rows < 2 or board.cols < 2:
        return board, tone
    pitch = board.pitch
    f = min(1.0, SMALL_PITCH / max(pitch, 1.0))
    h, w = tone.shape[:2]
    size = (max(1, round(w * f)), max(1, round(h * f)))
    small_tone = cv2.resize(tone, size, interpolation=cv2.INTER_AREA)
    shade = _shade(small_tone, board.xs * f, board.ys * f, pitch * f)
    if shade is None:
        return board, tone
    raw = board.straighten(grey.astype(np.float32) / 255.0)
    small_raw = cv2.resize(raw, size, interpolation=cv2.INTER_AREA)
    k = max(3, round(STROKE * pitch * f)) | 1
    around = cv2.morphologyEx(small_raw, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    ink = (small_raw < INKED * around) | (small_tone < DEEP)
    weights = (shade & ~cv2.dilate(ink.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)).astype(np.float32)
    sigma = max(1.0, SPREAD * pitch * f)
    total = cv2.GaussianBlur(weights, (0, 0), sigma)
    light = cv2.GaussianBlur(small_raw * weights, (0, 0), sigma) / np.maximum(total, 1e-3)
    inside = (shade & (total > 0.05)).astype(np.float32)
    light_up = cv2.resize(light.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    inside_up = cv2.resize(inside, (w, h), interpolation=cv2.INTER_LINEAR) > 0.5
    lifted = np.clip(raw / np.maximum(light_up, 1e-3), 0.0, 1.0)
    tone = np.where(inside_up, np.maximum(tone, lifted), tone).astype(np.float32)
    paper = np.where(inside_up, np.maximum(board.paper, lifted), board.paper).astype(np.float32)
    return replace(board, paper=paper), tone


def _shade(tone: np.ndarray, xs: np.ndarray, ys: np.ndarray, pitch: float) -> np.ndarray | None:
    """Shade in a small copy of the board's tones (a mask, slightly widened for a soft edge's
    fringe): areas darker than paper, wider than any stroke, not black, whose edges mostly run
    off the grid's lines; None when there is none."""
    r = max(1, round(THICK * pitch / 2))
    disk = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    dark: np.ndarray = cv2.morphologyEx((tone < SHADED).astype(np.uint8), cv2.MORPH_OPEN, disk)
    h, w = dark.shape
    m = max(1, round(FRAME * pitch))  # (the board's frame, a thick line, joins every shade that reaches it)
    if min(h, w) <= 4 * m:
        return None
    dark[:m], dark[-m:], dark[:, :m], dark[:, -m:] = 0, 0, 0, 0
    n, labels = cv2.connectedComponents(dark, connectivity=8)
    if n <= 1:
        return None
    edge = dark - cv2.erode(dark, np.ones((3, 3), np.uint8))
    ey, ex = np.nonzero(edge)
    inside = (ex > m) & (ex < w - 1 - m) & (ey > m) & (ey < h - 1 - m)  # (where the frame was cut off: no edge)
    ey, ex = ey[inside], ex[inside]
    # an edge follows a line when it lies along it: near it and running its way; each edge pixel
    # counts as much as the tone changes there (a light grey cell's ragged outline at the tone
    # looked for, in its even grey, counts little)
    smooth = cv2.GaussianBlur(tone.astype(np.float32), (0, 0), 1.0)
    gx = np.abs(cv2.Sobel(smooth, cv2.CV_32F, 1, 0))[ey, ex]
    gy = np.abs(cv2.Sobel(smooth, cv2.CV_32F, 0, 1))[ey, ex]
    near = max(1.0, NEAR * pitch)
    upright = (np.min(np.abs(ex[:, None] + 0.5 - xs[None, :]), axis=1) <= near) & (gx > ALONG * gy)
    level = (np.min(np.abs(ey[:, None] + 0.5 - ys[None, :]), axis=1) <= near) & (gy > ALONG * gx)
    which = labels[ey, ex]
    strength = np.hypot(gx, gy)
    edges = np.bincount(which, weights=strength, minlength=n)
    away = np.bincount(which, weights=strength * ~(upright | level), minlength=n)
    area = np.bincount(labels.ravel(), minlength=n)
    depth = np.bincount(labels.ravel(), weights=tone.ravel(), minlength=n) / np.maximum(area, 1)
    keep = np.zeros(n, bool)
    keep[1:] = (away[1:] > OFF * np.maximum(edges[1:], 1e-6)) & (depth[1:] > DEEP) & (area[1:] >= WIDE * pitch ** 2)
    if not keep.any():
        return None
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(1, round(FRINGE * pitch)) * 2 + 1,) * 2)
    kept = cv2.dilate(keep[labels].astype(np.uint8), grow)
    out: np.ndarray = cv2.copyMakeBorder(kept[m:-m, m:-m], m, m, m, m, cv2.BORDER_REPLICATE) > 0  # (on to the frame)
    return out


def odd_side(board: Board) -> bool:
    """Whether one side of the board's frame is much fainter than the others: an outline closed
    by a shadow's edge (a soft step, left grey by flattening) rather than by the frame, so rows or
    columns beyond it were left out (the size is then asked). The four sides of a frame are drawn
    with the same pen."""
    if board.bare or board.dots or board.rows < 2 or board.cols < 2:
        return False
    dark = 1.0 - board.paper
    h, w = dark.shape
    pitch = board.pitch
    d = max(2, round(SIDE_REACH * pitch))
    y0, y1 = round(board.ys[0]), round(board.ys[-1])
    x0, x1 = round(board.xs[0]), round(board.xs[-1])
    inner = slice(max(0, y0) + d, min(h, y1) - d), slice(max(0, x0) + d, min(w, x1) - d)

    rows, cols = inner
    sides = [float(np.median(strip.max(axis=axis))) if strip.size else 0.0 for strip, axis in (
        (dark[rows, max(0, x0 - d):x0 + d + 1], 1), (dark[rows, max(0, x1 - d):x1 + d + 1], 1),
        (dark[max(0, y0 - d):y0 + d + 1, cols], 0), (dark[max(0, y1 - d):y1 + d + 1, cols], 0))]
    ranked = sorted(sides)
    return ranked[0] < FAINT_SIDE * ranked[2]
