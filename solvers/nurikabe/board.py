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
