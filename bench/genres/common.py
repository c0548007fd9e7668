"""The one benchmark of a genre's development corpus, against noqx (every bench/genres/<genre>.py
calls :func:`main`).

Every board of ``../shared/corpus/<genre>.jsonl`` (or ``--records``) goes through the engine
(validate, the genre's model, the uniqueness proof, the independent checker) with a time limit;
per board: id, size, our best wall and CPU seconds of ``--repeat`` runs, noqx's reference seconds
(``research/noqx-dev-times.jsonl``), the ratio, the verdict and whether it is the published answer,
the phases. Then the medians and the median ratio noqx/ours on boards of 144 cells or more (a board
noqx did not settle counts as its 30 s limit). ``--md`` prints a markdown table; ``--generate N``
times the generator instead. Exits non-zero when a verdict or an answer is wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, Status

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared"))
NOQX_LIMIT = 30.0  # the reference run's limit: a board noqx did not settle counts as this


def main(genre: str, *, limit: float = 5.0, repeat: int = 3) -> int:
    ap = argparse.ArgumentParser(description=f"{genre} on the development corpus against noqx")
    ap.add_argument("--limit", "--time-limit", type=float, default=limit, help="seconds per board")
    ap.add_argument("--repeat", type=int, default=repeat, help="runs per board (the best counts)")
    ap.add_argument("--records", default=str(SHARED / "corpus" / f"{genre}.jsonl"))
    ap.add_argument("--only", nargs="*", help="these record ids only")
    ap.add_argument("--md", action="store_true", help="a markdown table")
    ap.add_argument("--generate", type=int, default=0, metavar="SEEDS",
                    help="instead: generate SEEDS puzzles per daily size and print times and grades")
    args = ap.parse_args()
    if args.generate:
        generation_figures(genre, args.generate)
        return 0
    noqx = _noqx_times()
    options = SolveOptions(time_limit=args.limit, workers=1)
    rows: list[tuple[Any, ...]] = []
    if args.md:
        print("| id | size | ours s | cpu s | noqx s | verdict | right |\n|---|---|---|---|---|---|---|")
    for line in Path(args.records).read_text().splitlines():
        rec = json.loads(line)
        if args.only and rec["id"] not in args.only:
            continue
        puzzle = Puzzle.from_record(rec)
        wall = cpu = float("inf")
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            res = solve_puzzle(puzzle, options)
            wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
        right = _right(rec, puzzle, res)
        peer = noqx.get(rec["id"])
        rows.append((rec["id"], rec["rows"] * rec["cols"], wall, peer, right))
        size = f"{rec['rows']}x{rec['cols']}"
        if args.md:
            print(f"| {rec['id']} | {size} | {wall:.4f} | {cpu:.4f} | {_s(peer)} | {res.status} | {right} |")
        else:
            phases = " ".join(f"{k}={v:.3f}" for k, v in res.stats.phases.items())
            print(f"{rec['id']:<18} {size:>7} {wall:8.4f} s (cpu {cpu:7.4f})  noqx {_s(peer):>7}  "
                  f"{res.status}{'' if right else '  WRONG'}  {phases}", flush=True)
    _summary(rows, args.limit)
    return 0 if all(r[4] for r in rows) else 1


def _noqx_times() -> dict[str, float | None]:
    path = SHARED / "research" / "noqx-dev-times.jsonl"
    if not path.exists():
        return {}
    return {rec["id"]: rec.get("noqx_s") for rec in map(json.loads, path.read_text().splitlines())}


def _right(rec: dict[str, Any], puzzle: Puzzle[Any], res: Any) -> bool:
    """The verdict the record deserves, and for a unique board the published answer."""
    if rec.get("solution") is None:
        return bool(res.status is Status.NONE)
    want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.SOLVED}[rec.get("unique")]
    if res.status is not want or res.solution is None:
        return False
    return rec.get("unique") is not True or res.solution == puzzle.kind.solution_from_json(rec["solution"], puzzle)


def _s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.4f}"


def _summary(rows: list[tuple[Any, ...]], limit: float) -> None:
    if not rows:
        print("no boards")
        return
    times = [r[2] for r in rows]
    print(f"\nboards {len(rows)}, right {sum(1 for r in rows if r[4])}, median {statistics.median(times):.4f} s, "
          f"max {max(times):.4f} s, over {limit:g} s: {sum(1 for t in times if t > limit)}")
    big = [((peer if peer is not None else NOQX_LIMIT), ours) for _, cells, ours, peer, _ in rows if cells >= 144]
    if big:
        print(f"boards >= 144 cells: {len(big)}, median ours {statistics.median(o for _, o in big):.4f} s, "
              f"median noqx/ours {statistics.median(t / o for t, o in big):.2f}x "
              f"(a board noqx did not settle counts as {NOQX_LIMIT:g} s)")


def generation_figures(genre: str, seeds: int) -> None:
    """Generator seconds (median, max) and the grades it hit, per daily size and difficulty."""
    from solvers.generation import generate
    from solvers.registry import get_genre

    for difficulty, (rows, cols) in get_genre(genre).daily_sizes.items():
        times, cpu, grades = [], [], []
        for seed in range(1, seeds + 1):
            t0, c0 = time.perf_counter(), time.process_time()
            gp = generate(genre, rows, cols, difficulty, seed=seed)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)  # steadier than wall time on a shared machine
            grades.append(gp.difficulty)
        hit = sum(1 for g in grades if g == difficulty)
        print(f"{difficulty:6} {rows}x{cols}: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
              f"(CPU median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s), "
              f"grade as asked {hit}/{seeds} ({', '.join(grades)})")
