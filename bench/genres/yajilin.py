"""Yajilin on the development corpus: every board solved through the engine (validate, deductions,
CP-SAT, uniqueness proof, independent checker) under a time limit, timed against noqx's reference
times (``research/noqx-dev-times.jsonl``, measured on this machine class).

    PYTHONPATH=. .venv/bin/python bench/genres/yajilin.py [--shared ../shared] [--limit 5]

Prints per board: id, size, our seconds, noqx seconds, verdict, checker result, phases; then
the median and max of our seconds and the median ratio noqx/ours on boards of 144+ cells.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.verdict import SolveOptions, Status

GENRE = "yajilin"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--shared", default=os.environ.get("PUZZLEBOT_SHARED", "../shared"))
    ap.add_argument("--limit", type=float, default=5.0)
    args = ap.parse_args()
    shared = Path(args.shared)
    noqx = {}
    for line in (shared / "research" / "noqx-dev-times.jsonl").read_text().splitlines():
        rec = json.loads(line)
        noqx[rec["id"]] = rec.get("noqx_s")
    ours: list[float] = []
    ratios: list[float] = []
    failures: list[str] = []
    for line in (shared / "corpus" / f"{GENRE}.jsonl").read_text().splitlines():
        rec = json.loads(line)
        puzzle = Puzzle.from_record(rec)
        t0 = time.perf_counter()
        res = solve_puzzle(puzzle, SolveOptions(time_limit=args.limit, workers=1))
        seconds = time.perf_counter() - t0
        ok = (res.status is Status.UNIQUE and res.solution is not None
              and not get_genre(GENRE).check(puzzle, res.solution))
        if not ok or seconds > args.limit:
            failures.append(rec["id"])
        ours.append(seconds)
        peer = noqx.get(rec["id"])
        if peer and rec["rows"] * rec["cols"] >= 144:
            ratios.append(peer / seconds)
        phases = " ".join(f"{k}={v:.3f}" for k, v in res.stats.phases.items())
        print(f"{rec['id']} {rec['rows']}x{rec['cols']} ours={seconds:.3f} noqx={peer} {res.status} "
              f"checked={'ok' if ok else 'FAIL'} {phases}", flush=True)
    print(f"median {statistics.median(ours):.3f} s, max {max(ours):.3f} s; median noqx/ours on 144+ cells "
          f"x{statistics.median(ratios):.2f} ({len(ratios)} boards); failures: {failures or 'none'}")


if __name__ == "__main__":
    main()
