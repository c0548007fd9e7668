"""LITS generator: a random answer first, then rooms grown around its pieces while it stays the only one.

1. Pieces (:func:`draw_pieces`): tetrominoes added one at a time next to the ones placed so far,
   never filling a 2x2 block, never touching a piece of the same shape, until none fits (hard
   boards: until ``HARD_DENSITY`` of the cells, so rooms are bigger). Each
   piece starts as its own room (one placement each, so the answer is unique); the other cells
   are outside every room (never shaded).
2. Growth (:class:`Growth`): an outside cell joins a neighbouring room when no answer uses a
   placement through it in that room. Usually one does: our piece shifted onto the cell, tried
   first without a search; else :func:`solvers.lits.bits.probed` on that room's new placements
   only. A join only adds answers, so a refused join stays refused while the answers it would
   add are still answers (each of their pieces still inside its room).
3. Stuck (no outside cell can join any room): the cell joins anyway and the second answer that
   join allowed becomes ours (one moving the fewest shaded cells, never one held before, which
   would go round in circles); the cells the old answer (and any further answer) shades and the
   new one does not leave their rooms, which removes those answers, and growth goes on. A draw
   that does not settle within ``SWITCHES`` of these per cell is dropped.

Grades: the share of rooms the deductions (:func:`solvers.lits.deduce.start`) leave open.
"""

from __future__ import annotations

import random
from functools import lru_cache

from solvers.generation import Candidate, GeneratedPuzzle, search
from solvers.lits.bits import Answer, Geometry, probed
from solvers.lits.deduce import Board, Contradiction, OutOfBudget, start
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions

Cell = tuple[int, int]
THRESHOLDS = (0.0, 0.5)  # share of rooms the deductions leave open: easy none, medium up to half
BUDGET = 20.0
HARD_DENSITY = 0.52  # 13 pieces at 10x10 instead of ~14: more big rooms, more boards grade hard
SWITCHES = 0.5  # answers adopted while stuck, per cell of the board, before the draw is dropped
NODES = 20  # search nodes per question and cell before probing; past them again the join is refused


@lru_cache(maxsize=8)
def geometry(rows: int, cols: int) -> Geometry:
    return Geometry.of(rows, cols)


def draw_pieces(geo: Geometry, rng: random.Random, most: int = 10**9) -> list[int]:
    """A random set of connected pieces with no 2x2 block and no equal shapes touching: until none
    fits, or ``most`` of them."""
    masks, shapes = geo.masks, geo.shapes
    first = rng.randrange(len(masks))
    pieces = [first]
    shaded = masks[first]
    same = [0, 0, 0, 0]
    same[shapes[first]] = shaded
    valid = list(range(len(masks)))
    while True:
        valid = [q for q in valid if not masks[q] & shaded and geo.fits(q, shaded, same[shapes[q]])]
        touching = [q for q in valid if geo.around[q] & shaded]
        if not touching or len(pieces) >= most:
            return pieces
        p = rng.choice(touching)
        pieces.append(p)
        shaded |= masks[p]
        same[shapes[p]] |= masks[p]


