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
  articulation point of the "this colour or unknown" cells) has that colour.

:func:`deduce` returns the colours it fixed and the steps in order (rule and cell), the raw
material of hints and of a human-style difficulty grade. A contradiction (a board with no
solution) raises :class:`Contradiction`; the solver then leaves it to the full model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

Cell = tuple[int, int]


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


def deduce(rows: int, cols: int, givens: Mapping[Cell, bool], probe: int = 0) -> Deduction:
    """Apply the rules above until none fixes another cell (boards of at least 2x2).

    ``probe``: then try up to this many unknown cells one colour at a time ("if this cell were
    black, the rules above would contradict themselves, so it is white": rule ``trial``), and deduce
    again after each success.
    """
    d = Deduction(rows, cols, [None] * (rows * cols))
    for (r, c), b in givens.items():
        d.value[r * cols + c] = b
    if rows < 2 or cols < 2:
        return d
    deducer = _Deducer(d)
    deducer.run()
    if probe:
        deducer.probe(probe)
    return d


@lru_cache(maxsize=8)
def _tables(rows: int, cols: int) -> tuple[list[list[int]], list[tuple[int, int, int, int]], list[int]]:
    """Neighbours of each cell, the 2x2 blocks (a b / c e) and the frame in cyclic order, on flat indices."""
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
    top = list(range(cols))
    right = [r * cols + cols - 1 for r in range(1, rows)]
    bottom = [(rows - 1) * cols + c for c in range(cols - 2, -1, -1)]
    left = [r * cols for r in range(rows - 2, 0, -1)]
    return adj, blocks, top + right + bottom + left


class _Deducer:
    def __init__(self, d: Deduction) -> None:
        self.d = d
        self.adj, self.blocks, self.ring = _tables(d.rows, d.cols)

    def set(self, i: int, black: bool, rule: str) -> None:
        v = self.d.value[i]
        if v is None:
            self.d.value[i] = black
            self.d.steps.append(Step(rule, divmod(i, self.d.cols), black))
        elif v != black:
            raise Contradiction(rule)

    def run(self) -> None:
        while True:
            before = len(self.d.steps)
            self.block_rules()
            self.frame_rule()
            if len(self.d.steps) == before:  # the local rules are settled: now the global ones
                for colour in (True, False):
                    self.connectivity(colour)
                if len(self.d.steps) == before:
                    return

    def probe(self, budget: int) -> None:
        """Trial: a colour whose consequences contradict the rules is impossible (rule ``trial``)."""
        d = self.d
        progress = True
        while progress and budget > 0:
            progress = False
            for i in self._candidates():
                if d.value[i] is not None:
                    continue
                budget -= 1
                if budget < 0:
                    return
                for colour in (True, False):
                    trial = Deduction(d.rows, d.cols, list(d.value))
                    trial.value[i] = colour
                    try:
                        _Deducer(trial).run()
                    except Contradiction:
                        self.set(i, not colour, "trial")
                        self.run()
                        progress = True
                        break

    def _candidates(self) -> list[int]:
        """Unknown cells, those with the most known neighbours first."""
        value = self.d.value
        score = [(-sum(value[n] is not None for n in self.adj[i]), i) for i, v in enumerate(value) if v is None]
        return [i for _, i in sorted(score)]

    def block_rules(self) -> None:
        value = self.d.value
        changed = True
        while changed:
            changed = False
            for a, b, c, e in self.blocks:  # a b / c e
                vals = (value[a], value[b], value[c], value[e])
                if vals.count(None) != 1:
                    if None not in vals and (vals[0] == vals[1] == vals[2] == vals[3]
                                             or (vals[0] == vals[3] != vals[1] == vals[2])):
                        raise Contradiction("block")
                    continue
                k = vals.index(None)
                cells = (a, b, c, e)
                others = [v for v in vals if v is not None]
                if others[0] == others[1] == others[2]:
                    self.set(cells[k], not others[0], "block")
                    changed = True
                    continue
                # checkerboard: the diagonal partner of the unknown cell equals the missing colour's pattern
                partner = vals[3 - k]  # a<->e, b<->c
                if partner is not None:
                    side = [vals[j] for j in range(4) if j not in (k, 3 - k)]
                    if side[0] == side[1] != partner:
                        self.set(cells[k], not partner, "checkerboard")
                        changed = True

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

    def connectivity(self, colour: bool) -> None:
        """``reach`` and ``cut`` for one colour over the cells that are this colour or unknown."""
        value, adj = self.d.value, self.adj
        n = len(value)
        open_ = [v is None or v is colour for v in value]
        terminals = [v is colour for v in value]
        total = sum(terminals)
        if total == 0:
            return
        disc = [-1] * n
        low = [0] * n
        count = [0] * n  # terminals in the DFS subtree
        start = terminals.index(True)
        forced: list[int] = []
        timer = 0
        disc[start] = low[start] = timer
        count[start] = 1
        stack: list[tuple[int, int, int]] = [(start, -1, 0)]
        while stack:
            v, parent, k = stack[-1]
            if k < len(adj[v]):
                stack[-1] = (v, parent, k + 1)
                u = adj[v][k]
                if not open_[u] or u == parent:
                    continue
                if disc[u] == -1:
                    timer += 1
                    disc[u] = low[u] = timer
                    count[u] = int(terminals[u])
                    stack.append((u, v, 0))
                elif disc[u] < low[v]:
                    low[v] = disc[u]
                continue
            stack.pop()
            if parent == -1:
                continue
            if low[v] < low[parent]:
                low[parent] = low[v]
            count[parent] += count[v]
            # removing `parent` cuts v's subtree off the rest: terminals on both sides force it
            if low[v] >= disc[parent] and value[parent] is None and count[v] > 0 \
                    and total - count[v] - int(terminals[parent]) > 0:
                forced.append(parent)
        if count[start] < total:
            raise Contradiction("reach")
        for i in range(n):
            if open_[i] and disc[i] == -1:
                self.set(i, not colour, "reach")
        for i in forced:
            if self.d.value[i] is None:
                self.set(i, colour, "cut")

