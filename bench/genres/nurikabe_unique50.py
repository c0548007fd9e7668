"""Attempted: unique 50x50 Nurikabe boards with big islands from random shadings (issue 21, pass nk16).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_unique50.py make OUT.jsonl
        --seed 201 [--count 3] [--open 0.5] [--rounds 40] [--repair-limit 10] [--deduce-rounds 40] [--one 0.5]

The random stress boards (``stress21.py``) put one clue per island at a random cell and are rarely
unique; published boards are. Here the same shading (a random maze of sea, island cells opened to
sea with probability ``--open``: lower gives bigger islands) is repaired towards one answer, the
unique path of ``generate._with_clues`` widened for this size, in two stages:

* ``--deduce-rounds`` cheap rounds (deduction only, ~0.5 s CPU each): per patch of cells the
  deductions leave open (cells within :data:`PATCH` of each other) one change (:meth:`Drawn.repair`);
  the round with the fewest open cells is kept (a round :data:`SLACK` worse goes back to it);
* ``--rounds`` solver rounds (``--repair-limit`` seconds each): the same per patch of cells where
  the second answer differs from the drawn one.

A change is, in order: a sea cell of the patch made an island of 1 (it rules the other answer out);
a clue moved onto an island cell of the patch (at most :data:`MOVES` per island: moved clues trade
one ambiguity for another); a 1 beside the patch; else the drawn answer reshaped at one cell
(:meth:`Drawn.reshape`). A board is written with ``unique`` true only once our solver proves it.

**Result (pass nk16, bench/results/nurikabe.md): no board made.** p0.6 seed 101 stalls at 84-111
open cells after the cheap rounds and then at a 2-4 cell second answer that no change fixes; p0.5
seeds 201-203 keep 500+ open cells and time out in the first solver round (10 s wall, 3.5 s CPU at
load 16), verdict unknown; with a 60 s limit seed 202 is "multiple" in every one of 25 rounds
(5.0-6.9 s CPU each), 4-14 cells differing at the end. Kept as the record of the attempt.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.stress21 import nurikabe as random_board  # noqa: E402
from solvers.connectivity import components  # noqa: E402
from solvers.engine import solve_puzzle  # noqa: E402
from solvers.nurikabe.board import FREE  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import deduce  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions, SolveResult, Status  # noqa: E402

Cell = tuple[int, int]
SLACK = 20  # a deduction round may leave this many more open cells than the best so far and go on from there
# chance a patch gets a new island of 1 rather than a moved clue (moved clues alone stalled at
# 430-540 open cells, seed 101)
ONE_P = 0.5
NEAR = 1  # a new island of 1 may sit this far (Chebyshev) from its patch
MOVES = 5  # clue moves per island at most: moved clues trade one ambiguity for another (40 rounds, seed 101)
# open or differing cells this close (Chebyshev) are one patch: one change per patch and round (3
# merged them into few large patches: 10-20 fewer open cells a round, seed 101)
PATCH = 1


def _patches(diff: list[Cell]) -> list[list[Cell]]:
    """Groups of difference cells within PATCH of each other."""
    left, out = set(diff), []
    while left:
        seed = left.pop()
        group, todo = [seed], [seed]
        while todo:
            r, c = todo.pop()
            near = [x for x in left if abs(x[0] - r) <= PATCH and abs(x[1] - c) <= PATCH]
            for x in near:
                left.discard(x)
                group.append(x)
                todo.append(x)
        out.append(sorted(group))
    return out


class Drawn:
    """The drawn answer as it is repaired: the sea, the islands and each island's clue cell."""

    def __init__(self, rows: int, cols: int, shaded: list[str], grid: list[list[int]]) -> None:
        self.rows, self.cols = rows, cols
        self.sea = {(r, c) for r in range(rows) for c in range(cols) if shaded[r][c] == "#"}
        self.islands = components(rows, cols, [(r, c) for r in range(rows) for c in range(cols)
                                               if shaded[r][c] == "."])
        self.spot = [next(cell for cell in sorted(island) if grid[cell[0]][cell[1]]) for island in self.islands]
        self.owner = {cell: k for k, island in enumerate(self.islands) for cell in island}
        self.moved = self.ones = self.reshaped = 0
        self.moves: dict[int, int] = {}  # clue moves per island

    def copy(self) -> Drawn:
        other = copy.copy(self)
        other.sea, other.islands, other.spot = set(self.sea), [set(x) for x in self.islands], self.spot[:]
        other.owner, other.moves = dict(self.owner), dict(self.moves)
        return other

    def grid(self) -> list[list[int]]:
        grid = [[0] * self.cols for _ in range(self.rows)]
        for k, (r, c) in enumerate(self.spot):
            grid[r][c] = len(self.islands[k])
        return grid

    def shaded(self) -> list[str]:
        return ["".join("#" if (r, c) in self.sea else "." for c in range(self.cols)) for r in range(self.rows)]

    def lone(self, cell: Cell) -> bool:
        """``cell`` (sea) can be an island of 1: its sides are all sea, the sea stays connected."""
        r, c = cell
        sides = [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= y < self.rows and 0 <= x < self.cols]
        return (all(x in self.sea for x in sides)
                and len(components(self.rows, self.cols, sorted(self.sea - {cell}))) == 1)

    def sides(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < self.rows and 0 <= x < self.cols]

    def reshape(self, patch: list[Cell], rng: random.Random) -> int:
        """The drawn answer changed at one cell of the patch: a sea cell beside exactly one island
        joins it, or an island cell (not its clue, not needed to hold it together) goes to the
        sea where that closes no 2x2 pool; the island's clue follows its size. 1 if done."""
        options = list(patch)
        rng.shuffle(options)
        for cell in options:
            if cell in self.sea:
                near = {self.owner[x] for x in self.sides(cell) if x in self.owner}
                if len(near) != 1 or len(components(self.rows, self.cols, sorted(self.sea - {cell}))) != 1:
                    continue
                k = near.pop()
                self.sea.discard(cell)
                self.islands[k].add(cell)
                self.owner[cell] = k
            elif cell in self.owner:
                k = self.owner[cell]
                rest = self.islands[k] - {cell}
                r, c = cell
                pool = any(all(x in self.sea or x == cell for x in ((t, lf), (t, lf + 1), (t + 1, lf), (t + 1, lf + 1)))
                           and 0 <= t < self.rows - 1 and 0 <= lf < self.cols - 1
                           for t in (r - 1, r) for lf in (c - 1, c))
                if cell == self.spot[k] or pool or len(components(self.rows, self.cols, sorted(rest))) != 1:
                    continue
                self.islands[k] = rest
                del self.owner[cell]
                self.sea.add(cell)
            else:
                continue
            self.reshaped += 1
            return 1
        return 0

    def repair(self, patches: list[list[Cell]], rng: random.Random) -> int:
        """Per patch one change: a sea cell of the patch made an island of 1; else a clue moved
        onto an island cell of the patch (at most :data:`MOVES` per island), or (with probability
        :data:`ONE_P`, or when no clue may move) a 1 beside the patch; else :meth:`reshape`.
        The number of changes."""
        done: set[int] = set()
        changes = 0
        for patch in patches:
            wrong = [cell for cell in patch if cell in self.owner and self.owner[cell] not in done
                     and self.moves.get(self.owner[cell], 0) < MOVES]
            near = {(r + dr, c + dc) for r, c in patch
                    for dr in range(-NEAR, NEAR + 1) for dc in range(-NEAR, NEAR + 1)}
            inside = [cell for cell in patch if cell in self.sea and self.lone(cell)]
            lone = inside or ([] if wrong and rng.random() >= ONE_P
                              else [cell for cell in sorted(near) if cell in self.sea and self.lone(cell)])
            if lone:  # a 1 on a cell the other answer leaves unshaded rules it out; one beside it may
                cell = rng.choice(lone)
                self.sea.discard(cell)
                self.owner[cell] = len(self.islands)
                done.add(len(self.islands))
                self.islands.append({cell})
                self.spot.append(cell)
                self.ones += 1
                changes += 1
            elif wrong:
                cell = rng.choice(wrong)
                self.spot[self.owner[cell]] = cell
                done.add(self.owner[cell])
                self.moves[self.owner[cell]] = self.moves.get(self.owner[cell], 0) + 1
                self.moved += 1
                changes += 1
            elif not self.reshape(patch, rng):  # the cap only defers a move
                stuck = [cell for cell in patch if cell in self.owner and cell != self.spot[self.owner[cell]]]
                if stuck:
                    cell = rng.choice(stuck)
                    self.spot[self.owner[cell]] = cell
                    self.moved += 1
                    changes += 1
            else:
                changes += 1
        return changes


