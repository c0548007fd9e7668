"""Kakuro deductions a person makes: each run's possible digit sets against each cell's digits.

A cell's digits are those some still-possible set of each of its runs holds; a set stays
possible only while every one of its digits has a cell that can take it and every cell of the run
can take one of its digits; a digit every set of a run needs, with one cell left for it, goes
there (a hidden single); a placed digit leaves the run's other cells. Repeated to a fixed point.
Each step follows from the rules, so a board this fills completely has exactly that solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.kakuro.board import FULL, Board, combos


class Contradiction(Exception):
    """No digit fits somewhere."""


@dataclass
class State:
    dom: list[int]  # per white cell: a bitmask of its possible digits
    sets: list[list[int]]  # per run: its possible digit sets

    def solved(self) -> bool:
        return all(m and not m & (m - 1) for m in self.dom)


def start(board: Board) -> State:
    sets = [list(combos(len(run.cells), run.total)) if len(run.cells) <= 9 else [] for run in board.runs]
    return State([FULL] * len(board.white), sets)


def propagate(board: Board, st: State, hidden: bool = True, trace: list[int] | None = None) -> None:
    """Tighten ``st`` to a fixed point; raises Contradiction. ``hidden``: also place hidden singles
    (off, the easy grade's rules: sets against cells only). ``trace``: the white cells in the order
    they are settled (the hints' order)."""
    dom, sets = st.dom, st.sets
    dirty = set(range(len(board.runs)))
    while dirty:
        k = dirty.pop()
        cells = board.runs[k].cells
        doms = [dom[i] for i in cells]
        union_dom = 0
        for m in doms:
            union_dom |= m
        alive = []
        for s in sets[k]:
            if s & ~union_dom:
                continue  # a digit of the set fits no cell
            if any(not m & s for m in doms):
                continue  # a cell takes none of the set's digits
            alive.append(s)
        if not alive:
            raise Contradiction
        sets[k] = alive
        allowed = 0
        needed = FULL
        for s in alive:
            allowed |= s
            needed &= s
        fixed = 0
        for m in doms:
            if not m & (m - 1):
                fixed |= m
        for pos, i in enumerate(cells):
            m = doms[pos] & allowed
            if m & (m - 1):
                m &= ~fixed  # a digit placed elsewhere in the run
                hidden_bits = m & needed if hidden else 0
                while hidden_bits:
                    bit = hidden_bits & -hidden_bits
                    hidden_bits ^= bit
                    if not any(doms[q] & bit for q in range(len(cells)) if q != pos):
                        m = bit  # the only cell left for a digit every set needs
                        break
            if not m:
                raise Contradiction
            if m != dom[i]:
                dom[i] = m
                doms[pos] = m
                if trace is not None and not m & (m - 1):
                    trace.append(i)
                for other in board.run_of[i]:
                    dirty.add(other)
        # two placed cells with the same digit
        seen = 0
        for m in doms:
            if not m & (m - 1):
                if seen & m:
                    raise Contradiction
                seen |= m
