"""A small learned reader of one printed character (0-9 or ?): a perceptron with two hidden layers over
the same features as :mod:`vision.glyphs`, trained on synthetic degraded cells by
``bench/glyphnet/train.py`` (the same file each run) and shipped as ``glyphnet.npz`` beside this
module (nothing is fetched at run time). Plain numpy: no runtime dependency beyond the reader's."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

MODEL = Path(__file__).with_name("glyphnet.npz")


@cache
def _weights() -> tuple[np.ndarray, ...]:
    data = np.load(MODEL)
    return tuple(data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2", "w3", "b3"))


def probabilities(x: np.ndarray) -> np.ndarray:
    """Each row's (glyph features, see :func:`vision.glyphs.features`) probability of every class
    in :data:`vision.glyphs.CLASSES`."""
    w1, b1, w2, b2, w3, b3 = _weights()
    # (einsum, not BLAS: as in vision.glyphs, BLAS threads spinning on a busy machine are slower)
    h = np.maximum(np.einsum("ij,jk->ik", x.astype(np.float32), w1, optimize=False) + b1, 0.0)
    h = np.maximum(np.einsum("ij,jk->ik", h, w2, optimize=False) + b2, 0.0)
    z = np.einsum("ij,jk->ik", h, w3, optimize=False) + b3
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    out: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return out
