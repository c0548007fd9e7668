"""Undoing a shaken camera's streak (issue 23: motion blur) before the board is looked for.

A photo taken while the camera moved is the sharp picture smeared along a short straight line
(3-9 pixels in players' photos): lines across the motion turn into faint wide bands, dashes and
thin rings fade, digits smear. The picture is smoothest along the motion, so the direction is
the one in which neighbouring pixels differ least; along it, the differences of a smeared picture
echo at the streak's length with the opposite sign (an edge turns into a ramp as long as the
streak, whose two ends differ in opposite ways). A picture with a clear streak is deconvolved by
a Wiener filter with that streak; a sharp one, or one blurred evenly (out of focus), is left as it
is: its differences differ little with the direction.
"""

from __future__ import annotations

import cv2
import numpy as np

SHAKEN = 0.7  # the smoothest direction's differences below this share of the roughest: a streak
MIN_STREAK, MAX_STREAK = 4, 11  # streaks shorter than this are left (reading copes), longer not sought
NOISE = 0.02  # Wiener filter's noise-to-signal ratio: larger rings less and sharpens less
LOOK = 512  # side of the middle square the streak is measured in


def sharpened(grey: np.ndarray) -> np.ndarray:
    """``grey`` (uint8) with a camera's streak undone, or ``grey`` itself when it shows none."""
    found = streak_of(grey)
    if found is None:
        return grey
    out: np.ndarray = np.clip(_wiener(grey.astype(np.float32), kernel(*found)), 0, 255).astype(np.uint8)
    return out


def streak_of(grey: np.ndarray) -> tuple[int, float] | None:
    """The streak's length in pixels and its angle (degrees, as ``kernel`` takes it), or None."""
    h, w = grey.shape
    s = min(h, w, LOOK)
    if s < 4 * MAX_STREAK:
        return None
    y0, x0 = _inkiest(grey, s)
    middle = grey[y0:y0 + s, x0:x0 + s].astype(np.float32)
    # how much the picture changes in each direction t: gx cos t + gy sin t, squared and summed, is
    # a + b cos 2t + c sin 2t (from the gradients alone: a picture turned and resampled is smoothed
    # more at some angles than at others); the streak runs where it is least
    gx = cv2.Sobel(middle, cv2.CV_32F, 1, 0, ksize=1)
    gy = cv2.Sobel(middle, cv2.CV_32F, 0, 1, ksize=1)
    xx, yy, xy = float((gx * gx).mean()), float((gy * gy).mean()), float((gx * gy).mean())
    mean, swing = (xx + yy) / 2, float(np.hypot((xx - yy) / 2, xy))
    if mean <= 0 or mean - swing >= SHAKEN * (mean + swing):
        return None
    # (t in the picture's own axes, y down: clockwise as seen, where kernel's degrees turn anticlockwise)
    turn = float(np.degrees(np.arctan2(-2 * xy, -(xx - yy)) / 2)) % 180.0
    # the length: where the differences along the streak (turned to lie along the rows) echo with
    # the opposite sign
    q = s // 4
    along = cv2.warpAffine(middle, cv2.getRotationMatrix2D((s / 2, s / 2), turn, 1.0), (s, s),
                           flags=cv2.INTER_LINEAR)[q:s - q, q:s - q]
    d = np.diff(along, axis=1)
    d -= float(d.mean())
    energy = float((d * d).mean()) or 1.0
    echo = [float((d[:, :-t] * d[:, t:]).mean()) / energy for t in range(2, MAX_STREAK + 1)]
    length = 2 + int(np.argmin(echo))
    if length < MIN_STREAK or length >= MAX_STREAK:
        return None
    return length, (180.0 - turn) % 180.0


def _inkiest(grey: np.ndarray, s: int) -> tuple[int, int]:
    """The top left corner of the square of side ``s`` holding the most thin dark ink, lines and
    characters (the board, not the desk: a wood grain is smooth along its streaks too; not the
    edge of a sheet on a dark desk, which is no thin ink)."""
    h, w = grey.shape
    f = 4
    small = cv2.resize(grey, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    thin = cv2.morphologyEx(small, cv2.MORPH_BLACKHAT, np.ones((7, 7), np.uint8))
    ink = (thin > max(12.0, float(np.percentile(thin, 90)))).astype(np.float32)
    k = max(1, s // f)
    density = cv2.boxFilter(ink, -1, (k, k), normalize=False, anchor=(0, 0), borderType=cv2.BORDER_CONSTANT)
    density = density[:max(1, small.shape[0] - k + 1), :max(1, small.shape[1] - k + 1)]
    y, x = np.unravel_index(int(np.argmax(density)), density.shape)
    return min(int(y) * f, h - s), min(int(x) * f, w - s)


def kernel(length: int, degrees: float) -> np.ndarray:
    """A straight streak ``length`` pixels long at ``degrees`` (anticlockwise), summing to 1."""
    k: np.ndarray = np.zeros((length, length), np.float32)
    k[length // 2, :] = 1.0
    rot = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), degrees, 1.0)
    k = cv2.warpAffine(k, rot, (length, length))
    out: np.ndarray = k / max(1e-6, float(k.sum()))
    return out


def _wiener(image: np.ndarray, k: np.ndarray) -> np.ndarray:
    """``image`` deconvolved by ``k`` (Wiener, :data:`NOISE`), its edges reflected against wrapping."""
    h, w = image.shape
    pad = 2 * k.shape[0]
    big = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_REFLECT)
    rows, cols = cv2.getOptimalDFTSize(big.shape[0]), cv2.getOptimalDFTSize(big.shape[1])
    big = cv2.copyMakeBorder(big, 0, rows - big.shape[0], 0, cols - big.shape[1], cv2.BORDER_REFLECT)
    psf = np.zeros((rows, cols), np.float32)
    kh, kw = k.shape
    psf[:kh, :kw] = k
    psf = np.roll(psf, (-(kh // 2), -(kw // 2)), axis=(0, 1))
    g = cv2.dft(big, flags=cv2.DFT_COMPLEX_OUTPUT)
    p = cv2.dft(psf, flags=cv2.DFT_COMPLEX_OUTPUT)
    pr, pi = p[..., 0], p[..., 1]
    gr, gi = g[..., 0], g[..., 1]
    den = pr * pr + pi * pi + NOISE
    f = np.stack([(gr * pr + gi * pi) / den, (gi * pr - gr * pi) / den], axis=-1)
    out: np.ndarray = cv2.idft(f, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)[pad:pad + h, pad:pad + w]
    return out
