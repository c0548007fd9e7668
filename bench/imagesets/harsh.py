"""Harsh photos of a set's screenshots, to tune the reader's doubts on (issue 23, branch vflag4).

    .venv/bin/python bench/imagesets/harsh.py --sets /tmp/vr-sets --out /tmp/vflag4 \
        [--splits train,dev] [--every 5] [--seed 0] [--sources pzprjs]

The tuning simulator's scenes (``photo.simulate_scene``) read almost every wrong board with some
doubt; the held-out photos do not. Each screenshot here (every ``--every``-th of the split, the
genres of issue 13) is photographed under one condition the issue lists, pushed past the tuning
simulator's range, on top of a plain photo (a sheet on a textured desk, slanted and turned, lit
unevenly, noise and JPEG): ``lowres`` (cells of 7-13 pixels), ``slant`` (the far side 30-55%
shorter), ``shaken`` (a streak of 8-15 pixels), ``cast`` (one channel at 35-60%), ``shadow`` (a
shadow's edge, 45-70% darker, across the board), ``curl`` (a bow of 5-10% of the side), ``small``
(the sheet 20-35% of the picture's shorter side). Written as ``<out>/<split>/<file>-harsh-<cond>.jpg``
with a ``truth.jsonl`` (kind ``harsh``, the condition in ``condition``) that ``read_flags.py`` and
``read_image.py`` read. Built from the repository's own simulator parts, never the held-out one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from photo import _clutter, _desk, _shade, _sheet, _shot  # noqa: E402

CONDITIONS = ("lowres", "slant", "shaken", "cast", "shadow", "curl", "small")
GENRES = {"masyu", "yinyang", "numberlink", "shikaku", "slitherlink"}


def _bend(sheet: np.ndarray, amp: float, rng: np.random.Generator) -> np.ndarray:
    """The sheet bowed across one axis by ``amp`` of its shorter side (a curled page)."""
    h, w = sheet.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = xs / w, ys / h
    a = amp * min(h, w)
    if rng.random() < 0.5:
        mx, my = xs, ys + a * np.sin(np.pi * u) * (v - 0.5) * 2
    else:
        mx, my = xs + a * np.sin(np.pi * v) * (u - 0.5) * 2, ys
    return cv2.remap(sheet, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def harsh(shot: np.ndarray, cells: int, condition: str, seed: int) -> bytes:
    """A JPEG photo of ``shot`` (BGR, a board of ``cells`` cells on its longer side) under ``condition``."""
    rng = np.random.default_rng(seed)
    sheet = _sheet(shot, rng)
    if condition == "curl":
        sheet = _bend(sheet, rng.uniform(0.05, 0.1), rng)
    sh, sw = sheet.shape[:2]
    board_px = max(shot.shape[:2])
    if condition == "lowres":  # the board's cells 7-13 pixels in the photo
        scale = rng.uniform(7, 13) * cells / board_px
        out_w = int(max(sw, sh) * scale * rng.uniform(1.1, 1.4))
    else:
        out_w = int(rng.integers(900, 1800))
    out_h = int(out_w * rng.uniform(0.75, 1.33))
    share = rng.uniform(0.2, 0.35) if condition == "small" else rng.uniform(0.6, 0.9)
    if condition != "lowres":
        scale = share * min(out_w, out_h) / max(sh, sw)
    else:
        scale = min(scale, 0.9 * min(out_w, out_h) / max(sh, sw))
    desk = _desk(out_h, out_w, rng)
    for _ in range(int(rng.integers(0, 3))):
        _clutter(desk, rng)
    angle = np.deg2rad(rng.uniform(-20, 20))
    cx = out_w / 2 + rng.uniform(-0.1, 0.1) * out_w
    cy = out_h / 2 + rng.uniform(-0.1, 0.1) * out_h
    tilt = rng.uniform(0.3, 0.55) if condition == "slant" else rng.uniform(0.0, 0.12)
    tilt_x, tilt_y = (tilt * rng.choice([-1, 1]), rng.uniform(-0.05, 0.05))
    if rng.random() < 0.5:
        tilt_x, tilt_y = tilt_y, tilt_x
    dst = []
    for ux, uy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        dx, dy = ux * sw / 2 * scale * (1.0 + tilt_y * uy), uy * sh / 2 * scale * (1.0 + tilt_x * ux)
        dst.append([cx + dx * np.cos(angle) - dy * np.sin(angle), cy + dx * np.sin(angle) + dy * np.cos(angle)])
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    m = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    photo = cv2.warpPerspective(sheet, m, (out_w, out_h), dst=desk, borderMode=cv2.BORDER_TRANSPARENT,
                                flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    img: np.ndarray = photo.astype(np.float32)
    gx, gy = np.meshgrid(np.linspace(-1, 1, out_w, dtype=np.float32), np.linspace(-1, 1, out_h, dtype=np.float32))
    a = rng.uniform(0, 2 * np.pi)
    light = rng.uniform(0.65, 0.85) + rng.uniform(0.05, 0.2) * (np.cos(a) * gx + np.sin(a) * gy)
    cast = rng.uniform(0.85, 1.05, 3).astype(np.float32)
    if condition == "cast":
        cast[int(rng.integers(3))] = rng.uniform(0.35, 0.6)
    img *= light[:, :, None] * cast[None, None, :]
    if condition == "shadow":
        img *= _shade(out_h, out_w, np.array(dst), rng) ** 1.4  # (its 25-60% darkness pushed to 45-70%)
    if condition == "shaken":
        return _shot(img, rng, shaken=1.0, lengths=(8, 16), sigmas=(1.0, 1.0), noise=(2.0, 6.0), qualities=(40, 80))
    return _shot(img, rng, shaken=0.3, lengths=(3, 6), sigmas=(0.5, 1.3), noise=(2.0, 6.0), qualities=(40, 80))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="/tmp/vr-sets")
    ap.add_argument("--out", default="/tmp/vflag4")
    ap.add_argument("--splits", default="train,dev")
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sources", default="", help="only screenshots of these sources (comma-separated)")
    args = ap.parse_args()
    sources = set(filter(None, args.sources.split(",")))
    for split in args.splits.split(","):
        if split not in ("train", "dev"):
            raise SystemExit("only train and dev screenshots are photographed (never test or held-out)")
        folder, out = Path(args.sets) / split, Path(args.out) / split
        out.mkdir(parents=True, exist_ok=True)
        lines, k = [], 0
        for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
            t = json.loads(line)
            if t["kind"] != "screenshot" or t["genre"] not in GENRES or (sources and t["source"] not in sources):
                continue
            k += 1
            if k % args.every:
                continue
            shot = cv2.imread(str(folder / t["file"]))
            if shot is None:
                continue
            cond = CONDITIONS[(k // args.every) % len(CONDITIONS)]
            name = t["file"].rsplit(".", 1)[0].replace("-screenshot", "") + f"-harsh-{cond}.jpg"
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(harsh(shot, max(t["rows"], t["cols"]), cond, args.seed * 100003 + k))
            lines.append(json.dumps({**t, "file": name, "kind": "harsh", "condition": cond}))
        (out / "truth.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{split}: {len(lines)} pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
