"""Unique 50x50 Nurikabe boards with many big islands, built as a setter does (issue 21, pass nk17).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_setter.py make OUT.jsonl
        --seed 1 [--count 1] [--big 45] [--keep 24] [--rounds 60] [--limit 30] [--solver-rounds 60]

The answer and its clues are made together, with our deductions as the judge:

1. draw: ``--big`` islands of :data:`BIG` cells grown from random seeds (never touching, the wall
   kept connected by a local test, :func:`Art.safe`), then small islands of 1-4 cells, then every
   all-shaded 2x2 block opened by one cell (joining what it touches, or a new 1; about 1 draw in 4
   is drawn again: a block whose four cells all cut the wall);
   each clue at a centre of its island (least eccentricity: the smallest reach for its size);
2. deduction rounds (``solvers.nurikabe.deduce.deduce``, the solver's first step): per patch of
   cells it leaves open, one local change of the answer or a clue (:meth:`Art.mend`): a shaded
   cell made an island of 1, an island split at the patch by one shaded cell, a clue moved into
   the patch, or a shaded cell joined to its one neighbouring island (patches: next to a settled
   cell, one per :data:`TILE` tile, :data:`CAP` a round; splits keep ``--keep`` big islands and
   cut at most :data:`TRIM` cells off one); a round worse than the best goes back to it;
3. once deduction leaves at most ``--open-max`` cells (or the rounds run out), the full solver
   (``solvers.engine.solve_puzzle``, as ``puzzlebot solve`` runs it) at ``--limit`` seconds: a
   second answer gives the patches where it differs (below); no verdict in time: a deduction
   round's changes.

A board is written only when the full solver proves it unique, its answer is the drawn one, and
the independent checker (``solvers.nurikabe.check.check_cells``) accepts the drawn answer.
A second answer's patches (cells it differs in, grouped) get :meth:`Art.kill`: a 1 on or beside
a cell it leaves unshaded, a big island shrunk at a cell it shades, else that island's clue moved
there; a round whose second answer differs in :data:`DIFF_SLACK` cells more than the best goes
back to the best and changes only :data:`FEW` patches. Both stages are kept in /tmp (pickles) to
resume. The rounds use ``--limit`` (wall) per solve.

**Result (pass nk17, bench/results/nurikabe.md): no unique board made in the time.** Seed 1 (45
big islands drawn, 189 islands): deduction rounds take the open cells from 2232 to 482 with 24
islands of 10-18 cells kept (443 islands, 241 of them 1s), then stall; the solver rounds
oscillate at 54-130 cells where a second answer differs (about 70 independent 1-6 cell
ambiguities at once; each round's changes rule out ~20 and make about as many).
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

from bench.genres.nurikabe_unique50 import _patches  # noqa: E402
from solvers.connectivity import components  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.nurikabe.board import FREE  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import deduce  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

Cell = tuple[int, int]
SEA = -1
SLACK = 0  # a deduction round may leave this many more open cells than the best and go on from there (not
# tuned: nk16's 20 was for one change per patch; here up to 25 changes a round)
BIG = (10, 25)  # sizes of the big islands drawn
SMALL = 4  # small islands drawn up to this size
SMALL_P = 1.0  # chance a free cell seeds a small island (fewer 2x2 blocks left to open)
TILE = 5  # cells: one patch per tile of the board a round
NEAR_ONE = 0.5  # chance a second answer's patch without a cell for a 1 gets one beside it (a 1 adds only
# facts, a moved clue takes some away: moves alone left 54-126 cells differing over 12 rounds, seed 1)
DIFF_SLACK = 10  # a solver round's second answer may differ in this many more cells than the best: else back
FEW = 5  # patches changed a solver round once a round has gone back (all 23 at once: back 4 times running at 70)
CAP = 25  # patches changed a round at most (each round is kept only if it leaves fewer open cells)
TRIM = 3  # a split may cut this many cells off a big island at most (splits into two big halves
# took seed 1's largest island from 29 cells to 13)
MOVES = 10  # clue moves per island at most (moved clues trade one ambiguity for another: pass nk16)


class Art:
    """The answer being set: owner per cell (SEA or an island index), the islands, their clue cells."""

    def __init__(self, rows: int, cols: int, rng: random.Random) -> None:
        self.rows, self.cols, self.rng = rows, cols, rng
        self.owner = [[SEA] * cols for _ in range(rows)]
        self.islands: list[set[Cell]] = []
        self.spot: list[Cell | None] = []
        self.moves: dict[int, int] = {}
        self.log: dict[str, int] = {"one": 0, "split": 0, "move": 0, "join": 0}

    def copy(self) -> Art:
        other = Art(self.rows, self.cols, self.rng)
        other.owner = [row[:] for row in self.owner]
        other.islands = [set(x) for x in self.islands]
        other.spot = self.spot[:]
        other.moves, other.log = dict(self.moves), dict(self.log)
        return other

    # geometry -----------------------------------------------------------------------------
    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def sides(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if self.inside(y, x)]

    def sea(self, cell: Cell) -> bool:
        return self.owner[cell[0]][cell[1]] == SEA

    def safe(self, cell: Cell) -> bool:
        """Taking the sea cell ``cell`` keeps the wall connected: its shaded sides stay joined
        through its eight neighbours (sufficient, not necessary)."""
        r, c = cell
        sea4 = [x for x in self.sides(cell) if self.sea(x)]
        if len(sea4) <= 1:
            return True
        ring = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and self.inside(r + dr, c + dc) and self.sea((r + dr, c + dc))}
        seen, todo = {sea4[0]}, [sea4[0]]
        while todo:
            y, x = todo.pop()
            for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if n in ring and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return all(x in seen for x in sea4)

    def joins(self, cell: Cell) -> bool:
        """Taking the sea cell ``cell`` keeps the wall connected (the whole test)."""
        rest = [(r, c) for r in range(self.rows) for c in range(self.cols) if self.sea((r, c)) and (r, c) != cell]
        return len(components(self.rows, self.cols, rest)) == 1

    def pool_if_sea(self, cell: Cell) -> bool:
        """Shading ``cell`` would close a 2x2 block of shaded cells."""
        r, c = cell
        return any(all(self.inside(y, x) and (self.sea((y, x)) or (y, x) == cell)
                       for y, x in ((t, lf), (t, lf + 1), (t + 1, lf), (t + 1, lf + 1)))
                   for t in (r - 1, r) for lf in (c - 1, c))

    def near_islands(self, cell: Cell) -> set[int]:
        return {self.owner[y][x] for y, x in self.sides(cell) if not self.sea((y, x))}

    def take(self, cell: Cell, k: int) -> None:
        self.owner[cell[0]][cell[1]] = k
        self.islands[k].add(cell)

    def new_island(self, cells: set[Cell]) -> int:
        k = len(self.islands)
        self.islands.append(set())
        self.spot.append(None)
        for cell in cells:
            self.take(cell, k)
        return k

    def centre(self, island: set[Cell]) -> Cell:
        """A cell of least eccentricity in the island (random among equals)."""
        best: list[Cell] = []
        best_e = 10 ** 9
        for start in sorted(island):
            dist = {start: 0}
            todo = [start]
            for y, x in todo:
                for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if n in island and n not in dist:
                        dist[n] = dist[(y, x)] + 1
                        todo.append(n)
            e = max(dist.values())
            if e < best_e:
                best, best_e = [start], e
            elif e == best_e:
                best.append(start)
        return self.rng.choice(best)

    # drawing ------------------------------------------------------------------------------
    def grow(self, start: Cell, target: int) -> None:
        k = self.new_island({start})
        island = self.islands[k]
        while len(island) < target:
            options = sorted({n for cell in island for n in self.sides(cell)
                              if self.sea(n) and self.near_islands(n) == {k} and self.safe(n)})
            if not options:
                break
            # thin islands: prefer cells touching the island on one side only
            thin = [n for n in options if sum(x in island for x in self.sides(n)) == 1]
            self.take(self.rng.choice(thin if thin and self.rng.random() < 0.8 else options), k)

    def draw(self, big: int) -> bool:
        cells = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        self.rng.shuffle(cells)
        placed = 0
        for cell in cells:
            if placed >= big:
                break
            if self.sea(cell) and not self.near_islands(cell) and self.safe(cell):
                self.grow(cell, self.rng.randint(*BIG))
                placed += 1
        self.rng.shuffle(cells)
        for cell in cells:
            if self.sea(cell) and not self.near_islands(cell) and self.safe(cell) and self.rng.random() < SMALL_P:
                self.grow(cell, self.rng.randint(1, SMALL))
        for _ in range(self.rows * self.cols):
            pools = [(r, c) for r in range(self.rows - 1) for c in range(self.cols - 1)
                     if all(self.sea(x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))]
            if not pools:
                break
            r, c = self.rng.choice(pools)
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            self.rng.shuffle(block)
            block.sort(key=lambda x: sum(len(self.islands[k]) for k in self.near_islands(x)))
            for cell in block:
                near = sorted(self.near_islands(cell))
                if sum(len(self.islands[k]) for k in near) < BIG[1] + 5 and (self.safe(cell) or self.joins(cell)):
                    k = near[0] if near else self.new_island(set())
                    for j in near[1:]:  # the cell joins the islands it touches into one
                        for x in self.islands[j]:
                            self.take(x, k)
                        self.islands[j] = set()
                    self.take(cell, k)
                    break
            else:
                pass
                return False
        self.islands = [x for x in self.islands if x]
        self.owner = [[SEA] * self.cols for _ in range(self.rows)]
        for k, island in enumerate(self.islands):
            for r, c in island:
                self.owner[r][c] = k
        self.spot = [self.centre(x) for x in self.islands]
        return len(components(self.rows, self.cols, [x for x in cells if self.sea(x)])) == 1

    # the board ----------------------------------------------------------------------------
    def grid(self) -> list[list[int]]:
        grid = [[0] * self.cols for _ in range(self.rows)]
        for k, spot in enumerate(self.spot):
            if spot is not None and self.islands[k]:
                grid[spot[0]][spot[1]] = len(self.islands[k])
        return grid

    def shaded(self) -> list[str]:
        return ["".join("#" if x == SEA else "." for x in row) for row in self.owner]

    def sizes(self) -> list[int]:
        return sorted((len(x) for x in self.islands if x), reverse=True)

    # mending ------------------------------------------------------------------------------
    def lone(self, cell: Cell) -> bool:
        return self.sea(cell) and all(self.sea(x) for x in self.sides(cell)) and self.safe(cell)

    def split(self, patch: list[Cell], keep_big: int) -> bool:
        """Island cells of the patch: one of them (or a cell beside it in its island) shaded where
        that splits the island, closes no 2x2 block and keeps the wall connected; each part gets
        a clue (the old one stays)."""
        cands = [x for x in patch if not self.sea(x)]
        cands += [n for x in cands for n in self.sides(x) if not self.sea(n) and self.owner[n[0]][n[1]] ==
                  self.owner[x[0]][x[1]]]
        self.rng.shuffle(cands)
        for cell in cands:
            k = self.owner[cell[0]][cell[1]]
            if cell == self.spot[k] or self.pool_if_sea(cell) or not any(self.sea(x) for x in self.sides(cell)):
                continue
            rest = self.islands[k] - {cell}
            parts = components(self.rows, self.cols, rest)
            if len(parts) < 2:
                continue
            if len(rest) + 1 >= BIG[0] and sorted(len(part) for part in parts)[-2] > TRIM:
                continue  # a big island only loses a small piece: big islands are what the board is for
            if len(rest) + 1 >= BIG[0] and max(len(part) for part in parts) < BIG[0]:
                big_now = sum(s >= BIG[0] for s in self.sizes())
                if big_now - 1 < keep_big:
                    continue
            self.owner[cell[0]][cell[1]] = SEA
            self.islands[k] = set()
            for part in parts:
                if self.spot[k] in part:
                    self.islands[k] = part
                else:
                    j = self.new_island(part)
                    self.spot[j] = self.centre(part)
            self.log["split"] += 1
            return True
        return False

    def shrink(self, cells: list[Cell]) -> bool:
        """One of ``cells`` (island cells a second answer shades) shaded in ours too, where its
        island has more than BIG[0] cells and stays in one piece, the cell is not the clue, touches
        the wall and closes no 2x2 block: the island loses a cell, the other answer its size."""
        cells = cells[:]
        self.rng.shuffle(cells)
        for cell in cells:
            k = self.owner[cell[0]][cell[1]]
            island = self.islands[k]
            if (len(island) <= BIG[0] or cell == self.spot[k] or self.pool_if_sea(cell)
                    or not any(self.sea(x) for x in self.sides(cell))
                    or len(components(self.rows, self.cols, island - {cell})) != 1):
                continue
            island.discard(cell)
            self.owner[cell[0]][cell[1]] = SEA
            self.log["shrink"] = self.log.get("shrink", 0) + 1
            return True
        return False

    def kill(self, patches: list[list[Cell]], keep_big: int) -> int:
        """Per patch where a second answer differs, one change that rules that answer out there: a
        cell it leaves unshaded made a 1, else the clue of an island moved onto a cell it shades
        (no cap: each is one local ambiguity, 78 of them at once on seed 1), else :meth:`mend`."""
        done: set[int] = set()
        made = 0
        rest = []
        for patch in patches:
            lone = [x for x in patch if self.lone(x)]
            if not lone and self.rng.random() < NEAR_ONE:
                lone = sorted({(r + dr, c + dc) for r, c in patch for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if self.inside(r + dr, c + dc) and self.lone((r + dr, c + dc))})
            mine = [x for x in patch if not self.sea(x) and self.owner[x[0]][x[1]] not in done]
            if lone:
                cell = self.rng.choice(lone)
                k = self.new_island({cell})
                self.spot[k] = cell
                self.log["one"] += 1
            elif mine and self.shrink(mine):
                made += 1
                continue
            elif mine:
                cell = self.rng.choice(mine)
                k = self.owner[cell[0]][cell[1]]
                self.spot[k] = cell
                self.log["move"] += 1
            else:
                rest.append(patch)
                continue
            done.add(k)
            made += 1
        return made + (self.mend(rest, keep_big) if rest else 0)

    def mend(self, patches: list[list[Cell]], keep_big: int) -> int:
        """One change per patch (see the module docstring); the number made."""
        done: set[int] = set()
        made = 0
        for patch in patches:
            if any(self.owner[r][c] in done for r, c in patch):
                continue
            lone = [x for x in patch if self.lone(x)]
            if lone:
                cell = self.rng.choice(lone)
                k = self.new_island({cell})
                self.spot[k] = cell
                self.log["one"] += 1
                done.add(k)
                made += 1
                continue
            mine = [x for x in patch if not self.sea(x)]
            big_now = sum(s >= BIG[0] for s in self.sizes())
            movable = [x for x in mine if self.moves.get(self.owner[x[0]][x[1]], 0) < MOVES]
            order = ["split", "move"] if self.rng.random() < 0.5 or big_now > keep_big else ["move", "split"]
            ok = False
            for what in order:
                if what == "move" and movable:
                    cell = self.rng.choice(movable)
                    k = self.owner[cell[0]][cell[1]]
                    self.spot[k] = cell
                    self.moves[k] = self.moves.get(k, 0) + 1
                    self.log["move"] += 1
                    done.add(k)
                    ok = True
                elif what == "split" and mine and self.split(patch, keep_big):
                    ok = True
                if ok:
                    break
            if not ok:  # a shaded cell of the patch (or beside it) joins its one neighbouring island
                around = sorted({n for x in patch for n in [x, *self.sides(x)] if self.sea(n)})
                self.rng.shuffle(around)
                for cell in around:
                    near = self.near_islands(cell)
                    if len(near) == 1 and self.safe(cell):
                        k = near.pop()
                        if k in done:
                            continue
                        self.take(cell, k)
                        self.log["join"] += 1
                        done.add(k)
                        ok = True
                        break
                    if not near and self.safe(cell):
                        k = self.new_island({cell})
                        self.spot[k] = cell
                        self.log["one"] += 1
                        done.add(k)
                        ok = True
                        break
            made += ok
        return made


def _frontier(free: list[Cell], rows: int, cols: int, rng: random.Random, cap: int) -> list[list[Cell]]:
    """Patches where the deductions stall: open cells beside a settled one, one small patch per
    TILE x TILE tile, at most ``cap`` tiles a round (a change inside a wide open area settles
    nothing: the first version's one patch a round left 2142 of 2500 cells open after 40 rounds)."""
    left = set(free)
    edge = [x for x in free if any((y, z) not in left for y, z in ((x[0] - 1, x[1]), (x[0] + 1, x[1]),
                                                                    (x[0], x[1] - 1), (x[0], x[1] + 1))
                                   if 0 <= y < rows and 0 <= z < cols)] or free
    tiles: dict[tuple[int, int], list[Cell]] = {}
    for x in edge:
        tiles.setdefault((x[0] // TILE, x[1] // TILE), []).append(x)
    keys = sorted(tiles)
    rng.shuffle(keys)
    out = []
    for key in keys[:cap]:
        r, c = rng.choice(tiles[key])
        out.append([x for x in tiles[key] if abs(x[0] - r) <= 1 and abs(x[1] - c) <= 1])
    return out


def _open(art: Art) -> list[Cell]:
    board = deduce(art.grid())
    return [divmod(i, art.cols) for i, x in enumerate(board.color) if x == FREE]


def set_board(rows: int, cols: int, seed: int, big: int, keep: int, rounds: int, open_max: int, limit: float,
              solver_rounds: int) -> tuple[dict[str, Any], str]:
    rng = random.Random(seed)
    art = Art(rows, cols, rng)
    while not art.draw(big):
        art = Art(rows, cols, rng)
    sizes = art.sizes()
    print(f"  seed {seed}: drawn {len(sizes)} islands, >= 10: {sum(s >= 10 for s in sizes)}, max {sizes[0]}",
          flush=True)
    best: tuple[int, Art] | None = None
    # the deduction stage, kept to retry the rest
    cache = Path(f"/tmp/nurikabe_setter-s{seed}-b{big}-k{keep}-r{rounds}.pickle")
    if cache.exists():
        art, rounds = pickle.loads(cache.read_bytes()), 0
    for rnd in range(rounds):
        assert not check_cells(art.grid(), art.shaded())
        t0 = time.process_time()
        free = _open(art)  # Contradiction cannot happen for a valid answer
        sizes = art.sizes()
        print(f"  seed {seed} deduce {rnd}: {len(free)} open, {len(sizes)} islands, "
              f">= 10: {sum(s >= 10 for s in sizes)}, cpu {time.process_time() - t0:.1f} s", flush=True)
        if best is None or len(free) < best[0]:
            best = (len(free), art.copy())
        elif len(free) > best[0] + SLACK:
            art = best[1].copy()
            continue
        if len(free) <= open_max:
            break
        art.mend(_frontier(free, rows, cols, rng, CAP), keep)
    if best is not None:
        art = best[1]
    if rounds:
        cache.write_bytes(pickle.dumps(art))
    later = cache.with_suffix(".solver.pickle")  # the answer as the solver rounds left it
    if later.exists():
        art = pickle.loads(later.read_bytes())
    ending = "multiple"
    rec: dict[str, Any] = {}
    kept: tuple[int, Art] | None = None
    backs = 0
    for rnd in range(solver_rounds):
        grid, shaded = art.grid(), art.shaded()
        assert not check_cells(grid, shaded)
        rec = {"id": f"nurikabe-set50-s{seed}", "genre": "nurikabe", "rows": rows, "cols": cols,
               "grid": [" ".join(str(v) if v else "." for v in row) for row in grid],
               "solution": {"shaded": shaded}}
        t0 = time.process_time()
        res = solve_puzzle(Puzzle.from_record(rec), SolveOptions(time_limit=limit, workers=1))
        print(f"  seed {seed} solve {rnd}: {res.status} cpu {time.process_time() - t0:.1f} s", flush=True)
        if res.status is Status.UNIQUE:
            assert isinstance(res.solution, ShadeSolution)
            assert all(res.solution.marked(r, c) == (shaded[r][c] == "#") for r in range(rows) for c in range(cols))
            ending = "unique"
            break
        if res.status is not Status.MULTIPLE or not isinstance(res.second_solution, ShadeSolution):
            ending = "unknown"  # no verdict within the limit: mend where deduction stalls and try again
            free = _open(art)
            print(f"    {len(free)} open, {art.mend(_frontier(free, rows, cols, rng, CAP), keep)} changes", flush=True)
            continue
        ending = "multiple"
        other = res.second_solution
        diff = [(r, c) for r in range(rows) for c in range(cols) if other.marked(r, c) != (shaded[r][c] == "#")]
        if kept is None or len(diff) <= kept[0]:
            kept = (len(diff), art.copy())
        elif len(diff) > kept[0] + DIFF_SLACK:  # the last changes made more than they removed: back
            art = kept[1].copy()
            backs += 1
            print(f"    {len(diff)} cells differ: back to the answer with {kept[0]}", flush=True)
            continue
        patches = _patches(diff)
        rng.shuffle(patches)
        made = art.kill(patches[:FEW] if backs else patches, keep)
        print(f"    {len(diff)} cells differ, {made} changes", flush=True)
        later.write_bytes(pickle.dumps(art))
    sizes = art.sizes()
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_setter.py seed {seed} big {big}: {len(sizes)} islands "
                     f"(max {sizes[0]}, >= 10: {sum(s >= 10 for s in sizes)}, >= 20: {sum(s >= 20 for s in sizes)}, "
                     f"1: {sizes.count(1)}); mends {art.log}; {ending}")
    return rec, ending


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards set with deduction as the judge")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1, help="seeds seed .. seed+count-1")
    ap.add_argument("--size", type=int, default=50)
    ap.add_argument("--big", type=int, default=45, help="big islands (10-40 cells) drawn")
    ap.add_argument("--keep", type=int, default=24, help="big islands (>= 10 cells) a split may not go below")
    ap.add_argument("--rounds", type=int, default=80, help="deduction rounds at most")
    ap.add_argument("--open-max", type=int, default=0, help="open cells after deduction to go on to the solver")
    ap.add_argument("--limit", type=float, default=20.0, help="solver time limit per round (wall s)")
    ap.add_argument("--solver-rounds", type=int, default=12)
    args = ap.parse_args()
    with open(args.out, "a") as f:
        for seed in range(args.seed, args.seed + args.count):
            t0 = time.process_time()
            rec, ending = set_board(args.size, args.size, seed, args.big, args.keep, args.rounds, args.open_max,
                                    args.limit, args.solver_rounds)
            print(f"{rec['id']}: {rec['source']} ({time.process_time() - t0:.0f} s CPU)", flush=True)
            if ending == "unique":
                f.write(json.dumps(rec) + "\n")


if __name__ == "__main__":
    main()
