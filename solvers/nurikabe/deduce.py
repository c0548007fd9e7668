"""Nurikabe deductions a human solver makes, iterated to a fixed point before any search.

Each step is a consequence of the rules, so a cell fixed here has that colour in every solution:

* ``join``: an unshaded cell touching an island's cell belongs to that island;
* ``between``: an unknown cell touching two different islands is shaded;
* ``complete``: the cells around a finished island are shaded;
* ``only-way``: an unfinished island with one free neighbour grows into it;
* ``link``: unshaded cells not yet joined to a number must reach one: through their one free
  neighbour, or through the cells separating them from the number of the island they belong to;
* ``unreachable``: a cell no island can reach within its remaining size is shaded (the key step
  on large boards: it shades most of the sea at once);
* ``pool``: three shaded cells of a 2x2 block make the fourth unshaded;
* ``sea-cut``: an unknown cell without which the shaded cells could not join up is shaded;
* ``count``: without ``?`` clues the number of unshaded cells is known;
* ``budget``: so is the number of shaded cells: a cell farther from the sea than the shaded
  cells still to place is unshaded;
* ``confine``: a cell whose shading would leave an island fewer cells than its size (the cell and
  what it cuts off) is unshaded;
* ``demand``: a 2x2 block only one island can reach needs a cell of that island: cells too far
  to serve both (three-point bound) are not that island's, cells cutting the block off it are
  unshaded;
* ``shape``: for an island with few ways left to finish (:mod:`solvers.nurikabe.shapes`), cells
  in every way are its own, cells next to every way shaded (with a small sea, only shapes it can
  wall in: :mod:`solvers.nurikabe.wall`).

The board-wide rules (``count``, ``budget``, ``demand``, ``shape``) are in
:mod:`solvers.nurikabe.wide`, the state in :mod:`solvers.nurikabe.board`.
:func:`deduce` returns the :class:`Board` it reached (colours, the island of each unshaded cell,
each island's reachable cells) and its steps in order (hints and grades). A board with no
solution raises :class:`Contradiction`.
"""

from __future__ import annotations

import time
from array import array
from collections import deque
from collections.abc import Iterable, Sequence

from solvers.connectivity import separations
from solvers.nurikabe import dfs
from solvers.nurikabe.board import BLACK, FREE, NO_LIMIT, UNKNOWN_CLUE, WHITE, Board, Contradiction, SeaGraph, SeaParts
from solvers.nurikabe.wide import budget, count, demand, island_shapes


def deduce(cells: Sequence[Sequence[int]], seconds: float | None = None) -> Board:
    """Apply the rules above until nothing changes; raise Contradiction when the board breaks.

    ``seconds``: stop early after about this long (what is fixed by then still holds; the search
    does the rest).
    """
    board = Board.of(cells)
    propagate(board, None if seconds is None else time.monotonic() + seconds)
    return board


def propagate(board: Board, deadline: float | None = None) -> None:
    """The rules to a fixed point: the cheap local ones first, the board-wide ones when those stall.

    Either way it ends with the reach sets matching the colours (the model's variables).
    """
    rules = (_islands, _pools, _reach, _link, _sea, count, budget, _confine, demand, island_shapes)
    board.deadline = deadline
    while any(rule(board) for rule in rules):
        if board.late():
            while _islands(board) or _reach(board):
                pass
            return


def _closed(board: Board) -> list[bool]:
    """Per island: finished, walled in and in one piece with its number (a cell the reach gave it
    may lie apart). It stays so (colours are never undone; a white cell beside it would have
    joined it), so the flood fill, its free neighbours, the touch map and ``link`` skip it."""
    if len(board.closed) != len(board.clues):
        board.closed = [False] * len(board.clues)
    return board.closed


def _joined(board: Board, k: int, count: int) -> bool:
    """Island ``k``'s ``count`` cells are all joined to its number."""
    owner, adj = board.owner, board.adj
    start = board.clues[k][0]
    seen = {start}
    stack = [start]
    while stack:
        for j in adj[stack.pop()]:
            if owner[j] == k and j not in seen:
                seen.add(j)
                stack.append(j)
    return len(seen) == count


