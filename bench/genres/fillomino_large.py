"""Large Fillomino stress boards (40x40 to 50x64) with a known answer, for the 5 s goal.

    PYTHONPATH=. .venv/bin/python bench/genres/fillomino_large.py OUT.jsonl ROWSxCOLS SEED [SEED ...]
        [--biggest 10] [--keep 0.45] [--givenless 0.15]
    PYTHONPATH=. .venv/bin/python bench/genres/fillomino_large.py OUT.jsonl --compose [SEED]
    PYTHONPATH=. .venv/bin/python bench/genres/fillomino_large.py OUT.jsonl --measure [--limit 5] [--workers 1]

A random division (:func:`solvers.fillomino.generate.random_division`, areas up to
``--biggest``); each area loses all its givens with probability ``--givenless`` (an area without a
given, as in the published big boards), else keeps each cell's given with probability ``--keep``
(at least one). Removing givens one by one while the board stays unique (the generator's way) is
too slow at this size, so the verdict is open: a unique board must give the division, a multiple
one two answers that both pass the checker. Appends corpus records (``../shared/FORMATS.md``,
``unique`` null) to OUT.

``--compose``: unique boards of the same sizes from the published ones (``../shared/corpus``),
turned or mirrored, placed side by side (:data:`LAYOUTS`); every other cell is given, filled with
small areas that touch no area of their size. Those areas are complete, so each placed board is
solved on its own and keeps its one answer: the whole board is unique with a known answer, and
its time is that of its hardest parts together. ``--measure`` solves every board of OUT through the engine (which runs
the independent checker on every answer) and prints the time, the verdict and whether it is right.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))

from solvers.engine import solve_puzzle  # noqa: E402
from solvers.fillomino.check import areas, check_cells  # noqa: E402
from solvers.fillomino.generate import random_division  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402


def board(rows: int, cols: int, seed: int, biggest: int, keep: float, givenless: float) -> dict[str, object]:
    """One stress record."""
    rng = random.Random(seed)
    numbers = None
    while numbers is None:
        numbers = random_division(rows, cols, rng, biggest)
    grid = [[0] * cols for _ in range(rows)]
    for area in areas(numbers):
        if rng.random() < givenless:
            continue
        kept = [cell for cell in area if rng.random() < keep] or [rng.choice(area)]
        for r, c in kept:
            grid[r][c] = numbers[r][c]
    return {"id": f"fillomino-large-{rows}x{cols}-s{seed}", "genre": "fillomino", "rows": rows, "cols": cols,
            "grid": [" ".join(str(x) if x else "." for x in row) for row in grid],
            "solution": {"numbers": [" ".join(map(str, row)) for row in numbers]}, "unique": None,
            "source": f"bench/genres/fillomino_large.py {rows}x{cols} {seed} --biggest {biggest} --keep {keep:g} "
                      f"--givenless {givenless:g}"}


Piece = tuple[str, str, int, int]  # record id, how it is turned ("", "T" transposed, "R" turned 180°), top, left
LAYOUTS: dict[str, tuple[int, int, list[Piece]]] = {
    "50x64-d25T-d22T-d17": (50, 64, [("fillomino-d0025", "T", 0, 0), ("fillomino-d0022", "T", 0, 33),
                                      ("fillomino-d0017", "", 37, 33)]),
    "41x40-d22-d22R": (41, 40, [("fillomino-d0022", "", 0, 0), ("fillomino-d0022", "R", 21, 4)]),
    "40x40-d24-d19": (40, 40, [("fillomino-d0024", "", 0, 0), ("fillomino-d0019", "", 26, 0)]),
    "50x64-d25-d15T-d17-d19": (50, 64, [("fillomino-d0025", "", 0, 0), ("fillomino-d0015", "T", 0, 52),
                                         ("fillomino-d0017", "", 33, 0), ("fillomino-d0019", "", 33, 21)]),
    "50x64-d22-d22R-d22T": (50, 64, [("fillomino-d0022", "", 0, 0), ("fillomino-d0022", "R", 21, 0),
                                     ("fillomino-d0022", "T", 0, 37)]),  # three d0022-like parts (fillo9)
}


STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _turn(grid: list[list[int]], how: str) -> list[list[int]]:
    if how == "T":
        return [list(col) for col in zip(*grid, strict=True)]
    if how == "R":
        return [row[::-1] for row in grid[::-1]]
    return grid


def compose(name: str, seed: int) -> dict[str, object] | None:
    """The layout ``name`` as a record, or None when this seed's filler touched an equal area."""
    rows, cols, pieces = LAYOUTS[name]
    lines = (SHARED / "corpus" / "fillomino.jsonl").read_text().splitlines()
    corpus = {rec["id"]: rec for rec in map(json.loads, lines)}
    given = [[0] * cols for _ in range(rows)]
    numbers = [[0] * cols for _ in range(rows)]
    for rid, how, top, left in pieces:
        rec = corpus[rid]
        cells = _turn([[0 if t == "." else int(t) for t in row.split()] for row in rec["grid"]], how)
        sol = _turn([[int(t) for t in row.split()] for row in rec["solution"]["numbers"]], how)
        for r, row in enumerate(sol):
            for c, x in enumerate(row):
                numbers[top + r][left + c] = x
                given[top + r][left + c] = cells[r][c]
    rng = random.Random(seed)
    for r0 in range(rows):
        for c0 in range(cols):
            if numbers[r0][c0]:
                continue
            area = [(r0, c0)]  # grown in order, so every prefix is connected
            while len(area) < 7:
                options = sorted({(r + dr, c + dc) for r, c in area for dr, dc in STEPS
                                  if 0 <= r + dr < rows and 0 <= c + dc < cols and not numbers[r + dr][c + dc]
                                  and (r + dr, c + dc) not in area})
                if not options:
                    break
                area.append(rng.choice(options))
            fits = []  # the prefix sizes no neighbouring area has
            for k in range(1, len(area) + 1):
                part = set(area[:k])
                if k not in {numbers[r + dr][c + dc] for r, c in part for dr, dc in STEPS
                             if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in part}:
                    fits.append(k)
            if not fits:
                return None
            k = rng.choice(fits)
            for r, c in area[:k]:
                numbers[r][c] = given[r][c] = k
    if check_cells(given, numbers):
        return None
    return {"id": f"fillomino-large-{name}", "genre": "fillomino", "rows": rows, "cols": cols,
            "grid": [" ".join(str(x) if x else "." for x in row) for row in given],
            "solution": {"numbers": [" ".join(map(str, row)) for row in numbers]}, "unique": True,
            "source": f"bench/genres/fillomino_large.py --compose {seed}: {name}"}


