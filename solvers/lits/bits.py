"""Tetromino placements on a fixed grid as bit masks, and a small exact answer search over them.

The generator asks thousands of "is there another answer?" questions on boards that change by
one cell at a time; building :class:`solvers.lits.deduce.Board` for each costs more than the
question. Here every placement of the grid is computed once (a mask, its shape, the 2x2 blocks it
meets, the cells around it) and a board is just a list of allowed placements per room.

:func:`answers` is a depth-first search: a room with one placement left takes it; placements that
complete a 2x2 block or touch an equal shape of a chosen piece go; placements outside the area of
possible cells that holds the shaded cells (and the cells a room shades whatever it takes) go;
then it branches on the room with the fewest placements per wipe-out it caused (dom/wdeg). A
complete choice counts when its shaded cells are connected. It is exact (every rule is checked
at the leaves, pruning uses rule consequences only), so "no answer" is a proof. :func:`probed`
adds failed-placement probing for the questions the search alone does not settle quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import and_, or_

from solvers.lits.deduce import OutOfBudget
from solvers.lits.shapes import ORIENTATIONS

Answer = tuple[int, ...]  # one placement id per room


@dataclass(frozen=True)
class Geometry:
    """Every placement of an L, I, T or S on a ``rows`` x ``cols`` grid (cell bit r * cols + c)."""

    rows: int
    cols: int
    masks: tuple[int, ...]
    shapes: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    around: tuple[int, ...]  # per placement: the cells next to it (outside it)
    blocks: tuple[tuple[int, ...], ...]  # per placement: the 2x2 blocks it meets, as masks
    zone: tuple[int, ...]  # per placement: the cells of those blocks (a placement off it cannot clash)
    through: tuple[tuple[int, ...], ...]  # per cell: the placements covering it
    not_first: int  # every cell but those of the first column
    not_last: int  # every cell but those of the last column
    full: int

    @classmethod
    def of(cls, rows: int, cols: int) -> Geometry:
        masks: list[int] = []
        shapes: list[int] = []
        cells: list[tuple[int, ...]] = []
        for shape, form in ORIENTATIONS:
            height = max(r for r, _ in form) + 1
            width = max(c for _, c in form) + 1
            for top in range(rows - height + 1):
                for left in range(cols - width + 1):
                    spots = tuple(sorted((top + r) * cols + left + c for r, c in form))
                    masks.append(sum(1 << i for i in spots))
                    shapes.append(shape)
                    cells.append(spots)
        full = (1 << rows * cols) - 1
        first = sum(1 << r * cols for r in range(rows))
        last = first << (cols - 1)
        geo = cls(rows, cols, tuple(masks), tuple(shapes), tuple(cells), (), (), (), (), full & ~first,
                  full & ~last, full)
        around = tuple(geo.spread(m) & ~m for m in masks)
        blocks = []
        for spots in cells:
            met = set()
            for i in spots:
                r, c = divmod(i, cols)
                for top in (r - 1, r):
                    for left in (c - 1, c):
                        if 0 <= top < rows - 1 and 0 <= left < cols - 1:
                            j = top * cols + left
                            met.add((1 << j) | (1 << j + 1) | (1 << j + cols) | (1 << j + cols + 1))
            blocks.append(tuple(sorted(met)))
        through: list[list[int]] = [[] for _ in range(rows * cols)]
        for p, spots in enumerate(cells):
            for i in spots:
                through[i].append(p)
        zone = tuple(reduce(or_, bl, m) for bl, m in zip(blocks, masks, strict=True))
        return cls(rows, cols, tuple(masks), tuple(shapes), tuple(cells), around, tuple(blocks), zone,
                   tuple(tuple(t) for t in through), geo.not_first, geo.not_last, full)

    def spread(self, m: int) -> int:
        """``m`` and its orthogonal neighbours."""
        return (m | (m << 1) & self.not_first | (m >> 1) & self.not_last | m << self.cols | m >> self.cols) & self.full

    def flood(self, seed: int, allowed: int) -> int:
        """The cells of ``allowed`` connected to ``seed`` (a subset of it)."""
        m = seed
        while True:
            grown = self.spread(m) & allowed
            if grown == m:
                return m
            m = grown

    def fits(self, p: int, shaded: int, same: int) -> bool:
        """Placement p can join the pieces ``shaded`` (all of them) whose pieces of p's shape are ``same``:
        no 2x2 block filled and no equal shape touching."""
        if self.around[p] & same:
            return False
        union = shaded | self.masks[p]
        return not any(union & b == b for b in self.blocks[p])

    def within(self, room: int) -> list[int]:
        """Every placement inside the cells ``room``."""
        low = room & -room
        start = low.bit_length() - 1
        out: list[int] = []
        for i in range(start, self.rows * self.cols):
            if room >> i & 1:
                out.extend(p for p in self.through[i] if self.cells[p][0] == i and self.masks[p] & ~room == 0)
        return out


# the rooms not chosen yet: (room, placements still possible, cells of any of them, cells of all of them)
Open = list[tuple[int, list[int], int, int]]


def answers(geo: Geometry, rooms: list[list[int]], limit: int = 2, budget: int = 20_000,
            first: int = -1) -> list[Answer]:
    """Up to ``limit`` answers choosing one placement per room from ``rooms``; raises OutOfBudget.

    ``first``: a room to branch on before any other (the one a question is about: its
    contradictions are near it, while branching elsewhere first repeats them in every branch)."""
    found: list[Answer] = []
    nodes = 0
    masks, shapes = geo.masks, geo.shapes
    weight = [1] * len(rooms)  # wipe-outs per room: branch where the trouble is (dom/wdeg)

    def entry(k: int, cands: list[int]) -> tuple[int, list[int], int, int]:
        m = [masks[p] for p in cands]
        return k, cands, reduce(or_, m, 0), reduce(and_, m, -1) if m else 0

    def place(p: int, shaded: int, same: list[int], rest: Open) -> tuple[int, list[int], Open] | None:
        """The state after choosing p: the other rooms keep the placements that still fit."""
        now = shaded | masks[p]
        same_now = same[:]
        same_now[shapes[p]] |= masks[p]
        zone = geo.zone[p]
        nxt = []
        for room in rest:
            j, c, reach, _ = room
            if reach & zone:
                keep = [q for q in c if not masks[q] & zone or geo.fits(q, now, same_now[shapes[q]])]
                if not keep:
                    weight[j] += 1
                    return None
                if len(keep) < len(c):
                    nxt.append(entry(j, keep))
                    continue
            nxt.append(room)
        return now, same_now, nxt

    def walk(chosen: dict[int, int], shaded: int, same: list[int], open_: Open) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise OutOfBudget
        chosen = dict(chosen)
        while True:  # rooms with one placement left take it; then the connectivity pruning
            unit = next((n for n, room in enumerate(open_) if len(room[1]) == 1), -1)
            if unit >= 0:
                k, (p,), _, _ = open_[unit]
                state = place(p, shaded, same, open_[:unit] + open_[unit + 1:])
                if state is None:
                    return False
                shaded, same, open_ = state
                chosen[k] = p
                continue
            if not open_:
                if geo.flood(shaded & -shaded, shaded) != shaded:
                    return False
                found.append(tuple(chosen[k] for k in range(len(rooms))))
                return len(found) >= limit
            must = reduce(or_, (room[3] for room in open_), shaded)  # shaded, and covered whatever is chosen
            if not must:
                break
            possible = reduce(or_, (room[2] for room in open_), shaded)
            area = geo.flood(must & -must, possible)
            if must & ~area:
                return False
            if area == possible:
                break
            pruned = []
            for room in open_:
                k, cands, reach, _ = room
                if reach & ~area:
                    keep = [p for p in cands if masks[p] & area]
                    if not keep:
                        weight[k] += 1
                        return False
                    pruned.append(entry(k, keep))
                else:
                    pruned.append(room)
            open_ = pruned
        k, cands, _, _ = next((room for room in open_ if room[0] == first), None) or min(
            open_, key=lambda room: len(room[1]) / weight[room[0]])
        rest = [room for room in open_ if room[0] != k]
        for p in cands:
            state = place(p, shaded, same, rest)
            if state is not None:
                chosen[k] = p
                if walk(chosen, *state):
                    return True
        return False

    walk({}, 0, [0, 0, 0, 0], [entry(k, list(cands)) for k, cands in enumerate(rooms)])
    return found


PROBE_NODES = 300  # nodes of each placement's probe in :func:`probed`


def probed(geo: Geometry, rooms: list[list[int]], limit: int = 2, budget: int = 20_000,
           first: int = -1) -> list[Answer]:
    """:func:`answers`, and when its budget runs out, every placement probed on its own (a short
    search with its room fixed to it): placements no answer uses go, then the search once more.

    Proving that a board has no second answer often comes down to one dead end per room that
    the depth-first search meets again in every branch of rooms far away; a probe meets it once."""
    try:
        return answers(geo, rooms, limit, budget, first)
    except OutOfBudget:
        pass
    rooms = [list(c) for c in rooms]
    seen: list[Answer] = []
    for k, cands in enumerate(rooms):
        if len(cands) < 2:
            continue
        keep = []
        for p in cands:
            if any(a[k] == p for a in seen):
                keep.append(p)
                continue
            trial = rooms[:]
            trial[k] = [p]
            try:
                got = answers(geo, trial, 1, PROBE_NODES)
            except OutOfBudget:
                keep.append(p)
                continue
            if got:
                keep.append(p)
                if got[0] not in seen:
                    seen.append(got[0])
                if len(seen) >= limit:
                    return seen
        if not keep:
            return []
        rooms[k] = keep
    return answers(geo, rooms, limit, budget, first)
