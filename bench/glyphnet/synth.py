"""Synthetic cells with printed numbers, degraded as photos and prints degrade them, reduced to the
reader's glyph features (the ink masks :mod:`vision.cells` cuts, then :func:`vision.glyphs.features`).

A cell is drawn large (grid-line remnants on its sides, a number of one to three characters in one
of the system's typefaces or the renderer's), then turned, shifted, blurred or smeared, scaled
down to a small cell, given noise, uneven paper and JPEG, scaled up again as the reader enlarges
small cells, and cut into glyphs by the reader's own code at both of its ink levels. Only glyphs
of cells cut into as many glyphs as the number has characters are kept (labelled in order).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from vision.cells import INK, cell_ink, glyph_masks  # noqa: E402
from vision.glyphs import CLASSES, features  # noqa: E402

FAINT_INK = 0.28  # vision.reading's second ink level
BIG = 96  # the side a cell is drawn at before it is degraded
FONT_NAMES = (
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
    "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSerif-Regular.ttf",
    "LiberationSerif-Bold.ttf", "LiberationMono-Regular.ttf", "LiberationSansNarrow-Regular.ttf",
    "FreeSans.ttf", "FreeSansBold.ttf", "FreeSerif.ttf", "FreeSerifBold.ttf", "FreeMono.ttf",
    "DroidSans.ttf", "DroidSans-Bold.ttf", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSerif-Regular.ttf",
    "NotoSansMono-Regular.ttf",
)


def fonts() -> list[Path]:
    """The typefaces found (system fonts by name, then the renderer's own), in a fixed order."""
    found: dict[str, Path] = {}
    for p in sorted(Path("/usr/share/fonts").rglob("*")):
        if p.name in FONT_NAMES and p.name not in found:
            found[p.name] = p
    found["rendering"] = REPO / "rendering" / "DejaVuSans-Bold.ttf"
    return [found[k] for k in sorted(found)]


def _label(rng: np.random.Generator) -> str:
    r = rng.random()
    if r < 0.04:
        return "?"
    digits = 1 if r < 0.7 else 2 if r < 0.95 else 3
    first = str(int(rng.integers(1 if digits > 1 else 0, 10)))
    return first + "".join(str(int(rng.integers(0, 10))) for _ in range(digits - 1))


def draw(text: str, font: Path, rng: np.random.Generator) -> np.ndarray:
    """The cell drawn large: darkness 0..1 (1 = ink)."""
    img = Image.new("L", (BIG, BIG), 0)
    d = ImageDraw.Draw(img)
    height = rng.uniform(0.42, 0.78) * BIG
    f = ImageFont.truetype(str(font), max(8, round(height * 1.35)))
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f)
    fit = min(1.0, 0.88 * BIG / max(1, x1 - x0))
    if fit < 1.0:
        f = ImageFont.truetype(str(font), max(8, round(height * 1.35 * fit)))
        x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f)
    cx, cy = BIG / 2 + rng.normal(0, 2.5), BIG / 2 + rng.normal(0, 2.5)
    d.text((cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), text, fill=255, font=f)
    a: np.ndarray = np.asarray(img, np.float32) / 255.0
    weight = int(rng.integers(-1, 3))
    if weight > 0:
        a = cv2.dilate(a, np.ones((weight + 1, weight + 1), np.uint8))
    elif weight < 0:
        a = cv2.erode(a, np.ones((2, 2), np.uint8))
    line = int(rng.integers(1, 6))  # the grid lines' remnants along the sides
    for side in range(4):
        if rng.random() < 0.8:
            off = int(rng.integers(-line, 3))
            lo, hi = max(0, off), max(0, off + line)
            if hi > lo:
                if side == 0:
                    a[lo:hi] = 1.0
                elif side == 1:
                    a[BIG - hi:BIG - lo] = 1.0
                elif side == 2:
                    a[:, lo:hi] = 1.0
                else:
                    a[:, BIG - hi:BIG - lo] = 1.0
    return a