def unique_board(rows: int, cols: int, seed: int, open_p: float, rounds: int, limit: float,
                 deduce_rounds: int) -> tuple[dict[str, Any], str]:
    """The drawn board after the repair, and how it ended (unique / multiple / unknown)."""
    rec = random_board(rows, cols, seed, open_p)
    rng = random.Random(seed * 7919 + 1)
    state = Drawn(rows, cols, rec["solution"]["shaded"],
                  [[0 if t == "." else int(t) for t in row.split()] for row in rec["grid"]])
    best: tuple[int, Drawn] | None = None
    for rnd in range(deduce_rounds):  # cheap first: the cells the deductions leave open
        t0 = time.process_time()
        board = deduce(state.grid())
        free = [divmod(i, cols) for i, x in enumerate(board.color) if x == FREE]
        print(f"  seed {seed} deduce round {rnd}: {len(free)} open, cpu {time.process_time() - t0:.1f} s", flush=True)
        if best is None or len(free) < best[0]:
            best = (len(free), state.copy())
        elif len(free) > best[0] + SLACK:
            state = best[1].copy()
            continue
        if not free:
            break
        state.repair(_patches(free), rng)
    if best is not None:
        state = best[1]
    ending = "multiple"
    for rnd in range(rounds):
        grid, shaded = state.grid(), state.shaded()
        rec, res = judged(rec, grid, shaded, limit, f"seed {seed} round {rnd}")
        if res.status is Status.UNIQUE:
            ending = "unique"
            break
        if res.status is not Status.MULTIPLE or not isinstance(res.second_solution, ShadeSolution):
            ending = "unknown"
            break
        other = res.second_solution
        diff = [(r, c) for r in range(rows) for c in range(cols) if other.marked(r, c) != (shaded[r][c] == "#")]
        print(f"    {len(diff)} cells differ, {state.repair(_patches(diff), rng)} changes", flush=True)
    sizes = sorted(len(island) for island in state.islands)
    rec["id"] = f"nurikabe-u50-p{open_p:g}-s{seed}"
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_unique50.py seed {seed} open {open_p:g}: {len(sizes)} islands "
                     f"(max {sizes[-1]}, >= 10: {sum(s >= 10 for s in sizes)}, 1: {sizes.count(1)}), "
                     f"{state.moved} clues moved, {state.ones} islands of 1 added, {state.reshaped} cells reshaped, "
                     f"{ending}")
    return rec, ending



