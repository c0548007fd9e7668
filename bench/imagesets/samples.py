"""Pictures that hold no puzzle board, for the reader's refusal tests and benchmark."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw


def crossword(rng: np.random.Generator) -> bytes:
    """A 15x15 crossword-like grid (PNG): lines and 60 black squares, no circles or numbers."""
    img = Image.new("L", (600, 600), 255)
    d = ImageDraw.Draw(img)
    for k in range(16):
        d.line([20 + k * 37, 20, 20 + k * 37, 575], fill=0, width=2)
        d.line([20, 20 + k * 37, 575, 20 + k * 37], fill=0, width=2)
    for _ in range(60):
        x, y = rng.integers(0, 15, 2)
        d.rectangle([20 + x * 37, 20 + y * 37, 57 + x * 37, 57 + y * 37], fill=0)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()
