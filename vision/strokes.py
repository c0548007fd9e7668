"""Faint grid lines told from the paper's grain by their length: a hairline grid printed and
photographed small on a page is a grey barely darker than the paper (its top-hat 0.01-0.03, as
deep as the paper's own grain and JPEG noise), so no ink level holds it whole; averaged along a
straight stroke a few cells long, a line keeps its depth while the grain, which runs no way in
particular, averages out. The outlines of the averaged ink are the places a faint board may be.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.grid import SMOOTH, flatten
from vision.lattice import MAX_CELLS, MIN_CELLS

# (bench/README.md, "Photographed pages, fifth pass": measured on the tuning pages whose board no
# other ink showed: three dev pages of 12-21 px cells, named there)
# the paper's top-hat is averaged along strokes at 1/HALF of the looked-at picture (10x faster,
# the lines still 4-7 px apart)
HALF = 2
STROKE = 9  # pixels (at that scale) a stroke is long: about a cell of the faint boards (6-10 px there)
TURNS = 24  # stroke directions tried, 7.5 degrees apart (a stroke of 9 px is off its line by under a pixel)
CLIP = 0.05  # top-hat depth a stroke's pixel counts at most (a clue's blot, 0.3-0.8, would pass for a line)
# stroke ink at each of these averaged depths: the faint boards' lines averaged 0.012-0.03; the
# paper's grain 0.002-0.016, a wooden desk's 0.03-0.045 (outside the sheet, its outline apart)
LEVELS = (0.024, 0.016, 0.010)
MARGIN = 0.1  # a faint grid is counted within its stroke outline grown by this share of its side
FAINT_SIDE = 480  # pixels a side it is counted at (cells of 20 px or more up to 20x20)
FAINT_HAT = 11  # pixels of the top-hat there: wider than a blurred hairline blown up (5-7 px), under half a cell
SHEARS = np.linspace(-0.12, 0.12, 13)  # the lines' slant tried: up to 7 degrees, the hulls' seen 2-5
# a line of the run is this share of its usual depth or more (every other line of a 150 dpi print
# 0.5-0.7 of it, an outer one 0.4)
KEPT = 0.3
# (a dev page's 10x10 grid, its lines 0.005 deep: deepened 3 times read 10x10 with 1 cell asked, 5 times
# 23, 8 times 79: the paper's grain deepened with the lines)
DEEP, GAIN = 0.1, 3.0  # a faint grid's darkness deepened toward this line depth, by at most so many times
GROW = 5  # the stroke ink closed this wide (at that scale): a faint line's gaps at clues and crossings


def stroke_ink(paper: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """The thin dark ink of ``paper`` (flattened, 1.0 = paper) averaged along its likeliest stroke
    direction, as ink at each of :data:`LEVELS` with its closing, at 1/:data:`HALF` of its scale."""
    k = max(5, round(max(paper.shape) / 200)) | 1  # (as grid.hairline_ink: wider than a line, narrower than a cell)
    smoothed = cv2.GaussianBlur(paper, (0, 0), SMOOTH)
    hat = cv2.morphologyEx(smoothed, cv2.MORPH_BLACKHAT, np.ones((k, k), np.uint8))
    hat = np.minimum(hat, CLIP).astype(np.float32)
    small = cv2.resize(hat, (max(1, hat.shape[1] // HALF), max(1, hat.shape[0] // HALF)), interpolation=cv2.INTER_AREA)
    best = np.zeros_like(small)
    for kernel in _strokes():
        np.maximum(best, cv2.filter2D(small, -1, kernel), out=best)
    return [((best > level).astype(np.uint8), GROW) for level in LEVELS]


def _strokes() -> list[np.ndarray]:
    """Kernels averaging along a straight stroke of :data:`STROKE` pixels, one per direction."""
    c = (STROKE - 1) / 2
    out = []
    for a in np.radians(np.arange(TURNS) * 180.0 / TURNS):
        kernel = np.zeros((STROKE, STROKE), np.float32)
        s = np.linspace(-c, c, 4 * STROKE)
        kernel[np.rint(c + s * np.sin(a)).astype(int), np.rint(c + s * np.cos(a)).astype(int)] = 1.0
        out.append(kernel / kernel.sum())
    return out


@dataclass(frozen=True)
class Faint:
    """A faint grid counted by its lines' profiles: its outline (on the lines), its count, how far
    its lines stand out of the paper between them, and how deep they are (top-hat)."""

    quad: np.ndarray
    rows: int
    cols: int
    clarity: float
    depth: float


def faint_count(paper: np.ndarray, quad: np.ndarray) -> Faint | None:
    """The grid about ``quad`` (an outline of stroke ink, a little wider or narrower than the
    board) counted from the median darkness along each row and column of lines, straightened with
    a margin: a median passes over a clue's blot, which the plain count takes for ink; the lines
    kept are the run of evenly spaced ones deeper than :data:`KEPT` of the run's usual depth."""
    big = drawn_in(quad, -MARGIN * float(np.ptp(quad, axis=0).max()))
    side = FAINT_SIDE
    target = np.array([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]], np.float32)
    m = cv2.getPerspectiveTransform(big.astype(np.float32), target)
    flat = cv2.warpPerspective(paper, m, (side, side), flags=cv2.INTER_LINEAR, borderValue=1.0)
    hat = cv2.morphologyEx(flat, cv2.MORPH_BLACKHAT, np.ones((FAINT_HAT, FAINT_HAT), np.uint8))
    tx, px = _upright(hat)
    ty, py = _upright(hat.T)
    xs, ys = _lines(px), _lines(py)
    if xs is None or ys is None:
        return None
    (x0, x1, cols, cx, dx), (y0, y1, rows, cy, dy) = xs, ys
    if not (0.8 <= (x1 - x0) / cols / max((y1 - y0) / rows, 1e-6) <= 1.25):
        return None  # (cells far from square: two unrelated periods)
    c = (side - 1) / 2  # (line k across: x = X_k - tx (y - c); down: y = Y_k - ty (x - c))
    corners = []
    for xk, yk in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)):
        x = c + (xk - c - tx * (yk - c)) / (1.0 - tx * ty)
        corners.append((x, yk - ty * (x - c)))
    out = cv2.perspectiveTransform(np.array([corners], np.float32), np.linalg.inv(m))[0]
    return Faint(out, rows, cols, min(cx, cy), min(dx, dy))


