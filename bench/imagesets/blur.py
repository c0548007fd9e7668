"""Shaken and blurred photos of clean screenshots: how many boards still read exactly (issue 23).

    .venv/bin/python bench/imagesets/blur.py [--sets /tmp/vr-sets] [--split dev] [--limit 40] [--save DIR]

Each screenshot of the set's split (the genres of issue 13 unless ``--genres``) is turned into a
bad photo by ``photo.simulate_shaken`` (the tuning simulator: the mild photo at 45-90% of its
resolution, motion blur of 3-9 pixels at any angle or blur sigma 1-2, a strong colour cast, JPEG
quality 30-60; the seed is the board's line number) and read. One line per miss, then the count,
the cells right and the seconds per picture (median, max). ``--save``: keep the photos there to look at.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

import cv2

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from photo import simulate_shaken  # noqa: E402

from bench.setargs import names, set_parser  # noqa: E402
from vision import Unreadable, read_image  # noqa: E402

GENRES = "masyu,yinyang,numberlink,shikaku,slitherlink"


def main() -> int:
    ap = set_parser(__doc__, sets="/tmp/vr-sets", split="dev", genres=GENRES, kinds=False)
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("--save", default="", help="a folder to keep the photos in")
    args = ap.parse_args()
    folder = Path(args.sets) / args.split
    genres = names(args.genres)
    save = Path(args.save) if args.save else None
    if save:
        save.mkdir(parents=True, exist_ok=True)
    done = exact = cells = right = 0
    seconds: list[float] = []
    for n, line in enumerate((folder / "truth.jsonl").read_text(encoding="utf-8").splitlines()):
        t = json.loads(line)
        if t["kind"] != "screenshot" or t["genre"] not in genres:
            continue
        if done >= args.limit:
            break
        done += 1
        shot = cv2.imread(str(folder / t["file"]))
        if shot is None:
            continue
        data = simulate_shaken(shot, n)
        name = t["file"].replace("/", "-").rsplit(".", 1)[0] + f"-shaken{n}.jpg"
        if save:
            (save / name).write_bytes(data)
        cells += t["rows"] * t["cols"]
        start = time.perf_counter()
        try:
            r = read_image(data)
        except Unreadable as e:
            seconds.append(time.perf_counter() - start)
            print(f"REFUSED {name}: {e.code}")
            continue
        seconds.append(time.perf_counter() - start)
        if (r.rows, r.cols) != (t["rows"], t["cols"]):
            print(f"SIZE {name}: {r.rows}x{r.cols} for {t['rows']}x{t['cols']}" + (" (flagged)" * r.size_unsure))
            continue
        truth = [row.split() for row in t["grid"]]
        wrong = [(i, j) for i in range(r.rows) for j in range(r.cols) if r.tokens[i][j] != truth[i][j]]
        right += r.rows * r.cols - len(wrong)
        if wrong or t["genre"] not in r.genres:
            unsure = {(u.row, u.col) for u in r.unsure}
            flagged = all(w in unsure for w in wrong)
            shown = ", ".join(f"r{i + 1}c{j + 1} {truth[i][j]}->{r.tokens[i][j]}" for i, j in wrong[:4])
            print(f"WRONG {name}: {len(wrong)} cells{' (flagged)' if flagged else ''}: {shown}")
        else:
            exact += 1
    print(f"{exact}/{done} read exactly, {right / max(1, cells):.1%} of cells right; seconds per picture: "
          f"median {statistics.median(seconds or [0]):.2f}, max {max(seconds or [0]):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
