"""Yajilin deductions a human solver makes, iterated to a fixed point before any search.

State: per free cell (no clue) shaded / white (on the loop) / unknown, per edge between free
cells used / unused / unknown. Every step is a consequence of the rules, so whatever it fixes is
the same in every solution:

* ``shade``: a shaded cell's edges are unused and its neighbours white;
* ``degree``: a white cell has exactly two loop edges; a cell that can no longer have two is
  shaded; a cell with a loop edge is white;
* ``arrow``: the shaded cells counted so far and the most that still fit (every other cell of
  each open run) bound the count: all found -> the rest white; only just enough room -> the odd
  runs are shaded every other cell;
* ``loop``: no premature loop: an edge that would close a path is unused unless that path holds
  every white cell and loop edge; a closed loop ends the drawing (every other cell shaded);
* ``parity``: a closed loop crosses every straight line between two rows (or columns) an even
  number of times;
* ``trial``: a cell (or an edge beside the drawing) is tried both ways; when one way contradicts
  the rules above, it takes the other.

:func:`deduce` returns the values and the steps in order (material for hints and grades); a
contradiction raises :class:`Contradiction`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from solvers import trial
from solvers.yajilin.arrows import Cells, ray

Cell = tuple[int, int]


class Contradiction(trial.Contradiction):
    """The givens and the deductions so far admit no answer."""


@dataclass(frozen=True)
class Step:
    """One deduced fact: the rule, a cell (``edge`` None: shaded or not) or an edge (used or not)."""

    rule: str
    cell: Cell
    edge: tuple[Cell, Cell] | None
    value: bool


@dataclass
class Deduction:
    """What deduction fixed: ``shaded[i]`` per flat cell index (None: clue cell or unknown),
    ``used[e]`` per edge of ``edges`` (pairs of flat cell indices)."""

    rows: int
    cols: int
    free: list[bool]
    shaded: list[bool | None]
    edges: list[tuple[int, int]]
    used: list[bool | None]
    steps: list[Step] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return all(v is not None for v, f in zip(self.shaded, self.free, strict=True) if f) and all(
            v is not None for v in self.used)

    def cell(self, i: int) -> Cell:
        return divmod(i, self.cols)

    def known_cells(self) -> dict[Cell, bool]:
        return {self.cell(i): v for i, v in enumerate(self.shaded) if v is not None}

    def known_edges(self) -> dict[tuple[Cell, Cell], bool]:
        return {(self.cell(a), self.cell(b)): v
                for (a, b), v in zip(self.edges, self.used, strict=True) if v is not None}


def deduce(cells: Cells, *, trials: bool = True) -> Deduction:
    """Apply the rules until none fixes anything more (with ``trials``, then trials, again to a fixed point)."""
    rows, cols = len(cells), len(cells[0])
    free = [cells[r][c] is None for r in range(rows) for c in range(cols)]
    edges = []
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if free[i] and c + 1 < cols and free[i + 1]:
            edges.append((i, i + 1))
        if free[i] and r + 1 < rows and free[i + cols]:
            edges.append((i, i + cols))
    d = Deduction(rows, cols, free, [None] * (rows * cols), edges, [None] * len(edges))
    _Deducer(d, cells).run(trials)
    return d


class _Deducer(trial.Trail[tuple[int, int]]):  # queue: (0, cell) / (1, edge) changed
    def __init__(self, d: Deduction, cells: Cells) -> None:
        super().__init__()
        self.d = d
        rows, cols = d.rows, d.cols
        n = rows * cols
        self.n_free = sum(d.free)
        self.cell_edges: list[list[int]] = [[] for _ in range(n)]
        self.between: dict[tuple[int, int], int] = {}
        for e, (a, b) in enumerate(d.edges):
            self.cell_edges[a].append(e)
            self.cell_edges[b].append(e)
            self.between[(a, b)] = e
        self.nbrs: list[list[int]] = [[] for _ in range(n)]  # free orthogonal neighbours
        for i in range(n):
            r, c = divmod(i, cols)
            if d.free[i]:
                for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
                    if 0 <= rr < rows and 0 <= cc < cols and d.free[rr * cols + cc]:
                        self.nbrs[i].append(rr * cols + cc)
        # arrows: (number, free cells of the ray in order, whether each is adjacent to the one before)
        self.arrows: list[tuple[int, list[int], list[bool]]] = []
        self.cell_arrows: list[list[int]] = [[] for _ in range(n)]
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if v is None or v.number is None or v.direction is None:
                    continue
                ids, touching, last = [], [], -2
                for k, (rr, cc) in enumerate(ray(rows, cols, (r, c), v.direction)):
                    if d.free[rr * cols + cc]:
                        ids.append(rr * cols + cc)
                        touching.append(last == k - 1)
                        last = k
                for i in ids:
                    self.cell_arrows[i].append(len(self.arrows))
                self.arrows.append((v.number, ids, touching))
        # parity lines: edges crossing each line between two rows / two columns
        self.lines: list[list[int]] = []
        self.line_of = [0] * len(d.edges)
        line_ids: dict[tuple[str, int], int] = {}
        for e, (a, b) in enumerate(d.edges):
            key = ("c", b % cols) if b == a + 1 else ("r", b // cols)
            k = line_ids.setdefault(key, len(line_ids))
            if k == len(self.lines):
                self.lines.append([])
            self.lines[k].append(e)
            self.line_of[e] = k
        self.other = list(range(n))  # path ends: the far end of the path at each end
        self.length = [0] * n  # edges of the path at each end
        self.degree = [0] * n
        self.count = [0, 0]  # [used edges, white cells]
        self.clock = 0
        self.stamp = [0] * n  # clock when something at or next to a cell last changed
        self.tried = [-1] * n
        self.tried_edge = [-1] * len(d.edges)

    # -- changes, undoable (see solvers.trial)
    def touch(self, i: int) -> None:
        if not self.trying:
            self.clock += 1
            self.stamp[i] = self.clock
            for j in self.nbrs[i]:
                self.stamp[j] = self.clock

    def shade(self, i: int, dark: bool, rule: str) -> None:
        v = self.d.shaded[i]
        if v is None:
            self.change(self.d.shaded, i, dark)
            if not dark:
                self.change(self.count, 1, self.count[1] + 1)
            self.queue.append((0, i))
            if not self.trying:
                self.d.steps.append(Step(rule, self.d.cell(i), None, dark))
                self.touch(i)
        elif v != dark:
            raise Contradiction(rule)

    def use(self, e: int, used: bool, rule: str) -> None:
        v = self.d.used[e]
        if v is None:
            self.change(self.d.used, e, used)
            self.queue.append((1, e))
            a, b = self.d.edges[e]
            if not self.trying:
                self.d.steps.append(Step(rule, self.d.cell(a), (self.d.cell(a), self.d.cell(b)), used))
                self.touch(a)
                self.touch(b)
            if used:
                self.join(e)
        elif v != used:
            raise Contradiction(rule)

    # -- rules
    def join(self, e: int) -> None:
        """Add used edge ``e`` to the paths; closing a loop early is a contradiction, and the edge
        that would close the new path early is unused."""
        a, b = self.d.edges[e]
        degree, change = self.degree, self.change
        if degree[a] >= 2 or degree[b] >= 2:
            raise Contradiction("degree")
        change(degree, a, degree[a] + 1)
        change(degree, b, degree[b] + 1)
        n_used = self.count[0] + 1
        change(self.count, 0, n_used)
        pa, pb = self.other[a], self.other[b]
        if pa == b:  # closed: the loop must hold every loop edge and white cell; the rest is shaded
            if self.length[a] + 1 != n_used or self.count[1] > n_used:
                raise Contradiction("loop")
            self.close()
            return
        length = self.length[a] + self.length[b] + 1
        for end, far in ((pa, pb), (pb, pa)):
            change(self.other, end, far)
            change(self.length, end, length)
        closing = self.between.get((pa, pb) if pa < pb else (pb, pa))
        if closing is not None and self.d.used[closing] is None and (
                length != n_used or self.count[1] > length + 1):
            self.use(closing, False, "loop")

    def close(self) -> None:
        """The loop is closed: every open edge is unused and every open cell shaded."""
        for f, v in enumerate(self.d.used):
            if v is None:
                self.use(f, False, "loop")
        for i, v in enumerate(self.d.shaded):
            if v is None and self.d.free[i]:
                self.shade(i, self.degree[i] == 0, "loop")

    def cell(self, i: int) -> None:
        shaded, used = self.d.shaded[i], self.d.used
        on = 0
        unknown = []
        for e in self.cell_edges[i]:
            v = used[e]
            if v is None:
                unknown.append(e)
            elif v:
                on += 1
        if shaded:
            if on:
                raise Contradiction("shade")
            for e in unknown:
                self.use(e, False, "shade")
            for j in self.nbrs[i]:
                self.shade(j, False, "shade")
            return
        if on > 2:
            raise Contradiction("degree")
        if on and shaded is None:
            self.shade(i, False, "degree")
            shaded = False
        if on + len(unknown) < 2:
            if shaded is False:
                raise Contradiction("degree")
            if on == 0:
                self.shade(i, True, "degree")
                return
        if shaded is False:
            if on == 2:
                for e in unknown:
                    self.use(e, False, "degree")
            elif on + len(unknown) == 2:
                for e in unknown:
                    self.use(e, True, "degree")

    def arrow(self, k: int) -> None:
        number, ids, touching = self.arrows[k]
        shaded = self.d.shaded
        dark = 0
        room = 0
        runs: list[list[int]] = []
        run: list[int] = []
        for i, t in zip(ids, touching, strict=True):
            v = shaded[i]
            if v is None and (t and run):
                run.append(i)
                continue
            if run:
                room += (len(run) + 1) // 2
                runs.append(run)
                run = []
            if v is None:
                run = [i]
            elif v:
                dark += 1
        if run:
            room += (len(run) + 1) // 2
            runs.append(run)
        if dark > number or dark + room < number:
            raise Contradiction("arrow")
        if not runs:
            return
        if dark == number:
            for run in runs:
                for i in run:
                    self.shade(i, False, "arrow")
        elif dark + room == number:
            for run in runs:
                if len(run) % 2:
                    for i in run[::2]:
                        self.shade(i, True, "arrow")

    def parity(self, k: int) -> None:
        used = self.d.used
        open_edge = -1
        odd = 0
        for e in self.lines[k]:
            v = used[e]
            if v is None:
                if open_edge >= 0:
                    return
                open_edge = e
            elif v:
                odd ^= 1
        if open_edge < 0:
            if odd:
                raise Contradiction("parity")
        else:
            self.use(open_edge, odd == 1, "parity")

    def propagate(self) -> None:
        queue, edges = self.queue, self.d.edges
        while queue:
            kind, x = queue.pop()
            if kind == 0:
                self.cell(x)
                for j in self.nbrs[x]:
                    self.cell(j)
                for k in self.cell_arrows[x]:
                    self.arrow(k)
            else:
                a, b = edges[x]
                self.cell(a)
                self.cell(b)
                self.parity(self.line_of[x])

    def loop_rule(self) -> None:
        """A path whose ends are neighbours may close only if it holds every white cell and loop edge."""
        used, other, length = self.d.used, self.other, self.length
        for e, (a, b) in enumerate(self.d.edges):
            if used[e] is None and other[a] == b and self.degree[a] == 1 and (
                    length[a] != self.count[0] or self.count[1] > length[a] + 1):
                self.use(e, False, "loop")

    def run(self, trials: bool) -> None:
        for k in range(len(self.arrows)):
            self.arrow(k)
        for i in range(len(self.d.free)):
            if self.d.free[i]:
                self.cell(i)
        for k in range(len(self.lines)):
            self.parity(k)
        while True:
            self.propagate()
            before = len(self.d.steps)
            self.loop_rule()
            self.propagate()
            if len(self.d.steps) == before and not (trials and self.trials()):
                return

    def trials(self) -> bool:
        """Each open cell next to something known tried shaded and white, then (when that finds
        nothing) each open edge at a path's end tried used and unused; a contradiction fixes the
        other way. A cell whose surroundings are unchanged since its last fruitless trial is
        skipped, as is a cell value that an earlier fruitless trial of this pass implied (its
        consequences are among that trial's: no contradiction)."""
        shaded, free, stamp, tried = self.d.shaded, self.d.free, self.stamp, self.tried
        used, degree, edges, tried_edge = self.d.used, self.degree, self.d.edges, self.tried_edge

        def open_cells() -> Iterator[int]:
            for i in range(len(shaded)):
                if free[i] and shaded[i] is None and tried[i] < max(stamp[j] for j in (i, *self.nbrs[i])):
                    yield i

        def path_ends() -> Iterator[int]:
            for e, (a, b) in enumerate(edges):
                if used[e] is None and (degree[a] == 1 or degree[b] == 1) and tried_edge[e] < max(stamp[a], stamp[b]):
                    yield e

        def cell_fruitless(i: int) -> None:
            tried[i] = self.clock

        def edge_fruitless(e: int) -> None:
            tried_edge[e] = self.clock

        if self.try_each(open_cells(), lambda i, guess: self.trial(lambda: self.assume(self.shade, i, guess), shaded),
                         lambda i, dark: self.assume(self.shade, i, dark), cell_fruitless):
            return True
        return self.try_each(path_ends(), lambda e, want: self.trial(lambda: self.assume(self.use, e, want), used),
                             lambda e, want: self.assume(self.use, e, want), edge_fruitless,
                             first=True, skip_implied=False)

    def assume(self, setter: Callable[[int, bool, str], None], x: int, value: bool) -> None:
        """Cell or edge ``x`` set by a trial (or by its contradiction) and the rules propagated."""
        setter(x, value, "trial")
        self.propagate()
