"""A first Nurikabe answer grown island by island, the deductions as propagator (pass nk15: measured, not landed).

    PYTHONPATH=. PUZZLEBOT_SHARED=/work/shared .venv/bin/python bench/nurikabe_grow.py FILE.jsonl ID
        [--order tight|reading] [--cap 8] [--nodes 1500] [--restart 1500]

The board is deduced and probed as the engine does (``deduce``, then ``probe`` for 2 s), then a
depth-first search places one unfinished island at a time: its shapes (connected, its size,
inside its reach, touching no other unshaded cell; Redelmeier's enumeration, cells nearest the
clue first, 3000 cells tried at most), each on a fork of the board with the cells set, its border
shaded and the quick rules of :mod:`solvers.nurikabe.deduce` (the probe's) run to their fixed
point (``--full``: every rule, :func:`propagate`); a contradiction drops the shape. At most
``cap`` shapes that survive are tried per island.
The island taken next: ``tight`` the fewest reachable cells beyond its size, divided by how often
it failed (dom/wdeg); ``reading`` the first clue in reading order. ``restart``: nodes per try
before starting again with the failure weights kept. Prints the islands left open, the deepest
placement, nodes, CPU seconds and the answer through ``check_cells``; it proves nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers.nurikabe.board import BLACK, FREE, WHITE, Board, Contradiction  # noqa: E402
from solvers.nurikabe.check import check_cells  # noqa: E402
from solvers.nurikabe.deduce import QUICK, deduce, propagate  # noqa: E402
from solvers.nurikabe.probe import probe  # noqa: E402
from solvers.nurikabe.wide import _distances  # noqa: E402

STEPS = 3000  # cells tried per island's enumeration


class OutOfNodes(Exception):
    pass


def shapes(board: Board, k: int) -> Iterator[frozenset[int]]:
    """Island ``k``'s shapes, cells nearest its clue first (each shape once)."""
    color, owner, adj = board.color, board.owner, board.adj
    size = board.size(k)
    area = {i for i in board.reach[k] if color[i] != BLACK}
    clue = board.clues[k][0]
    members = {i for i in area if owner[i] == k}
    dist = _distances(adj, area, [clue])
    if any(m not in dist for m in members):
        return
    budget = [STEPS]

    def fits(shape: set[int]) -> bool:
        return members <= shape and not any(j not in shape and color[j] == WHITE for i in shape for j in adj[i])

    def grow(shape: set[int], untried: list[int], seen: set[int]) -> Iterator[frozenset[int]]:
        if len(shape) == size:
            if fits(shape):
                yield frozenset(shape)
            return
        untried = sorted(untried, key=lambda i: (i not in members, dist[i]), reverse=True)
        while untried and budget[0] > 0:
            budget[0] -= 1
            c = untried.pop()
            new = [j for j in adj[c] if j in area and j not in seen and j not in shape]
            seen.update(new)
            shape.add(c)
            yield from grow(shape, untried + new, seen)
            shape.discard(c)
            seen.difference_update(new)
            if c in members:  # excluded for good: no later shape holds it
                return

    first = [j for j in adj[clue] if j in area]
    yield from grow({clue}, first, {clue, *first})


class Search:
    def __init__(self, order: str, cap: int, full: bool = False) -> None:
        self.order, self.cap, self.full = order, cap, full
        self.fails: dict[int, float] = {}
        self.nodes = self.deepest = 0
        self.limit = 0

    def finished(self, board: Board, k: int) -> bool:
        own = [i for i in board.reach[k] if board.owner[i] == k]
        return len(own) == board.size(k) and all(board.color[j] != FREE for i in own for j in board.adj[i])

    def run(self, board: Board, depth: int = 0) -> Board | None:
        self.deepest = max(self.deepest, depth)
        todo = [k for k in range(len(board.clues)) if not self.finished(board, k)]
        if not todo:
            end = board.fork()
            try:
                for i, x in enumerate(end.color):
                    if x == FREE:
                        end.set(i, BLACK, "grow")
            except Contradiction:
                return None
            return end
        if self.order == "reading":
            k = todo[0]
        else:
            k = min(todo, key=lambda k: (len(board.reach[k]) - board.size(k)) / self.fails.get(k, 1.0))
        good = 0
        for shape in shapes(board, k):
            self.nodes += 1
            if self.nodes > self.limit:
                raise OutOfNodes
            trial = board.fork()
            try:
                for i in shape:
                    trial.set(i, WHITE, "grow")
                    trial.owner[i] = k
                for i in shape:
                    for j in trial.adj[i]:
                        if j not in shape:
                            trial.set(j, BLACK, "grow")
                if self.full:
                    propagate(trial)
                else:
                    while any(rule(trial) for rule in QUICK):
                        pass
            except Contradiction:
                continue
            good += 1
            got = self.run(trial, depth + 1)
            if got is not None:
                return got
            if good >= self.cap:
                break
        self.fails[k] = self.fails.get(k, 1.0) + 1
        return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("id")
    ap.add_argument("--order", default="tight", choices=("tight", "reading"))
    ap.add_argument("--cap", type=int, default=8)
    ap.add_argument("--nodes", type=int, default=1500)
    ap.add_argument("--restart", type=int, default=1500)
    ap.add_argument("--full", action="store_true", help="every rule per node (propagate), not the quick ones")
    args = ap.parse_args()
    with Path(args.file).open() as f:
        record = next(r for r in map(json.loads, f) if r["id"] == args.id)
    cells = [[(-1 if c == "?" else int(c)) if c != "." else 0 for c in row.split()] for row in record["grid"]]
    sys.setrecursionlimit(20_000)
    t0 = time.process_time()
    board = deduce(cells, 12)
    now = time.monotonic()
    probe(board, now + 2, until=now + 2)
    t1 = time.process_time()
    search = Search(args.order, args.cap, args.full)
    left = sum(1 for k in range(len(board.clues)) if not search.finished(board, k))
    got = None
    while got is None and search.nodes < args.nodes:
        before = search.nodes
        search.limit = min(args.nodes, search.nodes + args.restart)
        with contextlib.suppress(OutOfNodes):
            got = search.run(board)
        if search.nodes == before:
            break
    cpu = time.process_time() - t1
    print(f"{args.id}: deduce+probe {t1 - t0:.2f} s CPU, {board.color.count(FREE)} open, {left} of "
          f"{len(board.clues)} islands unfinished; search {search.nodes} nodes, deepest {search.deepest} "
          f"placements, {cpu:.2f} s CPU ({1000 * cpu / max(1, search.nodes):.1f} ms a node); answer: "
          + ("none" if got is None else ("checked" if not check_cells(cells, got.shaded_rows()) else "BAD")))


if __name__ == "__main__":
    main()
