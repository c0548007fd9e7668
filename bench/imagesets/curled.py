"""Curled-page tuning scenes (issue 23, branch vcurl): the tuning simulator's hard photos
(``photo.simulate_scene``, unchanged) kept only where it curled the sheet, to look at what a curl
does to finding and reading a board. Never from test or held-out pictures.

    PYTHONPATH=. .venv/bin/python bench/imagesets/curled.py --sets /tmp/vr-sets --out /tmp/vcurl/sets --every 3

For every ``--every``-th screenshot of the set's train and dev splits (those whose SHA-1 of
``"vcurl" + file``, as a number, is a multiple of it): seed = the first 8 hex digits of that SHA-1;
seed, seed + 1, ... (at most 10) tried until ``simulate_scene`` bends the sheet (``photo._curl``
watched, the scene the simulator's own); a shadow when seed % 4 == 0. Writes
``<out>/<split>/<source>/<board>-curl.jpg`` and ``truth.jsonl`` (kind ``scene``, with its seed).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
import photo  # noqa: E402

TRIES = 10  # seeds tried per screenshot for a curled sheet (the simulator curls 70% of them)


def curled_scene(rgb: np.ndarray, seed: int) -> tuple[bytes, int] | None:
    """The first scene of ``rgb`` from ``seed`` on whose sheet is curled, and its seed."""
    real = photo._curl
    bent: list[bool] = []

    def watched(sheet: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        out = real(sheet, rng)
        bent.append(out is not sheet)
        return out

    photo._curl = watched
    try:
        for s in range(seed, seed + TRIES):
            bent.clear()
            data = photo.simulate_scene(rgb, s, shadow=s % 4 == 0)
            if bent and bent[0]:
                return data, s
    finally:
        photo._curl = real
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="/tmp/vr-sets", help="a built set (bench/imagesets/build.py)")
    ap.add_argument("--out", default="/tmp/vcurl/sets")
    ap.add_argument("--splits", default="train,dev")
    ap.add_argument("--every", type=int, default=3)
    args = ap.parse_args()
    src, out = Path(args.sets), Path(args.out)
    for split in args.splits.split(","):
        assert split in ("train", "dev"), "tuning splits only"
        truth: list[dict[str, Any]] = []
        for line in (src / split / "truth.jsonl").read_text(encoding="utf-8").splitlines():
            t = json.loads(line)
            if t["kind"] != "screenshot":
                continue
            h = int(hashlib.sha1(("vcurl" + t["file"]).encode()).hexdigest()[:8], 16)
            if h % args.every:
                continue
            rgb = np.ascontiguousarray(np.asarray(Image.open(src / split / t["file"]).convert("RGB"))[:, :, ::-1])
            got = curled_scene(rgb, h)
            if got is None:
                continue
            path = out / split / t["source"] / f"{t['board']}-curl.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(got[0])
            truth.append({**t, "file": str(path.relative_to(out / split)), "kind": "scene", "seed": got[1],
                          "shadow": got[1] % 4 == 0})
        (out / split).mkdir(parents=True, exist_ok=True)
        (out / split / "truth.jsonl").write_text("".join(json.dumps(t) + "\n" for t in truth), encoding="utf-8")
        print(f"{split}: {len(truth)} curled scenes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
