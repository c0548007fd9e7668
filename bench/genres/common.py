"""Shared by bench/genres/{sudoku,kakuro,hashiwokakero}.py: solve every dev board of one genre
through the engine (the checker runs on every answer), print id, size, our seconds (best of
``--repeat`` runs), noqx's seconds, and the medians; ``--md`` prints a markdown table."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, Status

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared"))
LIMIT = 5.0


def main(genre: str) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--md", action="store_true")
    ap.add_argument("--generate", type=int, default=0, metavar="SEEDS",
                    help="instead: generate SEEDS puzzles per daily size and print times and grades")
    args = ap.parse_args()
    if args.generate:
        generation_figures(genre, args.generate)
        return
    noqx = {}
    for line in (SHARED / "research" / "noqx-dev-times.jsonl").read_text().splitlines():
        rec = json.loads(line)
        noqx[rec["id"]] = rec.get("noqx_s")
    rows = []
    for line in (SHARED / "corpus" / f"{genre}.jsonl").read_text().splitlines():
        rec = json.loads(line)
        puzzle = Puzzle.from_record(rec)
        best = None
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            res = solve_puzzle(puzzle, SolveOptions(time_limit=LIMIT, workers=1))
            wall = time.perf_counter() - t0
            best = wall if best is None else min(best, wall)
        right = res.status is Status.UNIQUE and res.solution is not None and \
            res.solution.to_json() == puzzle.kind.solution_from_json(rec["solution"], puzzle).to_json()
        rows.append((rec["id"], rec["rows"], rec["cols"], best or 0.0, noqx.get(rec["id"]), str(res.status), right))
    big = [(ours, theirs) for _, r, c, ours, theirs, _, _ in rows if r * c >= 144 and theirs]
    if args.md:
        print("| id | size | ours s | noqx s | verdict | right |\n|---|---|---|---|---|---|")
    for rid, r, c, ours, theirs, status, right in rows:
        if args.md:
            print(f"| {rid} | {r}x{c} | {ours:.4f} | {theirs if theirs is not None else '-'} | {status} | {right} |")
        else:
            print(f"{rid:24} {r:3}x{c:<3} ours {ours:8.4f}  noqx {theirs if theirs is not None else '-':>8}  "
                  f"{status:8} {'right' if right else 'WRONG'}")
    times = [x[3] for x in rows]
    print(f"\nboards {len(rows)}, right {sum(1 for x in rows if x[6])}, median {statistics.median(times):.4f} s, "
          f"max {max(times):.4f} s, over {LIMIT:g} s: {sum(1 for t in times if t > LIMIT)}")
    if big:
        ratio = statistics.median(t / o for o, t in big)
        ours_med = statistics.median(o for o, _ in big)
        print(f"boards >= 144 cells with a noqx time: {len(big)}, median ours {ours_med:.4f}"
              f" s, median noqx {statistics.median(t for _, t in big):.4f} s, median ratio noqx/ours {ratio:.1f}x")


def generation_figures(genre: str, seeds: int) -> None:
    """Generator seconds (median, max) and the grades it hit, per daily size and difficulty."""
    from solvers.generation import generate
    from solvers.registry import get_genre

    for difficulty, (rows, cols) in get_genre(genre).daily_sizes.items():
        times, grades = [], []
        for seed in range(1, seeds + 1):
            t0 = time.perf_counter()
            gp = generate(genre, rows, cols, difficulty, seed=seed)
            times.append(time.perf_counter() - t0)
            grades.append(gp.difficulty)
        hit = sum(1 for g in grades if g == difficulty)
        print(f"{difficulty:6} {rows}x{cols}: median {statistics.median(times):.3f} s, max {max(times):.3f} s, "
              f"grade as asked {hit}/{seeds} ({', '.join(grades)})")
