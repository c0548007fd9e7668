"""A shadow's edge across clean screenshots: how many boards still read exactly (issue 23).

    .venv/bin/python bench/imagesets/shadow.py [--sets /tmp/imagesets] [--split train] [--limit 30] [--kind screenshot]

Each screenshot of a circles or numbers genre (sources ours, printed, pzprjs) is darkened by 35-55%
beyond a straight edge at a random angle (soft over 2-15 pixels), saved as JPEG quality 80 and
read. One line per miss, then the count. The paper is otherwise clean and straight, so any miss
is the shadow's doing. ``--kind photo``: the tuning simulator's photos (every source) instead,
with the same shadows (their misses may be the photo's own: compare with the plain reading).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from bench.setargs import set_parser  # noqa: E402
from vision import Unreadable, read_image  # noqa: E402

GENRES = {"masyu", "yinyang", "numberlink", "shikaku"}


def shadowed(img: np.ndarray, seed: int) -> bytes:
    """``img`` (BGR) with a shadow beyond a straight edge, as JPEG bytes."""
    rng = np.random.default_rng(seed)
    h, w = img.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * np.pi)
    edge = np.cos(a) * (xs - w * rng.uniform(0.3, 0.7)) + np.sin(a) * (ys - h * rng.uniform(0.3, 0.7))
    shade = 1.0 / (1.0 + np.exp(-edge / rng.uniform(2, 15)))
    light = 1.0 - rng.uniform(0.35, 0.55) * shade
    out = np.clip(img * light[:, :, None], 0, 255).astype(np.uint8)
    return bytes(cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes())


def main() -> int:
    ap = set_parser(__doc__, sets="/tmp/imagesets", split="train", genres=None, kinds=False)
    ap.add_argument("--limit", type=int, default=30)
    ap.add_argument("--kind", default="screenshot", choices=("screenshot", "photo"))
    args = ap.parse_args()
    folder = Path(args.sets) / args.split
    done = exact = 0
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        if t["kind"] != args.kind or t["genre"] not in GENRES:
            continue
        if args.kind == "screenshot" and t["source"] not in ("ours", "printed", "pzprjs"):
            continue
        if done >= args.limit:
            break
        done += 1
        data = shadowed(cv2.imread(str(folder / t["file"])), done)
        try:
            r = read_image(data)
        except Unreadable as e:
            print(f"REFUSED {t['file']}: {e.code}")
            continue
        if (r.rows, r.cols) != (t["rows"], t["cols"]):
            print(f"SIZE {t['file']}: {r.rows}x{r.cols}")
            continue
        truth = [row.split() for row in t["grid"]]
        wrong = [(i, j) for i in range(r.rows) for j in range(r.cols) if r.tokens[i][j] != truth[i][j]]
        if wrong:
            cells = ", ".join(f"r{i + 1}c{j + 1} {truth[i][j]}->{r.tokens[i][j]}" for i, j in wrong[:4])
            print(f"WRONG {t['file']}: {cells}")
        else:
            exact += 1
    print(f"{exact}/{done} read exactly with a shadow's edge across them")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
