"""Heyawake deductions a human solver makes, iterated to a fixed point before any search.

The white cells are connected exactly when the shaded cells, linked corner to corner, together
with the board's edge as one more node, form no cycle (no two shaded cells touch, so a ring of
them — or a chain from edge to edge — walls off the white cells on one side). That is a
union-find over shaded cells, cheap enough to check on every step and in every trial. Rules
(every step a consequence of the rules, so what it fixes holds in every answer):

* ``shade``: the neighbours of a shaded cell are white;
* ``room``: a room with all its shaded cells found has the rest white; at most every other cell
  of each open run (row by row, or column by column) can be shaded, so a room that needs that
  many has its odd runs shaded every other cell (and one that needs more is a contradiction);
* ``border``: a run crossing two room borders with one open cell left has it shaded;
* ``wall``: a cell whose shading would close a ring (or an edge-to-edge chain) is white;
* ``trial``: an open cell is tried both ways; a way that contradicts the rules above is wrong.

:func:`deduce` returns the shading found (None: open) and the steps in order; a contradiction
raises :class:`Contradiction`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from solvers import trial
from solvers.heyawake.rooms import Rooms

Cell = tuple[int, int]


class Contradiction(trial.Contradiction):
    """The givens and the deductions so far admit no answer."""


@dataclass(frozen=True)
class Step:
    rule: str
    cell: Cell
    shaded: bool


@dataclass
class Deduction:
    rooms: Rooms
    dark: list[bool | None]
    steps: list[Step] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(v is not None for v in self.dark)

    def known(self) -> dict[int, bool]:
        return {i: v for i, v in enumerate(self.dark) if v is not None}


def deduce(rooms: Rooms, *, trials: bool = True) -> Deduction:
    """Apply the rules until none fixes anything more (with ``trials``, then trials, again to a fixed point)."""
    d = Deduction(rooms, [None] * (rooms.rows * rooms.cols))
    _Deducer(d).run(trials)
    return d


class _Deducer(trial.Trail[int]):
    def __init__(self, d: Deduction) -> None:
        super().__init__()
        self.d = d
        rooms = d.rooms
        rows, cols = rooms.rows, rooms.cols
        n = rows * cols
        self.edge = n  # the union-find node of the board's edge
        self.nbrs: list[list[int]] = []
        self.diag: list[list[int]] = []
        self.on_edge: list[bool] = []
        for i in range(n):
            r, c = divmod(i, cols)
            self.nbrs.append([rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                              if 0 <= rr < rows and 0 <= cc < cols])
            self.diag.append([rr * cols + cc for rr, cc in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1),
                                                           (r + 1, c + 1)) if 0 <= rr < rows and 0 <= cc < cols])
            self.on_edge.append(r in (0, rows - 1) or c in (0, cols - 1))
        self.near = [[rr * cols + cc for rr in range(max(0, r - 2), min(rows, r + 3))
                      for cc in range(max(0, c - 2), min(cols, c + 3)) if abs(rr - r) + abs(cc - c) > 1]
                     for r, c in (divmod(i, cols) for i in range(n))]
        self.windows = rooms.windows
        self.by_column = [sorted(cells, key=lambda i: (i % cols, i // cols)) for cells in rooms.cells]
        self.cell_windows: list[list[int]] = [[] for _ in range(n)]
        for k, w in enumerate(self.windows):
            for i in w:
                self.cell_windows[i].append(k)
        self.up = list(range(n + 1))
        self.size = [1] * (n + 1)
        self.count = [0] * len(rooms.cells)  # shaded cells found per room
        self.open = [len(cells) for cells in rooms.cells]  # open cells per room
        self.clock = 0
        self.stamp = [0] * n
        self.tried = [-1] * n

    def find(self, x: int) -> int:
        up = self.up
        while up[x] != x:
            x = up[x]
        return x

    def links(self, i: int) -> list[int]:
        """The union-find roots cell i would join if shaded (its shaded corner neighbours, the edge)."""
        dark, find = self.d.dark, self.find
        roots = [find(j) for j in self.diag[i] if dark[j]]
        if self.on_edge[i]:
            roots.append(find(self.edge))
        return roots

    def set(self, i: int, shaded: bool, rule: str) -> None:
        dark = self.d.dark
        v = dark[i]
        if v is not None:
            if v != shaded:
                raise Contradiction(rule)
            return
        if shaded:
            roots = self.links(i)
            if len(set(roots)) != len(roots):
                raise Contradiction("wall")
            for root in roots:  # union by size, undoable
                a, b = self.find(i), root
                if self.size[a] < self.size[b]:
                    a, b = b, a
                self.change(self.up, b, a)
                self.change(self.size, a, self.size[a] + self.size[b])
        self.change(dark, i, shaded)
        k = self.d.rooms.of[i]
        self.change(self.open, k, self.open[k] - 1)
        if shaded:
            self.change(self.count, k, self.count[k] + 1)
        self.queue.append(i)
        if not self.trying:
            self.d.steps.append(Step(rule, self.d.rooms.cell(i), shaded))
            self.clock += 1
            self.stamp[i] = self.clock
            for j in self.nbrs[i]:
                self.stamp[j] = self.clock
            for j in self.diag[i]:
                self.stamp[j] = self.clock

    def room(self, k: int) -> None:
        n = self.d.rooms.number[k]
        if n is None:
            return
        got, left = self.count[k], self.open[k]
        if got > n:
            raise Contradiction("room")
        if not left:
            if got != n:
                raise Contradiction("room")
            return
        if got == n:
            for i in self.d.rooms.cells[k]:
                if self.d.dark[i] is None:
                    self.set(i, False, "room")
            return
        for runs in self.runs(k):  # rows, then columns: at most every other cell of each open run
            room = sum((len(run) + 1) // 2 for run in runs)
            if got + room < n:
                raise Contradiction("room")
            if got + room == n:  # every run at its most: odd runs are shaded every other cell
                for run in runs:
                    if len(run) % 2:
                        for j, i in enumerate(run):
                            self.set(i, j % 2 == 0, "room")
                return

    def runs(self, k: int) -> tuple[list[list[int]], list[list[int]]]:
        """Room k's open cells as horizontal runs and as vertical runs."""
        dark, cols = self.d.dark, self.d.rooms.cols
        rows_: list[list[int]] = []
        for i in self.d.rooms.cells[k]:  # row-major order
            if dark[i] is None:
                if rows_ and rows_[-1][-1] == i - 1 and i % cols:
                    rows_[-1].append(i)
                else:
                    rows_.append([i])
        cols_: list[list[int]] = []
        for i in self.by_column[k]:
            if dark[i] is None:
                if cols_ and cols_[-1][-1] == i - cols:
                    cols_[-1].append(i)
                else:
                    cols_.append([i])
        return rows_, cols_

    def window(self, k: int) -> None:
        dark = self.d.dark
        open_cell = -1
        for i in self.windows[k]:
            v = dark[i]
            if v:
                return
            if v is None:
                if open_cell >= 0:
                    return
                open_cell = i
        if open_cell < 0:
            raise Contradiction("border")
        self.set(open_cell, True, "border")

    def propagate(self) -> None:
        queue, dark, of = self.queue, self.d.dark, self.d.rooms.of
        while queue:
            i = queue.pop()
            if dark[i]:
                for j in self.nbrs[i]:
                    self.set(j, False, "shade")
                for j in self.near[i]:  # open cells whose shading would now close a ring
                    if dark[j] is None and self.on_edge[j] + sum(1 for k in self.diag[j] if dark[k]) >= 2:
                        roots = self.links(j)
                        if len(set(roots)) != len(roots):
                            self.set(j, False, "wall")
            else:
                for k in self.cell_windows[i]:
                    self.window(k)
            self.room(of[i])

    def walls(self) -> None:
        """Open cells whose shading would close a ring are white."""
        dark = self.d.dark
        for i, v in enumerate(dark):
            if v is None:
                roots = self.links(i)
                if len(set(roots)) != len(roots):
                    self.set(i, False, "wall")

    def run(self, trials: bool) -> None:
        for k in range(len(self.d.rooms.cells)):
            self.room(k)
        for k in range(len(self.windows)):
            self.window(k)
        while True:
            self.propagate()
            before = len(self.d.steps)
            self.walls()
            self.propagate()
            if len(self.d.steps) == before and not (trials and self.trials()):
                return

    def trials(self) -> bool:
        """Each open cell whose surroundings changed since its last fruitless trial, tried shaded
        then white; a contradiction fixes it the other way. A value that an earlier fruitless
        trial of this pass implied is not tried (its consequences are among that trial's)."""
        dark, stamp, tried = self.d.dark, self.stamp, self.tried
        number, of = self.d.rooms.number, self.d.rooms.of

        def open_cells() -> Iterator[int]:
            for i in range(len(dark)):
                if dark[i] is not None or tried[i] >= stamp[i]:
                    continue
                if number[of[i]] is None and all(dark[j] is None for j in self.nbrs[i]) and all(
                        dark[j] is None for j in self.diag[i]):
                    continue  # nothing known around it and no count in its room: where a human does not look
                yield i

        def fruitless(i: int) -> None:
            tried[i] = self.clock

        return self.try_each(open_cells(), lambda i, guess: self.trial(lambda: self.assume(i, guess), dark),
                             self.assume, fruitless)

    def assume(self, i: int, shaded: bool) -> None:
        """Cell ``i`` set by a trial (or by its contradiction) and the rules propagated."""
        self.set(i, shaded, "trial")
        self.propagate()