def _members(board: Board) -> list[list[int]]:
    """Give every white cell joined to an island its owner (flood fill); the cells of each island.

    Remembered with the colours and owners it left: ``_reach`` often follows ``_islands`` and
    ``_pools`` that changed nothing (the same answer; callers only read the lists)."""
    owner, color, adj = board.owner, board.color, board.adj
    last = board.last_members
    if last is not None and last[0] == color and last[1] == owner:
        return last[2]
    closed = _closed(board)
    queue = [i for i in board.open_whites() if owner[i] >= 0 and not closed[owner[i]]]  # owned cells are unshaded
    for i in queue:  # breadth first: the list grows behind the loop
        o = owner[i]
        for j in adj[i]:
            if color[j] != WHITE:
                continue
            oj = owner[j]
            if oj < 0:
                owner[j] = o
                queue.append(j)
            elif oj != o:
                raise Contradiction("two clues in one island")
    members: list[list[int]]
    if last is None:
        members = [[] for _ in board.clues]
        for i, k in enumerate(owner):
            if k >= 0:
                members[k].append(i)
    else:  # a walled-in island's cells are those it had when it closed (nothing can join it)
        members = [last[2][k] if closed[k] else [] for k in range(len(board.clues))]
        for i in sorted(queue):
            members[owner[i]].append(i)
    board.last_members = (color[:], owner[:], members)
    return members


def _islands(board: Board) -> bool:
    changed = False
    members = _members(board)
    color, owner, adj = board.color, board.owner, board.adj
    for i in board.free_cells():
        first = -1
        for j in adj[i]:
            o = owner[j]
            if o >= 0:
                if first < 0:
                    first = o
                elif o != first:
                    changed |= board.set(i, BLACK, "between")
                    break
    closed, clues = _closed(board), board.clues
    for k in [k for k, done in enumerate(closed) if not done]:  # a closed island has its size, no free neighbour
        cells = members[k]
        size = board.size(k)
        if len(cells) > size:
            raise Contradiction("island too big")
        free = {j for i in cells for j in adj[i] if color[j] == FREE}
        if len(cells) == size:
            closed[k] = not free and _joined(board, k, len(cells))
            for j in free:
                changed |= board.set(j, BLACK, "complete")
        elif not free and clues[k][1] != UNKNOWN_CLUE:
            raise Contradiction("island cannot grow")
        elif len(free) == 1 and clues[k][1] != UNKNOWN_CLUE:
            (j,) = free
            changed |= board.set(j, WHITE, "only-way")
            owner[j] = k
    return changed


def _reach(board: Board) -> bool:
    """Breadth-first reach of each island within its remaining size; unreached cells are shaded."""
    color, owner, adj = board.color, board.owner, board.adj
    members = _members(board)
    n = len(color)
    board.reach = []
    # touch[j]: the one island next to cell j, -1 for none, -2 for several (then j joins none)
    touch = [-1] * n
    closed = _closed(board)
    for o, cells in enumerate(members):
        if closed[o]:
            continue  # every neighbour shaded or its own: the search never asks
        for m in cells:
            for j in adj[m]:
                t = touch[j]
                if t != o:
                    touch[j] = o if t == -1 else -2
    last, now = board.last_reach, (bytes(color), array("i", owner).tobytes())
    dirty = None if last is None else _dirty(board, last[0], last[1], now)
    searches: list[tuple[int, dict[int, int]] | None] = []
    for k, cells in enumerate(members):
        left = board.size(k) - len(cells)
        if left <= 0:  # finished: no search (the same set, made in the same order)
            board.reach.append(set(cells))
            searches.append(None)
            continue
        old = None if last is None or dirty is None else last[2][k]
        if old is not None and old[0] == left and dirty is not None and dirty.isdisjoint(old[1]):
            dist = old[1]  # nothing it read has changed
        else:
            dist = {i: 0 for i in cells}
            queue = deque(cells)
            while queue:
                i = queue.popleft()
                d = dist[i]
                if d >= left:
                    continue
                for j in adj[i]:
                    # a cell touching another island cannot join this one
                    if j in dist or color[j] == BLACK or owner[j] >= 0 or touch[j] not in (-1, k):
                        continue
                    dist[j] = d + 1
                    queue.append(j)
        searches.append((left, dist))
        board.reach.append(set(dist))
    board.last_reach = (now[0], now[1], searches)  # what the searches read (before the changes below)
    changed = False
    grown = [(k, s[1]) for k, s in enumerate(searches) if s is not None]
    reached = set().union(*(dist for _, dist in grown))
    # the cells without an island that no island reaches, or that are unshaded
    for i in sorted([i for i in board.free_cells() if i not in reached] +
                    [i for i in board.open_whites() if owner[i] < 0]):
        if i not in reached:
            if color[i] == WHITE:
                raise Contradiction("white cell out of reach")
            changed |= board.set(i, BLACK, "unreachable")
        elif color[i] == WHITE:
            takers = [k for k, dist in grown if i in dist]
            if len(takers) == 1:
                owner[i] = takers[0]
                changed = True
    return changed


