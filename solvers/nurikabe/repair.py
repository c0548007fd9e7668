"""Rounds of cuts re-solved near the cut first: the last answer kept everywhere else.

Each round of lazy cuts (:func:`solvers.connectivity.solve_connected`) used to re-solve the whole
board, and on a large board with many islands every call costs about the same as the first
(50x50 stress board p0.35-s4: 46-52k conflicts, ~2.2 s CPU each, however few the new cuts; the
cost is placing the islands again, not the cuts). A cut only forbids what the last answer did
at a few places, so the next answer can usually keep the rest: the round first solves with the
colours of every open cell farther than ``REACH`` steps from the new cuts' cells fixed to the
last answer (CP-SAT assumptions, within ``WORK`` of deterministic time), and only if that finds
nothing re-solves the whole board. An answer of the restricted solve is an answer of the whole
model (assumptions only restrict), so the loop and its checks are unchanged; an "infeasible" or
unsettled restricted solve proves nothing and is dropped. The uniqueness search's rounds use it
too: an answer found so is a real second answer, and a "none" still comes only from the whole model.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ortools.sat.python import cp_model

from solvers.connectivity import Lit
from solvers.cpsat import Budget, found, run
from solvers.nurikabe.board import FREE, Board

# steps from a new cut's cells within which the repair may change colours: p0.35-s4 4.96 s of CPU
# at 3, 5.6 at 6, 5.0 at 2 with WORK 0.3 (bench/results/nurikabe.md, pass nk12)
REACH = 3
WORK = 0.5  # CP-SAT deterministic time for one repair, at most (a full call on p0.35-s4: ~2.5)

SolverStatus = Any
Finder = Callable[[cp_model.CpSolver], Sequence[Sequence[Lit]]]


class Repair:
    """A cut finder and a one-solve runner for :func:`solve_connected` that re-solve near the cuts first."""

    def __init__(self, board: Board, white: Sequence[cp_model.IntVar], cells_of: Mapping[int, int],
                 finder: Finder, params: Mapping[str, Any]) -> None:
        """``cells_of``: variable index to cell for every literal a cut may hold (unknown ones are ignored)."""
        # (a solve under assumptions must not narrow the proof's domains: cpsat.narrow reads them)
        assert not params.get("fill_tightened_domains_in_response"), "a repair would narrow to its restriction"
        self.board, self.white, self.cells_of, self.finder, self.params = board, white, cells_of, finder, params
        self.last: list[bool] | None = None
        self.focus: set[int] = set()

    def find(self, solver: cp_model.CpSolver) -> Sequence[Sequence[Lit]]:
        clauses = self.finder(solver)
        self.last = [bool(solver.boolean_value(w)) for w in self.white] if clauses else None
        self.focus = set()
        for clause in clauses:
            for lit in clause:
                index = lit.index if lit.index >= 0 else -lit.index - 1
                cell = self.cells_of.get(index)
                if cell is not None:
                    self.focus.add(cell)
        return clauses

    def solve(self, model: cp_model.CpModel, budget: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
        last, self.last = self.last, None
        if last is not None and self.focus:
            near = self._near()
            color = self.board.color
            model.add_assumptions([w if last[i] else w.Not() for i, w in enumerate(self.white)
                                   if color[i] == FREE and i not in near])
            status, solver = run(model, budget.part(budget.remaining(), work=WORK), params=self.params)
            model.clear_assumptions()
            if found(status):
                return status, solver
        return run(model, budget, params=self.params)

    def _near(self) -> set[int]:
        """The cells within ``REACH`` steps of the focus."""
        adj = self.board.adj
        dist = dict.fromkeys(self.focus, 0)
        queue = deque(self.focus)
        while queue:
            i = queue.popleft()
            if dist[i] < REACH:
                for j in adj[i]:
                    if j not in dist:
                        dist[j] = dist[i] + 1
                        queue.append(j)
        return set(dist)