class Growth:
    """Rooms around the pieces of one answer, grown one cell at a time while that answer is the only one."""

    def __init__(self, geo: Geometry, pieces: list[int], rng: random.Random) -> None:
        self.geo, self.rng = geo, rng
        self.ours: Answer = tuple(pieces)
        self.room = [geo.masks[p] for p in pieces]
        self.cands = [[p] for p in pieces]
        self.label = [-1] * (geo.rows * geo.cols)
        for k, p in enumerate(pieces):
            for i in geo.cells[p]:
                self.label[i] = k
        self.failed: dict[tuple[int, int], Answer] = {}
        self.switches = 0
        self.nodes = NODES * geo.rows * geo.cols
        self.held = {self.ours}  # answers taken so far: going back to one only goes round in circles

    def _nbrs(self, i: int) -> list[int]:
        cols = self.geo.cols
        r, c = divmod(i, cols)
        return [j for j, ok in ((i - cols, r > 0), (i + cols, r + 1 < self.geo.rows), (i - 1, c > 0),
                                (i + 1, c + 1 < cols)) if ok]

    def _new(self, i: int, k: int) -> list[int]:
        """The placements a join of cell i to room k adds."""
        room = self.room[k] | 1 << i
        return [p for p in self.geo.through[i] if not self.geo.masks[p] & ~room]

    def _try(self, i: int, k: int) -> bool:
        """Join cell i to room k if no answer uses a placement it adds; else remember one that does."""
        new = self._new(i, k)
        if new:
            alt = self._swap(k, new)
            if alt is None:
                trial = self.cands[:]
                trial[k] = new
                try:
                    found = probed(self.geo, trial, limit=1, budget=self.nodes, first=k)
                except OutOfBudget:
                    return False
                alt = found[0] if found else None
            if alt is not None:
                self.failed[(i, k)] = alt
                return False
        self._join(i, k, new)
        return True

    def _swap(self, k: int, new: list[int]) -> Answer | None:
        """Our answer with room k's piece replaced by one of ``new``, if that is an answer (the usual
        second answer a join allows: the piece shifted onto the cell), found without a search."""
        geo = self.geo
        rest = 0
        same = [0, 0, 0, 0]
        for j, p in enumerate(self.ours):
            if j != k:
                rest |= geo.masks[p]
                same[geo.shapes[p]] |= geo.masks[p]
        for q in new:
            if geo.fits(q, rest, same[geo.shapes[q]]):
                union = rest | geo.masks[q]
                if geo.flood(geo.masks[q], union) == union:
                    return self.ours[:k] + (q,) + self.ours[k + 1:]
        return None

    def _still_fails(self, i: int, k: int) -> bool:
        """Whether the answer a join of i to room k once allowed is still one with that join (each of
        its pieces still inside its room): then the join still adds it."""
        alt = self.failed.get((i, k))
        if alt is None:
            return False
        masks, room = self.geo.masks, self.room
        inside = [room[j] | (1 << i if j == k else 0) for j in range(len(room))]
        if all(not masks[p] & ~inside[j] for j, p in enumerate(alt)):
            return True
        del self.failed[(i, k)]
        return False

    def _join(self, i: int, k: int, new: list[int]) -> None:
        self.room[k] |= 1 << i
        self.cands[k] = self.cands[k] + new
        self.label[i] = k

    def grow(self) -> bool:
        """Every cell in a room and our answer the only one; False when the draw is dropped."""
        while -1 in self.label:
            outside = [i for i, k in enumerate(self.label) if k < 0]
            self.rng.shuffle(outside)
            progress = False
            for i in outside:
                if self.label[i] >= 0:
                    continue
                near = sorted({self.label[j] for j in self._nbrs(i) if self.label[j] >= 0})
                self.rng.shuffle(near)
                near.sort(key=lambda k: self.room[k].bit_count())  # small rooms first
                for k in near:
                    if not self._still_fails(i, k) and self._try(i, k):
                        progress = True
                        break
            if not progress and not self._switch():
                return False
        return True

    def _switch(self) -> bool:
        """Stuck: join a cell anyway and take the second answer it allows as ours (the one that moves
        the fewest shaded cells), then cut every other answer by taking cells out of rooms.

        Before the join ours was the only answer, so afterwards the others all use a placement the
        join added: the search after each cut looks at those placements of that room only."""
        if not self.failed or self.switches >= SWITCHES * len(self.label):
            return False
        self.switches += 1
        shade = self._shade(self.ours)
        ways = [key for key in list(self.failed) if self.label[key[0]] < 0 and self._still_fails(*key)]
        moved = {key: (shade & ~self._shade(self.failed[key])).bit_count() for key in ways
                 if self.failed[key] not in self.held}
        if not moved:  # every way out returns to an answer held before: any of them
            moved = dict.fromkeys(ways, 0)
        if not moved:
            return False
        least = min(moved.values())
        (i, k) = self.rng.choice(sorted(key for key, n in moved.items() if n == least))
        old, self.ours = self.ours, self.failed[(i, k)]
        self.held.add(self.ours)
        new = self._new(i, k)
        self._join(i, k, new)
        self._release(self._shade(old) & ~self._shade(self.ours))
        while True:
            trial = self.cands[:]
            trial[k] = [p for p in new if not self.geo.masks[p] & ~self.room[k]]
            try:
                found = probed(self.geo, trial, limit=2, budget=self.nodes, first=k)
            except OutOfBudget:
                return False
            other = next((a for a in found if a != self.ours), None)
            if other is None:
                return True
            self._release(self._shade(other) & ~self._shade(self.ours))

    def _release(self, drop: int) -> None:
        """Take the cells ``drop`` (none of ours) out of their rooms, with whatever part of a room that
        cuts off from its piece."""
        masks = self.geo.masks
        for j, room in enumerate(self.room):
            if room & drop:
                left = self.geo.flood(masks[self.ours[j]], room & ~drop)
                self.room[j] = left
                self.cands[j] = [p for p in self.cands[j] if not masks[p] & ~left]
                gone = room & ~left
                while gone:
                    low = gone & -gone
                    self.label[low.bit_length() - 1] = -1
                    gone ^= low

    def _shade(self, answer: Answer) -> int:
        out = 0
        for p in answer:
            out |= self.geo.masks[p]
        return out

    def regions(self) -> tuple[tuple[int, ...], ...]:
        """Room numbers 1.. in reading order of their first cell."""
        ids: dict[int, int] = {}
        cols = self.geo.cols
        return tuple(tuple(ids.setdefault(self.label[r * cols + c], len(ids) + 1) for c in range(cols))
                     for r in range(self.geo.rows))

    def shaded(self) -> list[Cell]:
        return [divmod(i, self.geo.cols) for p in self.ours for i in self.geo.cells[p]]


def effort(regions: tuple[tuple[int, ...], ...]) -> float:
    """The share of rooms the deductions leave open."""
    try:
        state = start(Board.of(regions))
    except Contradiction:
        return 1.0
    return sum(1 for left in state.left if left > 1) / len(state.left)


def attempt(rows: int, cols: int, rng: random.Random, density: float = 1.0) -> Growth | None:
    """One draw: rooms with exactly one answer, or None when it did not settle. ``density``: the
    share of cells the pieces may cover at most (fewer pieces, bigger rooms: harder boards)."""
    geo = geometry(rows, cols)
    growth = Growth(geo, draw_pieces(geo, rng, int(density * rows * cols / 4)), rng)
    return growth if growth.grow() else None


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    def candidate(rng: random.Random) -> Candidate[Cell] | None:
        growth = attempt(rows, cols, rng, HARD_DENSITY if difficulty == "hard" else 1.0)
        if growth is None:
            return None
        regions = growth.regions()
        puzzle = Puzzle("lits", tuple((0,) * cols for _ in range(rows)), regions=regions)
        solution = ShadeSolution.from_cells(rows, cols, growth.shaded())
        return Candidate.made(puzzle, solution, effort(regions), pieces=len(growth.ours),
                              switches=growth.switches)

    return search("lits", rows, cols, difficulty, seed, THRESHOLDS, candidate, attempts=200, budget=BUDGET,
                  grade_attempts=6, until_found=True)
