"""Pictures that hold no puzzle board, for the reader's refusal tests and benchmark."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageDraw, ImageFont


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


def numbered_crossword(rng: np.random.Generator, n: int = 15, cell: int = 40) -> bytes:
    """A crossword as printed (PNG): black squares placed symmetrically, each entry's first cell
    numbered small in its top-left corner."""
    black = np.zeros((n, n), bool)
    while black.sum() < 0.16 * n * n:
        r, c = rng.integers(0, n, 2)
        black[r, c] = black[n - 1 - r, n - 1 - c] = True
    m = 20
    img = Image.new("L", (2 * m + n * cell, 2 * m + n * cell), 255)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", int(cell * 0.3))
    k = 0
    for r in range(n):
        for c in range(n):
            x, y = m + c * cell, m + r * cell
            if black[r, c]:
                d.rectangle([x, y, x + cell, y + cell], fill=0)
                continue
            across = (c == 0 or black[r, c - 1]) and c + 1 < n and not black[r, c + 1]
            down = (r == 0 or black[r - 1, c]) and r + 1 < n and not black[r + 1, c]
            if across or down:
                k += 1
                d.text((x + 3, y + 2), str(k), fill=0, font=font)
    for i in range(n + 1):
        d.line([m + i * cell, m, m + i * cell, m + n * cell], fill=0, width=2)
        d.line([m, m + i * cell, m + n * cell, m + i * cell], fill=0, width=2)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()
