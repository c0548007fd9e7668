"""Fillomino deductions as a person makes them, on a set of possible numbers per cell.

``cand[i]`` is a bit mask: bit ``v`` set when cell ``i`` may hold ``v``. A cell with one bit is
fixed; fixed cells of one number joined side by side form a *block* (part of one area). Every
rule below holds in every answer, so a board they empty is unsolvable and a board they fill
has exactly that answer (the uniqueness proof costs nothing):

* a block larger than its number is wrong; a complete block's neighbours lose its number;
* a cell touching blocks of ``v`` whose sizes add up past ``v - 1`` cannot be ``v``;
* a block short of its number grows: with one neighbour able to take its number, that neighbour
  takes it (and so on along a chain, in one round); a cell the block cannot reach within its
  number's distance is not part of it;
* a cell keeps ``v`` only if a block of ``v`` can reach it in time, or it lies in a connected set of
  at least ``v`` cells free to start a new area of ``v`` (empty cells form areas of unknown size);
* (slower, when the above stall) a cell every growth of a block must pass through is the block's;
  for a block short of at most four cells, every area it can become is listed: a cell in all of
  them is the block's, a cell beside all of them is not its number.

Deductions grade a board and shrink the model the search has left to do.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field


class Contradiction(Exception):
    """The givens (with the deductions so far) allow no answer."""


def grid_near(rows: int, cols: int) -> list[list[int]]:
    """Each cell's orthogonal neighbours, cells numbered in reading order."""
    near: list[list[int]] = [[] for _ in range(rows * cols)]
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if r > 0:
            near[i].append(i - cols)
        if r + 1 < rows:
            near[i].append(i + cols)
        if c > 0:
            near[i].append(i - 1)
        if c + 1 < cols:
            near[i].append(i + 1)
    return near


@dataclass
class Outcome:
    """What the deductions reached: the masks, and how many rounds (the grade) they took."""

    cand: list[int]
    rounds: int
    deep_rounds: int

    def solved(self) -> bool:
        return all(x & (x - 1) == 0 for x in self.cand)


