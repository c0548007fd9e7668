"""Stress boards for issue 21 (LITS 40x57 and 36x50, Hitori 20x20, Nurikabe 50x50), and their timings.

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/stress21.py make OUTDIR [--seed 1]
    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/stress21.py measure FILE.jsonl
        [--limit 5 30] [--only ID ...] [--label LABELLED.jsonl]

``make`` writes OUTDIR/{lits,hitori,nurikabe}.jsonl (records as in ``../shared/FORMATS.md``; the
boards derive from the dev corpus, so they stay out of the repository):

* LITS composed (``lits-c-*``): published boards (turned or mirrored) and generated unique tiles
  (``solvers/lits/generate.py``) side by side (:data:`LAYOUTS`). Each block's orientation (or
  tile seed) is drawn until its answer agrees with the blocks placed so far across the seams (no
  2x2, no equal shapes touching, a shaded cell touching theirs): the blocks' answers together are
  an answer. Every block alone has one answer, but a block's shading may now be connected through
  its neighbours only, so the verdict is open (``unique`` null).
* LITS random (``lits-r-*``): a random maximal set of connected pieces (no 2x2, no equal shapes
  touching) and rooms grown around them up to a random size: usually many answers.
* Hitori (``hitori-*``): the generator's draw (Latin square, shading, numbers tuned against second
  answers until ours is the only one, :func:`solvers.hitori.generate.attempt`) and untuned draws.
* Nurikabe (``nurikabe-*``): a random maze of sea through the even cells, island cells turned sea
  where that opens no 2x2 pool (each with a probability: bigger islands when lower), one clue per
  island at a random cell.

The verdict of every board is open except where stated: right means unique with the drawn answer,
or multiple with two answers (each through the genre's checker in the engine); never none.
``measure`` solves each board through the engine with every limit given and prints wall and CPU
seconds (``time.process_time``), the verdict, and right or WRONG.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", Path(__file__).resolve().parents[3] / "shared"))

from solvers.connectivity import components  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.hitori.generate import attempt as hitori_attempt  # noqa: E402
from solvers.hitori.generate import latin, shading  # noqa: E402
from solvers.lits.bits import Geometry  # noqa: E402
from solvers.lits.check import shape_of, violations  # noqa: E402
from solvers.lits.generate import HARD_DENSITY  # noqa: E402
from solvers.lits.generate import attempt as lits_attempt  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

Cell = tuple[int, int]
Grid = list[list[Any]]

# name: (rows, cols, blocks: (source, top, left, height, width)); source a dev record id or "gen"
LAYOUTS: dict[str, tuple[int, int, list[tuple[str, int, int, int, int]]]] = {
    "40x57-d24": (40, 57, [("lits-d0024", 0, 0, 31, 45), ("lits-d0012", 0, 45, 12, 12), ("gen", 12, 45, 10, 12),
                           ("gen", 22, 45, 9, 12), ("lits-d0004", 31, 0, 9, 10), ("gen", 31, 10, 9, 12),
                           ("lits-d0004", 31, 22, 9, 10), ("gen", 31, 32, 9, 12), ("gen", 31, 44, 9, 13)]),
    "40x57-d25": (40, 57, [("lits-d0025", 9, 12, 31, 45), ("lits-d0012", 9, 0, 12, 12), ("lits-d0012", 21, 0, 12, 12),
                           ("lits-d0004", 0, 12, 9, 10), ("lits-d0004", 0, 22, 9, 10), ("lits-d0004", 0, 32, 9, 10),
                           ("gen", 0, 42, 9, 15), ("gen", 0, 0, 9, 12), ("gen", 33, 0, 7, 12)]),
    "36x50-d23": (36, 50, [("lits-d0023", 0, 0, 31, 45), ("gen", 0, 45, 10, 5), ("gen", 10, 45, 10, 5),
                           ("gen", 20, 45, 11, 5), ("gen", 31, 0, 5, 12), ("gen", 31, 12, 5, 12),
                           ("gen", 31, 24, 5, 12), ("gen", 31, 36, 5, 14)]),
    "36x50-d25": (36, 50, [("lits-d0025", 5, 0, 31, 45), ("gen", 0, 0, 5, 15), ("gen", 0, 15, 5, 15),
                           ("gen", 0, 30, 5, 15), ("gen", 0, 45, 12, 5), ("gen", 12, 45, 12, 5),
                           ("gen", 24, 45, 12, 5)]),
}


def turn(grid: Grid, how: str) -> Grid:
    """``grid`` transposed (T), mirrored left-right (H) and upside down (V), in that order."""
    if "T" in how:
        grid = [list(col) for col in zip(*grid, strict=True)]
    if "H" in how:
        grid = [row[::-1] for row in grid]
    if "V" in how:
        grid = grid[::-1]
    return grid


HOWS = ("", "H", "V", "HV", "T", "TH", "TV", "THV")


def _corpus(genre: str) -> dict[str, dict[str, Any]]:
    lines = (SHARED / "corpus" / f"{genre}.jsonl").read_text().splitlines()
    return {rec["id"]: rec for rec in map(json.loads, lines)}


def _tile(height: int, width: int, rng: random.Random) -> tuple[Grid, Grid]:
    """One draw of the LITS generator (rooms grown while its answer is the only one): (regions, shaded)."""
    while (growth := lits_attempt(height, width, rng, HARD_DENSITY)) is None:
        pass
    dark = set(growth.shaded())
    return ([list(row) for row in growth.regions()],
            [[(r, c) in dark for c in range(width)] for r in range(height)])


def _blocks(source: str, height: int, width: int, rng: random.Random,
            corpus: dict[str, dict[str, Any]]) -> Iterator[tuple[Grid, Grid, str]]:
    """Candidate (regions, shaded, label) for one block, in random order."""
    if source == "gen":
        for _ in range(12):
            regions, dark = _tile(height, width, rng)
            for how in rng.sample(HOWS[:4], 4):
                yield turn(regions, how), turn(dark, how), f"gen {height}x{width} {how}"
        return
    rec = corpus[source]
    regions = [[int(t) for t in row.split()] for row in rec["regions"]]
    dark = [[ch == "#" for ch in row] for row in rec["solution"]["shaded"]]
    for how in rng.sample(HOWS, len(HOWS)):
        r2 = turn(regions, how)
        if len(r2) == height and len(r2[0]) == width:
            yield r2, turn(dark, how), f"{source} {how or 'as is'}"


def _fits(regions: Grid, dark: Grid, top: int, left: int, height: int, width: int) -> bool:
    """The block just written at (top, left) agrees with its placed neighbours across the seams."""
    rows, cols = len(regions), len(regions[0])

    def inside(r: int, c: int) -> bool:
        return top <= r < top + height and left <= c < left + width

    shape: dict[int, str] = {}

    def shape_at(r: int, c: int) -> str:
        k = regions[r][c]
        if k not in shape:
            shape[k] = shape_of([(y, x) for y in range(rows) for x in range(cols) if regions[y][x] == k and dark[y][x]])
        return shape[k]

    touch = False
    for r in range(max(0, top - 1), min(rows, top + height + 1)):
        for c in range(max(0, left - 1), min(cols, left + width + 1)):
            if not dark[r][c]:
                continue
            for y, x in ((r, c + 1), (r + 1, c)):
                if y < rows and x < cols and dark[y][x] and inside(r, c) != inside(y, x):
                    touch = True
                    if shape_at(r, c) == shape_at(y, x):
                        return False
            if r + 1 < rows and c + 1 < cols and dark[r][c + 1] and dark[r + 1][c] and dark[r + 1][c + 1]:
                return False
    return touch


def compose(name: str, seed: int) -> dict[str, Any] | None:
    """The layout ``name`` as a record, or None when some block found no agreeing candidate."""
    rows, cols, layout = LAYOUTS[name]
    corpus = _corpus("lits")
    rng = random.Random(seed)
    regions: Grid = [[0] * cols for _ in range(rows)]
    dark: Grid = [[False] * cols for _ in range(rows)]
    used = []
    first = True
    for n, (source, top, left, height, width) in sorted(enumerate(layout), key=lambda b: b[1][0] == "gen"):
        for reg, sh, label in _blocks(source, height, width, rng, corpus):
            for r in range(height):
                for c in range(width):
                    regions[top + r][left + c] = (n + 1) * 10_000 + reg[r][c]
                    dark[top + r][left + c] = sh[r][c]
            if _fits(regions, dark, top, left, height, width) or first:
                first = False
                used.append(label)
                break
        else:
            return None
    shaded = ["".join("#" if v else "." for v in row) for row in dark]
    labels: dict[int, int] = {}
    numbered = [[labels.setdefault(k, len(labels) + 1) for k in row] for row in regions]
    if violations(numbered, shaded):
        return None
    return {"id": f"lits-c-{name}-s{seed}", "genre": "lits", "rows": rows, "cols": cols,
            "grid": [" ".join("." * cols)] * rows, "regions": [" ".join(map(str, row)) for row in numbered],
            "solution": {"shaded": shaded}, "unique": None,
            "source": f"bench/genres/stress21.py compose {name} seed {seed}: " + "; ".join(used)}


def random_lits(rows: int, cols: int, seed: int, room: tuple[int, int] = (5, 9)) -> dict[str, Any]:
    """Rooms (up to a random size in ``room``) grown around a random maximal answer."""
    rng = random.Random(seed)
    geo = Geometry.of(rows, cols)
    masks, shapes = geo.masks, geo.shapes
    first = rng.randrange(len(masks))
    shaded, same = 0, [0, 0, 0, 0]
    dead = [False] * len(masks)
    pieces: list[int] = []
    touching: list[int] = []
    p = first
    while True:
        pieces.append(p)
        shaded |= masks[p]
        same[shapes[p]] |= masks[p]
        near = {i for j in geo.cells[p] for i in _disc(j, rows, cols, 3)}
        for i in near:
            for q in geo.through[i]:
                if not dead[q] and (masks[q] & shaded or not geo.fits(q, shaded, same[shapes[q]])):
                    dead[q] = True
        rim = geo.around[p]
        touching.extend(q for i in range(rows * cols) if rim >> i & 1 for q in geo.through[i] if not dead[q])
        touching = [q for q in touching if not dead[q]]
        if not touching:
            break
        p = rng.choice(touching)
    owner = [0] * (rows * cols)
    size = {}
    for k, piece in enumerate(pieces, 1):
        for i in geo.cells[piece]:
            owner[i] = k
        size[k] = 4
    cap = {k: rng.randint(*room) for k in size}
    for capped in (True, False):
        grown = True
        while grown:
            grown = False
            order = [i for i in range(rows * cols) if not owner[i]]
            rng.shuffle(order)
            for i in order:
                rooms = [k for j in _disc(i, rows, cols, 1)
                         if (k := owner[j]) and (not capped or size[k] < cap[k])]
                if rooms:
                    k = rng.choice(rooms)
                    owner[i] = k
                    size[k] += 1
                    grown = True
    regions = [owner[r * cols:(r + 1) * cols] for r in range(rows)]
    shaded_rows = ["".join("#" if shaded >> (r * cols + c) & 1 else "." for c in range(cols)) for r in range(rows)]
    assert not violations(regions, shaded_rows)
    return {"id": f"lits-r-{rows}x{cols}-s{seed}", "genre": "lits", "rows": rows, "cols": cols,
            "grid": [" ".join("." * cols)] * rows, "regions": [" ".join(map(str, row)) for row in regions],
            "solution": {"shaded": shaded_rows}, "unique": None,
            "source": f"bench/genres/stress21.py random_lits {rows}x{cols} seed {seed} rooms {room}"}


def _disc(i: int, rows: int, cols: int, radius: int) -> list[int]:
    """The cells within ``radius`` steps (Manhattan) of cell i, itself excluded when radius is 1."""
    r, c = divmod(i, cols)
    return [y * cols + x for y in range(max(0, r - radius), min(rows, r + radius + 1))
            for x in range(max(0, c - radius), min(cols, c + radius + 1))
            if 0 < abs(y - r) + abs(x - c) <= radius or (radius > 1 and (y, x) == (r, c))]


def hitori(rows: int, cols: int, seed: int, mode: str) -> dict[str, Any] | None:
    """A Hitori board with its drawn answer. ``mode``: "tuned" (the generator's draw: numbers tuned
    until the answer is the only one), "plain" (each shaded cell copies the number of an unshaded
    cell of its line) or "far" (the same, from three or more cells away: the sandwich and pair
    patterns say little, connectivity has to do the work)."""
    rng = random.Random(seed)
    if mode == "tuned":
        made = hitori_attempt(rows, cols, rng, time.perf_counter() + 60)
        if made is None:
            return None
        nums, dark = made
    else:
        gap = 3 if mode == "far" else 1
        nums = latin(rows, cols, rng)
        dark = shading(rows, cols, rng, rng.uniform(0.26, 0.34) if mode == "plain" else rng.uniform(0.3, 0.4))
        for r, c in sorted(dark):
            line = [(r, x) for x in range(cols) if (r, x) not in dark and abs(x - c) >= gap]
            line += [(y, c) for y in range(rows) if (y, c) not in dark and abs(y - r) >= gap]
            y, x = rng.choice(line)
            nums[r][c] = nums[y][x]
    shaded = ["".join("#" if (r, c) in dark else "." for c in range(cols)) for r in range(rows)]
    return {"id": f"hitori-{mode}-{rows}x{cols}-s{seed}", "genre": "hitori", "rows": rows,
            "cols": cols, "grid": [" ".join(map(str, row)) for row in nums], "solution": {"shaded": shaded},
            "unique": None, "source": f"bench/genres/stress21.py hitori {rows}x{cols} seed {seed} {mode}"}


def nurikabe(rows: int, cols: int, seed: int, open_p: float) -> dict[str, Any]:
    """A maze of sea, island cells opened to sea with probability ``open_p``, one clue per island."""
    rng = random.Random(seed)
    sea = [[False] * cols for _ in range(rows)]
    start = (0, 0)
    sea[0][0] = True
    stack = [start]
    while stack:  # a random depth-first maze over the even cells
        r, c = stack[-1]
        steps = [(dr, dc) for dr, dc in ((0, 2), (2, 0), (0, -2), (-2, 0))
                 if 0 <= r + dr < rows and 0 <= c + dc < cols and not sea[r + dr][c + dc]]
        if not steps:
            stack.pop()
            continue
        dr, dc = rng.choice(steps)
        sea[r + dr // 2][c + dc // 2] = sea[r + dr][c + dc] = True
        stack.append((r + dr, c + dc))

    def pool(r: int, c: int) -> bool:
        return any(all(0 <= y < rows and 0 <= x < cols and (sea[y][x] or (y, x) == (r, c))
                       for y, x in ((t, lf), (t, lf + 1), (t + 1, lf), (t + 1, lf + 1)))
                   for t in (r - 1, r) for lf in (c - 1, c))

    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    for r, c in cells:
        sides = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if not sea[r][c] and rng.random() < open_p and not pool(r, c) and any(
                0 <= y < rows and 0 <= x < cols and sea[y][x] for y, x in sides):
            sea[r][c] = True
    islands = components(rows, cols, [(r, c) for r in range(rows) for c in range(cols) if not sea[r][c]])
    grid = [[0] * cols for _ in range(rows)]
    for island in islands:
        r, c = rng.choice(sorted(island))
        grid[r][c] = len(island)
    shaded = ["".join("#" if v else "." for v in row) for row in sea]
    assert not check_cells(grid, shaded)
    return {"id": f"nurikabe-{rows}x{cols}-p{open_p:g}-s{seed}", "genre": "nurikabe", "rows": rows, "cols": cols,
            "grid": [" ".join(str(v) if v else "." for v in row) for row in grid], "solution": {"shaded": shaded},
            "unique": None, "source": f"bench/genres/stress21.py nurikabe {rows}x{cols} seed {seed} open {open_p:g} "
                                      f"({len(islands)} islands, max {max(map(len, islands))})"}


def make(out: Path, seed: int, genres: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    if "lits" in genres:
        make_lits(out, seed)
    if "hitori" in genres:
        with open(out / "hitori.jsonl", "w") as f:
            for mode in ("tuned", "plain", "far"):
                for s in range(seed, seed + 4):
                    if (rec := hitori(20, 20, s, mode)) is not None:
                        f.write(json.dumps(rec) + "\n")
    if "nurikabe" in genres:
        with open(out / "nurikabe.jsonl", "w") as f:
            for s, open_p in ((seed, 1.0), (seed + 1, 0.7), (seed + 2, 0.5), (seed + 3, 0.35)):
                f.write(json.dumps(nurikabe(50, 50, s, open_p)) + "\n")


def make_lits(out: Path, seed: int) -> None:
    with open(out / "lits.jsonl", "w") as f:
        for name in LAYOUTS:
            s = seed
            while (rec := compose(name, s)) is None:
                s += 1
            f.write(json.dumps(rec) + "\n")
            print(rec["id"], rec["source"], flush=True)
        for rows, cols in ((40, 57), (36, 50)):
            for s in (seed, seed + 1):
                f.write(json.dumps(random_lits(rows, cols, s)) + "\n")
        f.write(json.dumps(random_lits(40, 57, seed + 2, (4, 6))) + "\n")
        f.write(json.dumps(random_lits(40, 57, seed + 3, (4, 5))) + "\n")


def measure(path: Path, limits: list[float], only: list[str] | None, label: Path | None) -> None:
    """Solve and print; ``label``: write the records there with ``unique`` set to the last limit's
    verdict when it is right (for side_by_side.py, whose noqx column then cross-checks it)."""
    labelled = []
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        if only and rec["id"] not in only:
            continue
        puzzle = Puzzle.from_record(rec)
        drawn = puzzle.kind.solution_from_json(rec["solution"], puzzle)
        for limit in limits:
            t0, c0 = time.perf_counter(), time.process_time()
            res = solve_puzzle(puzzle, SolveOptions(time_limit=limit, workers=1))
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            if res.status is Status.UNIQUE:
                right = res.solution == drawn and rec.get("unique") is not False
            else:
                right = (res.status is Status.MULTIPLE and res.second_solution is not None
                         and rec.get("unique") is not True)
            phases = " ".join(f"{k}={v:.2f}" for k, v in res.stats.phases.items())
            print(f"{rec['id']:<34} limit {limit:4g}  {wall:6.2f} s (cpu {cpu:5.2f})  {res.status}  "
                  f"{'right' if right else 'WRONG/unsettled'}  {phases}", flush=True)
        if right:
            labelled.append({**rec, "unique": res.status is Status.UNIQUE})
    if label is not None:
        label.write_text("".join(json.dumps(rec) + "\n" for rec in labelled))


def main() -> None:
    ap = argparse.ArgumentParser(description="issue 21 stress boards")
    ap.add_argument("what", choices=("make", "measure"))
    ap.add_argument("path")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--genres", nargs="+", default=["lits", "hitori", "nurikabe"])
    ap.add_argument("--limit", type=float, nargs="+", default=[5.0, 30.0])
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--label", type=Path, help="measure: the records with our verdict, to this file")
    args = ap.parse_args()
    if args.what == "make":
        make(Path(args.path), args.seed, args.genres)
    else:
        measure(Path(args.path), args.limit, args.only, args.label)


if __name__ == "__main__":
    main()