CHUNK = 64  # cells compared at once when looking for changes


def _dirty(board: Board, color0: bytes, owner0: bytes, now: tuple[bytes, bytes]) -> set[int]:
    """The cells within two steps of a cell whose colour or owner differs from ``color0`` /
    ``owner0`` (the last :func:`_reach`'s). An island's search reads the cells it reaches, their
    neighbours and, through ``touch``, the owners next to those: a search clear of these cells
    comes out the same."""
    color, owner = now
    n, width = len(color), array("i").itemsize
    changed = []
    for a in range(0, n, CHUNK):
        b = min(n, a + CHUNK)
        if color[a:b] != color0[a:b]:
            changed += [i for i in range(a, b) if color[i] != color0[i]]
        if owner[a * width:b * width] != owner0[a * width:b * width]:
            changed += [i for i in range(a, b) if owner[i * width:(i + 1) * width] != owner0[i * width:(i + 1) * width]]
    dirty = set(changed)
    for _ in range(2):
        changed = [j for i in changed for j in board.adj[i] if j not in dirty]
        dirty.update(changed)
    return dirty


def _link(board: Board) -> bool:
    """An unshaded group without a number must still join one (every island holds one number).

    With one unknown neighbour left, that cell is unshaded; once the group is known to belong to
    island ``k``, the cells separating it from ``k``'s number within ``k``'s reach are ``k``'s.
    Run after :func:`_reach` (it reads the reach sets and the owners it gave).
    """
    color, owner, adj = board.color, board.owner, board.adj
    clue_cells = {i for i, _ in board.clues}
    seen: set[int] = set()
    groups: list[list[int]] = []  # the unshaded groups, found before any cell changes
    closed = _closed(board)  # a walled-in island is a group with its number: not listed, not searched
    for start in board.open_whites():
        if start in seen or (owner[start] >= 0 and closed[owner[start]]):
            continue
        group = [start]
        seen.add(start)
        for i in group:
            for j in adj[i]:
                if color[j] == WHITE and j not in seen:
                    seen.add(j)
                    group.append(j)
        if not clue_cells.intersection(group):
            groups.append(group)
    changed = False
    trees: dict[int, dfs.Tree] = {}  # per island: its reach's DFS tree (colours change, the reach sets do not)
    for group in groups:
        start = group[0]
        if any(color[j] == WHITE for i in group for j in adj[i] if j not in seen):
            continue  # joined to a cell unshaded just now: the group is larger than listed
        free = {j for i in group for j in adj[i] if color[j] == FREE}
        if not free:
            raise Contradiction("unshaded cells without a number")
        k = owner[start]
        if len(free) == 1:
            (j,) = free
            changed |= board.set(j, WHITE, "link")
            owner[j] = k
        elif k >= 0 and k < len(board.reach):
            tree = trees.get(k)
            if tree is None:
                tree = trees[k] = board.memo.tree(adj, board.reach[k], board.clues[k][0])
            for v in dfs.separating(tree, group):
                if color[v] == FREE:
                    changed |= board.set(v, WHITE, "link")
                    owner[v] = k
    return changed


