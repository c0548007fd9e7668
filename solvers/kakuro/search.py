"""A plain-Python Kakuro search: the deductions of :mod:`deduce`, then branching on the cell with
the fewest digits left. Counts solutions up to a limit; the generator's fast uniqueness test on
small boards (CP-SAT's start-up costs more than the whole search there)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from solvers.kakuro.board import Board
from solvers.kakuro.deduce import Contradiction, State, propagate, start

DEADLINE_EVERY = 16


@dataclass
class Count:
    solutions: list[tuple[int, ...]] = field(default_factory=list)
    complete: bool = True
    nodes: int = 0


def count(board: Board, limit: int = 2, deadline: float | None = None) -> Count:
    result = Count()
    stack = [start(board)]
    while stack:
        st = stack.pop()
        result.nodes += 1
        if deadline is not None and result.nodes % DEADLINE_EVERY == 0 and time.perf_counter() > deadline:
            result.complete = False
            return result
        try:
            propagate(board, st)
        except Contradiction:
            continue
        open_cells = [(m.bit_count(), i) for i, m in enumerate(st.dom) if m & (m - 1)]
        if not open_cells:
            result.solutions.append(tuple(m.bit_length() for m in st.dom))
            if len(result.solutions) >= limit:
                return result
            continue
        _, i = min(open_cells)
        m = st.dom[i]
        while m:
            bit = m & -m
            m ^= bit
            child = State(st.dom[:], [s[:] for s in st.sets])
            child.dom[i] = bit
            stack.append(child)
    return result
