"""Generator benchmark: seconds per puzzle, clue density against the corpus, difficulty spread.

For every genre and size: how many puzzles were made (each proven unique by the engine inside
``generate``), median and max seconds, clue density (clues per cell) of the generated puzzles
against the human-made / reference corpus puzzles of similar size (cells within +-35%), and the
asked -> achieved difficulty counts. Goals (issue 6): median <= 2 s at 10x10, <= 20 s at 20x20.
The difficulties are asked in turn (easy, medium, hard, easy, ...), seeds 1..N.

    .venv/bin/python bench/generate.py                       # 10x10 x6 and 20x20 x3 per genre
    .venv/bin/python bench/generate.py --sizes 10x10 --count 9 --genres masyu,yinyang
    .venv/bin/python bench/generate.py --json results.json

The machine is shared with other work: timings are noisy (note the load average printed).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from solvers.errors import PuzzleError  # noqa: E402
from solvers.generation import DIFFICULTIES, generate  # noqa: E402
from solvers.registry import GENRES as REGISTRY  # noqa: E402
from tests.corpus import CORPUS  # noqa: E402
from tests.corpus import _read as read_records  # noqa: E402

GENRES = tuple(REGISTRY)
GOALS = {100: 2.0, 400: 20.0}


def corpus_density(genre: str, cells: int) -> tuple[float | None, int]:
    """Median clues per cell of the corpus puzzles with cells within +-35% (records without a rule
    variant only); (None, 0) where the shared corpus has no file for the genre."""
    found = []
    path = CORPUS / f"{genre}.jsonl"
    for rec in read_records(path) if path.is_file() else ():
        n = rec["rows"] * rec["cols"]
        if any(rec.get(v.name) for v in REGISTRY[genre].variants):
            continue
        if abs(n - cells) <= 0.35 * cells:
            clues = sum(1 for row in rec["grid"] for tok in row.split() if tok != ".")
            found.append(clues / n)
    return (statistics.median(found) if found else None), len(found)


def run(genre: str, rows: int, cols: int, count: int) -> dict[str, Any]:
    times, density, failures = [], [], []
    grades: Counter[str] = Counter()
    for seed in range(1, count + 1):
        asked = DIFFICULTIES[(seed - 1) % 3]
        t0 = time.perf_counter()
        try:
            gp = generate(genre, rows, cols, asked, seed)
        except PuzzleError as e:
            failures.append(f"seed {seed}: {e.message}")
            continue
        dt = time.perf_counter() - t0
        times.append(dt)
        density.append(len(gp.puzzle.clues()) / (rows * cols))
        grades[f"{asked}->{gp.difficulty}"] += 1
        print(f"  {genre} {rows}x{cols} seed {seed} {asked}->{gp.difficulty} {dt:.2f}s "
              f"clues {len(gp.puzzle.clues())} proof {gp.stats.get('proof_seconds')}s", flush=True)
    ref, nref = corpus_density(genre, rows * cols)
    return {
        "genre": genre, "size": f"{rows}x{cols}", "made": len(times), "failed": failures,
        "median_s": round(statistics.median(times), 2) if times else None,
        "max_s": round(max(times), 2) if times else None,
        "density": round(statistics.median(density), 3) if density else None,
        "corpus_density": round(ref, 3) if ref is not None else None, "corpus_n": nref,
        "grades": dict(sorted(grades.items())), "goal_s": GOALS.get(rows * cols),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--genres", default=",".join(GENRES))
    p.add_argument("--sizes", default="10x10,20x20")
    p.add_argument("--count", type=int, default=0, help="puzzles per genre and size (default 6 at 10x10, 3 larger)")
    p.add_argument("--json", default=None, help="also write the results to this file")
    args = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (timings are noisy)", flush=True)
    results = []
    for size in args.sizes.split(","):
        rows, cols = (int(x) for x in size.lower().split("x"))
        count = args.count or (6 if rows * cols <= 100 else 3)
        for genre in args.genres.split(","):
            results.append(run(genre.strip(), rows, cols, count))
    print()
    print(f"{'genre':<12}{'size':<7}{'made':>5}{'median s':>10}{'max s':>8}{'goal':>6}"
          f"{'density':>9}{'corpus':>8}  grades (asked->got)")
    for r in results:
        goal = f"{r['goal_s']:g}" if r["goal_s"] else "-"
        corpus = f"{r['corpus_density']:.3f}" if r["corpus_density"] is not None else "-"
        print(f"{r['genre']:<12}{r['size']:<7}{r['made']:>5}{r['median_s'] or 0:>10.2f}{r['max_s'] or 0:>8.2f}"
              f"{goal:>6}{r['density'] or 0:>9.3f}{corpus:>8}  {r['grades']}")
        for f in r["failed"]:
            print(f"    failed: {f}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
