"""Large Nurikabe boards composed of published ones (issue 21), and their timings.

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_compose.py make OUT.jsonl
        [--sizes 30x30 40x40 50x50] [--seeds 1 2]
    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/stress21.py measure OUT.jsonl --limit 5 60

A board is filled shelf by shelf with dev-corpus boards (turned or mirrored at random), ``GAP``
cells apart. Every other cell ("filler") is shaded, except ``1`` clues on every other cell of every
other row in open stretches and, beside the parts, wherever the filler would close a 2x2 pool (a
filler cell whose four neighbours are shaded): the answer is the parts' answers plus the filler,
and passes the checker.

Uniqueness does not carry over from a part by itself: its sea may join up through the filler
instead of inside the part (a published board leans on its edge). Of d0002-d0024 only d0003,
d0005 and d0020 stay unique framed by filler on every side (:func:`robust`, checked by our
solver), so only those are used. ``make`` then solves each board (``--limit``) and, while a second
answer turns up, turns a filler cell near where the two answers differ into a ``1``; a board is
written with ``unique`` true once our solver proves it (every cut is a rule consequence, every
answer passes the checker), else null. The boards derive from the corpus: write them outside the
repository.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.stress21 import HOWS, SHARED, turn  # noqa: E402
from solvers.connectivity import components, neighbours  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

Cell = tuple[int, int]
GAP = 3  # filler cells between parts: with fewer, a seam between unshaded edge cells may have no way to open
REPAIRS = 20  # rounds of undoing the filler around pools left shut
PARTS = [f"nurikabe-d{n:04d}" for n in range(2, 25)]  # those that stay unique in a frame are used


@functools.cache
def _parts() -> list[tuple[str, list[list[int]], list[list[bool]]]]:
    out = []
    for line in (SHARED / "corpus" / "nurikabe.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["id"] in PARTS:
            grid = [[0 if t == "." else int(t) for t in row.split()] for row in rec["grid"]]
            dark = [[ch == "#" for ch in row] for row in rec["solution"]["shaded"]]
            if robust(grid, dark):
                out.append((rec["id"], grid, dark))
    print("parts that stay unique in a frame:", " ".join(name for name, _, _ in out), flush=True)
    return out


def robust(grid: list[list[int]], dark: list[list[bool]]) -> bool:
    """The board stays unique framed by filler on every side (its sea may not lean on the frame)."""
    h, w = len(grid), len(grid[0])
    for seed in range(2):
        big = [[0] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
        shade = [[True] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
        filler = [[True] * (w + 2 * GAP) for _ in range(h + 2 * GAP)]
        for r in range(h):
            for c in range(w):
                big[r + GAP][c + GAP], shade[r + GAP][c + GAP], filler[r + GAP][c + GAP] = grid[r][c], dark[r][c], False
        _open_pools(big, shade, filler, random.Random(seed))
        if check_cells(big, ["".join("#" if v else "." for v in row) for row in shade]):
            return False
        puzzle = Puzzle("nurikabe", tuple(tuple(row) for row in big))
        if solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1)).status is not Status.UNIQUE:
            return False
    return True


def compose(rows: int, cols: int, seed: int) -> tuple[dict[str, Any], list[list[bool]]] | None:
    """Shelves of turned dev boards, the rest filler (see the module docstring): the record and
    which cells are filler; None if some pool could not be opened."""
    rng = random.Random(seed)
    parts = _parts()
    grid = [[0] * cols for _ in range(rows)]
    dark = [[True] * cols for _ in range(rows)]
    filler = [[True] * cols for _ in range(rows)]
    used = []
    top = 0
    while top < rows:
        left, shelf = 0, 0
        for _ in range(60):
            name, g, d = rng.choice(parts)
            how = rng.choice(HOWS)
            g2, d2 = turn(g, how), turn(d, how)
            h, w = len(g2), len(g2[0])
            if top + h > rows or left + w > cols or (shelf and h > shelf):
                continue
            for r in range(h):
                for c in range(w):
                    grid[top + r][left + c] = g2[r][c]
                    dark[top + r][left + c] = d2[r][c]
                    filler[top + r][left + c] = False
            used.append(f"{name} {how or 'as is'} at {top},{left}")
            shelf = max(shelf, h)
            left += w + GAP
        if not shelf:
            break
        top += shelf + GAP
    _open_pools(grid, dark, filler, rng)
    shaded = ["".join("#" if v else "." for v in row) for row in dark]
    if check_cells(grid, shaded):
        return None
    return {"id": f"nurikabe-c-{rows}x{cols}-s{seed}", "genre": "nurikabe", "rows": rows, "cols": cols,
            "grid": [" ".join(str(v) if v else "." for v in row) for row in grid], "solution": {"shaded": shaded},
            "unique": None,
            "source": f"bench/genres/nurikabe_compose.py {rows}x{cols} seed {seed}: " + "; ".join(used)}, filler


def _open_pools(grid: list[list[int]], dark: list[list[bool]], filler: list[list[bool]], rng: random.Random) -> None:
    """Turn filler cells into ``1`` islands until no 2x2 block is all shaded (where possible)."""
    rows, cols = len(grid), len(grid[0])
    blocks = [(r, c) for r in range(rows - 1) for c in range(cols - 1)]

    def options(r: int, c: int) -> list[tuple[int, int]]:
        block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        if not all(dark[y][x] for y, x in block):
            return []
        return [(y, x) for y, x in block if filler[y][x] and all(dark[a][b] for a, b in neighbours(rows, cols, (y, x)))]

    pr, pc = rng.randrange(2), rng.randrange(2)
    for r in range(pr, rows, 2):  # open stretches: a 1 on every other cell of every other row
        for c in range(pc, cols, 2):
            if filler[r][c] and all(filler[a][b] for a, b in neighbours(rows, cols, (r, c))):
                dark[r][c] = False
                grid[r][c] = 1
    for _ in range(REPAIRS):
        left = _greedy(grid, dark, filler, rng, blocks, options)
        if not left:
            return
        for r, c in left:  # undo the filler 1s around each pool left shut, and try again
            for y in range(max(0, r - 2), min(rows, r + 4)):
                for x in range(max(0, c - 2), min(cols, c + 4)):
                    if filler[y][x] and not dark[y][x]:
                        dark[y][x], grid[y][x] = True, 0


def _greedy(grid: list[list[int]], dark: list[list[bool]], filler: list[list[bool]], rng: random.Random,
            blocks: list[Cell], options: Callable[[int, int], list[Cell]]) -> list[Cell]:
    """Open pools, the one with the fewest ways first (a 1 beside a pool blocks its neighbours);
    the pools left shut."""
    rows, cols = len(grid), len(grid[0])
    dead: list[tuple[int, int]] = []
    while True:
        pools = [(len(opts), rng.random(), (r, c), opts) for r, c in blocks
                 if (r, c) not in dead and (opts := options(r, c))]
        if not pools:
            return dead + [(r, c) for r, c in blocks if (r, c) not in dead
                           and all(dark[y][x] for y, x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))]
        _, _, block, opts = min(pools)
        rng.shuffle(opts)
        for y, x in opts:
            dark[y][x] = False
            if len(components(rows, cols, [(a, b) for a in range(rows) for b in range(cols) if dark[a][b]])) == 1:
                grid[y][x] = 1
                break
            dark[y][x] = True
        else:
            dead.append(block)


def make_unique(rec: dict[str, Any], filler: list[list[bool]], rounds: int, limit: float) -> dict[str, Any]:
    """While our solver finds a second answer, turn a filler cell near where the two answers differ
    into a ``1`` (shaded around it in the drawn answer, the sea still joined): the other answer then
    loses that sea cell. ``unique`` becomes true once the solver proves it (each step checked)."""
    grid = [[0 if t == "." else int(t) for t in row.split()] for row in rec["grid"]]
    dark = [[ch == "#" for ch in row] for row in rec["solution"]["shaded"]]
    rows, cols = len(grid), len(grid[0])
    for n in range(rounds):
        puzzle = Puzzle("nurikabe", tuple(tuple(row) for row in grid))
        res = solve_puzzle(puzzle, SolveOptions(time_limit=limit, workers=1))
        print(f"  {rec['id']} round {n}: {res.status} {res.seconds:.1f} s", flush=True)
        if res.status is Status.UNIQUE:
            assert isinstance(res.solution, ShadeSolution)
            assert all(res.solution.marked(r, c) == dark[r][c] for r in range(rows) for c in range(cols))
            rec = {**rec, "grid": [" ".join(str(v) if v else "." for v in row) for row in grid], "unique": True}
            break
        if res.status is not Status.MULTIPLE or not isinstance(res.second_solution, ShadeSolution):
            break
        first, other = res.solution, res.second_solution
        assert isinstance(first, ShadeSolution)
        diff = [(r, c) for r in range(rows) for c in range(cols) if other.marked(r, c) != first.marked(r, c)]
        done: list[Cell] = []
        for r, c in diff:  # one new 1 for each place the answers differ
            if any(abs(r - y) + abs(c - x) <= 8 for y, x in done):
                continue
            if (cell := _one_near(grid, dark, filler, (r, c), n)) is not None:
                done.append(cell)
        print(f"    {len(diff)} cells differ, {len(done)} new 1s", flush=True)
        if not done:
            break
    shaded = ["".join("#" if v else "." for v in row) for row in dark]
    assert not check_cells(grid, shaded)
    return {**rec, "grid": [" ".join(str(v) if v else "." for v in row) for row in grid],
            "solution": {"shaded": shaded}}


def _one_near(grid: list[list[int]], dark: list[list[bool]], filler: list[list[bool]], at: Cell,
              seed: int) -> Cell | None:
    """Turn the filler cell nearest ``at`` (up to 6 steps) that can be a ``1`` into one."""
    rows, cols = len(grid), len(grid[0])
    r, c = at
    for reach in (1, 2, 3, 4, 6):
        near = sorted({(y, x) for y in range(r - reach, r + reach + 1) for x in range(c - reach, c + reach + 1)
                       if 0 <= y < rows and 0 <= x < cols and filler[y][x] and dark[y][x]
                       and all(dark[a][b] for a, b in neighbours(rows, cols, (y, x)))})
        random.Random(seed).shuffle(near)
        for y, x in near:
            dark[y][x] = False
            if len(components(rows, cols, [(a, b) for a in range(rows) for b in range(cols) if dark[a][b]])) == 1:
                grid[y][x] = 1
                return y, x
            dark[y][x] = True
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description="composed large Nurikabe boards")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--sizes", nargs="+", default=["30x30", "40x40", "50x50"])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--rounds", type=int, default=20, help="repairs towards a unique board (0: none)")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per solve while repairing")
    args = ap.parse_args()
    with open(args.out, "w") as f:
        for size in args.sizes:
            rows, cols = map(int, size.split("x"))
            for seed in args.seeds:
                s = seed
                while (made := compose(rows, cols, s)) is None:
                    s += 1000
                rec, filler = made
                if args.rounds:
                    rec = make_unique(rec, filler, args.rounds, args.limit)
                f.write(json.dumps(rec) + "\n")
                print(rec["id"], rec["source"], flush=True)


if __name__ == "__main__":
    main()
