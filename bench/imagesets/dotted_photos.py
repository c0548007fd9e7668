"""Tuning photos of dot lattices (issue 23, branch vflag5): every pzprjs screenshot of a board drawn
as dots in the train and dev splits of built sets, photographed with the tuning simulators
(``photo.simulate``, ``photo.simulate_scene``, ``harsh.harsh`` under its conditions in turn), a few
seeds each. Never from test or held-out pictures. Writes ``<out>/dev/pzprjs/<board>-<k>-<kind>.jpg``
and ``<out>/dev/truth.jsonl`` (read with ``bench/read_flags.py --sets <out> --split dev``).

    PYTHONPATH=. .venv/bin/python bench/imagesets/dotted_photos.py --out /tmp/vflag5/dots --seeds 3
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harsh import harsh  # noqa: E402
from photo import simulate, simulate_scene  # noqa: E402

CONDITIONS = ("lowres", "slant", "shaken", "cast", "shadow", "curl", "small")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", default="/tmp/vr-sets,/tmp/vc-sets", help="built sets (comma-separated)")
    ap.add_argument("--out", default="/tmp/vflag5/dots")
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    out = Path(args.out)
    shots: dict[str, tuple[Path, dict[str, Any]]] = {}
    for sets in args.sets.split(","):
        for split in ("train", "dev"):
            for line in (Path(sets) / split / "truth.jsonl").read_text(encoding="utf-8").splitlines():
                t = json.loads(line)
                if (t["genre"] == "slitherlink" and t["source"] == "pzprjs" and t["kind"] == "screenshot"
                        and t["board"] not in shots):
                    shots[t["board"]] = (Path(sets) / split / t["file"], t)
    truth = []
    for n, (path, t) in enumerate(shots.values(), start=1):
        rgb = np.ascontiguousarray(np.asarray(Image.open(path).convert("RGB"))[:, :, ::-1])
        for k in range(args.seeds):
            seed = 1000 + 17 * k + n * 101
            condition = CONDITIONS[(seed // 7) % len(CONDITIONS)]
            for kind in ("photo", "scene", "harsh"):
                picture = simulate(rgb, seed) if kind == "photo" else simulate_scene(rgb, seed) \
                    if kind == "scene" else harsh(rgb, max(t["rows"], t["cols"]), condition, seed)
                name = f"pzprjs/{t['board']}-{k}-{kind}.jpg"
                (out / "dev" / name).parent.mkdir(parents=True, exist_ok=True)
                (out / "dev" / name).write_bytes(picture)
                truth.append({**t, "file": name, "kind": kind})
    (out / "dev" / "truth.jsonl").write_text("".join(json.dumps(x) + "\n" for x in truth), encoding="utf-8")
    print(f"{len(truth)} photos of {len(shots)} boards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
