"""Ours against noqx in the same run, on the dev boards of at least --min-cells cells.

The reference times in research/noqx-dev-times.jsonl were measured under another load than
ours; here each round runs noqx over the boards (research/noqx_run.py, its own time per board)
and then our engine (best of 3, checker included) right after, so both see the same machine.

    PEERS_HOME=/tmp/peers PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python \\
        bench/genres/side_by_side.py hashiwokakero [--min-cells 144] [--rounds 2]

NOQX_PYTHON: the Python with clingo that runs noqx (default $PEERS_HOME/venv/bin/python).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.common import SHARED  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions  # noqa: E402


def noqx_times(records: list[dict[str, object]]) -> dict[str, dict[str, float]]:
    peers = os.environ.get("PEERS_HOME", "/tmp/peers")
    python = os.environ.get("NOQX_PYTHON", f"{peers}/venv/bin/python")
    out = subprocess.run([python, str(SHARED / "research" / "noqx_run.py"), "--max-solutions", "2", "--timeout", "30"],
                         input="".join(json.dumps(r) + "\n" for r in records), capture_output=True, text=True,
                         env={**os.environ, "PEERS_HOME": peers}, timeout=3600, check=True)
    return {rec["id"]: rec["time_s"] for rec in map(json.loads, out.stdout.splitlines()) if "time_s" in rec}


def our_times(records: list[dict[str, object]], limit: float) -> dict[str, float]:
    options = SolveOptions(time_limit=limit, workers=1)
    times = {}
    for rec in records:
        puzzle = Puzzle.from_record(rec)
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            solve_puzzle(puzzle, options)
            best = min(best, time.perf_counter() - t0)
        times[str(rec["id"])] = best
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre")
    ap.add_argument("--min-cells", type=int, default=144)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--limit", type=float, default=5.0)
    args = ap.parse_args()
    lines = (SHARED / "corpus" / f"{args.genre}.jsonl").read_text().splitlines()
    records = [r for r in map(json.loads, lines) if r["rows"] * r["cols"] >= args.min_cells]
    for n in range(1, args.rounds + 1):
        peer = noqx_times(records)
        ours = our_times(records, args.limit)
        both = [k for k in ours if k in peer]
        for key in ("total", "search_total"):
            ratios = [peer[k][key] / ours[k] for k in both]
            mine, theirs = statistics.median(ours.values()), statistics.median(peer[k][key] for k in both)
            print(f"round {n}: {len(both)} boards >= {args.min_cells} cells, median ours {mine:.4f} s, "
                  f"noqx {key} {theirs:.4f} s, median ratio {statistics.median(ratios):.1f}x "
                  f"(min {min(ratios):.1f}x)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
