"""Synthetic cells of every kind the cell reader tells apart, degraded as photos and prints degrade
them, reduced to the learned kind reader's features (:func:`vision.kindnet.features` of the crop
:func:`vision.cells.cell_ink` cuts).

A cell is drawn large, twice the working size (so hairlines come out as the fractions of a pixel
that prints rasterised at 150 dpi leave): grid-line remnants of any width along its sides (or the
corner dots of a dot lattice), then empty, a ring (hairline to thick, of any size that fits, its
inside sometimes grey), a disc (black or grey, sometimes outlined), a number of one to three
characters, a number in a ring or white in a disc, or a solid black square. Then it is degraded
as :func:`bench.glyphnet.synth.degrade` does (turn, blur or smear, a small cell of 12-56 pixels,
noise, uneven light, JPEG, the reader's flattening and enlarging), sometimes fainter first.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "glyphnet"))
from synth import BIG, REPO, fonts, shrink  # noqa: E402  (the glyph trainer's cells)

sys.path.insert(0, str(REPO))
from vision.cells import cell_ink  # noqa: E402
from vision.kindnet import KINDS, features  # noqa: E402

SUPER = 2  # drawn at this many times BIG, then reduced (smooth edges, lines thinner than a pixel)
SHARES = {".": 0.21, "W": 0.22, "B": 0.14, "1": 0.21, "(1)": 0.13, "#": 0.09}  # each kind's share of cells


def _text(rng: np.random.Generator) -> str:
    r = rng.random()
    if r < 0.05:
        return "?"
    digits = 1 if r < 0.7 else 2 if r < 0.93 else 3
    first = str(int(rng.integers(1 if digits > 1 else 0, 10)))
    return first + "".join(str(int(rng.integers(0, 10))) for _ in range(digits - 1))


def _write(img: Image.Image, text: str, font: Path, height: float, width: float, fill: int,
           rng: np.random.Generator) -> None:
    """``text`` about ``height`` tall, no wider than ``width``, about the middle of ``img``."""
    side = img.size[0]
    d = ImageDraw.Draw(img)
    f = ImageFont.truetype(str(font), max(8, round(height * 1.35)))
    x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f)
    fit = min(1.0, width / max(1, x1 - x0))
    if fit < 1.0:
        f = ImageFont.truetype(str(font), max(8, round(height * 1.35 * fit)))
        x0, y0, x1, y1 = d.textbbox((0, 0), text, font=f)
    cx, cy = side / 2 + rng.normal(0, 0.02 * side), side / 2 + rng.normal(0, 0.02 * side)
    d.text((cx - (x0 + x1) / 2, cy - (y0 + y1) / 2), text, fill=fill, font=f)


def _pen(rng: np.random.Generator, side: int) -> int:
    """A stroke width, hairline to thick (thin ones likelier), at drawing size ``side``."""
    return max(1, round(side * float(np.exp(rng.uniform(np.log(0.006), np.log(0.12))))))


def draw(kind: str, faces: list[Path], rng: np.random.Generator) -> np.ndarray:
    """A cell of ``kind`` (a key of :data:`SHARES`) drawn at BIG: darkness 0..1."""
    side = BIG * SUPER
    img = Image.new("L", (side, side), 0)
    d = ImageDraw.Draw(img)
    c = side / 2 + rng.normal(0, 0.02 * side, 2)
    radius = rng.uniform(0.2, 0.46) * side
    box = [c[0] - radius, c[1] - radius, c[0] + radius, c[1] + radius]
    font = faces[int(rng.integers(len(faces)))]
    if kind == "W":
        inside = 0 if rng.random() < 0.85 else int(rng.integers(20, 90))
        d.ellipse(box, fill=inside, outline=int(rng.integers(150, 256)), width=_pen(rng, side))
    elif kind == "B":
        tone = int(rng.integers(150, 256)) if rng.random() < 0.4 else 255
        d.ellipse(box, fill=tone, outline=255 if rng.random() < 0.3 else tone, width=_pen(rng, side))
    elif kind == "1":
        _write(img, _text(rng), font, rng.uniform(0.4, 0.78) * side, 0.88 * side, 255, rng)
    elif kind == "(1)":
        text = _text(rng)[:2]
        if rng.random() < 0.45:
            d.ellipse(box, fill=0, outline=255, width=_pen(rng, side))
            _write(img, text, font, rng.uniform(0.45, 0.7) * radius * 2, 1.3 * radius, 255, rng)
        else:
            d.ellipse(box, fill=255)
            _write(img, text, font, rng.uniform(0.45, 0.7) * radius * 2, 1.3 * radius, 0, rng)
    elif kind == "#":
        inset = int(rng.integers(0, round(0.06 * side)))
        d.rectangle([inset, inset, side - 1 - inset, side - 1 - inset], fill=int(rng.integers(200, 256)))
    elif rng.random() < 0.25:  # an empty cell's specks
        for _ in range(int(rng.integers(1, 4))):
            x, y, r = rng.uniform(0.15, 0.85) * side, rng.uniform(0.15, 0.85) * side, rng.uniform(0.5, 3.0) * SUPER
            d.ellipse([x - r, y - r, x + r, y + r], fill=int(rng.integers(60, 256)))
    a: np.ndarray = np.asarray(img, np.float32) / 255.0
    _frame(a, rng)
    return cv2.resize(a, (BIG, BIG), interpolation=cv2.INTER_AREA)


def _frame(a: np.ndarray, rng: np.random.Generator) -> None:
    """Grid lines' remnants along the sides (each side its own offset), or a dot lattice's corners."""
    side = a.shape[0]
    if rng.random() < 0.1:
        r = rng.uniform(0.02, 0.06) * side
        for y in (0, side):
            for x in (0, side):
                cv2.circle(a, (x, y), round(r), 1.0, -1)
        return
    line = _pen(rng, side) if rng.random() < 0.7 else int(rng.integers(1, round(0.08 * side)))
    tone = 1.0 if rng.random() < 0.7 else rng.uniform(0.3, 1.0)
    for s in range(4):
        if rng.random() < 0.85:
            off = int(rng.integers(-line, max(2, line // 2 + 1) + round(0.02 * side)))
            lo, hi = max(0, off), max(0, off + line)
            if hi > lo:
                span = slice(lo, hi) if s % 2 == 0 else slice(side - hi, side - lo)
                band = (span, slice(None)) if s < 2 else (slice(None), span)
                a[band] = np.maximum(a[band], tone)


def degrade(dark: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The drawn cell as the reader sees it: paper 0..1 (0 ink), at its reading size. As the glyph
    trainer's, but the paper's light is taken out as the reader does on a whole board (a window far
    wider than a cell: a disc or a solid square stays dark), with a small error."""
    a: np.ndarray = dark * rng.uniform(0.6, 1.0)
    small, side = shrink(a, rng, 0.06, (10, 57), 0.5)
    paper = rng.uniform(0.5, 1.0)
    light = paper * (1.0 + np.linspace(0, 1, side, dtype=np.float32)[None, :] * rng.uniform(-0.2, 0.2))
    if rng.random() < 0.5:
        light = light.T
    grey: np.ndarray = light * (1.0 - small)
    grey += rng.normal(0, rng.uniform(0.0, 0.06), grey.shape).astype(np.float32)
    g8: np.ndarray = np.clip(grey * 255.0, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        ok, buf = cv2.imencode(".jpg", g8, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 86))])
        g8 = np.asarray(cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE))
    seen = light * rng.uniform(0.93, 1.05) * (1.0 + rng.normal(0, 0.02, light.shape).astype(np.float32))
    out = np.clip(g8.astype(np.float32) / 255.0 / np.maximum(seen, 1e-3), 0.0, 1.0)
    if side < 40:  # the reader straightens small cells again at 46 pixels, interpolated cubically
        out = np.clip(cv2.resize(out, (46, 46), interpolation=cv2.INTER_CUBIC), 0.0, 1.0)
    return out


def papers(n: int, seed: int) -> Iterator[tuple[int, np.ndarray]]:
    """``n`` degraded cells as the reader sees them (paper 0..1), with their kinds (indices into
    :data:`vision.kindnet.KINDS`)."""
    rng = np.random.default_rng(seed)
    faces = fonts()
    names = list(SHARES)
    assert tuple(names) == tuple(k.token for k in KINDS)
    p = np.array([SHARES[k] for k in names])
    for _ in range(n):
        k = int(rng.choice(len(names), p=p / p.sum()))
        dark = draw(names[k], faces, rng)
        if rng.random() < 0.25:  # faint ink: a light print, a pale pen, washed out by light
            dark = dark * rng.uniform(0.35, 0.7)
        yield k, degrade(dark, rng)


def synthetic(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` cells: features (rows) and kinds (indices into :data:`vision.kindnet.KINDS`)."""
    xs, ys = [], []
    for k, paper in papers(n, seed):
        h, w = paper.shape
        found = cell_ink(paper, 0, w, 0, h)
        assert found is not None
        xs.append(features(found.dark))
        ys.append(k)
    return np.stack(xs).astype(np.float32), np.array(ys, np.int64)
