"""Hitori on the development corpus: every board solved with a time limit, checked, timed beside noqx.

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/hitori.py [--limit 5]

Prints per board: id, size, our seconds (best of ``--repeat`` runs, uniqueness proof included; wall
clock and this process's CPU time, which a loaded machine inflates less),
noqx's reference seconds, the ratio noqx / ours; then medians and the median ratio on boards of
144 cells or more. Exits non-zero when an answer is wrong or a verdict is not ``unique``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.verdict import SolveOptions, Status


def main(genre: str) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=5.0, help="seconds per board")
    ap.add_argument("--repeat", type=int, default=3, help="runs per board (the best counts)")
    args = ap.parse_args()
    shared = Path(os.environ.get("PUZZLEBOT_SHARED", "../shared"))
    noqx = {}
    for line in (shared / "research" / "noqx-dev-times.jsonl").read_text().splitlines():
        rec = json.loads(line)
        noqx[rec["id"]] = rec.get("noqx_s")
    g = get_genre(genre)
    opts = SolveOptions(time_limit=args.limit, workers=1)
    g.preload()
    ours_all, cpus, ratios, cpu_ratios, bad = [], [], [], [], 0
    for line in (shared / "corpus" / f"{genre}.jsonl").read_text().splitlines():
        rec = json.loads(line)
        puzzle = Puzzle.from_record(rec)
        best = cpu = float("inf")
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            res = g.solve(puzzle, opts)
            best = min(best, time.perf_counter() - t0)
            cpu = min(cpu, time.process_time() - c0)
        right = (res.status is Status.UNIQUE and res.solution is not None and not g.check(puzzle, res.solution)
                 and res.solution.to_json() == rec["solution"])
        bad += not right
        peer = noqx.get(rec["id"])
        ratio = peer / best if peer else None
        if rec["rows"] * rec["cols"] >= 144 and peer:
            ratios.append(peer / best)
            cpu_ratios.append(peer / cpu)
        ours_all.append(best)
        cpus.append(cpu)
        print(f"{rec['id']}  {rec['rows']:>2}x{rec['cols']:<2}  {best:8.4f} s (cpu {cpu:7.4f})  "
              f"noqx {peer or float('nan'):7.4f} s  "
              f"x{ratio or float('nan'):6.2f}  {res.status}{'' if right else '  WRONG'}  {dict(res.stats.phases)}")
    print(f"median {statistics.median(ours_all):.4f} s, max {max(ours_all):.4f} s over {len(ours_all)} boards; "
          f"median noqx/ours on >= 144 cells: {statistics.median(ratios):.2f} ({len(ratios)} boards; "
          f"by our CPU time {statistics.median(cpu_ratios):.2f}); wrong: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main("hitori"))
