"""The Nurikabe deductions' state (:class:`Board`), shared by the rules of
:mod:`solvers.nurikabe.deduce` and :mod:`solvers.nurikabe.wide` and by the probe's trials."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from solvers.connectivity import grid_adjacency
from solvers.nurikabe import dfs

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
class SeaParts:
    """The shaded cells' connected parts (union-find), kept up to date from the board's steps, so
    the ``sea-cut`` search runs over the free cells and one node per part instead of the whole
    board (shaded cells are never undone: parts only merge)."""

    parent: list[int]  # per cell: -1 while not shaded, else a cell of its part (roots: itself)
    parts: int = 0  # shaded parts
    cells: int = 0  # shaded cells
    seen: int = 0  # the board's steps before this index are counted

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def add(self, i: int, adj: Sequence[Sequence[int]]) -> None:
        """Cell ``i`` is shaded: a part of its own, merged with its shaded neighbours' parts."""
        parent = self.parent
        parent[i] = i
        self.parts += 1
        self.cells += 1
        for j in adj[i]:
            if parent[j] >= 0:
                a, b = self.find(i), self.find(j)
                if a != b:
                    parent[a] = b
                    self.parts -= 1

    def update(self, board: Board) -> None:
        """Count the cells shaded since the last call (``board.steps`` from ``seen`` on)."""
        cols = board.cols
        for step in board.steps[self.seen:]:
            if step.shaded:
                self.add(step.cell[0] * cols + step.cell[1], board.adj)
        self.seen = len(board.steps)


@dataclass(frozen=True)
class SeaGraph:
    """``sea-cut``'s graph as it was made: a node per free cell (``free``, in order) and per shaded
    part touching one. Colours only leave FREE, so it serves every later state of the board and
    its trials unchanged: a cell shaded since is a node with weight, an unshaded one leaves the
    graph. Its cut vertices and parts are those of the graph made afresh (a shaded cell kept apart
    instead of merged into its part changes which cells separate shaded cells nowhere)."""

    free: list[int]
    nbrs: list[list[int]]
    apart: int  # shaded parts touching no free cell (components of their own, for good)


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
    closed: list[bool] = field(default_factory=list)  # per island: finished, walled in (deduce._closed)
    pools_seen: int = -1  # deduce._pools had nothing to do after the steps before this index (-1: not known)
    last_members: tuple[list[int], list[int], list[list[int]]] | None = None  # see deduce._members
    sea: SeaParts | None = None  # the shaded parts (deduce._sea), made on first use
    sea_graph: SeaGraph | None = None  # deduce._sea's last graph (a probe's trials share their board's)
    free_seen: tuple[int, list[int]] | None = None  # see free_cells
    white_seen: tuple[int, list[int]] | None = None  # see open_whites
    # deduce._reach's last colours and owners (as bytes) and per island (cells left, search) to reuse
    last_reach: tuple[bytes, bytes, list[tuple[int, dict[int, int]] | None]] | None = None

    def fork(self) -> Board:
        """A copy for a probe's trial: its own colours, owners and sea parts, and this board's
        caches rebased on the trial's empty list of steps."""
        sea = self.sea_parts()
        return Board(self.rows, self.cols, self.clues, self.color[:], self.owner[:], self.adj,
                     memo=self.memo, closed=self.closed[:],
                     pools_seen=0 if self.pools_seen == len(self.steps) else -1,
                     sea=SeaParts(sea.parent[:], sea.parts, sea.cells), last_members=self.last_members,
                     last_reach=self.last_reach, free_seen=(0, self.free_cells()),
                     white_seen=(0, self.open_whites()), sea_graph=self.sea_graph)

    def corners_at(self, i: int) -> list[int]:
        """The top-left cells of the 2x2 blocks that hold cell ``i``."""
        r, c = divmod(i, self.cols)
        return [top * self.cols + left for top in (r - 1, r) for left in (c - 1, c)
                if 0 <= top < self.rows - 1 and 0 <= left < self.cols - 1]

    def free_cells(self) -> list[int]:
        """The free cells in order (not to be changed), kept with the number of steps: colours
        change only through :meth:`set`, so a later call filters the last list, not the board."""
        got = self.free_seen
        if got is not None and got[0] == len(self.steps):
            return got[1]
        color = self.color
        cells = ([i for i, x in enumerate(color) if x == FREE] if got is None
                 else [i for i in got[1] if color[i] == FREE])
        self.free_seen = (len(self.steps), cells)
        return cells

    def open_whites(self) -> list[int]:
        """The unshaded cells in order, less (some of) those of walled-in islands (``closed``: they
        stay so), not to be changed; kept with the number of steps like :meth:`free_cells`."""
        got = self.white_seen
        if got is not None and got[0] == len(self.steps):
            return got[1]
        if got is None:
            cells = [i for i, x in enumerate(self.color) if x == WHITE]
        else:
            closed, owner, cols = self.closed, self.owner, self.cols
            cells = [i for i in got[1] if owner[i] < 0 or not closed[owner[i]]] if closed else got[1][:]
            new = [step.cell[0] * cols + step.cell[1] for step in self.steps[got[0]:] if not step.shaded]
            if new:
                cells = sorted(cells + new)
        self.white_seen = (len(self.steps), cells)
        return cells

    def sea_parts(self) -> SeaParts:
        """The shaded cells' parts, up to date with the colours."""
        if self.sea is None:
            self.sea = SeaParts([-1] * len(self.color))
            for i, x in enumerate(self.color):
                if x == BLACK:
                    self.sea.add(i, self.adj)
            self.sea.seen = len(self.steps)
        else:
            self.sea.update(self)
        return self.sea

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

    def late(self) -> bool:
        """Past the deadline: the costly rules stop early."""
        return self.deadline is not None and time.monotonic() > self.deadline

    def set(self, i: int, color: int, rule: str) -> bool:
        if self.color[i] == color:
            return False
        if self.color[i] != FREE:
            raise Contradiction(rule)
        self.color[i] = color
        self.steps.append(Step(rule, divmod(i, self.cols), color == BLACK))
        return True