def _pools(board: Board) -> bool:
    """Three shaded cells of a 2x2 block make the fourth unshaded (four are a contradiction).

    Unshading never makes a block fire, so once a pass found nothing (``pools_seen``) only the
    blocks around cells shaded since are looked at, in the same order (a probe's trials)."""
    color, cols, rows, changed = board.color, board.cols, board.rows, False
    corners: Iterable[int]
    if board.pools_seen < 0:
        corners = (a for r in range(rows - 1) for a in range(r * cols, r * cols + cols - 1))
    else:
        near = set()
        for step in board.steps[board.pools_seen:]:
            if step.shaded:
                r, c = step.cell
                near.update(board.corners_at(r * cols + c))
        corners = sorted(near)
    for a in corners:
        block = (a, a + 1, a + cols, a + cols + 1)
        shaded = (color[a] == BLACK) + (color[a + 1] == BLACK)
        if shaded == 0:
            continue  # three shaded cells need one on top (the hot loop: most blocks end here)
        shaded += (color[a + cols] == BLACK) + (color[a + cols + 1] == BLACK)
        if shaded == 4:
            raise Contradiction("pool")
        if shaded == 3:
            for i in block:
                if color[i] == FREE:
                    changed |= board.set(i, WHITE, "pool")
    board.pools_seen = len(board.steps)
    return changed


def _sea(board: Board) -> bool:
    """Shaded cells must join up through shaded or unknown cells: cut cells are shaded.

    The search runs over the free cells and one node per shaded part (``Board.sea_parts``): a
    free cell separates shaded cells exactly when it separates their parts. The graph is kept
    (:class:`SeaGraph`) until a quarter of its cells are no longer free."""
    parts = board.sea_parts()
    if parts.cells < 2:
        return False
    color, graph = board.color, board.sea_graph
    if graph is None or 4 * len(board.free_cells()) < 3 * len(graph.free):
        graph = board.sea_graph = _sea_graph(board, parts)
    free, f = graph.free, len(graph.free)
    shades = [color[i] for i in free]
    member = [x != WHITE for x in shades]
    weight = [int(x == BLACK) for x in shades]
    member += [True] * (len(graph.nbrs) - f)
    weight += [1] * (len(graph.nbrs) - f)
    found = separations(graph.nbrs, member, weight)
    if sum(1 for total in found.totals if total) + graph.apart > 1:
        raise Contradiction("sea split")
    changed = False
    for i in sorted(free[v] for v in found.cut_vertices if v < f and shades[v] == FREE):
        changed |= board.set(i, BLACK, "sea-cut")
    return changed


def _sea_graph(board: Board, parts: SeaParts) -> SeaGraph:
    """The free cells and the shaded parts they touch as a graph (nodes: the free cells in order,
    then the parts)."""
    color, adj = board.color, board.adj
    free = board.free_cells()
    node = [0] * len(color)
    for v, i in enumerate(free):
        node[i] = v
    nbrs: list[list[int]] = [[] for _ in free]
    roots: dict[int, int] = {}  # a part's root cell: its node
    for v, i in enumerate(free):
        row = nbrs[v]
        for j in adj[i]:
            x = color[j]
            if x == FREE:
                row.append(node[j])
            elif x == BLACK:
                r = parts.find(j)
                u = roots.get(r)
                if u is None:
                    u = roots[r] = len(nbrs)
                    nbrs.append([])
                if u not in row:
                    row.append(u)
                    nbrs[u].append(v)
    return SeaGraph(free, nbrs, parts.parts - len(roots))


def _confine(board: Board) -> bool:
    """A cell whose shading would shut an island in with fewer cells than its size is unshaded.

    Within the island's reach, a free cell that cuts off more cells than the island can spare
    (one depth-first search per unfinished island, :mod:`solvers.nurikabe.dfs`).
    """
    changed, closed, color = False, _closed(board), board.color
    for k, reach in enumerate(board.reach):
        if closed[k]:
            continue  # its reach is its own cells, as many as its size, none free
        size = board.size(k)
        if size == NO_LIMIT:
            continue
        if len(reach) < size:
            raise Contradiction("island shut in")
        if all(color[i] != FREE for i in reach):
            continue  # nothing left to unshade (most islands once finished: the probe's hot loop)
        tree = board.memo.tree(board.adj, reach, board.clues[k][0])
        for v in dfs.shut_off(tree, len(reach) - size, len(reach)):
            if board.color[v] == FREE:
                changed |= board.set(v, WHITE, "confine")
    return changed


QUICK = (_islands, _pools, _reach, _link, _sea, _confine)  # the rules a probe runs (solvers.nurikabe.probe)