def bits(x: int) -> list[int]:
    """The numbers of a mask, smallest first."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def runs(x: int) -> list[list[int]]:
    """The mask's numbers as [first, last] runs (a big empty region's 1..n is one run)."""
    out = []
    while x:
        start = (x & -x).bit_length() - 1
        y = x >> start
        run = (~y & (y + 1)).bit_length() - 1
        out.append([start, start + run - 1])
        x &= ~(((1 << run) - 1) << start)
    return out


def from_runs(bounds: Sequence[int]) -> int:
    """The inverse of :func:`runs`, from flat bounds ``[first, last, first, last, ...]`` (a CP-SAT
    domain)."""
    mask = 0
    for lo, hi in zip(bounds[::2], bounds[1::2], strict=True):
        mask |= ((1 << (hi + 1)) - 1) & ~((1 << lo) - 1)
    return mask


def start_masks(near: list[list[int]], flat: Sequence[int]) -> list[int]:
    """The masks before any deduction: a given is fixed; an empty cell may hold 1 up to the
    larger of the biggest given and its component of empty cells (a bigger area holds no given)."""
    most = max(flat, default=0)
    cand = [1 << x if x else 0 for x in flat]
    for start, x in enumerate(flat):
        if x or cand[start]:
            continue
        comp, seen = [start], {start}
        for i in comp:
            for j in near[i]:
                if not flat[j] and j not in seen:
                    seen.add(j)
                    comp.append(j)
        mask = (1 << (max(most, len(comp)) + 1)) - 2
        for i in comp:
            cand[i] = mask
    return cand


def deduce(near: list[list[int]], cand: list[int], top: int, *, deep: bool = True) -> Outcome:
    """Apply the rules until none changes a mask (``cand`` is changed in place). Raises
    Contradiction when a mask empties or a block cannot be completed. Numbers above ``top`` (the
    largest given) that no block holds are checked together, by the size of their region."""
    rounds = deep_rounds = 0
    dirty = deep_dirty = -1  # the numbers whose cells changed since their last look (bit masks)
    memo = _Memo()
    while True:
        rounds += 1
        before = cand.copy()
        _round(near, cand, top, dirty, memo)
        dirty = _changed(before, cand)
        deep_dirty |= dirty
        if dirty:
            continue
        if not deep:
            break
        deep_rounds += 1
        before = cand.copy()
        _through(near, cand, deep_dirty)
        _shapes(near, cand, deep_dirty)
        dirty = deep_dirty = _changed(before, cand)
        if not dirty:
            break
    return Outcome(cand, rounds, deep_rounds)


def _changed(before: list[int], after: list[int]) -> int:
    """The numbers a changed cell could hold before (their analysis may change)."""
    out = 0
    for x, y in zip(before, after, strict=True):
        if x != y:
            out |= x
    return out


def blocks(near: Sequence[Sequence[int]], cand: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """Each fixed cell's block index (-1: not fixed) and the blocks' cells (the one block fill of
    the package: the search, its groups and the CP-SAT model all start from it)."""
    block_of = [-1] * len(cand)
    found: list[list[int]] = []
    for start, x in enumerate(cand):
        if block_of[start] >= 0 or x & (x - 1):
            continue
        b = len(found)
        block_of[start] = b
        cells = [start]
        for i in cells:
            for j in near[i]:
                if block_of[j] < 0 and cand[j] == x:
                    block_of[j] = b
                    cells.append(j)
        found.append(cells)
    return block_of, found


def short_blocks(near: Sequence[Sequence[int]], cand: Sequence[int]) -> list[tuple[list[int], int]]:
    """The blocks smaller than their number, each with its number."""
    out = []
    for cells in blocks(near, cand)[1]:
        v = cand[cells[0]].bit_length() - 1
        if len(cells) < v:
            out.append((cells, v))
    return out


@dataclass
class _Memo:
    """What one :func:`deduce` call's rounds computed, kept while still true (masks only shrink):
    a block's reach stays while every cell of it keeps the number; a number's regions for new
    areas while the cells free for them stay the same."""

    reach: dict[tuple[int, int, int], set[int]] = field(default_factory=dict)  # (number, first cell, size)
    fresh: dict[int, tuple[frozenset[int], list[list[int]]]] = field(default_factory=dict)

    def reach_of(self, near: list[list[int]], cand: list[int], block: list[int], v: int) -> set[int]:
        key = (v, block[0], len(block))
        bit = 1 << v
        reach = self.reach.get(key)
        if reach is None or not all(cand[j] & bit for j in reach):
            reach = self.reach[key] = _reach(near, cand, block, v, v - len(block))
        return reach

    def fresh_parts(self, near: list[list[int]], v: int, cells: set[int]) -> list[list[int]]:
        key = frozenset(cells)
        known = self.fresh.get(v)
        if known is None or known[0] != key:
            known = self.fresh[v] = (key, _parts(cells, near))
        return known[1]


def walls(near: list[list[int]], cand: list[int]) -> None:
    """What keeps groups apart, before any other deduction: :func:`_apart` again while it fixes
    new cells (whose blocks may be complete too). Then no group's cell can join or copy a cell
    outside it, so groups may be deduced alone."""
    fixed = -1
    while True:
        now = sum(1 for x in cand if not x & (x - 1))
        if now == fixed:
            return
        fixed = now
        block_of, block_cells = blocks(near, cand)
        _apart(near, cand, block_of, block_cells, [cand[b[0]].bit_length() - 1 for b in block_cells])


def _apart(near: list[list[int]], cand: list[int], block_of: list[int], block_cells: list[list[int]],
           value: list[int]) -> dict[int, dict[int, set[int]]]:
    """A block larger than its number is wrong; a cell touching blocks of ``v`` that add up past
    ``v - 1`` cannot be ``v`` (so a complete block's neighbours lose its number). Returns, per
    open cell touching blocks, the blocks it touches by number."""
    for b, cells in enumerate(block_cells):
        if len(cells) > value[b]:
            raise Contradiction
    touch: dict[int, dict[int, set[int]]] = {}
    for i, x in enumerate(cand):
        if not x & (x - 1):
            continue
        touching: dict[int, set[int]] | None = None
        for j in near[i]:
            if (b := block_of[j]) >= 0:
                if touching is None:
                    touching = touch[i] = {}
                touching.setdefault(value[b], set()).add(b)
        if touching is not None:
            for v, bs in touching.items():
                if cand[i] >> v & 1 and 1 + sum(len(block_cells[b]) for b in bs) > v:
                    cand[i] &= ~(1 << v)
                    if not cand[i]:
                        raise Contradiction
    return touch


def _round(near: list[list[int]], cand: list[int], top: int, dirty: int, memo: _Memo) -> None:
    """One pass of the cheap rules over the whole board, the per-number ones only for the numbers
    in ``dirty`` (a bit mask)."""
    block_of, block_cells = blocks(near, cand)
    value = [cand[b[0]].bit_length() - 1 for b in block_cells]

    def drop(i: int, v: int) -> None:
        if cand[i] >> v & 1:
            cand[i] &= ~(1 << v)
            if not cand[i]:
                raise Contradiction

    open_cells = [i for i, x in enumerate(cand) if x & (x - 1)]
    touch = _apart(near, cand, block_of, block_cells, value)
    by_value: dict[int, list[int]] = {}
    for b in range(len(block_cells)):
        by_value.setdefault(value[b], []).append(b)
    # per number: where blocks can reach, where new areas fit
    # numbers above every given and every block: only the size of their region limits them
    exact = (1 << (top + 1)) - 1
    for v in value:
        exact |= 1 << v
    per_value: dict[int, list[int]] = {}
    for v in bits(exact & dirty):
        bit = 1 << v
        if cells_v := [i for i in open_cells if cand[i] & bit]:
            per_value[v] = cells_v
    for b, cells in enumerate(block_cells):
        if len(cells) < value[b] and dirty >> value[b] & 1:
            per_value.setdefault(value[b], [])
    for v, cells_v in per_value.items():
        allowed: set[int] = set()
        for b in by_value.get(v, ()):
            size = len(block_cells[b])
            if size == v:
                continue
            reach = memo.reach_of(near, cand, block_cells[b], v)
            if size + len(reach) < v:
                raise Contradiction
            allowed.update(j for j in reach if block_of[j] < 0)
            frontier = {j for i in block_cells[b] for j in near[i] if block_of[j] < 0 and cand[j] >> v & 1}
            if not frontier:
                raise Contradiction
            if len(frontier) == 1:
                _way_out(near, cand, block_cells[b], v, frontier.pop())
        for comp in memo.fresh_parts(near, v, {i for i in cells_v if i not in touch or v not in touch[i]}):
            if len(comp) >= v:
                allowed.update(comp)
        for i in cells_v:
            if i not in allowed:
                drop(i, v)
    # (last: the cells fixed above shrink the regions)
    for comp in _parts({i for i in open_cells if cand[i] & ~exact}, near):
        over = ~exact & ~((1 << (len(comp) + 1)) - 1)
        for i in comp:
            if cand[i] & over:
                cand[i] &= ~over
                if not cand[i]:
                    raise Contradiction
    # fixed blocks short of their number with no open neighbour able to take it are caught above;
    # a block of v next to a cell fixed to v is one block (recomputed next round)


def _way_out(near: list[list[int]], cand: list[int], block: list[int], v: int, cell: int) -> None:
    """A short block of ``v`` whose only way out is ``cell`` takes it, and so on while the grown
    block (with the fixed ``v`` it then touches) still has one way out: a chain in one step, not
    one step per round."""
    bit = 1 << v
    area = set(block)
    stack: list[int] = []
    while True:
        if not cand[cell] & bit:
            raise Contradiction
        cand[cell] = bit
        area.add(cell)
        stack.append(cell)
        while stack:
            for j in near[stack.pop()]:
                if j not in area and cand[j] == bit:
                    area.add(j)
                    stack.append(j)
        if len(area) >= v:
            if len(area) > v:
                raise Contradiction
            return
        frontier = {j for i in area for j in near[i] if j not in area and cand[j] & bit}
        if len(frontier) != 1:
            if not frontier:
                raise Contradiction
            return
        cell = frontier.pop()


def _reach(near: list[list[int]], cand: list[int], start: Sequence[int], v: int, depth: int,
           without: int = -1) -> set[int]:
    """Cells outside ``start`` a block of ``v`` can take within ``depth`` steps over cells that
    may be ``v`` (never ``without``)."""
    return {j for layer in layers(near, cand, start, v, depth, without) for j in layer}


def layers(near: Sequence[Sequence[int]], cand: Sequence[int], start: Collection[int], v: int, depth: int,
           without: int = -1) -> Iterator[list[int]]:
    """The cells outside ``start`` that may be ``v``, by distance from ``start`` over such cells
    (1, 2, ... up to ``depth``; never ``without``): the one layered reach walk of the package
    (:func:`_reach`, :func:`_through`, :func:`reach_count` and :mod:`solvers.fillomino.probe`'s
    support rule). A generator, so a caller that has seen enough stops the walk there. Each walk
    keeps its own seen set (one shared between walks cut later ones short and dropped numbers
    answers need: review of fillo10)."""
    seen = set(start)
    seen.add(without)
    layer = list(start)
    bit = 1 << v
    for _ in range(depth):
        nxt = []
        for i in layer:
            for j in near[i]:
                if j not in seen and cand[j] & bit:
                    seen.add(j)
                    nxt.append(j)
        if not nxt:
            return
        yield nxt
        layer = nxt


def reach_count(near: Sequence[Sequence[int]], cand: Sequence[int], start: Sequence[int], v: int, need: int,
                without: int = -1) -> int:
    """How many cells :func:`_reach` holds within ``need`` steps, counted only up to ``need`` (the
    walk stops there: "does the block still reach what it lacks" needs no more)."""
    count = 0
    for layer in layers(near, cand, start, v, need, without):
        count += len(layer)
        if count >= need:
            break
    return count


def _through(near: list[list[int]], cand: list[int], dirty: int) -> None:
    """A cell every growth of a short block must take is the block's (its number).

    Removing a cell at distance k loses at most itself and cells farther than k, so only cells
    whose layers up to k hold at most ``need`` cells are tried."""
    block_of, block_cells = blocks(near, cand)
    for cells in block_cells:
        v = cand[cells[0]].bit_length() - 1
        need = v - len(cells)
        if need <= 0 or not dirty >> v & 1:
            continue
        upto = 0
        for layer in layers(near, cand, cells, v, need):
            upto += len(layer)
            if upto - 1 >= need:
                break
            for c in layer:
                if block_of[c] >= 0 or cand[c] == 1 << v:
                    continue
                if reach_count(near, cand, cells, v, need, without=c) < need:
                    cand[c] = 1 << v


def _shapes(near: list[list[int]], cand: list[int], dirty: int) -> None:
    """Every area a block short of at most :data:`SHAPE_NEED` cells can become, listed: none is a
    contradiction; a cell in all of them is the block's; a cell beside all of them is not its
    number (it would join the area). An area takes every fixed cell of its number it touches."""
    for cells in blocks(near, cand)[1]:
        v = cand[cells[0]].bit_length() - 1
        need = v - len(cells)
        if not 0 < need <= SHAPE_NEED or not dirty >> v & 1 or cand[cells[0]] != 1 << v:
            continue
        shapes = _completions(near, cand, cells, v)
        if shapes is None:
            continue
        if not shapes:
            raise Contradiction
        inside = frozenset.intersection(*shapes)
        beside = None
        for shape in shapes:
            rim = {j for i in shape for j in near[i] if j not in shape and cand[j] >> v & 1}
            beside = rim if beside is None else beside & rim
        for c in inside:
            cand[c] = 1 << v
        for c in beside or ():
            cand[c] &= ~(1 << v)
            if not cand[c]:
                raise Contradiction


SHAPE_NEED = 4  # blocks lacking more cells have too many possible areas to list
SHAPE_CAP = 400  # and a block with more areas than this is left alone


def _completions(near: list[list[int]], cand: list[int], block: list[int], v: int) -> list[frozenset[int]] | None:
    """The areas of exactly ``v`` cells that may hold ``v``, connected, holding ``block`` and every
    fixed ``v`` they touch (None past :data:`SHAPE_CAP`)."""
    bit = 1 << v
    start = frozenset(block)
    seen = {start}
    stack = [start]
    out = []
    while stack:
        area = stack.pop()
        if len(area) == v:
            out.append(area)
            if len(out) > SHAPE_CAP:
                return None
            continue
        for x in {j for i in area for j in near[i] if j not in area and cand[j] & bit}:
            grown = set(area)
            grown.add(x)
            todo = [x]
            while todo:  # a fixed v beside the area joins it
                i = todo.pop()
                for j in near[i]:
                    if j not in grown and cand[j] == bit:
                        grown.add(j)
                        todo.append(j)
            if len(grown) <= v:
                key = frozenset(grown)
                if key not in seen:
                    seen.add(key)
                    if len(seen) > 20 * SHAPE_CAP:
                        return None
                    stack.append(key)
    return out


def _parts(cells: set[int], near: Sequence[Sequence[int]]) -> list[list[int]]:
    """``cells`` split into their connected parts (``cells`` is used up)."""
    out = []
    while cells:
        comp = [cells.pop()]
        for i in comp:
            for j in near[i]:
                if j in cells:
                    cells.remove(j)
                    comp.append(j)
        out.append(comp)
    return out
