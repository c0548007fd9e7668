"""Unique 50x50 Nurikabe boards with many big islands, from tiles made unique inside a frame (issue 21, nk20).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_frames.py make OUT.jsonl
        --seed 1 [--count 1] [--big 1] [--rounds 4] [--limit 30]

Pass nk19 (:mod:`bench.genres.nurikabe_tiles`) made 25 tiles unique alone and found 24 of them with
a second answer in place: alone a tile's wall must join inside the tile, in place it may join
through the lines around it. Here each tile is drawn and repaired *in its frame*: an
:class:`~bench.genres.nurikabe_art.Art` of the tile plus the line cells on the sides where the board
has a line (frozen: kept shaded), judged by :func:`bench.genres.nurikabe_window.window_second` on the
tile with the frame fixed shaded, so its wall may join through the frame as it will on the board,
and the frame's 2x2 blocks (a line beside two shaded edge cells, a crossing beside a shaded
corner) are opened inside the tile. The board keeps every line cell shaded, so:

* every 2x2 block of the board lies in one framed tile, the wall joins through the lines;
* any other answer with every line cell shaded is, tile by tile, another framed answer: none, so a
  second answer of the board must make a line cell white; the full solver checks that.

A board is written only when the full solver (``solvers.engine.solve_puzzle``) proves it unique, its
answer is the drawn one and the independent checker (``solvers.nurikabe.check.check_cells``) accepts it.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres import nurikabe_art  # noqa: E402
from bench.genres.nurikabe_art import Art, Cell, write_unique  # noqa: E402
from bench.genres.nurikabe_tiles import SIDES, _starts, repair_round, turned  # noqa: E402
from bench.genres.nurikabe_unique50 import _patches, judged  # noqa: E402
from bench.genres.nurikabe_window import MARGIN, Window, box, fix, window_second  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import Status  # noqa: E402

TILE_BIG = (10, 14)  # big island sizes in a tile (nk19: one of 10-14 in 9x9 came unique alone in 2 of 12 draws)
TILE_ROUNDS = 12  # window solves per tile draw before it is drawn again (as nurikabe_tiles)
TILE_TRIES = 40  # draws at most per tile
FREE_FRAME = True  # judge a tile with its frame cells free too (its answers with the frame shaded are among
# these): with the frame fixed shaded, seed 1's board had a second answer 216 cells apart, 50 of them line cells
# made white (a tile's island takes a line cell and the tile's answer reshapes around it)
USES = 3  # places one tile takes at most, turned or mirrored (nk20: a tile in a 4-sided frame cost ~14 s CPU,
# 25 different ones ~300 s CPU, 45 minutes of wall time at load 15)


def framed(i: int, j: int, rng: random.Random) -> tuple[Art, Window]:
    """An empty Art of tile (i, j) with its frame of line cells frozen, and the tile's window in it."""
    n = len(SIDES)
    top, bottom, left, right = int(i > 0), int(i < n - 1), int(j > 0), int(j < n - 1)
    rows, cols = SIDES[i] + top + bottom, SIDES[j] + left + right
    art = Art(rows, cols, rng)
    win = (top, top + SIDES[i] - 1, left, left + SIDES[j] - 1)
    art.frozen = {(r, c) for r in range(rows) for c in range(cols)
                  if not (win[0] <= r <= win[1] and win[2] <= c <= win[3])}
    return art, win


def tile(i: int, j: int, big: int, rng: random.Random, stats: dict[str, int]) -> Art | None:
    """Tile (i, j) in its frame with ``big`` islands of 10 cells or more and one answer in the frame, or None."""
    nurikabe_art.BIG = TILE_BIG
    for _ in range(TILE_TRIES):
        art, win = framed(i, j, rng)
        stats["draws"] = stats.get("draws", 0) + 1
        if not art.draw(big) or sum(s >= 10 for s in art.sizes()) < big:
            continue
        best: tuple[int, Art] | None = None
        for _ in range(TILE_ROUNDS):
            diff = window_second(art, (0, art.rows - 1, 0, art.cols - 1) if FREE_FRAME else win)
            stats["solves"] = stats.get("solves", 0) + 1
            if diff is None:
                if sum(s >= 10 for s in art.sizes()) >= big:
                    return art
                break
            art, best = repair_round(art, diff, best, rng)
            if art is None:
                break
    return None


def reused(pool: list[Art], uses: list[int], i: int, j: int, rng: random.Random) -> Art | None:
    """A tile of the pool used fewer than USES times, turned to fit frame (i, j) exactly, or None: its uniqueness
    in the frame holds turned (the rules and the frame turn with it)."""
    want = framed(i, j, rng)[0]
    order = [(t, w) for t in range(len(pool)) for w in range(8) if uses[t] < USES]
    rng.shuffle(order)
    for t, way in order:
        got = turned(pool[t], way)
        if (got.rows, got.cols) == (want.rows, want.cols) and got.frozen == want.frozen:
            uses[t] += 1
            return got
    return None


