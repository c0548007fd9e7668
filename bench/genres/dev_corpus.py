"""Solve a genre's dev corpus with a time limit, check every answer, print times beside noqx's.

Shared by bench/genres/nurikabe.py and bench/genres/fillomino.py (same owner).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from solvers.verdict import SolveOptions, SolveResult, Violation

SHARED = Path("/work/shared")
Cells = list[list[int]]


def token(t: str) -> int:
    return 0 if t == "." else -1 if t == "?" else int(t)


def bench(genre: str, key: str, solve: Callable[[Cells, SolveOptions], SolveResult],
          check: Callable[[Cells, Any], Sequence[Violation]], published: Callable[[Any], Any]) -> None:
    """``key``: the solution key of the records; ``published`` turns it into our solution's shape."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=float, default=10.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    noqx = {}
    for line in (SHARED / "research/noqx-dev-times.jsonl").read_text().splitlines():
        rec = json.loads(line)
        noqx[rec["id"]] = rec["noqx_s"]
    ratios, times = [], []
    for line in (SHARED / f"corpus/{genre}.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if args.only and rec["id"] not in args.only:
            continue
        cells = [[token(t) for t in row.split()] for row in rec["grid"]]
        t0 = time.perf_counter()
        res = solve(cells, SolveOptions(time_limit=args.limit, workers=args.workers))
        dt = time.perf_counter() - t0
        ok = res.solution is not None and not check(cells, res.solution)
        same = res.solution == published(rec["solution"][key])
        peer = noqx.get(rec["id"])
        size = rec["rows"] * rec["cols"]
        times.append(dt)
        if size >= 144:
            ratios.append((peer if peer is not None else 30.0) / dt)
        phases = " ".join(f"{k}={v:.2f}" for k, v in res.stats.phases.items())
        print(f"{rec['id']} {rec['rows']}x{rec['cols']} {res.status.value} checked={ok} published={same} "
              f"{dt:.3f}s noqx={peer} calls={res.stats.solver_calls} {phases}", flush=True)
    print(f"median {statistics.median(times):.3f}s max {max(times):.3f}s; median ratio noqx/ours on "
          f">=144 cells: {statistics.median(ratios) if ratios else 0:.1f}x (noqx timeouts counted as 30 s)")
