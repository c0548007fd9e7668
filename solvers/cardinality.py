"""Boolean cardinality constraints in plain Python: propagation, failed-literal probing and a
small backtracking search that counts solutions up to two.

Some genres are nothing but "between lo and hi of these cells" rules (one light per run, every
cell lit, a clue's count; so many marks per row, column and region). On such boards a CP-SAT
call costs more in model building than the whole solve: propagation and failed-literal probing
settle most published boards outright, and what they leave is small. Every deduction here is a
consequence of the constraints, so a board settled without branching has exactly one solution.

Values: -1 unknown, 0 false, 1 true. The search is exhaustive: it returns every solution up to
``limit`` and says whether it finished (``complete``), so "one solution, complete" is a
uniqueness proof and "no solution, complete" a proof of none.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

UNKNOWN = -1


class Conflict(Exception):
    """The constraints admit no assignment extending the current one."""


@dataclass
class Outcome:
    """What :meth:`Cardinality.search` found: solutions (value lists), and whether it finished."""

    solutions: list[list[int]]
    complete: bool
    nodes: int = 0


@dataclass
class Cardinality:
    """A set of constraints ``lo <= sum(vars) <= hi`` over Booleans, with an undo trail.

    ``steps`` counts the deductions beyond propagation (``probe``: failed literals) and the
    search's ``branch`` points: the raw material of a difficulty grade.
    """

    size: int
    vars: list[tuple[int, ...]] = field(default_factory=list)
    lo: list[int] = field(default_factory=list)
    hi: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.value = [UNKNOWN] * self.size
        self.watch: list[list[int]] = [[] for _ in range(self.size)]
        self.true: list[int] = []
        self.free: list[int] = []
        self.trail: list[int] = []
        self.steps = {"probe": 0, "branch": 0}
        self.fixes: list[tuple[int, int]] = []  # (trail position, variable) of each failed-literal fix
        self.order: list[int] = list(range(self.size))  # the variables probing tries, in this order

    def add(self, cells: Sequence[int], lo: int, hi: int) -> None:
        """``lo <= sum(cells) <= hi``; raises :class:`Conflict` when it can never hold."""
        cells = tuple(cells)
        if lo > len(cells) or hi < 0 or lo > hi:
            raise Conflict
        k = len(self.vars)
        self.vars.append(cells)
        self.lo.append(lo)
        self.hi.append(hi)
        self.true.append(sum(1 for v in cells if self.value[v] == 1))
        self.free.append(sum(1 for v in cells if self.value[v] == UNKNOWN))
        for v in cells:
            self.watch[v].append(k)
        self._check([k])

    # -- propagation

    def set(self, var: int, val: int) -> None:
        """Assign ``var`` and everything that follows; raises :class:`Conflict` (the caller undoes)."""
        if self.value[var] != UNKNOWN:
            if self.value[var] != val:
                raise Conflict
            return
        self._assign(var, val)

    def _assign(self, var: int, val: int) -> None:
        """Propagate depth first (last implied, first assigned)."""
        queue = [(var, val)]
        value, watch, true, free, lo, hi, cvars = (self.value, self.watch, self.true, self.free, self.lo, self.hi,
                                                   self.vars)
        trail = self.trail
        while queue:
            v, x = queue.pop()
            cur = value[v]
            if cur != UNKNOWN:
                if cur != x:
                    raise Conflict
                continue
            value[v] = x
            trail.append(v)
            broken = False
            for k in watch[v]:  # every count is updated before a conflict is raised, so undo is exact
                f = free[k] - 1
                free[k] = f
                t = true[k] + x
                true[k] = t
                if t > hi[k] or t + f < lo[k]:
                    broken = True
                elif f and not broken:
                    if t == hi[k]:
                        queue.extend((u, 0) for u in cvars[k] if value[u] == UNKNOWN)
                    elif t + f == lo[k]:
                        queue.extend((u, 1) for u in cvars[k] if value[u] == UNKNOWN)
            if broken:
                raise Conflict

    def _check(self, ks: Sequence[int]) -> None:
        """Propagate constraints ``ks`` as they stand (after adding them)."""
        for k in ks:
            t, f = self.true[k], self.free[k]
            if t > self.hi[k] or t + f < self.lo[k]:
                raise Conflict
            if f and t == self.hi[k]:
                for u in self.vars[k]:
                    if self.value[u] == UNKNOWN:
                        self.set(u, 0)
            elif f and t + f == self.lo[k]:
                for u in self.vars[k]:
                    if self.value[u] == UNKNOWN:
                        self.set(u, 1)

    def _entailed(self, k: int) -> bool:
        """Constraint ``k`` holds whatever its open variables become (it can propagate no more)."""
        t = self.true[k]
        return t >= self.lo[k] and t + self.free[k] <= self.hi[k]

    def mark(self) -> int:
        return len(self.trail)

    def undo(self, mark: int) -> None:
        """Take back every assignment made since ``mark``."""
        value, watch, true, free, trail = self.value, self.watch, self.true, self.free, self.trail
        while self.fixes and self.fixes[-1][0] >= mark:
            self.fixes.pop()
        while len(trail) > mark:
            v = trail.pop()
            x = value[v]
            value[v] = UNKNOWN
            for k in watch[v]:
                free[k] += 1
                true[k] -= x

    def try_set(self, var: int, val: int) -> bool:
        """Assign with propagation; on a conflict undo it and return False."""
        m = self.mark()
        try:
            self.set(var, val)
        except Conflict:
            self.undo(m)
            return False
        return True

    def unknowns(self) -> list[int]:
        return [v for v in range(self.size) if self.value[v] == UNKNOWN]

    # -- deduction beyond propagation

    def probe(self, deadline: float | None = None) -> bool:
        """Failed literals to a fixed point: a value whose propagation conflicts gives the other.

        Sweeps the open variables in order until a sweep fixes nothing. Returns True when
        something was fixed; raises :class:`Conflict` when both values of a variable fail. Stops
        early (sound, just weaker) after ``deadline``.
        """
        value, trail = self.value, self.trail
        fixed_any = changed = False
        count = 0
        while True:
            changed = False
            for v in self.order:
                if value[v] != UNKNOWN:
                    continue
                count += 1
                if deadline is not None and count % 32 == 0 and time.perf_counter() > deadline:
                    return fixed_any
                for val in (1, 0):
                    m = len(trail)
                    try:
                        self._assign(v, val)
                    except Conflict:
                        self.undo(m)
                        self.fixes.append((m, v))
                        self.set(v, 1 - val)  # a conflict here: the board has none
                        self.steps["probe"] += 1
                        changed = fixed_any = True
                        break
                    self.undo(m)
            if not changed:
                return fixed_any

    # -- search

    def _branch_var(self) -> int:
        """An unknown of the unmet constraint with the fewest free cells (most constrained first)."""
        best, best_free = -1, 1 << 30
        for k in range(len(self.vars)):
            f = self.free[k]
            if f and self.true[k] < self.lo[k] and f < best_free:
                best, best_free = k, f
                if f == 2:
                    break
        if best < 0:
            return next(v for v in range(self.size) if self.value[v] == UNKNOWN)
        return next(u for u in self.vars[best] if self.value[u] == UNKNOWN)

    def search(self, limit: int = 2, deadline: float | None = None, max_nodes: int = 1 << 30,
               probe_nodes: bool = True) -> Outcome:
        """Every solution up to ``limit`` below the current assignment (restored afterwards).

        ``probe_nodes``: run failed-literal probing at each node (fewer nodes, dearer ones).
        ``complete`` is False when the deadline or ``max_nodes`` stopped the search first.
        """
        out = Outcome([], True)
        base = self.mark()

        def dfs() -> bool:  # False: stop (limit reached or out of time)
            out.nodes += 1
            if out.nodes > max_nodes or (deadline is not None and out.nodes % 64 == 0
                                         and time.perf_counter() > deadline):
                out.complete = False
                return False
            m = self.mark()
            if probe_nodes:
                try:
                    self.probe(deadline)
                except Conflict:
                    self.undo(m)
                    return True
            if UNKNOWN not in self.value:
                out.solutions.append(self.value[:])
                self.undo(m)
                return len(out.solutions) < limit
            v = self._branch_var()
            self.steps["branch"] += 1
            here = self.mark()
            for val in (1, 0):
                if self.try_set(v, val):
                    go = dfs()
                    self.undo(here)
                    if not go:
                        self.undo(m)
                        return False
            self.undo(m)
            return True

        dfs()
        self.undo(base)
        return out


def to_cpsat(card: Cardinality) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """The constraints as a CP-SAT model, the current assignment fixed (for boards the small
    search leaves open): one Boolean per variable, one linear constraint per rule."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    xs = [model.new_bool_var(f"x{v}") for v in range(card.size)]
    for v, val in enumerate(card.value):
        if val != UNKNOWN:
            model.add(xs[v] == val)
    for cells, lo, hi in zip(card.vars, card.lo, card.hi, strict=True):
        terms = [xs[v] for v in cells]
        if hi == 1 and lo == 0:
            model.add_at_most_one(terms)
        elif lo == hi == 1:
            model.add_exactly_one(terms)
        elif lo >= 1 and hi >= len(cells):
            if lo == 1:
                model.add_bool_or(terms)
            else:
                model.add(sum(terms) >= lo)
        else:
            model.add_linear_constraint(sum(terms), lo, hi)
    return model, xs
