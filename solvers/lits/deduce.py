"""LITS deductions on tetromino placements, and an exhaustive search that counts answers.

The state keeps, per region, which placements (:mod:`solvers.lits.shapes`) are still possible.
A cell is shaded when every possible placement of its region covers it, empty when none does.
Every rule below is a consequence of the LITS rules alone, so a board the deductions settle
has exactly one answer and the search's count is exact.

* no 2x2: a placement that would complete a 2x2 block with shaded cells goes;
* equal shapes: next to a shaded cell of a region whose placements all have shape s, no
  placement of shape s of another region may cover the neighbouring cell;
* connectivity (all shaded cells one area; every region holds shaded cells): placements outside
  the area of possible cells that holds the shaded cells go; a placement with no possible cell
  around it goes; a possible cell whose removal would separate shaded cells (an articulation
  point) is shaded.

:func:`count` branches on the region with the fewest placements and stops at two answers or when
its node budget runs out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from solvers import trial
from solvers.connectivity import separations
from solvers.lits.shapes import Placement, placements

UNKNOWN, SHADED, EMPTY = 0, 1, -1


class Contradiction(trial.Contradiction):
    """The state breaks a rule: no answer extends it. ``region``: the room left without a
    placement, when that is how it broke (None: a shaded 2x2 block or a cut-off shaded cell)."""

    def __init__(self, region: int | None = None) -> None:
        super().__init__(region)
        self.region = region


class OutOfBudget(trial.OutOfBudget):
    """The search used up its node budget before settling the count."""


@dataclass(frozen=True)
class Board:
    """The fixed facts of one board (flat cell index r * cols + c)."""

    rows: int
    cols: int
    owner: tuple[int, ...]  # region index per cell
    members: tuple[tuple[int, ...], ...]  # cells per region
    places: tuple[Placement, ...]
    by_region: tuple[tuple[int, ...], ...]  # placement ids per region
    covering: tuple[tuple[int, ...], ...]  # placement ids covering each cell
    touch: tuple[tuple[int, ...], ...]  # per placement: cells of other regions next to it
    touching: tuple[tuple[int, ...], ...]  # per cell: placements of other regions next to it
    nbrs: tuple[tuple[int, ...], ...]
    blocks: tuple[tuple[tuple[int, int, int, int], ...], ...]  # per cell: the 2x2 blocks holding it
    near: tuple[tuple[int, ...], ...]  # per placement: other regions it touches or shares a 2x2 block with
    missing: tuple[dict[int, list[tuple[int, ...]]], ...]  # per placement: cell -> the rest of each 2x2 block
    # the placement meets that this cell (outside it) helps fill
    touchset: tuple[frozenset[int], ...]
    around: tuple[tuple[int, ...], ...]  # per region: the regions some of its placements are near

    def shade_rows(self, shaded: Callable[[int], bool]) -> tuple[str, ...]:
        """FORMATS.md ``shaded`` rows: ``#`` where ``shaded(cell index)`` holds."""
        return tuple("".join("#" if shaded(r * self.cols + c) else "." for c in range(self.cols))
                     for r in range(self.rows))

    def shade_places(self, chosen: Iterable[int]) -> tuple[str, ...]:
        """FORMATS.md ``shaded`` rows of the cells the placements ``chosen`` cover."""
        return self.shade_rows({i for p in chosen for i in self.places[p].cells}.__contains__)

    @classmethod
    def of(cls, regions: Sequence[Sequence[int]]) -> Board:
        rows, cols = len(regions), len(regions[0])
        owner, members, places = placements(regions)
        n = rows * cols
        nbrs = []
        for i in range(n):
            r, c = divmod(i, cols)
            nbrs.append(tuple(j for j, ok in ((i - cols, r > 0), (i - 1, c > 0), (i + 1, c + 1 < cols),
                                               (i + cols, r + 1 < rows)) if ok))
        by_region: list[list[int]] = [[] for _ in members]
        covering: list[list[int]] = [[] for _ in range(n)]
        touch: list[tuple[int, ...]] = []
        touching: list[list[int]] = [[] for _ in range(n)]
        for p, pl in enumerate(places):
            by_region[pl.region].append(p)
            for i in pl.cells:
                covering[i].append(p)
            rim = sorted({j for i in pl.cells for j in nbrs[i] if owner[j] != pl.region})
            touch.append(tuple(rim))
            for j in rim:
                touching[j].append(p)
        blocks: list[list[tuple[int, int, int, int]]] = [[] for _ in range(n)]
        for r in range(rows - 1):
            for c in range(cols - 1):
                i = r * cols + c
                block = (i, i + 1, i + cols, i + cols + 1)
                for j in block:
                    blocks[j].append(block)
        near: list[tuple[int, ...]] = []
        missing: list[dict[int, list[tuple[int, ...]]]] = []
        around: list[set[int]] = [set() for _ in members]
        for p, pl in enumerate(places):
            mine = pl.cells
            met = {bl for i in mine for bl in blocks[i]}
            rest: dict[int, list[tuple[int, ...]]] = {}
            regs = {owner[j] for j in touch[p]}
            for bl in met:
                miss = tuple(j for j in bl if j not in mine)
                for j in miss:
                    rest.setdefault(j, []).append(miss)
                    regs.add(owner[j])
            missing.append(rest)
            regs.discard(pl.region)
            regs.discard(-1)
            near.append(tuple(sorted(regs)))
            around[pl.region] |= regs
        return cls(rows, cols, tuple(owner), tuple(tuple(m) for m in members), tuple(places),
                   tuple(tuple(x) for x in by_region), tuple(tuple(x) for x in covering), tuple(touch),
                   tuple(tuple(x) for x in touching), tuple(nbrs), tuple(tuple(x) for x in blocks),
                   tuple(near), tuple(missing), tuple(frozenset(t) for t in touch),
                   tuple(tuple(sorted(a)) for a in around))


