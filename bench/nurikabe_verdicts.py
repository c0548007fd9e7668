"""Nurikabe verdicts on many small boards, one line each, to compare two versions of the solver.

    PYTHONPATH=<checkout> .venv/bin/python bench/nurikabe_verdicts.py rand 400 [--limit 30]
    PYTHONPATH=<checkout> .venv/bin/python bench/nurikabe_verdicts.py made 240 [--limit 30]

``rand``: 4x4-10x10 boards with random numbers at random cells (most have no answer, some several);
``made``: ``stress21.nurikabe`` boards of 8-22 a side (open 0.35-1, seeds 1000 on: several
answers or unique). Each line: board, verdict, ``ok`` or ``BAD`` (every answer through
``solvers/nurikabe/check.py``), the number of answers, a hash of them, CPU seconds. Run it with
each checkout first on ``PYTHONPATH`` and ``join`` the outputs (bench/results/nurikabe.md, pass nk12).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "genres"))

import stress21  # noqa: E402

from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.model import solve_cells  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions  # noqa: E402


def random_board(seed: int) -> tuple[str, list[list[int]]]:
    rng = random.Random(seed)
    rows, cols = rng.randint(4, 10), rng.randint(4, 10)
    cells = [[0] * cols for _ in range(rows)]
    for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(2, rows * cols // 4)):
        cells[r][c] = rng.choice((1, 1, 2, 2, 3, 3, 4, 5, 6, 8, -1))
    return f"r{seed}", cells


def made_board(seed: int) -> tuple[str, list[list[int]]]:
    rng = random.Random(seed)
    rows, cols, p = rng.randint(8, 22), rng.randint(8, 22), rng.choice((0.35, 0.35, 0.5, 0.7, 1))
    rec = stress21.nurikabe(rows, cols, 1000 + seed, p)
    return f"{rows}x{cols}x{1000 + seed}x{p}", [list(row) for row in Puzzle.from_record(rec).cells]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kind", choices=("rand", "made"))
    ap.add_argument("count", type=int)
    ap.add_argument("--limit", type=float, default=30.0)
    args = ap.parse_args()
    opts = SolveOptions(time_limit=args.limit, unique=True, workers=1)
    make = random_board if args.kind == "rand" else made_board
    for seed in range(args.count):
        name, cells = make(seed)
        t = time.process_time()
        res = solve_cells(cells, opts)
        answers = [s for s in (res.solution, res.second_solution) if s is not None]
        bad = [s for s in answers if check_cells(cells, list(s))]
        digest = hashlib.md5(repr([list(s) for s in answers]).encode()).hexdigest()[:8]
        print(name, res.status.name, "BAD" if bad else "ok", len(answers), digest,
              f"{time.process_time() - t:.2f}", flush=True)


if __name__ == "__main__":
    main()