def _upright(hat: np.ndarray) -> tuple[float, np.ndarray]:
    """The shear (x moved by t (y - middle)) that stands the lines across ``hat`` upright, found
    as the one whose median profile of columns is the most uneven (an outline of stroke ink is
    a hull, its sides some degrees off the lines'), and that profile."""
    c = (hat.shape[0] - 1) / 2
    best: tuple[float, float, np.ndarray] = (-1.0, 0.0, np.zeros(0))
    for t in SHEARS:
        sheared = cv2.warpAffine(hat, np.array([[1.0, t, -t * c], [0.0, 1.0, 0.0]], np.float32),
                                 (hat.shape[1], hat.shape[0]), flags=cv2.INTER_LINEAR, borderValue=0.0)
        profile = np.median(sheared[int(0.1 * c):int(1.9 * c)], axis=0)
        if float(profile.var()) > best[0]:
            best = (float(profile.var()), float(t), profile)
    return best[1], best[2]


def _lines(profile: np.ndarray) -> tuple[float, float, int, float, float] | None:
    """The first and last line of the longest run of evenly spaced peaks of ``profile``, the
    cells between them, how far the run's lines stand above the profile half-way between them
    (as a multiple of that profile's spread) and their usual depth."""
    p = profile.astype(np.float64) - float(np.median(profile))
    n = len(p)
    ac = np.correlate(p, p, "full")[n - 1:]
    lo, hi = max(4, n // (MAX_CELLS + 6)), n // (MIN_CELLS + 1)
    if hi <= lo + 2:
        return None
    rough = lo + int(np.argmax(ac[lo:hi]))
    # (the pitch to a tenth of a pixel with its phase: a whole pixel off drifts a third of a line's
    # reach over 12 cells)
    grid = [(q, f) for q in np.arange(rough - 1.0, rough + 1.05, 0.1) for f in np.arange(0.0, q, 0.5)]
    sums = [float(np.interp(np.arange(f, n - 1, q), np.arange(n), p).sum()) for q, f in grid]
    pitch, best = grid[int(np.argmax(sums))]
    at = np.arange(best, n - 1, pitch)
    # (each line at its own peak within an eighth of a cell)
    reach = max(1, int(pitch / 8))
    peaks = np.array([max(range(max(0, int(a) - reach), min(n, int(a) + reach + 1)), key=lambda i: p[i]) for a in at])
    depth = p[peaks]
    between = np.interp(np.clip(peaks + pitch / 2, 0, n - 1), np.arange(n), p)
    usual = float(np.median(np.sort(depth)[len(depth) // 2:]))
    if usual <= 0:
        return None
    strong = depth > KEPT * usual
    run, best_run = 0, (0, 0)
    for i, s in enumerate(strong):
        run = run + 1 if s else 0
        if run and run > best_run[1] - best_run[0]:
            best_run = (i - run + 1, i + 1)
    first, last = best_run
    cells = last - first - 1
    if not (MIN_CELLS <= cells <= MAX_CELLS):
        return None
    lines = depth[first:last]
    spread = float(np.std(between[first:last - 1])) or 1e-6
    clarity = float(np.median(lines) - np.median(between[first:last - 1])) / spread
    return float(peaks[first]), float(peaks[last - 1]), cells, clarity, float(np.median(lines))


def drawn_in(quad: np.ndarray, d: float) -> np.ndarray:
    """``quad`` with each side moved ``d`` pixels inwards (a corner along both its sides; outwards
    when ``d`` is negative)."""
    out = quad.astype(np.float32).copy()
    for i in range(4):
        for j in ((i + 1) % 4, (i + 3) % 4):
            step = quad[j] - quad[i]
            out[i] += np.float32(d) * step / max(float(np.linalg.norm(step)), 1e-6)
    return out


def deepened(grey: np.ndarray, depth: float) -> np.ndarray:
    """``grey`` (8-bit) with its darkness over the paper multiplied so that lines ``depth`` deep
    (:attr:`Faint.depth`) come out as a plain print's would (:data:`DEEP`, at most :data:`GAIN`
    times): a faint grid read as the reader reads plain ones (its count found, its rings seen)."""
    gain = float(np.clip(DEEP / max(depth, 1e-6), 1.0, GAIN))
    paper = flatten(grey)
    return np.asarray(np.clip(255.0 * (1.0 - gain * (1.0 - paper)), 0, 255), np.uint8)
