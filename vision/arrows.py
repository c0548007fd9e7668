"""A number with an arrow beside it (an arrow clue: ``2r`` counts the cells to the right).

The arrow is the one stroke much longer than the characters, lying flat (above or below the
number) or upright (beside it); its head is the end with more ink.
"""

from __future__ import annotations

import cv2
import numpy as np

from solvers.genre import ClueKind
from vision.cells import CellGuess, glyph_masks, inked_share, number, without_side_lines
from vision.memo import remembered

ARROW = frozenset({ClueKind.ARROW})


def read_arrow(raw: np.ndarray) -> CellGuess | None:
    """The arrow clue in a cell's ink, or None when the cell holds no arrow; remembered by the
    ink's content for the reading (:mod:`vision.memo`: a screenshot's empty cells are cropped
    alike: one look for all of them)."""
    if inked_share(raw) < 0.01:  # (the lines' removal only takes ink away: too little is left either way)
        return None
    return remembered("arrows", (raw.shape, raw.dtype.str, raw.tobytes()), lambda: _arrow(raw))


def _arrow(raw: np.ndarray) -> CellGuess | None:
    """:func:`read_arrow`, looked for."""
    ink = without_side_lines(raw, 0.92).astype(np.uint8)
    h, w = ink.shape
    if inked_share(ink) < 0.01:
        return None
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    found, parts = None, stats.tolist()  # (Python ints: cheaper to compare)
    for i, (_, _, bw, bh, _) in enumerate(parts[1:], 1):
        flat = bw >= 0.35 * w and bh <= 0.3 * h and bw >= 2.5 * bh
        upright = bh >= 0.4 * h and bw <= 0.3 * w and bh >= 2.5 * bw
        if (flat or upright) and (found is None or max(bw, bh) > max(parts[found][2:4])):
            found = i
    if found is None:
        return None
    x, y, bw, bh, _ = parts[found]
    stroke = labels == found
    rest = (ink.astype(bool) & ~stroke).astype(np.uint8)
    glyphs = glyph_masks(rest, min_height=0.18 * h)
    upright = bh > bw
    if not glyphs:
        return None  # a stroke alone: a character (a serif 1), or an arrow without its number, asked as such
    tallest = max(int(np.ptp(np.nonzero(g)[0])) + 1 for g in glyphs)
    if upright and bh < 1.2 * tallest:
        return None  # as tall as the characters: a character (a 1), not an arrow
    direction = _direction(stroke[y:y + bh, x:x + bw], upright)
    if direction is None:
        return None
    guess = number(glyphs, 1.0)
    if not guess.token.isdigit():
        return CellGuess(f"?{direction}", 0.0, kinds=ARROW)
    return CellGuess(f"{guess.token}{direction}", guess.confidence,
                     tuple(f"{a}{direction}" for a in guess.alternatives), kinds=ARROW, learned=guess.learned)


def _direction(stroke: np.ndarray, upright: bool) -> str | None:
    """'u', 'r', 'd' or 'l': the end of the stroke whose head (the widest part) it points to."""
    profile = stroke.sum(axis=1 if upright else 0).astype(float)
    k = max(1, len(profile) // 3)
    start, end = profile[:k].sum(), profile[-k:].sum()
    shaft = float(np.median(profile[k:-k])) if len(profile) > 2 * k else 1.0
    if max(profile.max(), 1.0) < 2.0 * max(shaft, 1.0) or abs(start - end) < 0.2 * max(start, end):
        return None  # no head: a plain bar
    if upright:
        return "u" if start > end else "d"
    return "l" if start > end else "r"
