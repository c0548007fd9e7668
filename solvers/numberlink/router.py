"""A first Numberlink answer without search: a negotiated-congestion router (as in the PathFinder
maze router) that settles open boards with much free room, which CP-SAT finds hard.

Only under the Nikoli rule (cells may stay empty), and only from ROUTER_FROM cells: below, the
router mostly fails where CP-SAT answers in a few ms.
"""

from __future__ import annotations

import heapq
import random
import time

from solvers.cell import Cell
from solvers.gridgraph import Grid, edge_key
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions

# cells: smaller boards go straight to CP-SAT (the router failed on 153 of 214 published and
# corpus Nikoli boards of 36-399 cells, at 0.02-0.2 s each, where CP-SAT answers in a few ms)
ROUTER_FROM = 400


def route(puzzle: Puzzle[int], grid: Grid, options: SolveOptions) -> tuple[set[int], set[int]] | None:
    """The router's answer as grid edge indices, tightened and as routed (they differ when a path
    ran beside itself: two answers at once); None when the router gives up."""
    routed = route_negotiated(grid, _pairs(puzzle), seconds=min(1.0, 0.1 * options.time_limit), seed=options.seed)
    if routed is None:
        return None
    return edges_of(grid, [tighten(grid, p) for p in routed]), edges_of(grid, routed)


def _pairs(puzzle: Puzzle[int]) -> list[tuple[Cell, Cell]]:
    """The two cells of each number, numbers in increasing order (the model's k = 1..K)."""
    ends: dict[int, list[Cell]] = {}
    for r, c, v in puzzle.clues():
        ends.setdefault(v, []).append((r, c))
    return [(ends[v][0], ends[v][1]) for v in sorted(ends)]


def route_negotiated(
    grid: Grid, pairs: list[tuple[Cell, Cell]], seconds: float, seed: int = 0, rounds: int = 100
) -> list[list[Cell]] | None:
    """A Nikoli-rule answer found without search (or None): route every pair by a cheapest path,
    letting paths share cells at a price that grows each round on the cells they fight over
    (negotiated congestion, as in the PathFinder maze router), until no cell is shared. Cheap,
    and settles open boards with much free room that CP-SAT finds hard."""
    deadline = time.perf_counter() + seconds
    rng = random.Random(seed)
    ends = {cell for pair in pairs for cell in pair}
    history: dict[Cell, float] = {}
    use: dict[Cell, int] = {}
    paths: dict[int, list[Cell]] = {}
    pressure = 0.5
    todo = sorted(range(len(pairs)), key=lambda k: abs(pairs[k][0][0] - pairs[k][1][0])
                  + abs(pairs[k][0][1] - pairs[k][1][1]))
    for _ in range(rounds):
        if time.perf_counter() > deadline:
            break
        for k in todo:
            for x in paths.get(k, [])[1:-1]:
                use[x] -= 1
            a, b = pairs[k]

            path = _cheapest_path(grid, a, b, ends, history, use, pressure)
            if path is None:
                return None  # walled in by other numbers: leave it to the exact model
            paths[k] = path
            for x in path[1:-1]:
                use[x] = use.get(x, 0) + 1
        shared = {x for x, n in use.items() if n > 1}
        if not shared:
            return [paths[k] for k in range(len(pairs))]
        for x in shared:
            history[x] = min(history.get(x, 0.0) + 1.0, 1e4)
        pressure = min(pressure * 1.6, 1e4)
        todo = [k for k in range(len(pairs)) if any(x in shared for x in paths[k])]
        rng.shuffle(todo)
    return None


def _cheapest_path(
    grid: Grid, src: Cell, dst: Cell, ends: set[Cell], history: dict[Cell, float], use: dict[Cell, int],
    pressure: float,
) -> list[Cell] | None:
    """Dijkstra from src to dst over cells that are not other numbers' endpoints; entering a cell
    costs (1 + its history) x (1 + pressure x paths already on it)."""
    best: dict[Cell, float] = {src: 0.0}
    prev: dict[Cell, Cell] = {}
    heap = [(0.0, src)]
    while heap:
        d, x = heapq.heappop(heap)
        if x == dst:
            break
        if d > best[x]:
            continue
        for _, y in grid.neighbours(x):
            if y in ends and y != dst:
                continue
            nd = d if y == dst else d + (1.0 + history.get(y, 0.0)) * (1.0 + pressure * use.get(y, 0))
            if nd < best.get(y, float("inf")):
                best[y] = nd
                prev[y] = x
                heapq.heappush(heap, (nd, y))
    if dst not in best:
        return None
    path = [dst]
    while path[-1] != src:
        path.append(prev[path[-1]])
    return path[::-1]


def tighten(grid: Grid, path: list[Cell]) -> list[Cell]:
    """The path with every stretch between two adjacent cells of it cut out (a taut path)."""
    pos = {x: i for i, x in enumerate(path)}
    out = [path[0]]
    i = 0
    while i < len(path) - 1:
        j = max(pos.get(y, -1) for _, y in grid.neighbours(path[i]))
        i = max(j, i + 1)
        out.append(path[i])
    return out


def edges_of(grid: Grid, paths: list[list[Cell]]) -> set[int]:
    return {grid.edge_index[edge_key(p, q)] for path in paths for p, q in zip(path, path[1:], strict=False)}