def shrink(a: np.ndarray, rng: np.random.Generator, slant: float, sides: tuple[int, int],
           smeared: float) -> tuple[np.ndarray, int]:
    """A drawn cell (BIG x BIG, 1 ink) turned, slanted and shifted, blurred (35% of cells) or
    smeared by motion (up to ``smeared``), and reduced to its size in the picture (drawn from
    ``sides``, end excluded); the kind trainer shakes its cells the same way."""
    m: np.ndarray = cv2.getRotationMatrix2D((BIG / 2, BIG / 2), rng.uniform(-4, 4), 1.0).astype(np.float64)
    m[0, 1] += rng.uniform(-slant, slant)
    m[:, 2] += rng.normal(0, 1.5, 2)
    a = cv2.warpAffine(a, m, (BIG, BIG), borderMode=cv2.BORDER_REPLICATE)
    side = int(rng.integers(*sides))
    blur = rng.random()
    if blur < 0.35:
        a = cv2.GaussianBlur(a, (0, 0), rng.uniform(0.3, 1.6) * BIG / side)
    elif blur < smeared:
        length = max(3, round(rng.uniform(1.5, 4.0) * BIG / side)) | 1
        k: np.ndarray = np.zeros((length, length), np.float32)
        k[length // 2] = 1.0
        k = cv2.warpAffine(k, cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0),
                           (length, length))
        a = cv2.filter2D(a, -1, k / max(k.sum(), 1e-6))
    return cv2.resize(a, (side, side), interpolation=cv2.INTER_AREA), side


def degrade(dark: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The drawn cell as the reader sees it: paper 0..1 (0 ink), at its reading size."""
    ink_tone = rng.uniform(0.6, 1.0)
    a: np.ndarray = dark * ink_tone
    small, side = shrink(a, rng, 0.08, (12, 56), 0.55)
    paper = rng.uniform(0.55, 1.0)
    grad = np.linspace(0, 1, side, dtype=np.float32)[None, :] * rng.uniform(-0.15, 0.15)
    grey: np.ndarray = paper * (1.0 + grad) * (1.0 - small)
    grey += rng.normal(0, rng.uniform(0.0, 0.06), grey.shape).astype(np.float32)
    g8: np.ndarray = np.clip(grey * 255.0, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, buf = cv2.imencode(".jpg", g8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 81))])
        g8 = np.asarray(cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE))
    out: np.ndarray = g8.astype(np.float32)
    light = cv2.GaussianBlur(cv2.dilate(out, np.ones((5, 5), np.uint8)), (0, 0), 3.0)  # the reader's flattening
    out = np.clip(out / np.maximum(light, 1.0), 0.0, 1.0)
    if side < 40:  # the reader straightens small cells again at 46 pixels, interpolated cubically
        out = np.clip(cv2.resize(out, (46, 46), interpolation=cv2.INTER_CUBIC), 0.0, 1.0)
    return out


def cell_glyphs(paper: np.ndarray, text: str) -> list[tuple[np.ndarray, int]]:
    """The features of the glyphs the reader cuts from the cell, with their characters' classes, at
    both ink levels (none when the cut does not match the characters)."""
    out = []
    h, w = paper.shape
    for level in (INK, FAINT_INK):
        found = cell_ink(paper, 0, w, 0, h, ink_level=level)
        if found is None:
            continue
        masks = glyph_masks(found.ink, min_height=0.22 * found.ink.shape[0])
        if len(masks) == len(text):
            out += [(features(m), CLASSES.index(ch)) for m, ch in zip(masks, text, strict=True)]
    return out


def synthetic(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` cells' glyphs: features (rows) and classes."""
    rng = np.random.default_rng(seed)
    faces = fonts()
    xs, ys = [], []
    for _ in range(n):
        text = _label(rng)
        font = faces[int(rng.integers(len(faces)))]
        for f, y in cell_glyphs(degrade(draw(text, font, rng), rng), text):
            xs.append(f)
            ys.append(y)
    return np.stack(xs).astype(np.float32), np.array(ys, np.int64)