def compose(tiles: dict[tuple[int, int], Art]) -> Art:
    """The 50x50 answer: each framed tile's inside in its place, every line cell shaded."""
    size = sum(SIDES) + len(SIDES) - 1
    art = Art(size, size, random.Random(0))
    starts = _starts()
    for (i, j), part in tiles.items():
        dr, dc = starts[i] - int(i > 0), starts[j] - int(j > 0)  # the frame's own rows/cols fall on the lines
        for island, spot in zip(part.islands, part.spot, strict=True):
            if island:
                k = art.new_island({(r + dr, c + dc) for r, c in island})
                art.spot[k] = None if spot is None else (spot[0] + dr, spot[1] + dc)
    problems = check_cells(art.grid(), art.shaded())
    assert not problems, problems  # framed tiles on shaded lines make a valid answer (module docstring)
    return art


def make(seed: int, big: int, rounds: int, limit: float, out: Path) -> tuple[dict[str, Any], str, Art]:
    rng = random.Random(seed)
    t0 = time.process_time()
    cache = Path(f"/tmp/nurikabe_frames-s{seed}-b{big}-f{int(FREE_FRAME)}.pickle")  # the tiles so far, kept to resume
    tiles: dict[tuple[int, int], Art] = {}
    stats: dict[str, int] = {}
    pool: list[Art] = []  # the different tiles drawn
    uses: list[int] = []
    if cache.exists():
        tiles, stats = pickle.loads(cache.read_bytes())
        pool, uses = list(tiles.values()), [1] * len(tiles)
    for i in range(len(SIDES)):
        for j in range(len(SIDES)):
            got = tiles.get((i, j)) or reused(pool, uses, i, j, rng)
            while got is None:
                got = tile(i, j, big, rng, stats)
                if got is not None:
                    pool.append(got)
                    uses.append(1)
            tiles[(i, j)] = got
            cache.write_bytes(pickle.dumps((tiles, stats)))
        print(f"  tiles row {i}: {stats}, cpu {time.process_time() - t0:.1f} s", flush=True)
    art = compose(tiles)
    rng_fix = random.Random(seed + 1000)
    art.rng = rng_fix
    rows = cols = art.rows
    rid = f"nurikabe-frames50-s{seed}"
    rec: dict[str, Any] = {}
    ending = "multiple"
    for rnd in range(rounds):
        grid, shaded = art.grid(), art.shaded()
        with open(out.with_suffix(f".s{seed}r{rnd}.open.jsonl"), "w") as f:  # the board as composed, to measure
            f.write(json.dumps({"id": f"{rid}-r{rnd}", "genre": "nurikabe", "rows": rows, "cols": cols,
                                "grid": [" ".join(str(v) if v else "." for v in row) for row in grid],
                                "solution": {"shaded": shaded}, "unique": None}) + "\n")
        rec, res = judged({"id": rid, "genre": "nurikabe", "rows": rows, "cols": cols}, grid, shaded, limit,
                          f"seed {seed} round {rnd}")
        if res.status is Status.UNIQUE:
            ending = "unique"
            break
        if res.status is not Status.MULTIPLE:
            ending = "unknown"
            break
        diffs: list[list[Cell]] = []
        for answer in (res.solution, res.second_solution):
            assert isinstance(answer, ShadeSolution)
            diffs.append([(r, c) for r in range(rows) for c in range(cols)
                          if answer.marked(r, c) != (shaded[r][c] == "#")])
        diff = max(diffs, key=len)
        on_lines = sum(r in LINES or c in LINES for r, c in diff)
        patches = _patches(diff)
        tally: dict[str, int] = {}
        for patch in patches:
            art, how = fix(art, box(patch, rows, cols, MARGIN), rng_fix)
            tally[how] = tally.get(how, 0) + 1
        print(f"    {len(diff)} cells differ ({on_lines} on lines) in {len(patches)} spots: {tally}", flush=True)
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_frames.py seed {seed} big {big}: {art.tally()}; {ending}; "
                     f"{len(pool)} different tiles, {stats}")
    return rec, ending, art


LINES = {s - 1 for s in _starts()[1:]}  # the board's line rows (and cols)


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards from tiles made unique in a frame")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1, help="seeds seed .. seed+count-1")
    ap.add_argument("--big", type=int, default=1, help="islands of 10 cells or more per tile")
    ap.add_argument("--rounds", type=int, default=4, help="full solves of the 50x50 board at most")
    ap.add_argument("--limit", type=float, default=30.0, help="full solver limit per round (wall s)")
    args = ap.parse_args()
    for seed in range(args.seed, args.seed + args.count):
        t0 = time.process_time()
        rec, ending, _ = make(seed, args.big, args.rounds, args.limit, args.out)
        print(f"{rec['id']}: {rec['source']} ({time.process_time() - t0:.0f} s CPU)", flush=True)
        if ending == "unique":
            write_unique(rec, args.out)


if __name__ == "__main__":
    main()