def measure(path: str, limit: float, workers: int = 1) -> None:
    """Solve every board of ``path``: seconds (wall, cpu), verdict, right (unique: the division;
    multiple: two answers, both already through the checker; never error or none)."""
    for line in Path(path).read_text().splitlines():
        rec = json.loads(line)
        puzzle = Puzzle.from_record(rec)
        t0, c0 = time.perf_counter(), time.process_time()
        res = solve_puzzle(puzzle, SolveOptions(time_limit=limit, workers=workers))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        if res.status is Status.UNIQUE:
            right = res.solution == puzzle.kind.solution_from_json(rec["solution"], puzzle)
        else:
            right = res.status is Status.MULTIPLE and res.second_solution is not None
        phases = " ".join(f"{k}={v:.2f}" for k, v in res.stats.phases.items())
        print(f"{rec['id']:<28} {wall:6.2f} s (cpu {cpu:5.2f})  {res.status}  "
              f"{'right' if right else 'WRONG/unsettled'}  {phases}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description="large Fillomino stress boards")
    ap.add_argument("out")
    ap.add_argument("size", nargs="?")
    ap.add_argument("seeds", type=int, nargs="*")
    ap.add_argument("--measure", action="store_true")
    ap.add_argument("--compose", type=int, nargs="?", const=1, metavar="SEED", help="the LAYOUTS instead")
    ap.add_argument("--limit", type=float, default=5.0)
    ap.add_argument("--workers", type=int, default=1, help="threads per solve (parts solved side by side)")
    ap.add_argument("--biggest", type=int, default=10)
    ap.add_argument("--keep", type=float, default=0.45)
    ap.add_argument("--givenless", type=float, default=0.15)
    args = ap.parse_args()
    if args.measure:
        measure(args.out, args.limit, args.workers)
        return
    if args.compose is not None:
        with open(args.out, "a") as f:
            for name in LAYOUTS:
                seed = args.compose
                while (rec := compose(name, seed)) is None:
                    seed += 1
                f.write(json.dumps(rec) + "\n")
        return
    rows, cols = map(int, args.size.lower().split("x"))
    with open(args.out, "a") as f:
        for seed in args.seeds:
            f.write(json.dumps(board(rows, cols, seed, args.biggest, args.keep, args.givenless)) + "\n")


if __name__ == "__main__":
    main()
