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

:func:`deduce` returns the :class:`Board` it reached (colours, the island of each unshaded cell,
each island's reachable cells) and its steps in order (hints and grades). A board with no
solution raises :class:`Contradiction`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from solvers.connectivity import grid_adjacency, separations
from solvers.nurikabe import dfs
from solvers.nurikabe.shapes import TooMany, shapes
from solvers.nurikabe.wall import Wall

UNKNOWN_CLUE = -1  # a "?" clue
FREE, WHITE, BLACK = 0, 1, 2
NO_LIMIT = 1 << 30


class Contradiction(Exception):
    """The givens and the deductions so far admit no solution."""


@dataclass(frozen=True)
class Step:
    """One deduced cell: the rule and whether it is shaded."""

    rule: str
    cell: tuple[int, int]
    shaded: bool


MEMO_CAP = 4096  # entries per table of a Memo before it starts afresh (bounds the memory)


@dataclass
class Memo:
    """Results of the costly per-island searches, keyed by everything they read: a probe's trials
    share their board's, and most islands are the same from one trial (or hit) to the next."""

    trees: dict[tuple[int, frozenset[int]], dfs.Tree] = field(default_factory=dict)
    # the borders lo <= b < hi it holds for, and the shapes (None: TooMany)
    shapes: dict[tuple[object, ...], tuple[int, int, list[frozenset[int]] | None]] = field(default_factory=dict)

    def tree(self, adj: Sequence[Sequence[int]], area: set[int], root: int) -> dfs.Tree:
        """``dfs.search(adj, area, root)`` (the tree depends on the area's cells only)."""
        key = (root, frozenset(area))
        got = self.trees.get(key)
        if got is None:
            if len(self.trees) >= MEMO_CAP:
                self.trees.clear()
            got = self.trees[key] = dfs.search(adj, area, root)
        return got


@dataclass
class Board:
    """Deduction state: ``color[i]`` FREE/WHITE/BLACK, ``owner[i]`` the island (clue number) of a
    white cell or -1, ``reach[k]`` the cells island ``k`` may still take (its own included)."""

    rows: int
    cols: int
    clues: list[tuple[int, int]]  # (cell, size or -1) per island
    color: list[int]
    owner: list[int]
    adj: list[list[int]]
    steps: list[Step] = field(default_factory=list)
    reach: list[set[int]] = field(default_factory=list)
    deadline: float | None = None  # time.monotonic() after which the costly rules stop early
    memo: Memo = field(default_factory=Memo)
    closed: list[bool] = field(default_factory=list)  # per island: finished, every neighbour shaded (see _closed)
    pools_seen: int = -1  # _pools had nothing to do after the steps before this index (-1: not known)
    last_members: tuple[list[int], list[int], list[list[int]]] | None = None  # see _members

    @classmethod
    def of(cls, cells: Sequence[Sequence[int]]) -> Board:
        rows, cols = len(cells), len(cells[0])
        n = rows * cols
        board = cls(rows, cols, [], [FREE] * n, [-1] * n, grid_adjacency(rows, cols))
        for r in range(rows):
            for c in range(cols):
                if cells[r][c] != 0:
                    i = r * cols + c
                    board.owner[i] = len(board.clues)
                    board.color[i] = WHITE
                    board.clues.append((i, cells[r][c]))
        return board

    @property
    def complete(self) -> bool:
        return FREE not in self.color

    def size(self, k: int) -> int:
        v = self.clues[k][1]
        return NO_LIMIT if v == UNKNOWN_CLUE else v

    def shaded_rows(self) -> list[str]:
        return ["".join("#" if self.color[r * self.cols + c] == BLACK else "." for c in range(self.cols))
                for r in range(self.rows)]

    def set(self, i: int, color: int, rule: str) -> bool:
        if self.color[i] == color:
            return False
        if self.color[i] != FREE:
            raise Contradiction(rule)
        self.color[i] = color
        self.steps.append(Step(rule, divmod(i, self.cols), color == BLACK))
        return True


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
    rules = (_islands, _pools, _reach, _link, _sea, _count, _budget, _confine, _demand, _shapes)
    board.deadline = deadline
    while any(rule(board) for rule in rules):
        if _late(board):
            while _islands(board) or _reach(board):
                pass
            return


def _late(board: Board) -> bool:
    return board.deadline is not None and time.monotonic() > board.deadline


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
    queue = [i for i, k in enumerate(owner) if k >= 0 and not closed[k]]
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
    members: list[list[int]] = [[] for _ in board.clues]
    for i, k in enumerate(owner):
        if k >= 0:
            members[k].append(i)
    board.last_members = (color[:], owner[:], members)
    return members


def _islands(board: Board) -> bool:
    changed = False
    members = _members(board)
    color, owner, adj = board.color, board.owner, board.adj
    for i, x in enumerate(color):
        if x != FREE:
            continue
        first = -1
        for j in adj[i]:
            o = owner[j]
            if o >= 0:
                if first < 0:
                    first = o
                elif o != first:
                    changed |= board.set(i, BLACK, "between")
                    break
    closed = _closed(board)
    for k, cells in enumerate(members):
        size = board.size(k)
        if len(cells) > size:
            raise Contradiction("island too big")
        if closed[k]:
            continue
        free = {j for i in cells for j in adj[i] if color[j] == FREE}
        if len(cells) == size:
            closed[k] = not free and _joined(board, k, len(cells))
            for j in free:
                changed |= board.set(j, BLACK, "complete")
        elif not free and board.clues[k][1] != UNKNOWN_CLUE:
            raise Contradiction("island cannot grow")
        elif len(free) == 1 and board.clues[k][1] != UNKNOWN_CLUE:
            (j,) = free
            changed |= board.set(j, WHITE, "only-way")
            owner[j] = k
    return changed


def _reach(board: Board) -> bool:
    """Breadth-first reach of each island within its remaining size; unreached cells are shaded."""
    color, owner, adj = board.color, board.owner, board.adj
    members = _members(board)
    n = len(color)
    reached_by = [0] * n
    only = [-1] * n
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
    for k, cells in enumerate(members):
        left = board.size(k) - len(cells)
        if left <= 0:  # finished: no search (the same set, made in the same order)
            board.reach.append(set(cells))
            continue
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
        board.reach.append(set(dist))
        for j in dist:
            if owner[j] < 0:
                reached_by[j] += 1
                only[j] = k
    changed = False
    for i in range(n):
        if owner[i] >= 0 or color[i] == BLACK:
            continue
        if reached_by[i] == 0:
            if color[i] == WHITE:
                raise Contradiction("white cell out of reach")
            changed |= board.set(i, BLACK, "unreachable")
        elif reached_by[i] == 1 and color[i] == WHITE:
            owner[i] = only[i]
            changed = True
    return changed


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
    for start, x in enumerate(color):
        if x != WHITE or start in seen or (owner[start] >= 0 and closed[owner[start]]):
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
                for top in (r - 1, r):
                    for left in (c - 1, c):
                        if 0 <= top < rows - 1 and 0 <= left < cols - 1:
                            near.add(top * cols + left)
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
    """Shaded cells must join up through shaded or unknown cells: cut cells are shaded."""
    color = board.color
    member = [x != WHITE for x in color]
    marked = [x == BLACK for x in color]
    if sum(marked) < 2:
        return False
    found = separations(board.adj, member, marked)
    if sum(1 for total in found.totals if total) > 1:
        raise Contradiction("sea split")
    changed = False
    for i in sorted(v for v in found.cut_vertices if not marked[v]):
        changed |= board.set(i, BLACK, "sea-cut")
    return changed


def _sea_size(board: Board) -> int:
    """The number of shaded cells in a solution (without "?" clues), else NO_LIMIT."""
    if any(v == UNKNOWN_CLUE for _, v in board.clues):
        return NO_LIMIT
    return len(board.color) - sum(v for _, v in board.clues)


def _count(board: Board) -> bool:
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


def _budget(board: Board) -> bool:
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


def _confine(board: Board) -> bool:
    """A cell whose shading would shut an island in with fewer cells than its size is unshaded.

    Within the island's reach, a free cell that cuts off more cells than the island can spare
    (one depth-first search per unfinished island, :mod:`solvers.nurikabe.dfs`).
    """
    changed = False
    for k, reach in enumerate(board.reach):
        size = board.size(k)
        if size == NO_LIMIT:
            continue
        if len(reach) < size:
            raise Contradiction("island shut in")
        if all(board.color[i] != FREE for i in reach):
            continue  # nothing left to unshade (most islands once finished: the probe's hot loop)
        tree = board.memo.tree(board.adj, reach, board.clues[k][0])
        for v in dfs.shut_off(tree, len(reach) - size, len(reach)):
            if board.color[v] == FREE:
                changed |= board.set(v, WHITE, "confine")
    return changed


def _demand(board: Board) -> bool:
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
        if _late(board):
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


def _shapes(board: Board) -> bool:
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
        if _late(board):
            return changed
        size = board.size(k)
        members = [board.clues[k][0], *(i for i in rk if owner[i] == k and i != board.clues[k][0])]
        if size == NO_LIMIT or len(members) == size:
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



QUICK = (_islands, _pools, _reach, _link, _sea, _confine)  # the rules a probe runs (solvers.nurikabe.probe)
