"""Build vision/glyphs.npz: the examples the picture reader compares printed characters against.

    .venv/bin/python scripts/train_glyphs.py [--per-font 40] [--out vision/glyphs.npz]

Each character 0-9 and ? is drawn in every typeface found below (regular and bold sans, serif,
mono, condensed) at random sizes, with random stroke weight, slant, stretch, blur, low resolution
and noise, then reduced to the reader's features. The seed is fixed: the same fonts give the same
file. The fonts come from Debian's fonts-dejavu-core, fonts-liberation2, fonts-freefont-ttf and
fonts-urw-base35 packages; missing ones are skipped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vision.glyphs import CLASSES, features  # noqa: E402

FONT_DIRS = [Path("/usr/share/fonts")]
FONT_NAMES = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
    "LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "LiberationSerif-Regular.ttf",
    "LiberationSerif-Bold.ttf", "LiberationMono-Regular.ttf",
    "FreeSans.ttf", "FreeSansBold.ttf", "FreeSerif.ttf", "FreeSerifBold.ttf",
    "NimbusSans-Regular.otf", "NimbusSans-Bold.otf", "NimbusSansNarrow-Regular.otf", "NimbusRoman-Regular.otf",
    "NimbusSans-Regular.t1", "NimbusSans-Bold.t1",
]


def fonts() -> list[Path]:
    found: dict[str, Path] = {}
    for base in FONT_DIRS:
        for p in base.rglob("*"):
            if p.name in FONT_NAMES and p.stem not in found:
                found[p.stem] = p
    return [found[k] for k in sorted(found)]


def render(ch: str, font: Path, rng: np.random.Generator) -> np.ndarray:
    """One augmented drawing of ``ch``: an ink mask (1 = ink)."""
    size = int(rng.integers(20, 64))
    f = ImageFont.truetype(str(font), size)
    img = Image.new("L", (size * 3, size * 3), 0)
    ImageDraw.Draw(img).text((size, size // 2), ch, fill=255, font=f)
    a = np.asarray(img, np.float32) / 255.0
    h, w = a.shape
    shear = rng.uniform(-0.12, 0.12)
    sx = rng.uniform(0.85, 1.15)
    angle = rng.uniform(-6, 6)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[0, 0] *= sx
    m[0, 1] += shear
    a = cv2.warpAffine(a, m, (w, h))
    weight = int(rng.integers(-1, 3))
    if weight > 0:
        a = cv2.dilate(a, np.ones((weight + 1, weight + 1), np.uint8))
    elif weight < 0 and size > 30:
        a = cv2.erode(a, np.ones((2, 2), np.uint8))
    if rng.random() < 0.5:  # low resolution: shrink to a glyph of 7-14 pixels, then back
        ys, xs = np.nonzero(a > 0.5)
        if len(ys):
            target = rng.uniform(7, 14) / max(1, ys.max() - ys.min() + 1)
            small = cv2.resize(a, None, fx=target, fy=target, interpolation=cv2.INTER_AREA)
            a = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.5:
        a = cv2.GaussianBlur(a, (0, 0), rng.uniform(0.5, 2.0))
    a = a + rng.normal(0, 0.05, a.shape).astype(np.float32)
    return (a > rng.uniform(0.35, 0.6)).astype(np.uint8)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-font", type=int, default=40, help="drawings of each character per typeface")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "vision" / "glyphs.npz"))
    args = ap.parse_args()
    rng = np.random.default_rng(20261124)
    faces = fonts()
    if not faces:
        print("no fonts found", file=sys.stderr)
        return 1
    xs, ys = [], []
    for font in faces:
        for label, ch in enumerate(CLASSES):
            for _ in range(args.per_font):
                ink = render(ch, font, rng)
                n, lab, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
                if n <= 1:
                    continue
                big = np.zeros(n, bool)
                big[1:] = stats[1:, cv2.CC_STAT_AREA] >= max(2, stats[1:, cv2.CC_STAT_AREA].max() // 30)
                xs.append(np.round(features(big[lab].astype(np.uint8)) * 255.0).astype(np.uint8))
                ys.append(label)
    np.savez_compressed(args.out, x=np.stack(xs), y=np.array(ys, np.uint8),
                        fonts=np.array([f.name for f in faces]))
    print(f"{len(xs)} examples from {len(faces)} typefaces -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
