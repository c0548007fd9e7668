"""``puzzlebot generate`` end to end, one fresh process a puzzle: wall and cpu seconds (start-up,
imports and the generator together), median and max per genre; several checkouts side by side.

    PYTHONPATH=. .venv/bin/python bench/generate_cli.py --genres nurikabe,hitori,lits,fillomino --seeds 10
    .venv/bin/python bench/generate_cli.py --trees /tmp/before,. --seeds 10   # A/B, alternating per seed

cpu = the child's user + system time (``getrusage``), so it counts every thread of the process.
Wall follows the machine's load (printed before and after); compare cpu between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def one(tree: str, genre: str, size: str, difficulty: str, seed: int) -> tuple[float, float]:
    """(wall, cpu) seconds of one ``python -m bot.cli generate`` in ``tree``; checks the record."""
    env = dict(os.environ, PYTHONPATH=tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "bot.cli", "generate", "--genre", genre, "--size", size,
                          "--difficulty", difficulty, "--seed", str(seed)],
                         cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0 or not json.loads(out.stdout).get("unique"):
        raise SystemExit(f"{tree} {genre} seed {seed}: {out.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trees", default=str(REPO), help="checkouts to compare, comma-separated (default: this one)")
    ap.add_argument("--genres", default="nurikabe,hitori,lits,fillomino")
    ap.add_argument("--seeds", type=int, default=10, help="seeds 1..N per genre")
    ap.add_argument("--size", default="10x10")
    ap.add_argument("--difficulty", default="medium")
    args = ap.parse_args()
    trees = [str(Path(t).resolve()) for t in args.trees.split(",")]
    print("load", " ".join(Path("/proc/loadavg").read_text().split()[:3]), "| bytecode cache:",
          "off" if os.environ.get("PYTHONDONTWRITEBYTECODE") else os.environ.get("PYTHONPYCACHEPREFIX", "on"),
          flush=True)
    for genre in args.genres.split(","):
        times: dict[str, tuple[list[float], list[float]]] = {t: ([], []) for t in trees}
        for seed in range(1, args.seeds + 1):
            for tree in trees if seed % 2 else trees[::-1]:
                wall, cpu = one(tree, genre, args.size, args.difficulty, seed)
                times[tree][0].append(wall)
                times[tree][1].append(cpu)
        for tree, (walls, cpus) in times.items():
            print(f"{genre:10} {args.size} {tree}: wall median {statistics.median(walls):.2f} max {max(walls):.2f}"
                  f" | cpu median {statistics.median(cpus):.2f} max {max(cpus):.2f}", flush=True)
    print("load", " ".join(Path("/proc/loadavg").read_text().split()[:3]), flush=True)


if __name__ == "__main__":
    main()
