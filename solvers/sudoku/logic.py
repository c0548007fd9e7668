"""Sudoku as a person solves it: the techniques in order of difficulty, for grades and hints.

As in Simon Tatham's Solo, a board's grade is the hardest technique a person needs:

* ``SINGLES`` (easy): a cell with one candidate left; a digit with one place left in a unit.
* ``INTERSECTIONS``/``SUBSETS`` (medium): a digit confined to where two units overlap (pointing
  and claiming); N cells of a unit holding only N digits, or N digits with only N cells (pairs,
  triples, quads, naked and hidden).
* ``FISH`` (hard): X-wing and swordfish, a digit's places in N rows covering only N columns.
* ``BEYOND`` (hard): none of these finish the board (it needs chains or trial and error).

The solver always uses the easiest technique that makes progress, so the steps it records are
the ones a hint should teach, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations

from solvers.sudoku.layout import Layout
from solvers.sudoku.search import digits


class Technique(IntEnum):
    SINGLES = 0
    INTERSECTIONS = 1
    SUBSETS = 2
    FISH = 3
    BEYOND = 4


GRADE = {Technique.SINGLES: "easy", Technique.INTERSECTIONS: "medium", Technique.SUBSETS: "medium",
         Technique.FISH: "hard", Technique.BEYOND: "hard"}
SUBSET_SIZES = (2, 3, 4)
FISH_SIZES = (2, 3)


@dataclass(frozen=True)
class Placement:
    """A digit placed by logic: where, which, how (``naked``/``hidden`` single), in which unit
    (hidden singles), and the hardest technique used since the previous placement."""

    cell: int
    digit: int
    how: str
    unit: int
    hardest: Technique


@dataclass
class Deduction:
    """What logic made of a board: the placements in order and the hardest technique used."""

    placements: list[Placement]
    hardest: Technique
    solved: bool
    contradiction: bool = False


class _State:
    def __init__(self, lay: Layout, givens: Sequence[int]) -> None:
        self.lay = lay
        self.cand = [lay.full] * lay.cells
        self.value = [0] * lay.cells
        self.bad = False
        for i, v in enumerate(givens):
            if v:
                self.set(i, v)

    def set(self, i: int, d: int) -> None:
        bit = 1 << (d - 1)
        if not self.cand[i] & bit:
            self.bad = True
        self.value[i] = d
        self.cand[i] = bit
        for p in self.lay.peers[i]:
            if self.cand[p] & bit:
                self.cand[p] &= ~bit
                if not self.cand[p]:
                    self.bad = True

    def remove(self, cells: Sequence[int], mask: int) -> bool:
        """Remove ``mask`` from the candidates of ``cells``; True when anything changed."""
        changed = False
        for i in cells:
            if self.cand[i] & mask and not self.value[i]:
                self.cand[i] &= ~mask
                changed = True
                if not self.cand[i]:
                    self.bad = True
        return changed

    # -- singles

    def single(self) -> tuple[int, int, str, int] | None:
        for i, m in enumerate(self.cand):
            if not self.value[i] and m and not m & (m - 1):
                return i, m.bit_length(), "naked", -1
        for u, unit in enumerate(self.lay.units):
            once = twice = 0
            for i in unit:
                if not self.value[i]:
                    m = self.cand[i]
                    twice |= once & m
                    once |= m
            only = once & ~twice
            if only:
                bit = only & -only
                i = next(i for i in unit if not self.value[i] and self.cand[i] & bit)
                return i, bit.bit_length(), "hidden", u
        return None

    # -- eliminations, easiest first

    def intersections(self) -> bool:
        units, unit_of = self.lay.units, self.lay.unit_of
        for a, unit in enumerate(units):
            free = [i for i in unit if not self.value[i]]
            for d in range(1, self.lay.n + 1):
                bit = 1 << (d - 1)
                where = [i for i in free if self.cand[i] & bit]
                if len(where) < 2:
                    continue
                shared = set(unit_of[where[0]]).intersection(*(unit_of[i] for i in where[1:])) - {a}
                for b in shared:
                    if self.remove([i for i in units[b] if i not in unit], bit):
                        return True
        return False

    def subsets(self) -> bool:
        for unit in self.lay.units:
            free = [i for i in unit if not self.value[i]]
            open_digits = 0
            for i in free:
                open_digits |= self.cand[i]
            # per digit, the free cells that may hold it (bit j: free[j])
            places = {d: sum(1 << j for j, i in enumerate(free) if self.cand[i] >> (d - 1) & 1)
                      for d in digits(open_digits)}
            for k in SUBSET_SIZES:
                if len(free) <= k:
                    break
                for group in combinations(free, k):  # naked: k cells, k digits
                    mask = 0
                    for i in group:
                        mask |= self.cand[i]
                    if mask.bit_count() == k and self.remove([i for i in free if i not in group], mask):
                        return True
                for ds in combinations(places, k):  # hidden: k digits, k cells
                    spots = 0
                    for d in ds:
                        spots |= places[d]
                    if spots.bit_count() == k:
                        mask = sum(1 << (d - 1) for d in ds)
                        if self.remove([i for j, i in enumerate(free) if spots >> j & 1], ~mask & self.lay.full):
                            return True
        return False

    def fish(self) -> bool:
        n = self.lay.n
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            for base, div in ((range(n), 1), (range(n, 2 * n), n)):  # rows cover columns and back

                def cover(i: int, div: int = div) -> int:
                    return (i // div) % n

                lines: list[tuple[int, frozenset[int]]] = []
                for u in base:
                    spots = frozenset(cover(i) for i in self.lay.units[u] if not self.value[i] and self.cand[i] & bit)
                    if len(spots) >= 2:
                        lines.append((u, spots))
                for k in FISH_SIZES:
                    for group in combinations(lines, k):
                        spots = frozenset().union(*(s for _, s in group))
                        if len(spots) != k:
                            continue
                        rows = {u for u, _ in group}
                        victims = [i for u in base if u not in rows for i in self.lay.units[u]
                                   if cover(i) in spots]
                        if self.remove(victims, bit):
                            return True
        return False


STEPS = ((Technique.INTERSECTIONS, _State.intersections), (Technique.SUBSETS, _State.subsets),
         (Technique.FISH, _State.fish))


def deduce(lay: Layout, givens: Sequence[int], ceiling: Technique = Technique.FISH) -> Deduction:
    """Solve by logic using techniques up to ``ceiling``; records every placement in order."""
    st = _State(lay, givens)
    placements: list[Placement] = []
    hardest = Technique.SINGLES
    since = Technique.SINGLES
    while not st.bad:
        found = st.single()
        if found is not None:
            i, d, how, unit = found
            st.set(i, d)
            placements.append(Placement(i, d, how, unit, since))
            since = Technique.SINGLES
            continue
        if all(st.value):
            break
        for tech, step in STEPS:
            if tech <= ceiling and step(st):
                hardest = max(hardest, tech)
                since = max(since, tech)
                break
        else:
            hardest = Technique.BEYOND
            break
    solved = not st.bad and all(st.value)
    return Deduction(placements, hardest if solved or st.bad else Technique.BEYOND, solved, st.bad)

