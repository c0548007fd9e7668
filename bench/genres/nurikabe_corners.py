"""Unique 50x50 Nurikabe boards from published ones, one in each corner (issue 21, pass nk16).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_corners.py make OUT.jsonl
        --seed 1 [--count 12]
    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/stress21.py measure OUT.jsonl --limit 5 30

``nurikabe_compose.py`` frames each dev board by filler on every side, and then only d0003, d0005
and d0020 keep their one answer (a board's sea may join through the frame instead of inside it).
In a corner of the big board a dev board keeps two of its own edges, and more of them stay
unique: each (board, turn) is checked by our solver at the top-left corner of a box with
:data:`GAP` cells of filler below and to the right (:func:`corner_ok`; d0013-d0021 tried, the
verdicts cached in ``--cache``). A 50x50 board takes four such boards of at most
``(50 - GAP) // 2`` cells a side, mirrored into the four corners (a mirror keeps the check's
verdict), and filler elsewhere: shaded, with ``1`` clues where a 2x2 pool would close
(``nurikabe_compose._open_pools``). The seams between two placed boards are new, so the whole
board is solved again and repaired with more ``1`` s where a second answer shows
(``nurikabe_compose.make_unique``); it is written with ``unique`` true only once our solver proves it,
else dropped and counted. Islands: the dev boards' own (up to 16 cells in d0021, 13 in d0020, 14
in d0013, 11 in d0011) and the filler's 1s. The boards derive from the corpus: keep them out of
the repository.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.nurikabe_compose import GAP, _open_pools, make_unique  # noqa: E402
from bench.genres.stress21 import HOWS, SHARED, turn  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

SIZE = 50
SIDE = (SIZE - GAP) // 2  # a corner board's longest side: two fit along an edge with a seam between
PARTS = [f"nurikabe-d{n:04d}" for n in range(13, 22)]  # d0010-d0012 and smaller: few cells; d0022 and up: too big
MIRRORS = ("", "H", "V", "HV")  # top-left, top-right, bottom-left, bottom-right


def _load() -> dict[str, tuple[list[list[int]], list[list[bool]]]]:
    out = {}
    for line in (SHARED / "corpus" / "nurikabe.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["id"] in PARTS:
            out[rec["id"]] = ([[0 if t == "." else int(t) for t in row.split()] for row in rec["grid"]],
                              [[ch == "#" for ch in row] for row in rec["solution"]["shaded"]])
    return out


def _fill(grid: list[list[int]], dark: list[list[bool]], filler: list[list[bool]], seed: int) -> bool:
    """Open the filler's pools; False if some pool stays shut."""
    _open_pools(grid, dark, filler, random.Random(seed))
    return not check_cells(grid, ["".join("#" if v else "." for v in row) for row in dark])


def corner_ok(grid: list[list[int]], dark: list[list[bool]]) -> bool:
    """The board keeps its one answer at the top-left corner with filler below and to the right."""
    h, w = len(grid), len(grid[0])
    big = [[0] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
    shade = [[True] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
    filler = [[True] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
    for r in range(h):
        for c in range(w):
            big[r][c], shade[r][c], filler[r][c] = grid[r][c], dark[r][c], False
    if not _fill(big, shade, filler, 0):
        return False
    res = solve_puzzle(Puzzle("nurikabe", tuple(tuple(row) for row in big)), SolveOptions(time_limit=20, workers=1))
    return res.status is Status.UNIQUE


def corner_parts(cache: Path) -> list[tuple[str, str]]:
    """Every (board, turn) that fits a corner and passes :func:`corner_ok` (cached in ``cache``)."""
    seen: dict[str, bool] = json.loads(cache.read_text()) if cache.exists() else {}
    parts = _load()
    for name, (grid, dark) in parts.items():
        for how in HOWS:
            g = turn(grid, how)
            if len(g) > SIDE or len(g[0]) > SIDE or f"{name} {how}" in seen:
                continue
            seen[f"{name} {how}"] = corner_ok(g, turn(dark, how))
            print(f"corner check {name} {how or 'as is'}: {seen[f'{name} {how}']}", flush=True)
            cache.write_text(json.dumps(seen, indent=0))
    return sorted((key.split(" ", 1)[0], key.split(" ", 1)[1]) for key, ok in seen.items()
                  if ok and key.split(" ", 1)[0] in parts)


def compose(seed: int, ok: list[tuple[str, str]]) -> tuple[dict[str, Any], list[list[bool]]] | None:
    """Four corner boards and filler; None if a pool could not be opened."""
    rng = random.Random(seed)
    parts = _load()
    grid = [[0] * SIZE for _ in range(SIZE)]
    dark = [[True] * SIZE for _ in range(SIZE)]
    filler = [[True] * SIZE for _ in range(SIZE)]
    used = []
    for mirror in MIRRORS:
        name, how = rng.choice(ok)
        g, d = parts[name]
        g2, d2 = turn(turn(g, how), mirror), turn(turn(d, how), mirror)
        h, w = len(g2), len(g2[0])
        top = SIZE - h if "V" in mirror else 0
        left = SIZE - w if "H" in mirror else 0
        for r in range(h):
            for c in range(w):
                grid[top + r][left + c], dark[top + r][left + c], filler[top + r][left + c] = g2[r][c], d2[r][c], False
        used.append(f"{name} {how or 'as is'}/{mirror or '-'} at {top},{left}")
    if not _fill(grid, dark, filler, seed):
        return None
    shaded = ["".join("#" if v else "." for v in row) for row in dark]
    return {"id": f"nurikabe-k-{SIZE}x{SIZE}-s{seed}", "genre": "nurikabe", "rows": SIZE, "cols": SIZE,
            "grid": [" ".join(str(v) if v else "." for v in row) for row in grid], "solution": {"shaded": shaded},
            "unique": None, "source": f"bench/genres/nurikabe_corners.py seed {seed}: " + "; ".join(used)}, filler


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards from dev boards in the corners")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--cache", type=Path, default=Path("/tmp/nurikabe_corners.json"))
    ap.add_argument("--rounds", type=int, default=10, help="repairs towards a unique board")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds per solve while repairing")
    args = ap.parse_args()
    ok = corner_parts(args.cache)
    print(f"{len(ok)} (board, turn) pairs keep one answer in a corner", flush=True)
    made = dropped = 0
    with open(args.out, "a") as f:
        for seed in range(args.seed, args.seed + args.count):
            got = compose(seed, ok)
            if got is None:
                print(f"seed {seed}: a pool stays shut, skipped", flush=True)
                continue
            rec = make_unique(*got, args.rounds, args.limit)
            if rec.get("unique"):
                f.write(json.dumps(rec) + "\n")
                made += 1
            else:
                dropped += 1
            print(f"{rec['id']} unique={rec.get('unique')}: {rec['source']}", flush=True)
    print(f"{made} unique boards written, {dropped} dropped", flush=True)


if __name__ == "__main__":
    main()
