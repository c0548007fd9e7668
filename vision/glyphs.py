"""Reading one printed character (0-9 or ?) with a nearest-neighbour classifier.

The examples it compares against are rendered from common typefaces (DejaVu, Liberation, Nimbus,
FreeSans) at many sizes, weights, slants and blurs by ``scripts/train_glyphs.py`` and shipped as
``glyphs.npz`` beside this module: nothing is fetched at run time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

CLASSES = "0123456789?"
SIZE = 16  # a glyph is compared as a SIZE x SIZE picture (aspect kept) plus its aspect ratio
K = 7
MODEL = Path(__file__).with_name("glyphs.npz")


@dataclass(frozen=True)
class Guess:
    """The character read, how sure (0..1), and the next-best character."""

    char: str
    confidence: float
    runner_up: str


def features(ink: np.ndarray) -> np.ndarray:
    """A glyph's feature vector from its ink mask (any size; 1 = ink), cropped to the ink."""
    ys, xs = np.nonzero(ink)
    if len(xs) == 0:
        return np.zeros(SIZE * SIZE + 1, np.float32)
    crop = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32)
    h, w = crop.shape
    scale = (SIZE - 2) / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    box = np.zeros((SIZE, SIZE), np.float32)
    y0, x0 = (SIZE - nh) // 2, (SIZE - nw) // 2
    box[y0:y0 + nh, x0:x0 + nw] = small
    smooth = cv2.GaussianBlur(box, (3, 3), 0.7)
    norm = float(np.linalg.norm(smooth)) or 1.0
    aspect = np.float32(min(2.0, w / h))
    return np.concatenate([smooth.ravel() / norm, [aspect * 0.5]]).astype(np.float32)


@cache
def _examples() -> tuple[np.ndarray, np.ndarray]:
    """Every shipped example: features and classes (read from disk once)."""
    data = np.load(MODEL)
    return data["x"].astype(np.float32) / 255.0, data["y"].astype(np.int64)


@cache
def _model(allowed: str = CLASSES) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The examples of the ``allowed`` characters: features, classes, squared norms."""
    x, y = _examples()
    keep = np.isin(y, [CLASSES.index(c) for c in allowed])
    x, y = np.ascontiguousarray(x[keep]), y[keep]
    return x, y, (x * x).sum(1)


def classify(glyphs: list[np.ndarray], allowed: str = CLASSES) -> list[Guess]:
    """The best guess for each glyph (ink masks), choosing among ``allowed`` characters."""
    if not glyphs:
        return []
    x, y, norms = _model(allowed)
    q = np.stack([features(g) for g in glyphs])
    q[:, :-1] = np.round(q[:, :-1] * 255.0) / 255.0
    # (einsum, not BLAS: a few glyphs against the examples is small work, and BLAS threads
    # spinning on a busy machine made it ten times slower)
    d = (q * q).sum(1)[:, None] + norms[None, :] - 2.0 * np.einsum("ij,kj->ik", q, x, optimize=False)
    out = []
    for row in d:
        near = np.argpartition(row, K)[:K]
        votes = np.bincount(y[near], minlength=len(CLASSES))
        best = int(np.argmax(votes))
        mine = row[y == best].min()
        others = row[y != best]
        other_d = float(others.min()) if len(others) else np.inf
        runner = int(y[y != best][np.argmin(others)]) if len(others) else best
        margin = (np.sqrt(max(other_d, 0.0)) - np.sqrt(max(float(mine), 0.0))) / max(np.sqrt(max(other_d, 1e-9)), 1e-9)
        confidence = float(min(votes[best] / K, 0.5 + 2.0 * margin))
        out.append(Guess(CLASSES[best], max(0.0, min(1.0, confidence)), CLASSES[runner]))
    return out
