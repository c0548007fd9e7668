"""A hairline ring found by its circular profile (issue 23: a print's white pearls on a photographed
page, 12-30 pixels a cell, blurred to a grey donut that no ink level separates from the paper and
the grid lines): the cell's darkness sampled along circles about centres near the cell's middle;
a ring is darker on its circle than just inside and just outside it in every sector all the way
round (closed), at one radius (round), and clearly more so than the paper's own noise."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

SIDE = 48  # the cell is resampled to this many pixels a side
ANGLES, SECTORS = 32, 8  # directions sampled round a circle; a ring is dark in every sector of them
MIN_RADIUS, MAX_RADIUS = 0.21, 0.44  # a ring's radius as a share of the cell (a circle clue, not a digit's loop)
SHIFT = 0.15  # its centre at most this share of the cell from the cell's middle (a board straightened roughly)
STEP = 0.05  # ... looked for in steps of this share
BAND = 0.1  # the contrast is taken against the darkness this share of the cell inside and outside the circle
FOUND = 0.02  # a ring: every sector this much darker on the circle than on either side
SURE_RING = 0.04  # ... and sure when this much
NOISE_SHARE = 0.6  # ... and darker on its circle than the darkest tenth off it by this share (not chance blots
#                    of a noisy crop, ripples of a sharpened one, arranged round a circle)


@dataclass(frozen=True)
class Ring:
    """A ring found in a cell: its contrast (the weakest sector's) and its radius (share of the cell)."""

    contrast: float
    radius: float

    @property
    def sure(self) -> bool:
        return self.contrast >= SURE_RING


def find_ring(dark: np.ndarray) -> Ring | None:
    """The ring in a cell's darkness crop (0 paper .. 1 ink, the cell's box), or None."""
    if dark.shape[0] < 8 or dark.shape[1] < 8:
        return None
    small = cv2.resize(dark.astype(np.float32), (SIDE, SIDE), interpolation=cv2.INTER_AREA)
    d: np.ndarray = small - np.float32(np.median(small))  # (the paper at 0)
    if float(d.max()) < FOUND:  # (paper only)
        return None
    band = max(2, round(BAND * SIDE))
    lo, hi = round(MIN_RADIUS * SIDE), round(MAX_RADIUS * SIDE)
    profile = _polar(d, hi + band + 1)  # centre, radius, angle
    r = np.arange(lo, hi + 1)
    ring = (profile[:, r - 1] + profile[:, r] + profile[:, r + 1]) / 3
    side = np.maximum(profile[:, r - band], profile[:, r + band])
    contrasts = (ring - side).reshape(len(_shifts()), len(r), SECTORS, -1).mean(axis=3).min(axis=2)
    i, j = np.unravel_index(int(np.argmax(contrasts)), contrasts.shape)
    contrast, radius = float(contrasts[i, j]), int(r[j])
    if contrast < FOUND:
        return None
    oy, ox = _shifts()[i]
    cx, cy = SIDE / 2 - 0.5 + ox, SIDE / 2 - 0.5 + oy
    # the paper's noise about the ring: the darkness off its circle, in the cell's middle (not its lines)
    yy, xx = np.mgrid[:SIDE, :SIDE]
    dist = np.hypot(xx - cx, yy - cy)
    away = d[(np.abs(dist - radius) > band) & (dist < 0.45 * SIDE)]
    noise = float(np.percentile(away, 90)) if away.size else 0.0
    if noise > NOISE_SHARE * float(ring[i, j].mean()):
        return None
    return Ring(contrast, radius / SIDE)


@cache
def _shifts() -> tuple[tuple[float, float], ...]:
    """The centres tried, as offsets from the middle in pixels, the middle first."""
    steps = np.arange(-SHIFT, SHIFT + 1e-9, STEP) * SIDE
    return tuple(sorted(((float(y), float(x)) for y in steps for x in steps), key=lambda o: o[0]**2 + o[1]**2))


@cache
def _rays(reach: int) -> tuple[np.ndarray, np.ndarray]:
    """Where the polar samples lie: for each centre tried (:func:`_shifts`), one row per radius
    0..reach-1 and one column per angle (x and y maps for one remap of all of them)."""
    t = np.arange(ANGLES) * 2 * np.pi / ANGLES
    rho = np.arange(reach, dtype=np.float64)[:, None]
    xs = [SIDE / 2 - 0.5 + ox + rho * np.cos(t)[None, :] for _, ox in _shifts()]
    ys = [SIDE / 2 - 0.5 + oy + rho * np.sin(t)[None, :] for oy, _ in _shifts()]
    return np.vstack(xs).astype(np.float32), np.vstack(ys).astype(np.float32)


def _polar(d: np.ndarray, reach: int) -> np.ndarray:
    """``d`` sampled along rays from each centre tried: centre by radius by angle."""
    mx, my = _rays(reach)
    out: np.ndarray = cv2.remap(d, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(len(_shifts()), reach, ANGLES)
