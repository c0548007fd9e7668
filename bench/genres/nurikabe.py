"""Nurikabe dev corpus: solve every board with a time limit, check each answer, compare with noqx.

    PYTHONPATH=. python bench/genres/nurikabe.py [--limit 10] [--only ID ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from solvers.nurikabe.check import check_cells
from solvers.nurikabe.model import solve_cells
from solvers.verdict import SolveOptions

SHARED = Path("/work/shared")


def token(t: str) -> int:
    return 0 if t == "." else -1 if t == "?" else int(t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    noqx = {}
    for line in (SHARED / "research/noqx-dev-times.jsonl").read_text().splitlines():
        rec = json.loads(line)
        noqx[rec["id"]] = rec["noqx_s"]
    ratios = []
    times = []
    for line in (SHARED / "corpus/nurikabe.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if args.only and rec["id"] not in args.only:
            continue
        cells = [[token(t) for t in row.split()] for row in rec["grid"]]
        t0 = time.perf_counter()
        res = solve_cells(cells, SolveOptions(time_limit=args.limit, workers=args.workers), decode=list)
        dt = time.perf_counter() - t0
        ok = res.solution is not None and not check_cells(cells, res.solution)  # type: ignore[arg-type]
        same = res.solution == rec["solution"]["shaded"]
        peer = noqx.get(rec["id"])
        size = rec["rows"] * rec["cols"]
        times.append(dt)
        if size >= 144:
            ratios.append((peer if peer is not None else 30.0) / dt)
        phases = " ".join(f"{k}={v:.2f}" for k, v in res.stats.phases.items())
        print(f"{rec['id']} {rec['rows']}x{rec['cols']} {res.status.value} ok={ok} same={same} "
              f"{dt:.3f}s noqx={peer} calls={res.stats.solver_calls} {phases}", flush=True)
    print(f"median {statistics.median(times):.3f}s max {max(times):.3f}s; "
          f"median ratio noqx/ours on >=144 cells: {statistics.median(ratios) if ratios else 0:.1f}x "
          "(noqx timeouts counted as 30 s)")


if __name__ == "__main__":
    main()
