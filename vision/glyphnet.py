"""A small learned reader of one printed character (0-9 or ?): a perceptron with two hidden layers over
the same features as :mod:`vision.glyphs`, trained on synthetic degraded cells by
``bench/glyphnet/train.py`` (the same file each run) and shipped as ``glyphnet.npz`` beside this
module (nothing is fetched at run time). Plain numpy: no runtime dependency beyond the reader's."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision import mlp

MODEL = Path(__file__).with_name("glyphnet.npz")


def probabilities(x: np.ndarray) -> np.ndarray:
    """Each row's (glyph features, see :func:`vision.glyphs.features`) probability of every class
    in :data:`vision.glyphs.CLASSES`."""
    return mlp.probabilities(MODEL, x)
