"""Akari on the development corpus: every board solved with its uniqueness proof, checked, timed.

Per board: id, size, our seconds (best of ``--repeat`` runs: read, validate, solve with the
proof, independent check), noqx's reference seconds (../shared/research/noqx-dev-times.jsonl)
and the ratio; then the median and max, and the median ratio on boards of 144 cells or more.

    PYTHONPATH=. .venv/bin/python bench/genres/akari.py [--repeat 3] [--records file.jsonl]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from solvers.akari.board import grid_of  # noqa: E402
from solvers.akari.check import check_marks, validate_grid  # noqa: E402
from solvers.akari.model import solve_grid  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

SHARED = REPO.parent.parent / "shared"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", default=str(SHARED / "corpus" / "akari.jsonl"))
    ap.add_argument("--noqx", default=str(SHARED / "research" / "noqx-dev-times.jsonl"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=5.0)
    args = ap.parse_args()
    noqx = {}
    if Path(args.noqx).exists():
        for line in Path(args.noqx).read_text().splitlines():
            rec = json.loads(line)
            noqx[rec["id"]] = rec.get("noqx_s")
    times, ratios, bad = [], [], []
    print(f"{'id':<14} {'size':>7} {'ours_s':>8} {'noqx_s':>8} {'ratio':>6}  verdict")
    for line in Path(args.records).read_text().splitlines():
        rec = json.loads(line)
        best = float("inf")
        verdict = ""
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            grid = grid_of(rec["grid"])
            validate_grid(grid)
            res = solve_grid(grid, SolveOptions(time_limit=args.time_limit, workers=1))
            broken = check_marks(grid, res.solution.marks) if res.solution else ["no solution"]
            best = min(best, time.perf_counter() - t0)
            want = rec.get("solution", {}).get("lights")
            right = not broken and (want is None or list(res.solution.marks) == want)  # type: ignore[union-attr]
            settled = res.status is (Status.UNIQUE if rec.get("unique", True) else Status.MULTIPLE)
            verdict = f"{res.status}{'' if right and settled else ' WRONG'}"
        if "WRONG" in verdict:
            bad.append(rec["id"])
        times.append(best)
        peer = noqx.get(rec.get("id"))
        ratio = peer / best if peer else None
        cells = rec["rows"] * rec["cols"]
        if ratio is not None and cells >= 144:
            ratios.append(ratio)
        size = f"{rec['rows']}x{rec['cols']}"
        print(f"{rec.get('id', '?'):<14} {size:>7} {best:8.4f} {peer or float('nan'):8.4f} "
              f"{ratio or float('nan'):6.1f}  {verdict}")
    print(f"\nboards {len(times)}, median {statistics.median(times):.4f} s, max {max(times):.4f} s, "
          f"wrong {bad or 'none'}")
    if ratios:
        print(f"median noqx/ours on >= 144 cells: {statistics.median(ratios):.2f} ({len(ratios)} boards)")


if __name__ == "__main__":
    main()
