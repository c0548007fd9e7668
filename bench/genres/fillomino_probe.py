"""Failed-literal probing on a Fillomino board's hardest group, then CP-SAT's first answer there.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/fillomino_probe.py \
        [--id fillomino-d0022] [--turns 0 1 2 3] [--tries N]

The group the deductions leave (the largest), turned 0-3 times (3: mirrored). Probing: for each
cell next to a block short of its number ``v``, "the cell is ``v``" and "it is not" are each
deduced (the cheap rules); a contradiction fixes the other side, and the whole deductions run
again; repeated until a pass finds nothing (or ``--tries`` probes). Every step is a deduction, so
the probed masks hold every answer. Prints the probes' cpu, tries, hits, open cells left, and the
CP-SAT first answer (build, cpu, deterministic time, conflicts) on the masks before and after.
Measured, not kept (bench/results/fillomino.md, fillo6): d0022 collapses, but the probes cost
8-18 s of Python.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))

from solvers.fillomino.deduce import Contradiction, deduce, grid_near, short_blocks, start_masks  # noqa: E402
from solvers.fillomino.model import PARAMS, FillominoModel  # noqa: E402
from solvers.fillomino.search import _groups  # noqa: E402


def group(rec: dict[str, Any], turns: int) -> tuple[list[list[int]], list[int], int]:
    """The largest group after the deductions: its neighbours, masks, and the largest given."""
    grid = [[0 if x == "." else int(x) for x in line.split()] for line in rec["grid"]]
    for _ in range(turns if turns < 3 else 0):
        grid = [list(row) for row in zip(*grid[::-1], strict=True)]
    if turns == 3:
        grid = [row[::-1] for row in grid]
    flat = [x for row in grid for x in row]
    near = grid_near(len(grid), len(grid[0]))
    cand = start_masks(near, flat)
    deduce(near, cand, max(flat))
    cells = max(_groups(near, cand), key=len)
    index = {c: k for k, c in enumerate(cells)}
    return [[index[j] for j in near[c] if j in index] for c in cells], [cand[c] for c in cells], max(flat)


def probe(near: list[list[int]], cand: list[int], top: int, most: float) -> tuple[int, int]:
    """Probe to a fixpoint (``cand`` changed in place); returns (tries, hits)."""
    tries = hits = 0
    while True:
        hit = False
        tried: set[tuple[int, int]] = set()
        for cells, v in short_blocks(near, cand):
            inside = set(cells)
            for i in sorted({j for c in cells for j in near[c] if j not in inside and cand[j] >> v & 1}):
                if (i, v) in tried or not cand[i] >> v & 1 or cand[i] == 1 << v:
                    continue
                tried.add((i, v))
                for take in (True, False):
                    if tries >= most:
                        return tries, hits
                    trial = cand.copy()
                    trial[i] = 1 << v if take else trial[i] & ~(1 << v)
                    tries += 1
                    try:
                        deduce(near, trial, top, deep=False)
                    except Contradiction:
                        hits += 1
                        cand[i] = cand[i] & ~(1 << v) if take else 1 << v
                        deduce(near, cand, top)
                        hit = True
                        break
        if not hit:
            return tries, hits


def first(near: list[list[int]], cand: list[int]) -> str:
    """CP-SAT's first answer on the group, as the engine runs it (one worker)."""
    from ortools.sat.python import cp_model

    t0 = time.process_time()
    fm = FillominoModel(near, cand)
    build = time.process_time() - t0
    solver = cp_model.CpSolver()
    for key, value in PARAMS.items():
        setattr(solver.parameters, key, value)
    solver.parameters.max_time_in_seconds = 60
    t0 = time.process_time()
    status = solver.solve(fm.model)
    return (f"build {build:.3f} cpu {time.process_time() - t0:.3f} det {solver.deterministic_time:.3f} "
            f"conflicts {solver.num_conflicts} {solver.status_name(status)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--id", default="fillomino-d0022")
    ap.add_argument("--turns", type=int, nargs="*", default=[0, 1, 2, 3])
    ap.add_argument("--tries", type=float, default=float("inf"))
    args = ap.parse_args()
    with open(SHARED / "corpus" / "fillomino.jsonl") as f:
        rec = next(r for r in map(json.loads, f) if r["id"] == args.id)
    for turns in args.turns:
        near, cand, top = group(rec, turns)
        before = f"open {sum(1 for x in cand if x & (x - 1))}: {first(near, cand)}"
        t0 = time.process_time()
        tries, hits = probe(near, cand, top, args.tries)
        spent = time.process_time() - t0
        print(f"turns {turns}: {len(cand)} cells, {before}")
        print(f"  probes {spent:.2f} s cpu, {tries} tries, {hits} hits; "
              f"open {sum(1 for x in cand if x & (x - 1))}: {first(near, cand)}", flush=True)


if __name__ == "__main__":
    main()