class State:
    """What is still possible: alive placements, their count per region and per cell, cell states."""

    __slots__ = ("board", "alive", "left", "cover", "cell", "fixed_shape", "dirty")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.alive = [True] * len(board.places)
        self.left = [len(ps) for ps in board.by_region]
        self.cover = [len(ps) for ps in board.covering]
        self.cell = [UNKNOWN if k >= 0 else EMPTY for k in board.owner]
        self.fixed_shape = [-1] * len(board.members)
        self.dirty: list[int] = list(range(len(board.members)))

    def copy(self) -> State:
        other = State.__new__(State)
        other.board = self.board
        other.alive = self.alive[:]
        other.left = self.left[:]
        other.cover = self.cover[:]
        other.cell = self.cell[:]
        other.fixed_shape = self.fixed_shape[:]
        other.dirty = self.dirty[:]
        return other

    def kill(self, p: int) -> None:
        if not self.alive[p]:
            return
        self.alive[p] = False
        pl = self.board.places[p]
        self.left[pl.region] -= 1
        if self.left[pl.region] == 0:
            raise Contradiction(pl.region)
        for i in pl.cells:
            self.cover[i] -= 1
        self.dirty.append(pl.region)

    def choose(self, p: int) -> None:
        for q in self.board.by_region[self.board.places[p].region]:
            if q != p:
                self.kill(q)

    # -- rules

    def _region_facts(self, k: int) -> None:
        """New shaded / empty cells and a newly fixed shape of region k, with their consequences."""
        b = self.board
        left = self.left[k]
        cell, cover = self.cell, self.cover
        for i in b.members[k]:
            if cell[i] != UNKNOWN:
                continue
            if cover[i] == left:
                cell[i] = SHADED
                self._shaded(i)
            elif cover[i] == 0:
                cell[i] = EMPTY
                self._emptied(i)
        if self.fixed_shape[k] < 0:
            shapes = {b.places[p].shape for p in b.by_region[k] if self.alive[p]}
            if len(shapes) == 1:
                self.fixed_shape[k] = shapes.pop()
                for i in b.members[k]:
                    if cell[i] == SHADED:
                        self._same_shape(i)

    def _shaded(self, i: int) -> None:
        b, cell = self.board, self.cell
        for block in b.blocks[i]:
            open_ = [j for j in block if cell[j] != SHADED]
            if not open_:
                raise Contradiction  # a 2x2 block of shaded cells
            if len(open_) > 2:
                continue
            # a placement covering every open cell of the block would complete it
            for p in b.covering[open_[0]]:
                if self.alive[p] and all(j in b.places[p].cells for j in open_):
                    self.kill(p)
        if self.fixed_shape[b.owner[i]] >= 0:
            self._same_shape(i)

    def _same_shape(self, i: int) -> None:
        b = self.board
        k, shape = b.owner[i], self.fixed_shape[b.owner[i]]
        for j in b.nbrs[i]:
            if b.owner[j] != k:
                for p in b.covering[j]:
                    if self.alive[p] and b.places[p].shape == shape:
                        self.kill(p)

    def _emptied(self, i: int) -> None:
        b, cell = self.board, self.cell
        for p in b.touching[i]:
            if self.alive[p] and all(cell[j] == EMPTY for j in b.touch[p]):
                self.kill(p)

    def _connect(self) -> None:
        """The connectivity rules (module doc) once; kills placements, so the caller loops."""
        b, cell = self.board, self.cell
        n = len(cell)
        try:
            root = cell.index(SHADED)
        except ValueError:
            return
        found = separations(b.nbrs, [x != EMPTY for x in cell], [x == SHADED for x in cell], (root,))
        for i in range(n):
            if found.order[i] == -1 and cell[i] != EMPTY:
                if cell[i] == SHADED:
                    raise Contradiction
                for p in b.covering[i]:
                    self.kill(p)
        for i in found.cut_vertices:
            if cell[i] != UNKNOWN:
                continue
            for p in b.by_region[b.owner[i]]:
                if self.alive[p] and i not in b.places[p].cells:
                    self.kill(p)

    def _compatible(self, p: int, q: int) -> bool:
        """Can placements p and q (of two different regions) both be chosen? Not if they have the same
        shape and touch, nor if together with the shaded cells they fill a 2x2 block."""
        b = self.board
        pp, qq = b.places[p], b.places[q]
        if pp.shape == qq.shape and not b.touchset[p].isdisjoint(qq.cells):
            return False
        rest = b.missing[p]
        if rest:
            cell, mine = self.cell, qq.cells
            for i in mine:
                for miss in rest.get(i, ()):
                    if all(j in mine or cell[j] == SHADED for j in miss):
                        return False
        return True

    def _revise(self, a: int, other: int) -> None:
        """Kill placements of region ``a`` that no placement left in region ``other`` can go with."""
        b, alive = self.board, self.alive
        mine = [q for q in b.by_region[other] if alive[q]]
        for p in b.by_region[a]:
            if alive[p] and other in b.near[p] and not any(self._compatible(p, q) for q in mine):
                self.kill(p)

    def settle(self) -> None:
        """Apply every rule until nothing changes; raises Contradiction."""
        around = self.board.around
        while True:
            while self.dirty:
                changed: set[int] = set()
                while self.dirty:
                    batch = set(self.dirty)
                    self.dirty.clear()
                    changed |= batch
                    for k in batch:
                        self._region_facts(k)
                for k in changed:
                    for a in around[k]:
                        self._revise(a, k)
            self._connect()
            if not self.dirty:
                return

    def complete(self) -> bool:
        return all(v == 1 for v in self.left)

    def rows(self) -> tuple[str, ...]:
        """A settled state as FORMATS.md ``shaded`` rows."""
        return self.board.shade_rows(lambda i: self.cell[i] == SHADED)


