"""Unique 50x50 Nurikabe boards with many big islands, tiled from small unique boards (issue 21, pass nk19).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_tiles.py make OUT.jsonl
        --seed 1 [--count 1] [--big 1] [--rounds 8] [--limit 30]

Passes nk16 and nk17 could not make a 50x50 board with many big islands unique: a whole board
holds dozens of ambiguities at once. Small boards can be made unique one at a time, so here:

1. tiles: 25 boards of 9x9-10x10 (the sides 10, 9, 9, 9, 9 with four separator lines make 50),
   each drawn by :class:`bench.genres.nurikabe_art.Art` with ``--big`` islands of :data:`TILE_BIG`
   cells, then repaired to one answer on its own (per spot of a second answer, one change of
   :func:`bench.genres.nurikabe_window.change`; :data:`TILE_ROUNDS` full solves at most, else a new
   draw);
2. the 50x50 answer: the tiles in a 4x4 grid, each turned or mirrored (of 8 ways, the first that
   fits), separated by shaded lines; a 2x2 shaded block on a line gets a 1 on the line (a line cell
   with four shaded sides), else a line cell joins the one island it touches, and a tile that
   leaves such a block with neither is turned another way;
3. the seams are new (a tile's island may reach into a line; the wall may join through one), so the
   whole board is solved again (``solvers.engine.solve_puzzle``, as ``puzzlebot solve`` runs it);
   first each tile is fixed in place (:func:`bench.genres.nurikabe_window.fix`: the tile solved
   with the rest of the board fixed to the drawn answer), then each spot of a second answer in a
   window around it, and the board solved again.

A board is written only when the full solver proves it unique, its answer is the drawn one and the
independent checker (``solvers.nurikabe.check.check_cells``) accepts the drawn answer.

**Result (pass nk19, bench/results/nurikabe.md): no board made.** Seed 1 composes (391 islands, 25
of 10-22 cells) but has a second answer 190 cells apart, mostly inside tiles that alone had one
answer (their wall may now join through the lines: 24 of 25 tiles have a second answer with the
rest of the board fixed); fixing tiles in place fixed 3 and gave up on 21.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres import nurikabe_art  # noqa: E402
from bench.genres.nurikabe_art import SEA, Art, Cell, write_unique  # noqa: E402
from bench.genres.nurikabe_unique50 import _patches, judged  # noqa: E402
from bench.genres.nurikabe_window import MARGIN, box, change, fix  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.model import solve_cells  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

SIDES = (10, 9, 9, 9, 9)  # tile sides along each axis; with four separator lines: 50
# big islands drawn in a tile (nurikabe_art.BIG is 10-25: a 25-cell island fills a tile). With two of
# 10-16 in 12x12 tiles no draw of 10 came to one answer in 25 rounds (second answers kept 18-44 cells
# apart); with one of 10-12 in 9x9, 2 of 12 draws did within 11 (throwaway /tmp/nk19_t4.py, seed 1)
TILE_BIG = (10, 14)
TILE_ROUNDS = 12  # full solves per tile draw before it is drawn again (the 2 of 12 above took 8 and 11)
TILE_BACK = 4  # a round whose second answer differs in this many more cells than the best goes back to it
TILE_TRIES = 40  # tile draws at most per tile
DISTINCT = 4  # different tiles of one size at most, each used again in other places and turns (a tile costs
# ~8 s CPU: 2 draws in 12 came to one answer, ~1.4 s CPU a draw at 9x9; 25 different ones would take
# half an hour of wall time at load 15)


def tile(rows: int, cols: int, big: int, rng: random.Random) -> Art | None:
    """A small board with ``big`` islands of 10 cells or more and one answer (the drawn one), or None."""
    nurikabe_art.BIG = TILE_BIG
    for _ in range(TILE_TRIES):
        art = Art(rows, cols, rng)
        if not art.draw(big) or sum(s >= 10 for s in art.sizes()) < big:
            continue
        best: tuple[int, Art] | None = None
        for _ in range(TILE_ROUNDS):
            shaded = art.shaded()
            res = solve_cells(art.grid(), SolveOptions(time_limit=5.0, workers=1))
            if res.status is Status.UNIQUE:
                assert isinstance(res.solution, tuple) and list(res.solution) == shaded
                if sum(s >= 10 for s in art.sizes()) >= big:
                    return art
                break
            if res.status is not Status.MULTIPLE:
                break
            diffs: list[list[Cell]] = []
            for g in (res.solution, res.second_solution):
                if isinstance(g, tuple):
                    diffs.append([(r, c) for r in range(rows) for c in range(cols) if g[r][c] != shaded[r][c]])
            art, best = repair_round(art, max(diffs, key=len), best, rng)
            if art is None:
                break
    return None


def repair_round(art: Art, diff: list[Cell], best: tuple[int, Art] | None, rng: random.Random
                 ) -> tuple[Art | None, tuple[int, Art]]:
    """One round of a tile's repair, its second answer ``diff`` cells away: back to the ``best`` so far when this
    one is :data:`TILE_BACK` cells worse, else a patch at the difference. None: no patch fits (draw again)."""
    if best is None or len(diff) <= best[0]:
        best = (len(diff), art.copy())
    elif len(diff) > best[0] + TILE_BACK:
        return best[1].copy(), best
    if not any([change(art, patch, rng) for patch in _patches(diff)]):
        return None, best
    assert not check_cells(art.grid(), art.shaded())
    return art, best


def turned(art: Art, way: int) -> Art:
    """``art`` turned by a quarter ``way % 4`` times, then mirrored left to right when ``way >= 4``; its frozen
    cells (a framed tile's frame, nurikabe_frames) too."""

    def move(cell: Cell) -> Cell:
        r, c = cell
        rows, cols = art.rows, art.cols
        for _ in range(way % 4):
            r, c, rows, cols = c, rows - 1 - r, cols, rows
        return (r, cols - 1 - c) if way >= 4 else (r, c)

    out = Art(art.cols, art.rows, art.rng) if way % 2 else Art(art.rows, art.cols, art.rng)
    out.frozen = {move(x) for x in art.frozen}
    for island, spot in zip(art.islands, art.spot, strict=True):
        if island:
            k = out.new_island({move(x) for x in island})
            out.spot[k] = move(spot) if spot is not None else None
    return out


def _starts() -> list[int]:
    out, at = [], 0
    for side in SIDES:
        out.append(at)
        at += side + 1
    return out


def _blocks_ok(art: Art, placed: set[Cell]) -> bool:
    """Every 2x2 all-shaded block whose surroundings are all placed (or line cells) gets a 1 on a line cell;
    False when one cannot."""
    lines = {s - 1 for s in _starts()[1:]}
    for r in range(art.rows - 1):
        for c in range(art.cols - 1):
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            if not all(art.sea(x) for x in block):
                continue
            around = [(y, x) for y in range(r - 1, r + 3) for x in range(c - 1, c + 3) if art.inside(y, x)]
            if not all(x in placed or x[0] in lines or x[1] in lines for x in around):
                continue
            ones = [x for x in block if (x[0] in lines or x[1] in lines) and art.sea(x)
                    and all(art.sea(y) for y in art.sides(x)) and (art.safe(x) or art.joins(x))]
            if ones:
                cell = art.rng.choice(ones)
                k = art.new_island({cell})
                art.spot[k] = cell
                continue
            # else a line cell joins the one island it touches (its tile's clue grows by one: the
            # alternating 1s along a line clash with white cells on both sides, seed 1)
            grow = [x for x in block if (x[0] in lines or x[1] in lines) and len(art.near_islands(x)) == 1
                    and art.owner[x[0]][x[1]] == SEA and (art.safe(x) or art.joins(x))]
            if not grow:
                return False
            cell = art.rng.choice(grow)
            art.take(cell, art.near_islands(cell).pop())
    return True


def compose(tiles: dict[tuple[int, int], list[Art]], rng: random.Random) -> Art | None:
    """The 50x50 answer from the tiles (see the module docstring), or None when no way fits."""
    size = sum(SIDES) + len(SIDES) - 1
    art = Art(size, size, rng)
    placed: set[Cell] = set()
    starts = _starts()
    for i, top in enumerate(starts):
        for j, left in enumerate(starts):
            dims = (SIDES[i], SIDES[j])
            pool = tiles[(min(dims), max(dims))]
            options = [(t, w) for t in range(len(pool)) for w in range(8)]
            rng.shuffle(options)
            for t, way in options:
                part = turned(pool[t], way)
                if (part.rows, part.cols) != dims:
                    continue
                trial = art.copy()
                area = {(top + r, left + c) for r in range(dims[0]) for c in range(dims[1])}
                for island, spot in zip(part.islands, part.spot, strict=True):
                    k = trial.new_island({(top + r, left + c) for r, c in island})
                    trial.spot[k] = None if spot is None else (top + spot[0], left + spot[1])
                if _blocks_ok(trial, placed | area):
                    art, placed = trial, placed | area
                    break
            else:
                print(f"    no way fits at tile {i}, {j}", flush=True)
                return None
    return art if not check_cells(art.grid(), art.shaded()) else None


def make(seed: int, big: int, rounds: int, limit: float) -> tuple[dict[str, Any], str, Art | None]:
    rng = random.Random(seed)
    t0 = time.process_time()
    need: dict[tuple[int, int], int] = {}
    for a in SIDES:
        for b in SIDES:
            need[(min(a, b), max(a, b))] = need.get((min(a, b), max(a, b)), 0) + 1
    cache = Path(f"/tmp/nurikabe_tiles-s{seed}-b{big}.pickle")  # the tiles, kept to retry the rest
    tiles: dict[tuple[int, int], list[Art]] = {dims: [] for dims in need}
    if cache.exists():
        tiles = pickle.loads(cache.read_bytes())
    for dims, count in need.items():
        while len(tiles[dims]) < min(count, DISTINCT):
            got = tile(*dims, big, rng)
            if got is not None:
                tiles[dims].append(got)
                print(f"  tile {dims}: {got.sizes()[:3]}, cpu {time.process_time() - t0:.1f} s", flush=True)
    cache.write_bytes(pickle.dumps(tiles))
    print(f"  seed {seed}: tiles {[(s, len(v)) for s, v in tiles.items()]}, cpu {time.process_time() - t0:.1f} s",
          flush=True)
    art = None
    for _ in range(20):
        art = compose({s: v[:] for s, v in tiles.items()}, rng)
        if art is not None:
            break
    if art is None:
        return {"id": f"nurikabe-tiles50-s{seed}", "source": "no composition fits"}, "none", None
    rows = cols = art.rows
    # each tile again with the rest of the board fixed: 24 of seed 1's 25 tiles, unique alone, had a
    # second answer so (their wall may join through the lines; throwaway /tmp/nk19/frame.py)
    starts = _starts()
    tally: dict[str, int] = {}
    for i, top in enumerate(starts):
        for j, left in enumerate(starts):
            art, how = fix(art, (top, top + SIDES[i] - 1, left, left + SIDES[j] - 1), rng)
            tally[how] = tally.get(how, 0) + 1
    print(f"    tiles in place: {tally}, cpu {time.process_time() - t0:.1f} s", flush=True)
    rec: dict[str, Any] = {}
    ending = "multiple"
    for rnd in range(rounds):
        grid, shaded = art.grid(), art.shaded()
        rec, res = judged({"id": f"nurikabe-tiles50-s{seed}", "genre": "nurikabe", "rows": rows, "cols": cols},
                          grid, shaded, limit, f"seed {seed} round {rnd}")
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
        patches = _patches(max(diffs, key=len))
        tally = {}
        for patch in patches:
            art, how = fix(art, box(patch, rows, cols, MARGIN), rng)
            tally[how] = tally.get(how, 0) + 1
        print(f"    {sum(map(len, patches))} cells differ in {len(patches)} spots: {tally}", flush=True)
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_tiles.py seed {seed} big {big}: {art.tally()}; {ending}")
    return rec, ending, art


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards tiled from small unique boards")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1, help="seeds seed .. seed+count-1")
    ap.add_argument("--big", type=int, default=1, help="islands of 10 cells or more per tile")
    ap.add_argument("--rounds", type=int, default=8, help="full solves of the 50x50 board at most")
    ap.add_argument("--limit", type=float, default=30.0, help="full solver limit per round (wall s)")
    args = ap.parse_args()
    for seed in range(args.seed, args.seed + args.count):
        t0 = time.process_time()
        rec, ending, _ = make(seed, args.big, args.rounds, args.limit)
        print(f"{rec['id']}: {rec['source']} ({time.process_time() - t0:.0f} s CPU)", flush=True)
        if ending == "unique":
            write_unique(rec, args.out)


if __name__ == "__main__":
    main()
