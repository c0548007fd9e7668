"""The forward pass of the reader's small learned judges (:mod:`vision.glyphnet` for characters,
:mod:`vision.kindnet` for a cell's kind): a perceptron with two hidden layers, its weights in an
``.npz`` beside the module (``w1 b1 w2 b2 w3 b3``), run in plain numpy (nothing fetched, no
runtime beyond the reader's)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np


@cache
def weights(model: Path) -> tuple[np.ndarray, ...]:
    data = np.load(model)
    return tuple(data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2", "w3", "b3"))


def probabilities(model: Path, x: np.ndarray) -> np.ndarray:
    """Each row's (one cell's features) probability of every class of ``model``."""
    w1, b1, w2, b2, w3, b3 = weights(model)
    # (einsum, not BLAS: as in vision.glyphs, BLAS threads spinning on a busy machine are slower)
    h = np.maximum(np.einsum("ij,jk->ik", x.astype(np.float32), w1, optimize=False) + b1, 0.0)
    h = np.maximum(np.einsum("ij,jk->ik", h, w2, optimize=False) + b2, 0.0)
    z = np.einsum("ij,jk->ik", h, w3, optimize=False) + b3
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out