def stuck_room(board: Board) -> int | None:
    """The room the deductions leave without a place for its piece (None: they find no such room),
    the "where" of a board with no answer."""
    try:
        start(board)
    except Contradiction as e:
        return e.region
    return None


def start(board: Board) -> State:
    """The settled state every answer agrees with; raises Contradiction."""
    state = State(board)
    if not all(state.left):
        raise Contradiction(state.left.index(0))  # a room that holds no L, I, T or S
    if len(board.members) > 1:
        for p, around in enumerate(board.touch):
            if not around:
                state.kill(p)
    state.settle()
    return state


def count(state: State, limit: int = 2, budget: int = 50_000, deadline: float = float("inf")) -> list[State]:
    """Up to ``limit`` complete answers extending the settled ``state``; raises OutOfBudget after
    ``budget`` nodes or at ``deadline`` (a ``time.perf_counter()`` value)."""
    b = state.board
    found: list[State] = []
    nodes = 0
    stack = [state]
    while stack:
        s = stack.pop()
        open_ = [k for k, v in enumerate(s.left) if v > 1]
        if not open_:
            found.append(s)
            if len(found) >= limit:
                break
            continue
        nodes += 1
        if nodes > budget or (nodes % 16 == 0 and time.perf_counter() > deadline):
            raise OutOfBudget
        k = min(open_, key=lambda k: s.left[k])
        for p in reversed(b.by_region[k]):
            if not s.alive[p]:
                continue
            t = s.copy()
            try:
                t.choose(p)
                t.settle()
            except Contradiction:
                continue
            stack.append(t)
    return found
