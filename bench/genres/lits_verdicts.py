"""LITS verdicts of two source trees side by side (a solver change must not change one).

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/lits_verdicts.py \\
        --trees /work/main . [--records FILE ...] [--small 200] [--limit 30]

Boards: the dev corpus, ``--small`` random boards of 5x5 to 10x10 (``stress21.random_lits``, rooms
of 4-6 cells; every third with a few cells moved to a neighbouring room, so none occurs too) and the
records of ``--records`` (e.g. the stress boards). Each tree solves every board in its own process
(``--worker``, that tree first on the path) with the uniqueness proof; every answer goes through
this tree's checker, and the verdicts (and the answer of a unique board) must agree. Prints one
line per difference and a summary; exit status 1 on any difference or wrong answer. CPU seconds
per tree are summed (``time.process_time``, the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", HERE.parents[3] / "shared"))


def worker(limit: float) -> None:
    """Solve the records on stdin with the tree on PYTHONPATH; one JSON line each on stdout."""
    from solvers.engine import solve_puzzle
    from solvers.puzzle import Puzzle
    from solvers.verdict import SolveOptions

    for line in sys.stdin:
        rec = json.loads(line)
        puzzle = Puzzle.from_record(rec)
        c0 = time.process_time()
        res = solve_puzzle(puzzle, SolveOptions(time_limit=limit, workers=1))
        cpu = time.process_time() - c0
        shaded = [list(s.to_json()["shaded"]) for s in (res.solution, res.second_solution) if s is not None]
        print(json.dumps({"id": rec["id"], "status": str(res.status), "shaded": shaded, "cpu": cpu}), flush=True)


def small_boards(count: int) -> list[dict[str, Any]]:
    """Random small boards; every third with cells moved between rooms (:func:`_shuffle_cells`)."""
    sys.path.insert(0, str(HERE.parent))
    from stress21 import random_lits

    boards = []
    for seed in range(count):
        rng = random.Random(seed)
        rec = random_lits(rng.randint(5, 10), rng.randint(5, 10), seed, (4, 6))
        rec["id"] = f"{rec['id']}-small{seed}"
        if seed % 3 == 2:
            _shuffle_cells(rec, rng)
        boards.append(rec)
    return boards


def _shuffle_cells(rec: dict[str, Any], rng: random.Random, moves: int = 3) -> None:
    """Hand a few cells to a neighbouring room (rooms keep at least 4 cells): the drawn answer is
    usually broken, and the verdict may become none."""
    from solvers.connectivity import components, neighbours  # (here: a worker runs in another tree)

    grid = [row.split() for row in rec["regions"]]
    rows, cols = rec["rows"], rec["cols"]
    for _ in range(moves):
        sizes: dict[str, int] = {}
        for row in grid:
            for t in row:
                sizes[t] = sizes.get(t, 0) + 1
        r, c = rng.randrange(rows), rng.randrange(cols)
        nbrs = [grid[y][x] for y, x in neighbours(rows, cols, (r, c)) if grid[y][x] != grid[r][c]]
        if nbrs and sizes[grid[r][c]] > 4:
            old = grid[r][c]
            grid[r][c] = rng.choice(nbrs)
            if len(components(rows, cols, ((y, x) for y, row in enumerate(grid) for x, t in enumerate(row)
                                           if t == old))) > 1:
                grid[r][c] = old
    rec["regions"] = [" ".join(row) for row in grid]
    rec["id"] += "-moved"


def run_tree(tree: Path, records: list[dict[str, Any]], limit: float) -> dict[str, dict[str, Any]]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PUZZLEBOT_SHARED": str(SHARED)}
    out = subprocess.run([sys.executable, str(HERE), "--worker", "--limit", str(limit)], cwd=tree, env=env,
                         input="".join(json.dumps(r) + "\n" for r in records), capture_output=True, text=True,
                         check=True)
    return {(d := json.loads(line))["id"]: d for line in out.stdout.splitlines()}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trees", nargs=2, type=Path, default=[Path("/work/main"), Path(".")])
    ap.add_argument("--records", nargs="*", type=Path, default=[])
    ap.add_argument("--small", type=int, default=200)
    ap.add_argument("--limit", type=float, default=30.0)
    ap.add_argument("--worker", action="store_true")
    args = ap.parse_args()
    if args.worker:
        worker(args.limit)
        return 0
    sys.path.insert(0, str(HERE.parents[2]))
    from solvers.lits.check import violations

    records = [json.loads(line) for line in (SHARED / "corpus" / "lits.jsonl").read_text().splitlines()]
    records += small_boards(args.small)
    for path in args.records:
        records += [json.loads(line) for line in path.read_text().splitlines()]
    results = [run_tree(tree.resolve(), records, args.limit) for tree in args.trees]
    bad = 0
    tally: dict[str, int] = {}
    for rec in records:
        a, b = (r[rec["id"]] for r in results)
        names: dict[str, int] = {}
        regions = [[names.setdefault(t, len(names)) for t in row.split()] for row in rec["regions"]]
        wrong = [i for i, r in enumerate((a, b)) for s in r["shaded"] if violations(regions, s)]
        if a["status"] != b["status"] or wrong or (a["status"] == "unique" and a["shaded"] != b["shaded"]):
            bad += 1
            print(f"DIFF {rec['id']}: {a['status']} / {b['status']}  wrong answers in trees {wrong}")
        tally[a["status"]] = tally.get(a["status"], 0) + 1
    for tree, r in zip(args.trees, results, strict=True):
        print(f"{tree}: cpu {sum(d['cpu'] for d in r.values()):.2f} s over {len(r)} boards")
    print(f"{len(records)} boards, verdicts {tally}, differences {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
