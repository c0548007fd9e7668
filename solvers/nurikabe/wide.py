"""The Nurikabe rules that look at the whole board (see :mod:`solvers.nurikabe.deduce` for the
list): the unshaded and shaded totals (``count``, ``budget``), the 2x2 blocks one island must
serve (``demand``) and the islands' possible shapes (``shape``). They are the costly ones, run
when the local rules stall, and not in a probe's trials."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from solvers.nurikabe import dfs
from solvers.nurikabe.board import BLACK, FREE, MEMO_CAP, NO_LIMIT, UNKNOWN_CLUE, WHITE, Board, Contradiction
from solvers.nurikabe.shapes import TooMany, shapes
from solvers.nurikabe.wall import Wall


def _sea_size(board: Board) -> int:
    """The number of shaded cells in a solution (without "?" clues), else NO_LIMIT."""
    if any(v == UNKNOWN_CLUE for _, v in board.clues):
        return NO_LIMIT
    return len(board.color) - sum(v for _, v in board.clues)


def count(board: Board) -> bool:
    """Without "?" clues the unshaded total is the sum of the clues."""
    if any(v == UNKNOWN_CLUE for _, v in board.clues):
        return False
    total = sum(v for _, v in board.clues)
    white = board.color.count(WHITE)
    free = board.color.count(FREE)
    if white > total or white + free < total:
        raise Contradiction("count")
    if free and (white == total or white + free == total):
        fill = BLACK if white == total else WHITE
        for i, x in enumerate(board.color):
            if x == FREE:
                board.set(i, fill, "count")
        return True
    return False


def budget(board: Board) -> bool:
    """With ``k`` shaded cells still to place, a cell more than ``k`` steps (through cells that
    may be shaded) from every shaded cell cannot join the sea: it is unshaded."""
    sea = _sea_size(board)
    color, adj = board.color, board.adj
    black = [i for i, x in enumerate(color) if x == BLACK]
    if sea == NO_LIMIT or not black:
        return False
    left = sea - len(black)
    dist = dict.fromkeys(black, 0)
    queue = deque(black)
    while queue:
        i = queue.popleft()
        if dist[i] >= left:
            continue
        for j in adj[i]:
            if color[j] == FREE and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    changed = False
    for i, x in enumerate(color):
        if x == FREE and i not in dist:
            changed |= board.set(i, WHITE, "budget")
    return changed


def demand(board: Board) -> bool:
    """Every 2x2 block needs an unshaded cell; a block only island ``k`` can reach gets it from ``k``.

    So ``k`` takes a cell ``x`` only if it can also reach the block: the three-point bound
    (d(island, x) + d(island, block) + d(x, block)) / 2 new cells must fit in what it has left;
    cells that fail it for every island are shaded. A cell cutting the block off ``k`` is unshaded.
    """
    color, owner, adj, cols, reach = board.color, board.owner, board.adj, board.cols, board.reach
    reachers: dict[int, set[int]] = {}
    for k, rk in enumerate(reach):
        for i in rk:
            if owner[i] < 0:
                reachers.setdefault(i, set()).add(k)
    need: dict[int, list[list[int]]] = {}
    for r in range(board.rows - 1):
        for c in range(cols - 1):
            block = [r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1]
            if any(color[i] == WHITE for i in block):
                continue
            ks = set().union(*(reachers.get(i, set()) for i in block))
            if len(ks) == 1:
                k = ks.pop()
                need.setdefault(k, []).append([i for i in block if i in reach[k]])
    changed = False
    for k, blocks in sorted(need.items()):
        if board.late():
            break
        rk = reach[k]
        if board.size(k) != NO_LIMIT:
            members = [board.clues[k][0], *(i for i in rk if owner[i] == k and i != board.clues[k][0])]
            left = board.size(k) - len(members)
            d_island = _distances(adj, rk, members)
            for block in blocks:
                d_block = _distances(adj, rk, block)
                to_block = min(d_island.get(i, NO_LIMIT) for i in block)
                for x in [x for x in rk if owner[x] != k]:
                    near = d_island.get(x, NO_LIMIT)
                    # x to the block: around the island or through it (its cells cost nothing)
                    apart = min(d_block.get(x, NO_LIMIT), near + to_block)
                    if near + to_block + apart > 2 * left:
                        rk.discard(x)
                        reachers[x].discard(k)
                        if not reachers[x]:
                            if color[x] == WHITE:
                                raise Contradiction("white cell out of reach")
                            changed |= board.set(x, BLACK, "demand")
        tree = board.memo.tree(adj, rk, board.clues[k][0])
        for block in blocks:
            for v in dfs.separating(tree, [i for i in block if i in rk]):
                if color[v] == FREE:
                    changed |= board.set(v, WHITE, "demand")
    return changed


def _distances(adj: Sequence[Sequence[int]], area: set[int], sources: Sequence[int]) -> dict[int, int]:
    """Steps from the nearest of ``sources`` to each cell of ``area``, moving inside ``area``."""
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        i = queue.popleft()
        for j in adj[i]:
            if j in area and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


SHAPE_LIMIT, SHAPE_STEPS = 300, 5_000  # per island and round (more: the island is left alone)
# cells still to add beyond which an island is not enumerated: on the 25 dev boards and 240 made
# ones (8-22 a side), deduced and probed, 95 of 96 enumerations past 20 cells ran out of steps
# (d0025's 50s after each probing hit: ~0.5 s CPU); the other (a 50 of d0025 with 49 ways) fixed
# no cell: every step and probe trial on the dev boards is the same without it
SHAPE_GROWTH = 20


def _wall(board: Board, sea: int) -> Wall:
    """The sea's size and the rows and columns its known cells span."""
    shaded = [divmod(i, board.cols) for i, x in enumerate(board.color) if x == BLACK]
    if not shaded:
        return Wall(board.rows, board.cols, sea)
    rows = [r for r, _ in shaded]
    cols = [c for _, c in shaded]
    return Wall(board.rows, board.cols, sea, (min(rows), max(rows)), (min(cols), max(cols)))


