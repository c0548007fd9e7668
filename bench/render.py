"""Render benchmark: median time of render_png (drawing + PNG encoding) per genre and size.

    .venv/bin/python bench/render.py [--repeat 7] [--sizes 10,40,60]

Boards: the corpus record of the size when there is one (10x10 for every genre, 40x40 for
Numberlink and Shikaku), else a synthetic board (tests/synthetic.py) with a clue in about
every fifth cell and every cell on the solution. Solutions are typed (solvers.solution), as the
bot draws them. Goal from the issue: 40x40 <= 100 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rendering import render_png  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.registry import get_genre  # noqa: E402
from solvers.solution import Solution  # noqa: E402
from tests.corpus import CORPUS, load  # noqa: E402
from tests.synthetic import BOARDS, board  # noqa: E402


def pick(genre: str, n: int) -> tuple[Puzzle[Any], Solution, str]:
    if (CORPUS / f"{genre}.jsonl").is_file():
        for rec in load(genre):
            if rec["rows"] == n and rec["cols"] == n and rec.get("solution"):
                puzzle = Puzzle.from_record(rec)
                return puzzle, get_genre(genre).solution_from_json(rec["solution"], puzzle), rec["id"]
    puzzle, solution = board(genre, n, n)
    return puzzle, solution, "synthetic"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--sizes", default="10,40,60")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    warm_puzzle, warm_solution = board(next(iter(BOARDS)), 4, 4)
    render_png(warm_puzzle, warm_solution)  # warm up: font files, palette, sprite caches are per process
    head = ("genre", "size", "board", "view", "median ms", "max ms", "PNG KiB", "px")
    print("{:11s} {:>7s} {:>16s} {:>8s} {:>10s} {:>7s} {:>8s} {:>10s}".format(*head))
    worst40 = 0.0
    for genre in BOARDS:
        for n in sizes:
            puzzle, solution, source = pick(genre, n)
            for view in ("puzzle", "solution"):
                times, data = [], b""
                for _ in range(args.repeat):
                    t0 = time.perf_counter()
                    data = render_png(puzzle, solution, view=view, title=f"{genre} {n}x{n}")
                    times.append((time.perf_counter() - t0) * 1000)
                med = statistics.median(times)
                if n == 40:
                    worst40 = max(worst40, med)
                w, h = Image.open(BytesIO(data)).size
                print(
                    f"{genre:11s} {n:>3d}x{n:<3d}{source:>16s} {view:>8s} {med:10.1f} {max(times):7.1f}"
                    f" {len(data) / 1024:8.1f} {w:>4d}x{h:<4d}"
                )
    if 40 in sizes:
        print(f"worst 40x40 median: {worst40:.1f} ms (goal <= 100 ms): {'OK' if worst40 <= 100 else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
