"""Nurikabe boards whose deductions stall around big islands (issue 21, d0025): what each part costs.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/nurikabe_islands.py \
        [--id nurikabe-d0025] [--fix R,C ...] (--cpsat cuts|layers | --probe | --dfs cheap|full) [--limit S]

The islands whose clue cells ``--fix`` names are first set to the published answer (their cells
white, their border shaded) and the deductions run again (``free`` = cells left open). Then:

* ``--cpsat``: the engine's CP-SAT model and lazy-cut loop (first answer, then the uniqueness
  search), one worker; ``layers`` adds a distance-layer encoding of every island of at least
  ``--big`` cells: ``r[i][t]`` "cell i is in the island within t steps of its clue through island
  cells", ``r[i][t] -> r[j][t-1]`` for some neighbour j, the island's cells at ``t = size - 1``
  (island connectivity as clauses, so CP-SAT propagates it; the lazy cuts stay for the rest);
* ``--probe``: every free cell beside an unfinished big island, set to the colour the answer does
  NOT give it, through all the deductions: refuted or still open;
* ``--dfs``: a depth-first search over the big islands' frontier cells (a cell beside an island is
  white and joins it, or shaded: both branches), the unfinished island with the fewest frontier
  cells first, the frontier cell with the fewest free neighbours, white first; per node the cheap
  rules (islands, pools, reach, sea, count, budget) or all of them; the state copied per node.

Figures are CPU seconds of this process (``time.process_time``: the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers.connectivity import components  # noqa: E402
from solvers.cpsat import Budget, solve_twice  # noqa: E402
from solvers.nurikabe import deduce as rules  # noqa: E402
from solvers.nurikabe.board import BLACK, FREE, WHITE, Board, Contradiction  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import deduce, propagate  # noqa: E402
from solvers.nurikabe.model import PARAMS, NurikabeModel  # noqa: E402
from solvers.solution import ShadeSolution  # noqa: E402
from solvers.verdict import SolveOptions  # noqa: E402

SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", Path(__file__).resolve().parents[2] / "shared"))
CHEAP = (rules._islands, rules._pools, rules._reach, rules._sea, rules._count, rules._budget)


def load(rid: str) -> tuple[list[list[int]], list[str]]:
    for line in (SHARED / "corpus" / "nurikabe.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["id"] == rid:
            cells = [[0 if x == "." else -1 if x == "?" else int(x) for x in row.split()] for row in rec["grid"]]
            return cells, rec["solution"]["shaded"]
    raise SystemExit(f"no record {rid}")


def answer_islands(board: Board, shaded: list[str]) -> dict[int, set[int]]:
    """Island index -> its cells in the published answer."""
    cols = board.cols
    white = [(r, c) for r, row in enumerate(shaded) for c, x in enumerate(row) if x == "."]
    by_clue = {i: k for k, (i, _) in enumerate(board.clues)}
    out = {}
    for part in components(board.rows, cols, white):
        cells = {r * cols + c for r, c in part}
        out[next(by_clue[i] for i in cells if i in by_clue)] = cells
    return out


def fix(board: Board, cells: set[int], k: int) -> None:
    for i in cells:
        board.set(i, WHITE, "fixed")
        board.owner[i] = k
        for j in board.adj[i]:
            if j not in cells:
                board.set(j, BLACK, "fixed")


def add_layers(nm: NurikabeModel, k: int) -> int:
    """The distance-layer encoding of island k's connectivity; returns its number of literals."""
    board, own, model = nm.board, nm.x[k], nm.model
    clue, top = board.clues[k][0], board.size(k) - 1
    dist = {clue: 0}
    queue = deque([clue])
    while queue:
        i = queue.popleft()
        for j in board.adj[i]:
            if j in own and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    r = {(i, t): model.new_bool_var("") for i, d in dist.items() if i != clue for t in range(d, top + 1)}
    for i, v in own.items():
        if i == clue:
            continue
        if dist.get(i, top + 1) > top:
            model.add(v == 0)
            continue
        model.add_implication(v, r[i, top])
        for t in range(dist[i], top + 1):
            model.add_implication(r[i, t], v)
            if t < top:
                model.add_implication(r[i, t], r[i, t + 1])
            if clue in board.adj[i]:
                continue  # within one step of the clue: every t holds
            model.add_bool_or([r[i, t].Not(), *(r[j, t - 1] for j in board.adj[i] if (j, t - 1) in r)])
    return len(r)


def cheap(board: Board) -> None:
    while any(rule(board) for rule in CHEAP):
        pass
    if any(board.size(k) != rules.NO_LIMIT and len(rk) < board.size(k) for k, rk in enumerate(board.reach)):
        raise Contradiction("island shut in")


def copy(board: Board) -> Board:
    return Board(board.rows, board.cols, board.clues, board.color[:], board.owner[:], board.adj, [],
                 [set(x) for x in board.reach])


