"""Exact cover: choose options (sets of items) so that every item is covered exactly once.

:func:`presolve` applies the forced moves until nothing changes: an item only one option can
cover takes that option, and every option overlapping a taken one goes. It also tries each
option once ("probing") and drops it when taking it would leave some item uncoverable.
:func:`add_exact_cover` states what is left to CP-SAT as one ``add_exactly_one`` per item.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

Item = Hashable


@dataclass
class Reduction:
    """What presolve proved: options that must be taken, options still open, or a dead item."""

    taken: list[int] = field(default_factory=list)  # option indices every solution uses
    open: list[int] = field(default_factory=list)  # option indices still undecided
    dead: Item | None = None  # an item no option can cover any more: no solution at all
    covered: set[Item] = field(default_factory=set)  # items the taken options cover

    @property
    def solved(self) -> bool:
        return self.dead is None and not self.open


class _State:
    """Which options are alive and which items are covered, with undo-free forward propagation."""

    def __init__(self, items: Sequence[Item], options: Sequence[Sequence[Item]]) -> None:
        self.options = options
        self.by_item: dict[Item, set[int]] = {it: set() for it in items}
        for k, opt in enumerate(options):
            for it in opt:
                self.by_item[it].add(k)
        self.alive = set(range(len(options)))
        self.covered: set[Item] = set()
        self.taken: list[int] = []
        self.dead: Item | None = None

    def kill(self, k: int, queue: list[Item]) -> None:
        self.alive.discard(k)
        for it in self.options[k]:
            cands = self.by_item[it]
            cands.discard(k)
            if it not in self.covered and len(cands) <= 1:
                queue.append(it)

    def take(self, k: int, queue: list[Item]) -> None:
        self.taken.append(k)
        self.alive.discard(k)
        for it in self.options[k]:
            self.covered.add(it)
        for it in self.options[k]:
            for other in list(self.by_item[it]):
                if other != k and other in self.alive:
                    self.kill(other, queue)
            self.by_item[it] = {k}

    def propagate(self, queue: list[Item]) -> bool:
        """Take forced options until the queue is empty; False when an item cannot be covered."""
        while queue:
            it = queue.pop()
            if it in self.covered:
                continue
            cands = self.by_item[it]
            if not cands:
                self.dead = it
                return False
            if len(cands) == 1:
                self.take(next(iter(cands)), queue)
        return True


def presolve(items: Sequence[Item], options: Sequence[Sequence[Item]], probe: bool = True) -> Reduction:
    """Forced moves (and optionally one-step probing) on an exact-cover instance.

    Every deduction is forced by the instance itself, so ``taken`` options are in every solution
    and a ``dead`` item proves there is none.
    """
    state = _State(items, options)
    if not state.propagate([it for it in items if len(state.by_item[it]) <= 1]):
        return Reduction(state.taken, [], state.dead, state.covered)
    changed = probe
    while changed:
        changed = False
        for k in sorted(state.alive):
            if k in state.alive and _fails(state, k):
                queue: list[Item] = []
                state.kill(k, queue)
                if not state.propagate(queue):
                    return Reduction(state.taken, [], state.dead, state.covered)
                changed = True
    return Reduction(state.taken, sorted(state.alive), None, state.covered)


def _fails(state: _State, k: int) -> bool:
    """Would taking option ``k`` leave an uncovered item with no option? (One step, no chaining.)"""
    opt = state.options[k]
    mine = set(opt)
    dying = {other for it in opt for other in state.by_item[it] if other != k}
    hit: dict[Item, int] = {}  # uncovered item -> how many of its options die with k
    for other in dying:
        for it2 in state.options[other]:
            if it2 not in mine:
                hit[it2] = hit.get(it2, 0) + 1
    return any(n >= len(state.by_item[it2]) for it2, n in hit.items())


def add_exact_cover(
    model: cp_model.CpModel, items: Sequence[Item], options: Sequence[Sequence[Item]], open_: Sequence[int]
) -> dict[int, cp_model.IntVar]:
    """One Boolean per open option and ``add_exactly_one`` per item (pass only the items still uncovered)."""
    chosen = {k: model.new_bool_var(f"o{k}") for k in open_}
    by_item: dict[Item, list[cp_model.IntVar]] = {}
    for k, var in chosen.items():
        for it in options[k]:
            by_item.setdefault(it, []).append(var)
    for it in items:
        model.add_exactly_one(by_item.get(it, []))  # an item no open option covers makes it infeasible
    return chosen
