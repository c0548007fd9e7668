"""How well the board reader reads pictures it was not tuned on (issue 13's figures).

    .venv/bin/python bench/imagesets/build.py                 # once: /tmp/imagesets (see its docstring)
    .venv/bin/python bench/read_image.py [--sets /tmp/imagesets] [--split test] [--markdown] [-v]

Per source and kind (screenshot / photo): images, boards read exactly (size, every cell, genre
among the candidates), cells right, wrong boards whose every wrong cell was flagged unsure, genre
decided outright, refusals, median and max seconds. Then the time to read a 20x20 screenshot
(one core) and the time to refuse bad inputs (noise, a crossword-like grid, heavy blur, a 50 MB
file, a text file).
"""

from __future__ import annotations

import contextlib
import io
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from PIL import Image

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.setargs import names, set_parser  # noqa: E402
from solvers.puzzle import Regions  # noqa: E402
from solvers.reading.regions import label_regions  # noqa: E402
from vision import Unreadable, read_image  # noqa: E402

sys.path.insert(0, str(REPO / "bench" / "imagesets"))
from samples import crossword  # noqa: E402

Key = tuple[str, str, str]


def evaluate(folder: Path, verbose: bool, by_genre: bool = False, genres: set[str] | None = None,
             kinds: set[str] | None = None) -> dict[Key, dict[str, Any]]:
    stats: dict[Key, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    times: dict[Key, list[float]] = defaultdict(list)
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        if (genres and t["genre"] not in genres) or (kinds and t["kind"] not in kinds):
            continue
        key = (t["genre"] if by_genre else "", t["source"], t["kind"])
        s = stats[key]
        s["images"] += 1
        truth = [row.split() for row in t["grid"]]
        s["cells"] += t["rows"] * t["cols"]
        start = time.perf_counter()
        try:
            r = read_image((folder / t["file"]).read_bytes())
        except Unreadable as e:
            times[key].append(time.perf_counter() - start)
            s["refused"] += 1
            s[f"refused: {e.code}"] += 1
            if verbose:
                print(f"REFUSED {t['file']}: {e.code}")
            continue
        times[key].append(time.perf_counter() - start)
        if (r.rows, r.cols) != (t["rows"], t["cols"]):
            s["wrong size"] += 1
            s["wrong flagged"] += int(r.size_unsure)
            s["wrong unflagged"] += int(not r.size_unsure)
            if verbose:
                print(f"SIZE {t['file']}: {r.rows}x{r.cols} for {t['rows']}x{t['cols']}"
                      + (" (size asked)" if r.size_unsure else " (size sure!)"))
            continue
        wrong = [(i, j) for i in range(r.rows) for j in range(r.cols) if r.tokens[i][j] != truth[i][j]]
        rooms_ok = canonical(rooms_of(r, t["genre"])) == canonical(t.get("regions"))
        if not rooms_ok:  # a room border misread: the cells on either side count as wrong
            wrong = sorted(set(wrong) | room_errors(r, t))
        s["cells right"] += r.rows * r.cols - len(wrong)
        genre_ok = t["genre"] in r.genres
        s["genre outright"] += int(r.genres == (t["genre"],))
        if not wrong and genre_ok:
            s["exact"] += 1
            s["exact sure"] += int(r.sure)
        else:
            flagged = {(u.row, u.col) for u in r.unsure}
            caught = bool(wrong) and all(w in flagged for w in wrong)
            s["wrong flagged"] += int(caught)
            s["wrong unflagged"] += int(bool(wrong) and not caught)
            if verbose:
                cells = ", ".join(f"r{i + 1}c{j + 1} {truth[i][j]}->{r.tokens[i][j]}{'' if (i, j) in flagged else '!'}"
                                  for i, j in sorted(wrong, key=lambda w: w in flagged)[:6])  # unflagged first
                print(f"WRONG {t['file']}: {cells}" + ("" if genre_ok else f" genres {r.genres}")
                      + ("" if rooms_ok else " rooms")
                      + (" (all flagged)" if caught else ""))
    for key, ts in times.items():
        stats[key]["median s"] = statistics.median(ts)
        stats[key]["max s"] = max(ts)
    return stats


def rooms_of(r: Any, genre: str) -> Regions | None:
    """The rooms of the reading as ``genre`` takes them (None: none, or only the genre's standard ones)."""
    return r.regions_for(genre)  # type: ignore[no-any-return]


def canonical(regions: Any) -> Regions | None:
    """Rooms numbered in reading order (records may number them otherwise)."""
    if regions is None:
        return None
    return label_regions([str(row).split() if isinstance(row, str) else list(map(str, row)) for row in regions])


def room_errors(r: Any, t: dict[str, Any]) -> set[tuple[int, int]]:
    """Cells whose room differs from the truth's (same room as a neighbour in one and not the other)."""
    read = r.regions or tuple((0,) * r.cols for _ in range(r.rows))
    true = [[int(v) for v in row.split()] for row in t.get("regions") or [" ".join(["0"] * r.cols)] * r.rows]
    out = set()
    for i in range(r.rows):
        for j in range(r.cols):
            for di, dj in ((0, 1), (1, 0)):
                a, b = i + di, j + dj
                if a < r.rows and b < r.cols and (read[i][j] == read[a][b]) != (true[i][j] == true[a][b]):
                    out |= {(i, j), (a, b)}
    return out


def pct(a: float, b: float) -> str:
    return f"{100.0 * a / b:.1f}%" if b else "-"


def bad_inputs() -> list[tuple[str, str, float]]:
    rng = np.random.default_rng(7)
    cases: dict[str, bytes] = {}
    noise = (rng.random((900, 1200, 3)) * 255).astype(np.uint8)
    cases["noise photo"] = cv2.imencode(".jpg", noise)[1].tobytes()
    cases["crossword"] = crossword(rng)
    blur = cv2.GaussianBlur(np.asarray(Image.open(io.BytesIO(cases["crossword"]))), (0, 0), 25)
    cases["heavy blur"] = cv2.imencode(".png", blur)[1].tobytes()
    cases["50 MB file"] = b"\x89PNG\r\n\x1a\n" + bytes(50_000_000)
    cases["text file"] = b"hello, this is not a picture\n" * 100
    cat = np.full((800, 800, 3), 200, np.uint8)
    cv2.circle(cat, (400, 420), 250, (90, 120, 160), -1)
    cv2.circle(cat, (320, 360), 30, (20, 20, 20), -1)
    cv2.circle(cat, (480, 360), 30, (20, 20, 20), -1)
    cases["cat-like drawing"] = cv2.imencode(".jpg", cat)[1].tobytes()
    out = []
    for name, data in cases.items():
        start = time.perf_counter()
        try:
            r = read_image(data)
            verdict = f"read as {r.rows}x{r.cols} {r.genres} ({len(r.unsure)} unsure)"
        except Unreadable as e:
            verdict = f"refused: {e.code}"
        out.append((name, verdict, time.perf_counter() - start))
    return out


def large_screenshots(sets: Path) -> list[float]:
    """Seconds to read each screenshot of 20x20 cells or more, in every split (run under
    ``taskset -c 0`` for the one-core figure)."""
    out = []
    for truth in sorted(sets.glob("*/truth.jsonl")):
        for line in truth.read_text(encoding="utf-8").splitlines():
            t = json.loads(line)
            if t["kind"] == "screenshot" and t["rows"] * t["cols"] >= 400:
                data = (truth.parent / t["file"]).read_bytes()
                start = time.perf_counter()
                with contextlib.suppress(Unreadable):
                    read_image(data)
                out.append(time.perf_counter() - start)
    return out


def main() -> int:
    ap = set_parser(__doc__, sets="/tmp/imagesets", split="test")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("-v", action="store_true", help="one line per wrong or refused image")
    ap.add_argument("--by-genre", action="store_true", help="one row per genre, source and kind")
    ap.add_argument("--no-extras", action="store_true", help="leave out the 20x20 timing and the bad inputs")
    args = ap.parse_args()
    folder = Path(args.sets) / args.split
    if not (folder / "truth.jsonl").is_file():
        print(f"no picture set at {folder}: run bench/imagesets/build.py first", file=sys.stderr)
        return 2
    stats = evaluate(folder, args.v, args.by_genre, names(args.genres) or None, names(args.kinds) or None)
    head = ["genre", "source", "kind", "images", "exact", "cells right", "wrong boards flagged", "exact, no question",
            "genre outright",
            "refused", "median s", "max s"]
    rows = []
    totals: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for (genre, source, kind), s in sorted(stats.items()):
        wrong = s["images"] - s["exact"]
        rows.append([genre or "all", source, kind, str(s["images"]), pct(s["exact"], s["images"]),
                     pct(s["cells right"], s["cells"]),
                     f"{s['wrong flagged']}/{wrong}", pct(s["exact sure"], s["images"]),
                     pct(s["genre outright"], s["images"]), str(s["refused"]),
                     f"{s['median s']:.3f}", f"{s['max s']:.3f}"])
        for k in ("images", "exact", "cells right", "cells", "wrong flagged", "exact sure", "refused"):
            totals[kind][k] += s[k]
    for kind, t in sorted(totals.items()):
        rows.append(["all", "all", kind, str(int(t["images"])), pct(t["exact"], t["images"]),
                     pct(t["cells right"], t["cells"]), f"{int(t['wrong flagged'])}/{int(t['images'] - t['exact'])}",
                     pct(t["exact sure"], t["images"]), "", str(int(t["refused"])), "", ""])
    if args.markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        print("  ".join(f"{h:>12}" for h in head))
        for r in rows:
            print("  ".join(f"{c:>12}" for c in r))
    for (genre, source, kind), s in sorted(stats.items()):
        reasons = {k: v for k, v in s.items() if str(k).startswith("refused:") or k == "wrong size"}
        if reasons:
            print(f"{genre} {source} {kind}: {dict(reasons)}")
    if args.no_extras:
        return 0
    large = large_screenshots(Path(args.sets))
    if large:
        print(f"\nscreenshots of 20x20 cells or more: {len(large)}, median {statistics.median(large):.3f} s, "
              f"max {max(large):.3f} s")
    print("\nbad inputs:")
    for name, verdict, seconds in bad_inputs():
        print(f"  {name}: {verdict} in {seconds:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
