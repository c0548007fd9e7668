"""Masyu deductions a human solver makes, iterated to a fixed point before any search.

The state is one value per grid edge (True: the loop uses it, False: it does not, None: not
known yet). Every step is a consequence of the rules, so a deduced edge is the same in every
solution:

* ``degree``: a cell has 0 or 2 loop edges, a pearl exactly 2 (a cell with one loop edge and one
  open edge left uses it; a cell with two loop edges uses no other; an empty cell with one open
  edge left uses none);
* ``white``: the loop goes straight through a white pearl (an axis it cannot use is not used,
  the other one is) and turns right before or after it (straight on both sides is ruled out);
* ``black``: the loop turns on a black pearl (one edge of each axis) and goes straight on for a
  second step each way (so it cannot leave towards the border or a blocked second step);
* ``loop``: no premature loop: an edge that would close a path into a loop is unused while a
  pearl or a loop edge lies outside that path; once the loop is closed every other edge is unused;
* ``parity``: a closed loop crosses every straight line between two rows (or two columns) an even
  number of times, so the last open edge across such a line is fixed by the others;
* ``trial``: an open edge is tried both ways; when one way leads to a contradiction under the
  rules above, the edge takes the other (what a human does when "this would close the loop too
  early, three moves on").

Pairs and triples of pearls (two whites in a row, black pearls beside each other or the border)
follow from these rules by propagation. :func:`deduce` returns the edge values and the steps in
order (rule and edge), material for hints and a human-style grade. A contradiction raises
:class:`Contradiction`; the solver then leaves the board to the full model.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from solvers import trial
from solvers.cell import Cell
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, EdgeValues, Grid, within
from solvers.notation import BLACK, EMPTY, WHITE

Clause = tuple[tuple[int, bool], ...]  # (edge, wanted value) pairs: at least one holds


class Contradiction(trial.Contradiction):
    """The pearls and the deductions so far admit no loop."""


@dataclass(frozen=True)
class Step:
    """One deduced edge: the rule that fixed it and whether the loop uses it."""

    rule: str
    edge: int
    used: bool


@dataclass
class Deduction(EdgeValues):
    """Edge values under deduction, with the steps that set them (the hints)."""

    steps: list[Step] = field(default_factory=list)


def deduce(rows: int, cols: int, pearls: Mapping[Cell, int], *, trials: bool = True) -> Deduction:
    """Apply the rules above until none fixes another edge (with ``trials``, then try each open
    edge both ways and keep what a contradiction forces, again to a fixed point)."""
    grid = Grid(rows, cols)
    d = Deduction(grid, [None] * len(grid.edges))
    _Deducer(d, {c: k for c, k in pearls.items() if k != EMPTY}).run(trials)
    return d


class _Deducer(trial.Trail[int]):
    def __init__(self, d: Deduction, pearls: Mapping[Cell, int]) -> None:
        super().__init__()
        self.d = d
        grid = self.grid = d.grid
        self.pearls = pearls
        self.n_pearls = len(pearls)
        self.cell_edges: list[list[int]] = [[e for _, e in grid.cell_edges(cell)] for cell in grid.cells()]
        self.must = [grid.cell(i) in pearls for i in range(grid.size)]
        self.ends = [(grid.index(a), grid.index(b)) for a, b in grid.edges]
        self.between = {pair: e for e, pair in enumerate(self.ends)}
        clauses: list[tuple[str, Clause]] = []
        for cell, kind in sorted(pearls.items()):
            clauses += [(("white" if kind == WHITE else "black"), c) for c in _pearl_clauses(grid, cell, kind)]
        self.clauses = clauses
        self.edge_clauses: list[list[int]] = [[] for _ in grid.edges]
        for k, (_, clause) in enumerate(clauses):
            for e, _want in clause:
                self.edge_clauses[e].append(k)
        # parity: each straight line between two rows (or columns) is crossed by a closed loop an
        # even number of times; line_of[e] is the line edge e crosses
        self.lines, self.line_of = _lines(grid.rows, grid.cols)
        # inside and outside: the loop cuts the plane in two; the grid's corner points (and the
        # whole frame, which is outside) are in a union-find with parity: a used edge separates
        # the two corners it passes between, an unused one joins them
        self.sides, self.corner_edges, up = _corners(grid.rows, grid.cols)
        self.up = list(up)
        self.flip = [0] * len(up)  # parity to up[x]
        self.members = [1] * len(up)
        self.members[0] = up.count(0)
        # the paths drawn so far: at each end, the other end, the edges and the pearls of its path
        n = grid.size
        self.other = list(range(n))
        self.length = [0] * n
        self.pearls_on = [1 if m else 0 for m in self.must]
        self.degree = [0] * n
        self.n_used = [0]  # edges used so far (a list, so that a trial's change can be undone)
        self.sides_on = True  # the inside rule applies (off in shallow trials)
        # a trial that found no contradiction is not repeated until an edge near it is set: clock
        # counts edges set outside trials; tried[e] / near[c]: the clock at edge e's last fruitless
        # trial / when an edge at a cell within two steps of cell c was last set
        self.clock = 0
        self.tried = [-1] * len(grid.edges)
        self.tried_deep = [-1] * len(grid.edges)
        self.near = [0] * n
        self.around = within(grid.rows, grid.cols, 2)

    def set(self, e: int, used: bool, rule: str) -> None:
        v = self.d.value[e]
        if v is None:
            self.change(self.d.value, e, used)
            self.queue.append(e)
            if self.sides_on:  # (shallow trials skip the inside rule: it costs them more than it finds)
                self.relate(e, used)
            if not self.trying:
                self.d.steps.append(Step(rule, e, used))
                self.clock += 1
                near, clock = self.near, self.clock
                for end in self.ends[e]:
                    for c in self.around[end]:
                        near[c] = clock
            if used:
                self.join(e)
        elif v != used:
            raise Contradiction(rule)

    def relate(self, e: int, used: bool) -> None:
        """Record that the corners on either side of edge ``e`` differ (used) or agree."""
        p, q = self.sides[e]
        up, flip = self.up, self.flip
        (rp, xp), (rq, xq) = trial.parity_root(up, flip, p), trial.parity_root(up, flip, q)
        want = 1 if used else 0
        if rp == rq:
            if xp ^ xq != want:
                raise Contradiction("inside")
            return
        if self.members[rp] < self.members[rq]:
            rp, rq = rq, rp
        self.change(self.up, rq, rp)
        self.change(self.flip, rq, xp ^ xq ^ want)
        self.change(self.members, rp, self.members[rp] + self.members[rq])

    def inside(self, edges: Iterable[int]) -> None:
        """An open edge between two corners already known to be on the same side (unused) or on
        opposite sides (used) of the loop."""
        value, up, flip, find = self.d.value, self.up, self.flip, trial.parity_root
        for f in edges:
            if value[f] is None:
                p, q = self.sides[f]
                (rp, xp), (rq, xq) = find(up, flip, p), find(up, flip, q)
                if rp == rq:
                    self.set(f, xp != xq, "inside")

    def join(self, e: int) -> None:
        """Add used edge ``e`` to the paths; a path closing too early is a contradiction, and the
        edge that would close a path early is unused ("loop")."""
        a, b = self.ends[e]
        degree, change = self.degree, self.change
        if degree[a] >= 2 or degree[b] >= 2:
            raise Contradiction("degree")
        change(degree, a, degree[a] + 1)
        change(degree, b, degree[b] + 1)
        n_used = self.n_used[0] + 1
        change(self.n_used, 0, n_used)
        pa, pb = self.other[a], self.other[b]
        if pa == b:  # the path closes into a loop: it must hold every pearl and every used edge
            if self.pearls_on[a] != self.n_pearls or self.length[a] + 1 != n_used:
                raise Contradiction("loop")
            for f, v in enumerate(self.d.value):
                if v is None:
                    self.set(f, False, "loop")
            return
        length = self.length[a] + self.length[b] + 1
        held = self.pearls_on[a] + self.pearls_on[b]
        for end, far in ((pa, pb), (pb, pa)):
            change(self.other, end, far)
            change(self.length, end, length)
            change(self.pearls_on, end, held)
        closing = self.between.get((pa, pb) if pa < pb else (pb, pa))
        if closing is not None and self.d.value[closing] is None and (
                held != self.n_pearls or length != n_used):
            self.set(closing, False, "loop")

    def run(self, trials: bool) -> None:
        for k in range(len(self.clauses)):
            self.clause(k)
        for i in range(self.grid.size):
            self.cell(i)
        while True:
            self.propagate()
            before = len(self.d.steps)
            self.loop_rule()
            self.inside(range(len(self.d.value)))
            self.propagate()
            if len(self.d.steps) == before and not (trials and (self.trials(deep=False) or self.trials(deep=True))):
                return

    def trials(self, deep: bool) -> bool:
        """Each open edge tried both ways: one that leads to a contradiction fixes the other. An
        edge whose surroundings are as they were at its last fruitless trial is not tried again,
        nor a value that an earlier fruitless trial of this pass implied (its consequences are
        among that trial's, so it cannot contradict either). Shallow trials leave the inside rule
        out; deep ones (when shallow ones find nothing) use it too and stop at their first find."""
        value, ends, near, degree, must = self.d.value, self.ends, self.near, self.degree, self.must
        tried = self.tried_deep if deep else self.tried

        def open_edges() -> Iterator[int]:
            for e in range(len(value)):
                a, b = ends[e]
                if value[e] is not None or (near[a] < tried[e] and near[b] < tried[e]):
                    continue
                if degree[a] or degree[b] or must[a] or must[b]:
                    yield e  # only beside a pearl or a drawn line, where a human looks (measured: faster, as strong)

        def fruitless(e: int) -> None:
            tried[e] = self.clock + 1

        return self.try_each(open_edges(), lambda e, guess: self.trial(lambda: self.attempt(e, guess, deep), value),
                             self.fix, fruitless, first=deep)

    def attempt(self, e: int, guess: bool, deep: bool) -> None:
        """Edge ``e`` set to ``guess`` and the rules propagated (as a trial: the inside rule only
        when ``deep``)."""
        self.sides_on = deep
        try:
            self.set(e, guess, "trial")
            self.propagate()
        finally:
            self.sides_on = True

    def fix(self, e: int, used: bool) -> None:
        self.set(e, used, "trial")
        self.propagate()

    def propagate(self) -> None:
        queue = self.queue
        while queue:
            e = queue.pop()
            for k in self.edge_clauses[e]:
                self.clause(k)
            a, b = self.ends[e]
            self.cell(a)
            self.cell(b)
            self.parity(self.line_of[e])
            if self.sides_on:
                p, q = self.sides[e]
                self.inside(self.corner_edges[p])
                self.inside(self.corner_edges[q])

    def parity(self, k: int) -> None:
        value = self.d.value
        open_edge = None
        used = 0
        for e in self.lines[k]:
            v = value[e]
            if v is None:
                if open_edge is not None:
                    return
                open_edge = e
            elif v:
                used += 1
        if open_edge is None:
            if used % 2:
                raise Contradiction("parity")
        else:
            self.set(open_edge, used % 2 == 1, "parity")

    def clause(self, k: int) -> None:
        rule, clause = self.clauses[k]
        value = self.d.value
        open_lit = None
        for e, want in clause:
            v = value[e]
            if v is None:
                if open_lit is not None:
                    return  # two open literals: nothing to say yet
                open_lit = (e, want)
            elif v == want:
                return  # satisfied
        if open_lit is None:
            raise Contradiction(rule)
        self.set(open_lit[0], open_lit[1], rule)

    def cell(self, i: int) -> None:
        value = self.d.value
        on = 0
        unknown = []
        for e in self.cell_edges[i]:
            v = value[e]
            if v is None:
                unknown.append(e)
            elif v:
                on += 1
        if on > 2:
            raise Contradiction("degree")
        if on == 2:
            for e in unknown:
                self.set(e, False, "degree")
        elif on == 1:
            if not unknown:
                raise Contradiction("degree")
            if len(unknown) == 1:
                self.set(unknown[0], True, "degree")
        elif self.must[i]:
            if len(unknown) < 2:
                raise Contradiction("degree")
            if len(unknown) == 2:
                for e in unknown:
                    self.set(e, True, "degree")
        elif len(unknown) == 1:
            self.set(unknown[0], False, "degree")

    def loop_rule(self) -> None:
        """No premature loop; a closed loop holding every pearl and loop edge ends the drawing."""
        value, ends, grid = self.d.value, self.ends, self.grid
        adj: dict[int, list[int]] = {}
        for e, v in enumerate(value):
            if v:
                a, b = ends[e]
                adj.setdefault(a, []).append(b)
                adj.setdefault(b, []).append(a)
        if not adj:
            return
        seen: set[int] = set()
        parts = []
        for s in adj:
            if s in seen:
                continue
            part = [s]
            seen.add(s)
            stack = [s]
            while stack:
                for n in adj[stack.pop()]:
                    if n not in seen:
                        seen.add(n)
                        part.append(n)
                        stack.append(n)
            parts.append(part)
        n_pearls = len(self.pearls)
        for part in parts:
            tips = [c for c in part if len(adj[c]) == 1]
            pearls_in = sum(1 for c in part if self.must[c])
            whole = len(parts) == 1 and pearls_in == n_pearls
            if not tips:  # a closed loop: the drawing, if it holds everything
                if not whole:
                    raise Contradiction("loop")
                for e, v in enumerate(value):
                    if v is None:
                        self.set(e, False, "loop")
                continue
            a, b = tips
            closing = grid.edge(grid.cell(a), grid.cell(b))
            if closing is not None and value[closing] is None and not whole:
                self.set(closing, False, "loop")
        self.propagate()


@lru_cache(maxsize=8)
def _lines(rows: int, cols: int) -> tuple[list[list[int]], list[int]]:
    """The edges across each row and column line, and the line of each edge."""
    grid = Grid(rows, cols)
    lines = grid.lines()
    line_of = [0] * len(grid.edges)
    for k, line in enumerate(lines):
        for e in line:
            line_of[e] = k
    return lines, line_of


@lru_cache(maxsize=8)
def _corners(rows: int, cols: int) -> tuple[list[tuple[int, int]], list[list[int]], tuple[int, ...]]:
    """For the corner points of the cells (row-major, (rows + 1) x (cols + 1)): the two corners
    each edge passes between, the edges passing each corner, and the union-find start (every
    point of the frame joined to point 0)."""
    grid = Grid(rows, cols)
    width = cols + 1
    corners = (rows + 1) * width
    sides: list[tuple[int, int]] = []
    corner_edges: list[list[int]] = [[] for _ in range(corners)]
    for e, (a, b) in enumerate(grid.edges):
        if a[0] == b[0]:  # horizontal: crosses the column line right of a
            pq = (a[0] * width + a[1] + 1, (a[0] + 1) * width + a[1] + 1)
        else:  # vertical: crosses the row line below a
            pq = ((a[0] + 1) * width + a[1], (a[0] + 1) * width + a[1] + 1)
        sides.append(pq)
        for x in pq:
            corner_edges[x].append(e)
    up = tuple(0 if r in (0, rows) or c in (0, cols) else x
               for x, (r, c) in ((x, divmod(x, width)) for x in range(corners)))
    return sides, corner_edges, up


def _pearl_clauses(grid: Grid, cell: Cell, kind: int) -> list[Clause]:
    """The pearl rules as clauses over edges (an edge off the board is unused)."""
    out: list[Clause] = []

    def lit(bit: int, distance: int = 1) -> int | None:
        return grid.edge_towards(cell, bit, distance)

    for a, b in ((UP, DOWN), (LEFT, RIGHT)):
        x1, y1, x2, y2 = lit(a), lit(b), lit(a, 2), lit(b, 2)
        if kind == WHITE:
            if x1 is None or y1 is None:  # cannot pass straight on this axis
                out += [((z, False),) for z in (x1, y1) if z is not None]
                continue
            out += [((x1, False), (y1, True)), ((x1, True), (y1, False))]
            if x2 is not None and y2 is not None:
                out.append(((x1, False), (x2, False), (y2, False)))
        elif kind == BLACK:  # exactly one edge of each axis, and two steps straight along it
            out.append(tuple((z, True) for z in (x1, y1) if z is not None))
            if x1 is not None and y1 is not None:
                out.append(((x1, False), (y1, False)))
            for z1, z2 in ((x1, x2), (y1, y2)):
                if z1 is None:
                    continue
                out.append(((z1, False),) if z2 is None else ((z1, False), (z2, True)))
    return out
