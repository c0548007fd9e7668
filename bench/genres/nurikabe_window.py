"""Unique 50x50 Nurikabe boards with many big islands by windowed repair (issue 21, pass nk19).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/genres/nurikabe_window.py make OUT.jsonl
        --start /tmp/nurikabe_setter-s1-b45-k24-r60.solver.pickle [--seed 1] [--rounds 12] [--limit 30]

Pass nk17's setter (:mod:`bench.genres.nurikabe_setter`) left answers whose second answers
differ in 50-180 cells spread over dozens of 1-6 cell spots; changing all spots at once from one
global solve traded one ambiguity for another. Here each spot is fixed on its own and proven
locally before the next: a *window* (the spot's box widened by :data:`MARGIN`) is solved with
every cell outside it fixed to the drawn answer (:func:`window_second`: the deductions, then
CP-SAT, on a board whose outside is already set: ~0.1 s); a change is kept only when that window
is then unique. Before any global solve, a sweep makes every window of a :data:`SWEEP` grid
unique the same way. The global check is the full solver (``solvers.engine.solve_puzzle``, as
``puzzlebot solve`` runs it); its second answer's spots are the next windows.

A board is written only when the full solver proves it unique, its answer is the drawn one and the
independent checker (``solvers.nurikabe.check.check_cells``) accepts the drawn answer.

**Result (pass nk19, bench/results/nurikabe.md): no board made.** On nk17's seed-1 answer the
sweep fixed 3 of 36 windows and gave up on 27; of round 0's 30 spots none was fixed: with thin big
islands in a one-cell wall nearly every change is a moved clue, which trades one ambiguity for
another even with the rest of the board fixed.
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

from bench.genres.nurikabe_art import Art, Cell, write_unique  # noqa: E402
from bench.genres.nurikabe_unique50 import _patches, judged  # noqa: E402
from solvers.cpsat import Budget, solve_twice  # noqa: E402
from solvers.nurikabe.board import BLACK, FREE, WHITE, Board, Contradiction  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import propagate  # noqa: E402
from solvers.nurikabe.model import PARAMS, NurikabeModel  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

Window = tuple[int, int, int, int]  # top, bottom, left, right (inclusive)
MARGIN = 3  # cells around a spot's box solved with it (not tuned)
SWEEP = (12, 8)  # sweep windows: side, step (cells; not tuned)
STEPS = 6  # changes tried in one window before it is given up (back to the answer before them)
WINDOW_LIMIT = 10.0  # wall seconds per window solve


def window_second(art: Art, win: Window) -> list[Cell] | None:
    """Cells where another answer differs from the drawn one when every cell outside ``win`` keeps its
    drawn colour (and island); None when the window has one answer (the drawn one)."""
    grid, shaded = art.grid(), art.shaded()
    rows, cols = art.rows, art.cols
    board = Board.of(grid)
    index = {cell: k for k, (cell, _) in enumerate(board.clues)}
    clue_of = {k: index[spot[0] * cols + spot[1]] for k, spot in enumerate(art.spot)
               if spot is not None and art.islands[k]}
    top, bottom, left, right = win
    for r in range(rows):
        for c in range(cols):
            if top <= r <= bottom and left <= c <= right:
                continue
            i = r * cols + c
            if shaded[r][c] == "#":
                board.color[i] = BLACK
            else:
                board.color[i], board.owner[i] = WHITE, clue_of[art.owner[r][c]]
    try:
        propagate(board)
    except Contradiction as e:  # the drawn answer is one: a bug here or in the change
        raise AssertionError(f"window {win}: {e}") from e
    if board.complete:
        return None
    nm = NurikabeModel(board)
    options = SolveOptions(time_limit=WINDOW_LIMIT, workers=1)
    free = [nm.white[i] for i in range(len(nm.white)) if board.color[i] == FREE]

    def rows_of(solver: Any) -> Any:  # the shaded rows (as the solver's own decode gives them before parsing)
        return nm.shaded(solver)

    res = solve_twice(nm.model, free, rows_of, options, budget=Budget(options), runner=nm.runner(PARAMS))
    if res.status is Status.UNIQUE:
        return None
    if res.status is not Status.MULTIPLE:
        return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]  # no verdict: all of it
    for got in (res.solution, res.second_solution):
        assert isinstance(got, list)
        diff = [(r, c) for r in range(rows) for c in range(cols) if got[r][c] != shaded[r][c]]
        if diff:
            return diff
    raise AssertionError("two equal answers")


def change(art: Art, diff: list[Cell], rng: random.Random) -> str | None:
    """One change of the drawn answer or its clues that rules out the answer differing at ``diff``,
    picked at random among: a 1 on (or beside) a cell that answer leaves unshaded; that cell joined
    to the one island it touches (its size then differs); a big island shrunk at a cell that
    answer shades; that island's clue moved onto such a cell (moves alone trade one ambiguity for
    another: a 12x12 window of seed 1 went 14, 10, 16, 12, 20, 10, 20, 14 cells in 8 moves).
    None when nothing applies."""
    unshaded = [x for x in diff if art.sea(x) and x not in art.frozen]  # the other answer leaves them unshaded
    shades = [x for x in diff if not art.sea(x)]
    near = sorted({(r + dr, c + dc) for r, c in unshaded for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if art.inside(r + dr, c + dc) and art.lone((r + dr, c + dc))})
    options: list[tuple[str, Cell]] = [("one", x) for x in near]
    options += [("grow", x) for x in unshaded if len(art.near_islands(x)) == 1 and art.safe(x)]
    options += [("move", x) for x in shades if art.spot[art.owner[x[0]][x[1]]] != x]
    options += [("shrink", x) for x in shades]
    rng.shuffle(options)
    for what, cell in options:
        if what == "one":
            k = art.new_island({cell})
            art.spot[k] = cell
        elif what == "grow":
            k = art.near_islands(cell).pop()
            if len(art.islands[k]) >= 30:
                continue
            art.take(cell, k)
        elif what == "move":
            art.spot[art.owner[cell[0]][cell[1]]] = cell
        elif not art.shrink([cell]):
            continue
        art.log[what] = art.log.get(what, 0) + 1
        return what
    return None


def box(cells: list[Cell], rows: int, cols: int, margin: int) -> Window:
    return (max(0, min(r for r, _ in cells) - margin), min(rows - 1, max(r for r, _ in cells) + margin),
            max(0, min(c for _, c in cells) - margin), min(cols - 1, max(c for _, c in cells) + margin))


def fix(art: Art, win: Window, rng: random.Random, diff: list[Cell] | None = None) -> tuple[Art, str]:
    """The answer with ``win`` made unique given its outside (up to STEPS changes), or ``art`` unchanged."""
    trial = art.copy()
    diff = window_second(trial, win) if diff is None else diff
    if diff is None:
        return art, "unique"
    for _ in range(STEPS):
        inside = [x for x in diff if win[0] <= x[0] <= win[1] and win[2] <= x[1] <= win[3]] or diff
        made = [change(trial, patch, rng) for patch in _patches(inside)]  # one change per spot
        if not any(made):
            return art, "stuck"
        assert not check_cells(trial.grid(), trial.shaded()), "a change broke the drawn answer"
        diff = window_second(trial, win)
        if diff is None:
            return trial, "fixed"
    return art, "gave up"


def sweep(art: Art, rng: random.Random) -> Art:
    side, step = SWEEP
    tops = sorted({min(t, art.rows - side) for t in range(0, art.rows, step)})
    lefts = sorted({min(c, art.cols - side) for c in range(0, art.cols, step)})
    tally: dict[str, int] = {}
    t0 = time.process_time()
    for top in tops:
        for left in lefts:
            art, how = fix(art, (top, top + side - 1, left, left + side - 1), rng)
            tally[how] = tally.get(how, 0) + 1
    print(f"  sweep: {tally}, cpu {time.process_time() - t0:.1f} s", flush=True)
    return art


class _Loader(pickle.Unpickler):
    """Pass nk17's pickles name the answer's class ``__main__.Art`` (the setter held it then)."""

    def find_class(self, module: str, name: str) -> Any:
        return Art if name == "Art" else super().find_class(module, name)


def load(path: Path) -> Art:
    with open(path, "rb") as f:
        art = _Loader(f).load()
    assert isinstance(art, Art)
    return art


def make(start: Path, seed: int, rounds: int, limit: float) -> tuple[dict[str, Any], str, Art]:
    art = load(start)
    assert isinstance(art, Art)
    rng = random.Random(seed)
    art.rng = rng
    rows, cols = art.rows, art.cols
    art = sweep(art, rng)
    rec: dict[str, Any] = {}
    ending = "multiple"
    for rnd in range(rounds):
        grid, shaded = art.grid(), art.shaded()
        rec, res = judged({"id": f"nurikabe-win50-{start.stem}-s{seed}", "genre": "nurikabe", "rows": rows,
                           "cols": cols}, grid, shaded, limit, f"round {rnd}")
        if res.status is Status.UNIQUE:
            ending = "unique"
            break
        if res.status is not Status.MULTIPLE:
            ending = "unknown"
            art = sweep(art, rng)
            continue
        ending = "multiple"
        diffs = []
        for got in (res.solution, res.second_solution):
            assert isinstance(got, ShadeSolution)
            diffs.append([(r, c) for r in range(rows) for c in range(cols)
                          if got.marked(r, c) != (shaded[r][c] == "#")])
        diff = max(diffs, key=len)
        patches = _patches(diff)
        tally: dict[str, int] = {}
        t0 = time.process_time()
        for patch in patches:
            win = box(patch, rows, cols, MARGIN)
            art, how = fix(art, win, rng)
            if how == "unique":  # the spot is unique in its window: widen it (the ambiguity reaches further)
                art, how = fix(art, box(patch, rows, cols, 2 * MARGIN + 2), rng)
                how = "wide " + how
            tally[how] = tally.get(how, 0) + 1
        print(f"    {len(diff)} cells differ in {len(patches)} spots: {tally}, cpu {time.process_time() - t0:.1f} s",
              flush=True)
        start.with_suffix(f".win{seed}.pickle").write_bytes(pickle.dumps(art))
    rec["unique"] = True if ending == "unique" else None
    rec["source"] = (f"bench/genres/nurikabe_window.py from {start.name} seed {seed}: {art.tally()}; "
                     f"changes {art.log}; {ending}")
    return rec, ending, art


def main() -> None:
    ap = argparse.ArgumentParser(description="unique 50x50 Nurikabe boards by windowed repair")
    ap.add_argument("what", choices=("make",))
    ap.add_argument("out", type=Path)
    ap.add_argument("--start", type=Path, required=True, help="a pickled nurikabe_art.Art (nurikabe_setter's stages)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--limit", type=float, default=30.0, help="full solver limit per round (wall s)")
    args = ap.parse_args()
    t0 = time.process_time()
    rec, ending, _ = make(args.start, args.seed, args.rounds, args.limit)
    print(f"{rec['id']}: {rec['source']} ({time.process_time() - t0:.0f} s CPU)", flush=True)
    if ending == "unique":
        write_unique(rec, args.out)


if __name__ == "__main__":
    main()
