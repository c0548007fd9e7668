"""Yin-Yang deductions a human solver makes, iterated to a fixed point before any search.

Every step is a consequence of the rules (each colour one connected area, no 2x2 block of one
colour), so a cell deduced here has that colour in every solution:

* ``block``: a 2x2 block with three cells of one colour: the fourth takes the other colour;
* ``checkerboard``: a 2x2 block may not be a checkerboard (its two black cells would need a black
  path and its two white cells a white path, and in the plane those paths would cross);
* ``frame``: around the frame each colour is one unbroken arc (more than two colour changes
  would make such crossing paths too): a gap between two cells of one colour that cannot hold
  the other colour's arc is filled with the first colour;
* ``reach``: a cell that no path of "this colour or unknown" cells joins to a cell known to be
  of this colour takes the other colour;
* ``cut``: an unknown cell whose removal separates cells known to be of one colour (an
  articulation point of the "this colour or unknown" cells) has that colour;
* ``trial``: an unknown cell tried in each colour; a colour that contradicts the rules gives the
  cell the other one. Shallow trials use the block and frame rules; when they stall, deep ones
  also check that each colour can still join up (bounded by ``patience``).

:func:`deduce` returns the colours it fixed and the steps in order (rule and cell), the raw
material of hints and of a human-style difficulty grade. A contradiction (a board with no
solution) raises :class:`Contradiction`; the solver then leaves it to the full model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from solvers.cell import Cell
from solvers.connectivity import separations
from solvers.gridgraph import within

Implied = set[tuple[int, bool]]  # (cell, colour) pairs a fruitless trial implied


class Contradiction(Exception):
    """The givens and the deductions so far admit no solution."""


@dataclass(frozen=True)
class Step:
    """One deduced cell: which rule fixed it and its colour (True = black)."""

    rule: str
    cell: Cell
    black: bool


@dataclass
class Deduction:
    """The state of a board under deduction: ``value[i]`` is True (black), False (white) or None."""

    rows: int
    cols: int
    value: list[bool | None]
    steps: list[Step] = field(default_factory=list)

    def known(self) -> dict[Cell, bool]:
        """Every fixed cell (givens included) and its colour."""
        return {divmod(i, self.cols): v for i, v in enumerate(self.value) if v is not None}

    @property
    def complete(self) -> bool:
        return all(v is not None for v in self.value)

    def colours(self) -> list[str]:
        """The board as rows of 'B'/'W' ('.' where still unknown)."""
        ch = {True: "B", False: "W", None: "."}
        return ["".join(ch[self.value[r * self.cols + c]] for c in range(self.cols)) for r in range(self.rows)]


def deduce(rows: int, cols: int, givens: Mapping[Cell, bool], probe: int | None = None,
           patience: int | None = None) -> Deduction:
    """Apply the rules above until none fixes another cell (boards of at least 2x2).

    ``probe``: then try unknown cells one colour at a time ("if this cell were black, the rules
    would contradict themselves, so it is white": rule ``trial``), at most this many trials
    (None: no limit; 0: no trials), and deduce again after each success. ``patience``: a deep
    pass gives up after this many fruitless cells in a row (None: never).
    """
    d = Deduction(rows, cols, [None] * (rows * cols))
    for (r, c), b in givens.items():
        d.value[r * cols + c] = b
    if rows < 2 or cols < 2:
        return d
    deducer = _Deducer(d)
    deducer.run()
    if probe is None or probe > 0:
        deducer.probe(probe, patience)
    return d


@lru_cache(maxsize=8)
def _tables(rows: int, cols: int) -> tuple[list[list[int]], list[tuple[int, int, int, int]], list[int],
                                           list[list[int]]]:
    """Neighbours of each cell, the 2x2 blocks (a b / c e), the frame in cyclic order and the blocks
    of each cell, on flat indices."""
    adj: list[list[int]] = []
    for r in range(rows):
        for c in range(cols):
            nb = []
            if r > 0:
                nb.append((r - 1) * cols + c)
            if r + 1 < rows:
                nb.append((r + 1) * cols + c)
            if c > 0:
                nb.append(r * cols + c - 1)
            if c + 1 < cols:
                nb.append(r * cols + c + 1)
            adj.append(nb)
    blocks = [(r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
              for r in range(rows - 1) for c in range(cols - 1)]
    of: list[list[int]] = [[] for _ in range(rows * cols)]
    for k, block in enumerate(blocks):
        for i in block:
            of[i].append(k)
    top = list(range(cols))
    right = [r * cols + cols - 1 for r in range(1, rows)]
    bottom = [(rows - 1) * cols + c for c in range(cols - 2, -1, -1)]
    left = [r * cols for r in range(rows - 2, 0, -1)]
    return adj, blocks, top + right + bottom + left, of


class _Deducer:
    def __init__(self, d: Deduction) -> None:
        self.d = d
        self.adj, self.blocks, self.ring, self.blocks_of = _tables(d.rows, d.cols)
        on_ring = [False] * (d.rows * d.cols)
        for i in self.ring:
            on_ring[i] = True
        self.on_ring = on_ring
        self.queue: list[int] = []
        self.trail: list[int] = []  # cells set since the trial began
        self.trying = False  # inside a trial: cells set are taken back, no step is recorded
        self.budget: int | None = None
        # a trial that failed to contradict is not repeated until a cell near it is set:
        # clock counts cells set outside trials, tried[i] / near[i] the clock of cell i's last
        # fruitless trial / of the last cell set within two steps of it
        self.clock = 0
        self.tried = [-1] * (d.rows * d.cols)
        self.tried_deep = [-1] * (d.rows * d.cols)
        self.near = [0] * (d.rows * d.cols)
        self.around = within(d.rows, d.cols, 2)

    def set(self, i: int, black: bool, rule: str) -> None:
        v = self.d.value[i]
        if v is None:
            self.d.value[i] = black
            self.queue.append(i)
            if self.trying:
                self.trail.append(i)
            else:
                self.d.steps.append(Step(rule, divmod(i, self.d.cols), black))
                self.clock += 1
                near, clock = self.near, self.clock
                for j in self.around[i]:
                    near[j] = clock
        elif v != black:
            raise Contradiction(rule)

    def run(self) -> None:
        for k in range(len(self.blocks)):
            self.block(k)
        self.frame_rule()
        self.settle()

    def settle(self) -> None:
        """Local rules, then the global ones, until no rule sets a cell."""
        while True:
            before = len(self.d.steps)
            self.propagate()
            for colour in (True, False):  # the local rules are settled: now the global ones
                self.connectivity(colour)
            if len(self.d.steps) == before:
                return

    def propagate(self) -> None:
        """The block rules around each newly set cell and the frame rule, until neither sets a cell."""
        queue, blocks_of, on_ring = self.queue, self.blocks_of, self.on_ring
        while queue:
            frame = False
            while queue:
                i = queue.pop()
                frame = frame or on_ring[i]
                for k in blocks_of[i]:
                    self.block(k)
            if frame:
                self.frame_rule()

    def probe(self, budget: int | None, patience: int | None) -> None:
        """Trials to a fixed point: shallow ones (block and frame rules) until none succeeds, then
        one deep one (also checking that each colour can still join up) and shallow ones again.
        ``budget`` bounds the trials in all; a deep pass gives up after ``patience`` fruitless
        trials in a row (None: no bound)."""
        self.budget = budget
        while True:
            while self.trials(deep=False, patience=None):
                pass
            before = len(self.d.steps)
            self.settle()
            if len(self.d.steps) == before and not self.trials(deep=True, patience=patience):
                return

    def trials(self, deep: bool, patience: int | None) -> bool:
        """One pass over the unknown cells, each tried in both colours; a colour that contradicts
        the rules fixes the other (rule ``trial``). A deep pass stops at its first success; a
        shallow one skips cells whose surroundings are as they were at their last fruitless trial."""
        value, near = self.d.value, self.near
        tried = self.tried_deep if deep else self.tried
        progress = False
        fruitless = 0
        implied: Implied = set()  # colours a fruitless trial of this pass implied: no contradiction either
        for i in self._candidates():
            if value[i] is not None or near[i] < tried[i]:
                continue
            if self.budget is not None:
                self.budget -= 1
                if self.budget < 0:
                    return False
            if patience is not None and fruitless >= patience:
                return False
            fruitless += 1
            for colour in (True, False):
                if (i, colour) in implied:
                    continue
                if self.trial(i, colour, deep, implied):
                    implied.clear()
                    self.set(i, not colour, "trial")
                    self.propagate()  # the global rules once the pass is over (they cost a sweep)
                    if deep:
                        return True
                    progress = True
                    fruitless = 0
                    break
            else:
                tried[i] = self.clock + 1
        return progress

    def trial(self, i: int, colour: bool, deep: bool, implied: Implied) -> bool:
        """Whether cell ``i`` in ``colour`` contradicts the rules (the board is left as it was; the
        colours a fruitless trial implied are added to ``implied``)."""
        value = self.d.value
        self.trail.clear()
        self.trying = True
        try:
            self.set(i, colour, "trial")
            self.propagate()
            if deep:  # a colour stays joined up while only cells of its own colour are set
                for c in (True, False):
                    if any(value[j] is not c for j in self.trail):
                        self.reachable(c)
        except Contradiction:
            failed = True
        else:
            failed = False
            implied.update((j, bool(value[j])) for j in self.trail)
        finally:
            self.trying = False
        for j in self.trail:
            value[j] = None
        self.queue.clear()
        return failed

    def _candidates(self) -> list[int]:
        """Unknown cells, those with the most known neighbours first."""
        value = self.d.value
        score = [(-sum(value[n] is not None for n in self.adj[i]), i) for i, v in enumerate(value) if v is None]
        return [i for _, i in sorted(score)]

    def block(self, k: int) -> None:
        """``block`` and ``checkerboard`` on one 2x2 block."""
        value = self.d.value
        cells = self.blocks[k]  # a b / c e
        a, b, c, e = value[cells[0]], value[cells[1]], value[cells[2]], value[cells[3]]
        if a is None:
            if b is None or c is None or e is None:
                return
            j, partner, side = 0, e, (b, c)
        elif b is None:
            if c is None or e is None:
                return
            j, partner, side = 1, c, (a, e)
        elif c is None:
            if e is None:
                return
            j, partner, side = 2, b, (a, e)
        elif e is None:
            j, partner, side = 3, a, (b, c)
        else:
            if a == b == c == e or a == e != b == c:
                raise Contradiction("block")
            return
        if side[0] == side[1]:
            if partner == side[0]:  # three of one colour: the fourth takes the other
                self.set(cells[j], not partner, "block")
            else:  # checkerboard: the diagonal pair differs from the other pair
                self.set(cells[j], not partner, "checkerboard")

    def frame_rule(self) -> None:
        ring, value = self.ring, self.d.value
        n = len(ring)
        for colour in (True, False):
            pos = [k for k in range(n) if value[ring[k]] is colour]
            if len(pos) < 2:
                continue
            gaps = []  # (start, end) ring positions strictly between consecutive cells of this colour
            for j, p in enumerate(pos):
                q = pos[(j + 1) % len(pos)]
                length = (q - p - 1) % n
                if length:
                    gaps.append((p, length))
            blocked = [(p, length) for p, length in gaps
                       if any(value[ring[(p + 1 + t) % n]] is (not colour) for t in range(length))]
            if len(blocked) > 1:
                raise Contradiction("frame")
            if len(blocked) == 1:
                for p, length in gaps:
                    if (p, length) != blocked[0]:
                        for t in range(length):
                            self.set(ring[(p + 1 + t) % n], colour, "frame")

    def reachable(self, colour: bool) -> None:
        """A contradiction unless the cells of ``colour`` are joined by cells that may have it."""
        value, adj = self.d.value, self.adj
        total = value.count(colour)
        if total < 2:
            return
        start = value.index(colour)
        seen = [False] * len(value)
        seen[start] = True
        stack = [start]
        found = 1
        while stack:
            for u in adj[stack.pop()]:
                if not seen[u]:
                    v = value[u]
                    if v is None or v is colour:
                        seen[u] = True
                        stack.append(u)
                        if v is colour:
                            found += 1
                            if found == total:
                                return
        raise Contradiction("reach")

    def connectivity(self, colour: bool) -> None:
        """``reach`` and ``cut`` for one colour over the cells that are this colour or unknown."""
        value, adj = self.d.value, self.adj
        n = len(value)
        total = 0
        start = -1
        for i, x in enumerate(value):
            if x is colour:
                total += 1
                start = i
        if total == 0:
            return
        member = [x is None or x is colour for x in value]
        found = separations(adj, member, [x is colour for x in value], (start,))
        if found.totals[0] < total:
            raise Contradiction("reach")
        for i in range(n):
            if found.order[i] == -1 and value[i] is None:
                self.set(i, not colour, "reach")
        for i in found.cut_vertices:  # removing it cuts this colour's cells apart
            if value[i] is None:
                self.set(i, colour, "cut")

