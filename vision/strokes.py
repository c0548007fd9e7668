"""Faint grid lines told from the paper's grain by their length: a hairline grid printed and
photographed small on a page is a grey barely darker than the paper (its top-hat 0.01-0.03, as
deep as the paper's own grain and JPEG noise), so no ink level holds it whole; averaged along a
straight stroke a few cells long, a line keeps its depth while the grain, which runs no way in
particular, averages out. The outlines of the averaged ink are the places a faint board may be.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.grid import SMOOTH

# (bench/README.md, "Photographed pages, fifth pass": measured on the tuning pages whose board no
# other ink showed, masyu-0015 150 dpi, masyu-0017 300 dpi, own-masyu-12 300 dpi)
# the paper's top-hat is averaged along strokes at 1/HALF of the looked-at picture (10x faster, lines still 4-7 px apart)
HALF = 2
STROKE = 9  # pixels (at that scale) a stroke is long: about a cell of the faint boards (6-10 px there)
TURNS = 24  # stroke directions tried, 7.5 degrees apart (a stroke of 9 px is off its line by under a pixel)
CLIP = 0.05  # top-hat depth a stroke's pixel counts at most (a clue's blot, 0.3-0.8, would pass for a line)
# stroke ink at each of these averaged depths: the faint boards' lines averaged 0.012-0.03; the
# paper's grain 0.002-0.016, a wooden desk's 0.03-0.045 (outside the sheet, its outline apart)
LEVELS = (0.024, 0.016, 0.010)
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
