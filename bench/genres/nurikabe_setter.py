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
resume. The rounds use ``--limit`` (wall) per solve. The answer, :class:`Art`, and the constants
of its changes live in :mod:`bench.genres.nurikabe_art`.

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

from bench.genres.nurikabe_art import Art, Cell  # noqa: E402
from bench.genres.nurikabe_unique50 import _patches, judged  # noqa: E402
from solvers.nurikabe.board import FREE  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import deduce  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import Status  # noqa: E402

SLACK = 0  # a deduction round may leave this many more open cells than the best and go on from there (not
# tuned: nk16's 20 was for one change per patch; here up to 25 changes a round)
TILE = 5  # cells: one patch per tile of the board a round
DIFF_SLACK = 10  # a solver round's second answer may differ in this many more cells than the best: else back
FEW = 5  # patches changed a solver round once a round has gone back (all 23 at once: back 4 times running at 70)
CAP = 25  # patches changed a round at most (each round is kept only if it leaves fewer open cells)


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


def _resume(path: Path, rows: int, cols: int) -> Art | None:
    """The answer an earlier run kept at ``path``, if of this size (the name has none: a run at
    another ``--size`` went on from the other size's answer)."""
    if not path.exists():
        return None
    art = pickle.loads(path.read_bytes())
    return art if isinstance(art, Art) and (art.rows, art.cols) == (rows, cols) else None


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
    if (kept_art := _resume(cache, rows, cols)) is not None:
        art, rounds = kept_art, 0
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
    if (kept_art := _resume(later, rows, cols)) is not None:
        art = kept_art
    ending = "multiple"
    rec: dict[str, Any] = {}
    kept: tuple[int, Art] | None = None
    backs = 0
    for rnd in range(solver_rounds):
        grid, shaded = art.grid(), art.shaded()
        rec, res = judged({"id": f"nurikabe-set50-s{seed}", "genre": "nurikabe", "rows": rows, "cols": cols},
                          grid, shaded, limit, f"seed {seed} solve {rnd}")
        if res.status is Status.UNIQUE:
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
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_setter.py seed {seed} big {big}: {art.tally()}; mends {art.log}; {ending}")
    return rec, ending


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards set with deduction as the judge")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1, help="seeds seed .. seed+count-1")
    ap.add_argument("--size", type=int, default=50)
    ap.add_argument("--big", type=int, default=45, help="big islands (of BIG cells, 10-25) drawn")
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