def frontier(board: Board, big: int) -> tuple[int, set[int]] | None:
    """The unfinished island of at least ``big`` cells with the fewest free cells beside it."""
    best: tuple[int, set[int]] | None = None
    for k, members in enumerate(rules._members(board)):
        size = board.size(k)
        if size == rules.NO_LIMIT or size < big or len(members) == size:
            continue
        near = {j for i in members for j in board.adj[i] if board.color[j] == FREE}
        if near and (best is None or len(near) < len(best[1])):
            best = (k, near)
    return best


def dfs(cells: list[list[int]], board: Board, big: int, full: bool, limit: float) -> tuple[int, int, list[list[str]]]:
    """(nodes, depth, answers) of the search, stopping at two answers or ``limit`` CPU seconds."""
    nodes, deepest = 0, 0
    answers: list[list[str]] = []
    t0 = time.process_time()
    stack = [(board, 0)]
    while stack and len(answers) < 2 and time.process_time() - t0 < limit:
        b, depth = stack.pop()
        nodes, deepest = nodes + 1, max(deepest, depth)
        pick = frontier(b, big) or frontier(b, 1)
        if pick is None:
            try:
                propagate(b)
            except Contradiction:
                continue
            # a complete board may still break a rule the deductions do not watch (the sea whole)
            if b.complete and not check_cells(cells, b.shaded_rows()):
                answers.append(b.shaded_rows())
            continue
        k, near = pick
        cell = min(near, key=lambda j: (sum(b.color[x] == FREE for x in b.adj[j]), j))
        for color in (BLACK, WHITE):  # popped last first: white first
            nb = copy(b)
            try:
                nb.set(cell, color, "branch")
                if color == WHITE:
                    nb.owner[cell] = k
                propagate(nb) if full else cheap(nb)
            except Contradiction:
                continue
            stack.append((nb, depth + 1))
    return nodes, deepest, answers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--id", default="nurikabe-d0025")
    ap.add_argument("--fix", nargs="*", default=[], help="clue cells R,C of islands set to the answer")
    ap.add_argument("--big", type=int, default=14, help="islands of at least this many cells are big")
    ap.add_argument("--limit", type=float, default=30.0, help="seconds (wall for CP-SAT, CPU for --dfs)")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--cpsat", choices=("cuts", "layers"))
    mode.add_argument("--probe", action="store_true")
    mode.add_argument("--dfs", choices=("cheap", "full"))
    args = ap.parse_args()
    cells, shaded = load(args.id)
    c0 = time.process_time()
    board = deduce(cells)
    print(f"deduce: free {board.color.count(FREE)}, {time.process_time() - c0:.2f} s CPU")
    islands = answer_islands(board, shaded)
    cols = board.cols
    for rc in args.fix:
        r, c = map(int, rc.split(","))
        k = next(k for k, (i, _) in enumerate(board.clues) if i == r * cols + c)
        fix(board, islands[k], k)
    if args.fix:
        c0 = time.process_time()
        propagate(board)
        print(f"fixed {' '.join(args.fix)}: free {board.color.count(FREE)}, {time.process_time() - c0:.2f} s CPU")
    c0 = time.process_time()
    if args.cpsat:
        nm = NurikabeModel(board)
        if args.cpsat == "layers":
            for k in range(len(board.clues)):
                if board.size(k) >= args.big and len(nm.x[k]) > board.size(k):
                    print(f"layers for the {board.size(k)} at {divmod(board.clues[k][0], cols)}: {add_layers(nm, k)}")
        free = [nm.white[i] for i in range(len(nm.white)) if board.color[i] == FREE]
        opts = SolveOptions(time_limit=args.limit, workers=1)
        res = solve_twice(nm.model, free, lambda s: ShadeSolution(tuple(nm.shaded(s))), opts,
                          budget=Budget(opts), runner=nm.runner(PARAMS))
        right = res.solution == ShadeSolution(tuple(shaded))
        print(f"{args.cpsat}: {res.status} (the answer: {right}), {res.stats.solver_calls} CP-SAT calls, "
              f"{time.process_time() - c0:.2f} s CPU")
    elif args.probe:
        members = rules._members(board)
        for k, m in enumerate(members):
            if board.size(k) < args.big or len(m) == board.size(k):
                continue
            for i in sorted({j for x in m for j in board.adj[x] if board.color[j] == FREE}):
                wrong = WHITE if shaded[i // cols][i % cols] == "#" else BLACK
                b = copy(board)
                try:
                    b.set(i, wrong, "probe")
                    if wrong == WHITE:
                        b.owner[i] = k
                    propagate(b)
                    verdict = f"open (free {b.color.count(FREE)})"
                except Contradiction as e:
                    verdict = f"refuted ({e})"
                print(f"island at {divmod(board.clues[k][0], cols)}: {divmod(i, cols)} "
                      f"{'white' if wrong == WHITE else 'shaded'}: {verdict}")
        print(f"probes: {time.process_time() - c0:.2f} s CPU")
    else:
        nodes, depth, answers = dfs(cells, board, args.big, args.dfs == "full", args.limit)
        print(f"dfs {args.dfs}: {nodes} nodes, depth {depth}, {len(answers)} answers "
              f"({sum(a == shaded for a in answers)} the published one), {time.process_time() - c0:.2f} s CPU")


if __name__ == "__main__":
    main()
