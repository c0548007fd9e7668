"""Nurikabe deductions a human solver makes, iterated to a fixed point before any search.

Each step is a consequence of the rules, so a cell fixed here has that colour in every solution:

* ``join``: an unshaded cell touching an island's cell belongs to that island;
* ``between``: an unknown cell touching two different islands is shaded;
* ``complete``: the cells around a finished island are shaded;
* ``only-way``: an unfinished island with one free neighbour grows into it;
* ``unreachable``: a cell no island can reach within its remaining size is shaded (the key step
  on large boards: it shades most of the sea at once);
* ``pool``: three shaded cells of a 2x2 block make the fourth unshaded;
* ``sea-cut``: an unknown cell without which the shaded cells could not join up is shaded;
* ``count``: without ``?`` clues the number of unshaded cells is known.

:func:`deduce` returns the :class:`Board` it reached (colours, the island of each unshaded cell,
each island's reachable cells) and its steps in order (hints and grades). A board with no
solution raises :class:`Contradiction`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from solvers.connectivity import grid_adjacency, needed_cells

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


def deduce(cells: Sequence[Sequence[int]]) -> Board:
    """Apply the rules above until nothing changes; raise Contradiction when the board breaks."""
    board = Board.of(cells)
    propagate(board)
    _reach(board)  # the final reach sets, for the model
    return board


def propagate(board: Board) -> None:
    """The rules to a fixed point: the cheap local ones first, the board-wide ones when those stall."""
    rules = (_islands, _pools, _reach, _sea, _count)
    while any(rule(board) for rule in rules):
        pass


def _members(board: Board) -> list[list[int]]:
    """Give every white cell joined to an island its owner (flood fill); the cells of each island."""
    owner, color, adj = board.owner, board.color, board.adj
    members: list[list[int]] = [[] for _ in board.clues]
    queue = deque(i for i in range(len(owner)) if owner[i] >= 0)
    while queue:
        i = queue.popleft()
        for j in adj[i]:
            if color[j] != WHITE:
                continue
            if owner[j] < 0:
                owner[j] = owner[i]
                queue.append(j)
            elif owner[j] != owner[i]:
                raise Contradiction("two clues in one island")
    for i, k in enumerate(owner):
        if k >= 0:
            members[k].append(i)
    return members


def _islands(board: Board) -> bool:
    changed = False
    members = _members(board)
    color, owner, adj = board.color, board.owner, board.adj
    for i in range(len(color)):
        if color[i] == FREE and len({owner[j] for j in adj[i] if owner[j] >= 0}) > 1:
            changed |= board.set(i, BLACK, "between")
    for k, cells in enumerate(members):
        size = board.size(k)
        if len(cells) > size:
            raise Contradiction("island too big")
        free = {j for i in cells for j in adj[i] if color[j] == FREE}
        if len(cells) == size:
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
    for j in range(n):
        for m in adj[j]:
            o = owner[m]
            if o >= 0 and touch[j] != o:
                touch[j] = o if touch[j] == -1 else -2
    for k, cells in enumerate(members):
        left = board.size(k) - len(cells)
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


def _pools(board: Board) -> bool:
    color, cols, changed = board.color, board.cols, False
    for r in range(board.rows - 1):
        for c in range(cols - 1):
            block = (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
            shaded = sum(color[i] == BLACK for i in block)
            if shaded == 4:
                raise Contradiction("pool")
            if shaded == 3:
                for i in block:
                    if color[i] == FREE:
                        changed |= board.set(i, WHITE, "pool")
    return changed


def _sea(board: Board) -> bool:
    """Shaded cells must join up through shaded or unknown cells: cut cells are shaded."""
    color = board.color
    member = [x != WHITE for x in color]
    marked = [x == BLACK for x in color]
    if sum(marked) < 2:
        return False
    changed = False
    for i in sorted(needed_cells(board.adj, member, marked)):
        changed |= board.set(i, BLACK, "sea-cut")
    if not changed:
        from solvers.connectivity import components
        cells = [divmod(i, board.cols) for i in range(len(color)) if member[i]]
        parts = [p for p in components(board.rows, board.cols, cells)
                 if any(color[r * board.cols + c] == BLACK for r, c in p)]
        if len(parts) > 1:
            raise Contradiction("sea split")
    return changed


def _count(board: Board) -> bool:
    """Without "?" clues the unshaded total is the sum of the clues."""
    if any(v == UNKNOWN_CLUE for _, v in board.clues):
        return False
    total = sum(v for _, v in board.clues)
    white = board.color.count(WHITE)
    free = board.color.count(FREE)
    if white > total or white + free < total:
        raise Contradiction("count")
    if free and white == total:
        for i, x in enumerate(board.color):
            if x == FREE:
                board.set(i, BLACK, "count")
        return True
    return False
