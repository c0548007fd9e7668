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
GENRE = "akari"
OWN = REPO / "tests" / "data" / "corpus" / "akari.jsonl"
OWN_SPECS = [(5, 5, "easy", 1), (5, 5, "hard", 2), (6, 6, "medium", 3), (7, 7, "easy", 4), (8, 8, "hard", 5),
             (6, 9, "medium", 6), (10, 10, "medium", 7), (12, 12, "hard", 8), (15, 15, "medium", 9)]
OWN_HAND = [  # (name, grid): several solutions, none
    ("several", [". . . . .", ". # . . .", ". . . . .", ". . . # .", ". . . . ."]),
    ("none", ["0 . . . .", ". 4 . . .", ". . . . .", ". . . . .", ". . . . ."]),
    ("none-dark", [". 0 . . .", "0 . 0 . .", ". 0 . . .", ". . . . .", ". . . . ."]),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", default=str(SHARED / "corpus" / "akari.jsonl"))
    ap.add_argument("--noqx", default=str(SHARED / "research" / "noqx-dev-times.jsonl"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--own-corpus", action="store_true", help=f"rebuild {OWN.relative_to(REPO)} and stop")
    args = ap.parse_args()
    if args.own_corpus:
        own_corpus()
        return
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


def own_corpus() -> None:
    """The genre's own test corpus: generated boards (each proven unique by the generator), then
    boards written by hand with several solutions and none; every verdict from the engine, every
    solution through the checker."""
    from solvers.engine import solve_puzzle
    from solvers.generation import generate_record
    from solvers.puzzle import Puzzle

    records = [generate_record(GENRE, rows, cols, diff, seed) for rows, cols, diff, seed in OWN_SPECS]
    for name, grid in OWN_HAND:
        records.append({"genre": GENRE, "rows": len(grid), "cols": len(grid[0].split()), "grid": grid,
                        "source": f"written by hand for the puzzlebot tests ({name})"})
    for i, rec in enumerate(records, 1):
        rec["id"] = f"own-{GENRE}-{i:02d}"
        puzzle = Puzzle.from_record(rec)
        res = solve_puzzle(puzzle, SolveOptions(time_limit=60, workers=1))
        if "solution" in rec:
            assert res.status is Status.UNIQUE and res.solution is not None, rec["id"]
            assert res.solution.to_json() == rec["solution"], rec["id"]
        elif res.status is Status.NONE:
            rec["solution"], rec["unique"] = None, None
        else:
            assert res.status in (Status.UNIQUE, Status.MULTIPLE) and res.solution is not None, (rec["id"], res.status)
            rec["solution"], rec["unique"] = res.solution.to_json(), res.status is Status.UNIQUE
        if not rec.get("url"):
            rec["url"] = puzzle.kind.encode_url(puzzle)
        print(rec["id"], rec["rows"], rec["cols"], rec["unique"], rec.get("difficulty", ""))
    OWN.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")


if __name__ == "__main__":
    main()