def judged(rec: dict[str, Any], grid: list[list[int]], shaded: list[str], limit: float,
           label: str) -> tuple[dict[str, Any], SolveResult]:
    """The record of a drawn board and our full solver's verdict on it (the CPU seconds printed); a
    unique answer must be the drawn one, or the repair has a bug: the board is only written when it is."""
    rec = {**rec, "grid": [" ".join(str(v) if v else "." for v in row) for row in grid], "solution": {"shaded": shaded}}
    assert not check_cells(grid, shaded)
    t0 = time.process_time()
    res = solve_puzzle(Puzzle.from_record(rec), SolveOptions(time_limit=limit, workers=1))
    print(f"  {label}: {res.status} cpu {time.process_time() - t0:.1f} s", flush=True)
    if res.status is Status.UNIQUE:
        assert isinstance(res.solution, ShadeSolution)
        assert all(res.solution.marked(r, c) == (shaded[r][c] == "#")
                   for r in range(len(grid)) for c in range(len(grid[0])))
    return rec, res

def main() -> None:
    global ONE_P
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=4, help="seeds seed .. seed+count-1")
    ap.add_argument("--open", type=float, default=0.5, dest="open_p")
    ap.add_argument("--size", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--repair-limit", type=float, default=20.0)
    ap.add_argument("--deduce-rounds", type=int, default=60)
    ap.add_argument("--one", type=float, default=ONE_P, help="chance of a new 1 rather than a moved clue")
    args = ap.parse_args()
    ONE_P = args.one
    with open(args.out, "a") as f:
        for seed in range(args.seed, args.seed + args.count):
            t0 = time.process_time()
            rec, ending = unique_board(args.size, args.size, seed, args.open_p, args.rounds, args.repair_limit,
                                       args.deduce_rounds)
            print(f"{rec['id']}: {rec['source']} ({time.process_time() - t0:.0f} s CPU)", flush=True)
            if ending == "unique":
                f.write(json.dumps(rec) + "\n")


if __name__ == "__main__":
    main()