def _shapes_of(board: Board, k: int, rk: set[int], members: list[int], border: int,
               wall: Wall | None) -> list[frozenset[int]] | None:
    """:func:`shapes` of island ``k`` (None: too many), remembered: the enumeration reads the clue,
    the members as a set, the area, the colours in and around it, the size, the wall and
    ``border``, the last only through tests that come out the same over a range of it (the sea's
    shaded count moves it at every hit)."""
    color, adj = board.color, board.adj
    area = rk.union(members)
    around = sorted({j for i in area for j in adj[i]} | area)
    key = (k, frozenset(members), frozenset(rk), bytes(color[i] for i in around),
           None if wall is None else (wall.sea, wall.known_rows, wall.known_cols))
    table = board.memo.shapes
    got = table.get(key)
    if got is not None and got[0] <= border < got[1]:
        return got[2]
    bounds = [0, 1 << 62]  # narrowed by the enumeration
    try:
        found: list[frozenset[int]] | None = shapes(adj, color, rk, members, board.size(k), SHAPE_LIMIT,
                                                     SHAPE_STEPS, border, wall, bounds)
    except TooMany:
        found = None
    if len(table) >= MEMO_CAP:
        table.clear()
    table[key] = (bounds[0], bounds[1], found)
    return found


def island_shapes(board: Board) -> bool:
    """Islands with few ways left to complete: a cell in every way is unshaded, a cell next to
    every way shaded, a cell in none is out of the island's reach (shaded if no island reaches it)."""
    color, owner, adj = board.color, board.owner, board.adj
    changed = False
    sea = _sea_size(board)
    black = color.count(BLACK)
    wall = None if sea == NO_LIMIT else _wall(board, sea)
    if wall is not None and not wall.bites():
        wall = None
    for k, rk in enumerate(board.reach):
        if board.late():
            return changed
        size = board.size(k)
        members = [board.clues[k][0], *(i for i in rk if owner[i] == k and i != board.clues[k][0])]
        if size == NO_LIMIT or len(members) == size or size - len(members) > SHAPE_GROWTH:
            continue
        # the cells around the island are shaded: the sea minus the shaded cells it cannot touch
        border = sea - black + len({j for i in rk for j in adj[i] if color[j] == BLACK})
        found = _shapes_of(board, k, rk, members, border, wall)
        if found is None:
            continue
        if not found:
            raise Contradiction("island cannot be completed")
        common = frozenset.intersection(*found)
        for i in common:
            if owner[i] != k:
                changed |= board.set(i, WHITE, "shape")
                owner[i] = k
        around = None
        for shape in found:
            edge = {j for i in shape for j in adj[i] if j not in shape}
            around = edge if around is None else around & edge
        for i in around or ():
            changed |= board.set(i, BLACK, "shape")
        rk.intersection_update(frozenset.union(*found))
    if not changed:
        reached = set().union(*board.reach)
        for i, x in enumerate(color):
            if x == FREE and i not in reached:
                changed |= board.set(i, BLACK, "shape")
    return changed
