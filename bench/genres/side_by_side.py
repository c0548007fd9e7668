"""Ours against noqx in the same run, on the dev boards of at least --min-cells cells.

The reference times in research/noqx-dev-times.jsonl were measured under another load than
ours; here each round runs noqx over the boards (research/noqx_run.py, its own time per board)
and then our engine (best of 3, checker included) right after, so both see the same machine.
``--records FILE ...`` takes the boards from those files instead of the genre's dev corpus;
``--md`` ends with a markdown table a board (best of all rounds, our verdict and whether it is
right); the exit status is 1 when one of our verdicts is wrong.

    PEERS_HOME=/tmp/peers PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python \\
        bench/genres/side_by_side.py hashiwokakero [--min-cells 144] [--rounds 2] \\
        [--records FILE ...] [--md]

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.common import SHARED, _right  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions  # noqa: E402

NOQX_TIMEOUT = 30.0  # seconds noqx gets a board; a board it times out on counts this long


@dataclass
class Peer:
    """noqx's times per board ({"total": s, "search_total": s}) and whether it found one model."""

    times: dict[str, dict[str, float]] = field(default_factory=dict)
    unique: dict[str, Any] = field(default_factory=dict)


def noqx_times(records: list[dict[str, Any]]) -> Peer:
    peers = os.environ.get("PEERS_HOME", "/tmp/peers")
    python = os.environ.get("NOQX_PYTHON", f"{peers}/venv/bin/python")
    questions = "".join(json.dumps({k: v for k, v in r.items() if k != "solution"}) + "\n" for r in records)
    out = subprocess.run([python, str(SHARED / "research" / "noqx_run.py"), "--max-solutions", "2",
                          "--timeout", str(int(NOQX_TIMEOUT))], input=questions, capture_output=True, text=True,
                         env={**os.environ, "PEERS_HOME": peers}, timeout=3600, check=True)
    peer = Peer()
    for rec in map(json.loads, out.stdout.splitlines()):
        if rec.get("timed_out"):
            peer.times[rec["id"]] = {"total": NOQX_TIMEOUT, "search_total": NOQX_TIMEOUT}
        elif "time_s" in rec:
            peer.times[rec["id"]] = rec["time_s"]
        peer.unique[rec["id"]] = rec.get("found_unique")
    return peer


def our_times(records: list[dict[str, Any]], limit: float, verdicts: dict[str, tuple[str, bool]],
              cpu: dict[str, float]) -> dict[str, float]:
    """Best wall time of 3 per board; each board's verdict (and whether it is right) and best CPU
    time go into ``verdicts`` and ``cpu``."""
    options = SolveOptions(time_limit=limit, workers=1)
    times = {}
    for rec in records:
        puzzle = Puzzle.from_record(rec)
        best = float("inf")
        for _ in range(3):
            t0, c0 = time.perf_counter(), time.process_time()
            res = solve_puzzle(puzzle, options)
            best = min(best, time.perf_counter() - t0)
            cpu[rec["id"]] = min(cpu.get(rec["id"], float("inf")), time.process_time() - c0)
        verdicts[rec["id"]] = (str(res.status), _right(rec, puzzle, res))
        times[str(rec["id"])] = best
    return times


def table(records: list[dict[str, Any]], ours: dict[str, float], cpu: dict[str, float], peer: dict[str, float],
          unique: dict[str, Any], verdicts: dict[str, tuple[str, bool]]) -> None:
    print("| id | size | ours s | ours cpu s | noqx s | noqx/ours | our verdict | right | noqx unique |")
    print("|---|---|---|---|---|---|---|---|---|")
    for rec in records:
        i = rec["id"]
        theirs = f"{peer[i]:.4f} | {peer[i] / ours[i]:.1f}" if i in peer else "- | -"
        print(f"| {i} | {rec['rows']}x{rec['cols']} | {ours[i]:.4f} | {cpu[i]:.4f} | {theirs} | "
              f"{verdicts[i][0]} | {verdicts[i][1]} | {unique.get(i)} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("genre")
    ap.add_argument("--min-cells", type=int, default=144)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--limit", type=float, default=5.0)
    ap.add_argument("--records", type=Path, nargs="+", help="boards from these files, not the dev corpus")
    ap.add_argument("--md", action="store_true", help="a markdown table a board at the end")
    args = ap.parse_args()
    paths = args.records or [SHARED / "corpus" / f"{args.genre}.jsonl"]
    lines = [line for path in paths for line in path.read_text().splitlines() if line.strip()]
    records = [r for r in map(json.loads, lines) if r["rows"] * r["cols"] >= args.min_cells]
    best_ours: dict[str, float] = {}
    best_peer: dict[str, float] = {}
    cpu: dict[str, float] = {}
    unique: dict[str, Any] = {}
    verdicts: dict[str, tuple[str, bool]] = {}
    for n in range(1, args.rounds + 1):
        peer = noqx_times(records)
        ours = our_times(records, args.limit, verdicts, cpu)
        unique.update(peer.unique)
        for k, t in ours.items():
            best_ours[k] = min(best_ours.get(k, t), t)
        for k, times in peer.times.items():
            best_peer[k] = min(best_peer.get(k, times["total"]), times["total"])
        both = [k for k in ours if k in peer.times]
        for key in ("total", "search_total"):
            ratios = [peer.times[k][key] / ours[k] for k in both]
            mine, theirs = statistics.median(ours.values()), statistics.median(peer.times[k][key] for k in both)
            print(f"round {n}: {len(both)} boards >= {args.min_cells} cells, median ours {mine:.4f} s, "
                  f"noqx {key} {theirs:.4f} s, median ratio {statistics.median(ratios):.1f}x "
                  f"(min {min(ratios):.1f}x)", flush=True)
    if args.md:
        table(records, best_ours, cpu, best_peer, unique, verdicts)
    wrong = [k for k, (_, right) in verdicts.items() if not right]
    print(f"\nboards {len(records)}, right {len(records) - len(wrong)}", *(["wrong:", *wrong] if wrong else []))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
