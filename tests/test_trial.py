"""solvers.trial: undo to a mark, trials that take themselves back, the failed-literal pass."""

from __future__ import annotations

import pytest

from solvers import trial


class Chain(trial.Trail[int]):
    """A toy deducer: x[i] == x[i + 1] for every i, and x[0] must be True."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.x: list[bool | None] = [None] * n

    def set(self, i: int, v: bool) -> None:
        if self.x[i] is None:
            self.change(self.x, i, v)
            self.queue.append(i)
        elif self.x[i] != v:
            raise trial.Contradiction

    def propagate(self) -> None:
        while self.queue:
            i = self.queue.pop()
            if i == 0 and self.x[0] is False:
                raise trial.Contradiction
            for j in (i - 1, i + 1):
                if 0 <= j < len(self.x):
                    self.set(j, bool(self.x[i]))

    def assume(self, i: int, v: bool) -> None:
        self.set(i, v)
        self.propagate()


def test_trial_takes_itself_back_and_reports_what_it_set() -> None:
    c = Chain(4)
    assert sorted(c.trial(lambda: c.assume(2, True), c.x) or []) == [(0, True), (1, True), (2, True), (3, True)]
    assert c.trial(lambda: c.assume(3, False), c.x) is None
    assert c.x == [None] * 4 and not c.trying and c.queue == []


def test_undo_to_a_mark_keeps_what_came_before() -> None:
    c = Chain(3)
    c.change(c.x, 0, True)
    mark = len(c.trail)
    c.change(c.x, 1, False)
    c.undo(mark)
    assert c.x == [True, None, None]


def test_a_contradiction_fixes_the_other_value() -> None:
    c = Chain(3)
    fruitless: list[int] = []
    changed = c.try_each(iter([2]), lambda i, v: c.trial(lambda: c.assume(i, v), c.x), c.assume, fruitless.append)
    assert changed and c.x == [True, True, True] and fruitless == []
    c = Chain(3)
    c.assume(0, True)
    assert not c.try_each(iter([]), lambda i, v: None, c.assume, fruitless.append)


def test_contradictions_of_the_genres_are_one_kind() -> None:
    from solvers.heyawake.deduce import Contradiction as H
    from solvers.hitori.deduce import Contradiction as Hi
    from solvers.lits.deduce import Contradiction as L
    from solvers.masyu.deduce import Contradiction as M
    from solvers.slitherlink.deduce import Contradiction as S
    from solvers.yajilin.deduce import Contradiction as Y

    for kind in (H, Hi, L, M, S, Y):
        with pytest.raises(trial.Contradiction):
            raise kind("x")


def test_staged_verdict_deduces_searches_then_falls_back() -> None:
    """cpsat.staged: a dead end at the start is no answer; a spent search budget hands the state to
    the fallback; else the search's answers decide (two: several, one: unique)."""
    from solvers.cpsat import staged
    from solvers.verdict import ShadeOutcome, SolveOptions, Status

    opts = SolveOptions(time_limit=5)

    def dead() -> int:
        raise trial.Contradiction

    def spent(state: int, limit: int, deadline: float) -> list[tuple[str, ...]]:
        raise trial.OutOfBudget

    def fallback(state: int, budget: object, limit: int) -> ShadeOutcome:
        return ShadeOutcome(Status.UNIQUE, ((f"{state}{limit}",),))

    def two(state: int, limit: int, deadline: float) -> list[tuple[str, ...]]:
        answers: list[tuple[str, ...]] = [("#",), (".",)]
        return answers[:limit]

    def one(state: int, limit: int, deadline: float) -> list[tuple[str, ...]]:
        return [("#",)]

    assert staged(opts, dead, spent, fallback).status is Status.NONE
    assert staged(opts, lambda: 7, spent, fallback).answers == (("72",),)
    assert staged(opts, lambda: 7, two, fallback).status is Status.MULTIPLE
    assert staged(opts, lambda: 7, one, fallback).status is Status.UNIQUE


def test_parity_root_says_which_side_of_the_root_a_member_is() -> None:
    """0 <- 1 (other side) <- 2 (other side of 1): 2 is on 0's side, 1 is not (Masyu and
    Slitherlink both keep the loop's inside and outside this way)."""
    up, flip = [0, 0, 1, 3], [0, 1, 1, 0]
    assert [trial.parity_root(up, flip, x) for x in range(4)] == [(0, 0), (0, 1), (0, 0), (3, 0)]
