"""Undoable deduction state and trials, shared by the loop and shading genres' deducers (four of
them when written; `grep -l solvers.trial solvers/*/deduce.py` lists them).

A deducer keeps its state in lists and writes them through :meth:`Trail.change` (its inner loop
may append to ``trail`` itself), so any change can be taken back to a mark. A *trial* sets one
value, propagates the rules and takes it all back: when the rules contradict it, the opposite
value holds in every answer (a failed literal); when they do not, what it implied is remembered,
since trying an implied value cannot contradict either (its consequences are among the trial's).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

Change = tuple[list[Any], int, Any]  # (array, index, the value before)
Seen = list[tuple[int, Any]]  # (index, value) pairs a fruitless trial wrote into the watched array
Q = TypeVar("Q")  # what a deducer's queue holds


def parity_root(up: list[int], flip: list[int], x: int) -> tuple[int, int]:
    """``x``'s root in a union-find whose links each say whether a member is on the other side of
    its parent (``flip``: the loop genres' inside and outside), and which side of the root ``x`` is."""
    odd = 0
    while up[x] != x:
        odd ^= flip[x]
        x = up[x]
    return x, odd


class Contradiction(Exception):
    """The givens and the deductions so far admit no answer (each genre raises its own subclass)."""


class OutOfBudget(Exception):
    """A deducer's search used up its node budget before settling the count (the caller falls back
    to CP-SAT, see :func:`solvers.cpsat.staged`)."""


class Trail(Generic[Q]):
    """Array writes that can be taken back to a mark, and the trials built on them.

    ``queue`` holds work the rules still owe (an undo drops it); ``trying`` is True inside a
    trial, whose changes are all taken back (a deducer records no step and stamps no clock then).
    """

    def __init__(self) -> None:
        self.trail: list[Change] = []
        self.queue: list[Q] = []
        self.trying = False

    def change(self, array: list[Any], i: int, new: Any) -> None:
        """``array[i] = new``, undoable by :meth:`undo`."""
        self.trail.append((array, i, array[i]))
        array[i] = new

    def undo(self, mark: int = 0) -> None:
        """Take back the changes since the trail had ``mark`` entries."""
        trail = self.trail
        while len(trail) > mark:
            array, i, old = trail.pop()
            array[i] = old
        self.queue.clear()

    def trial(self, attempt: Callable[[], None], watch: list[Any]) -> Seen | None:
        """Run ``attempt`` (set a value, propagate the rules), then take it back: None when it
        raised :class:`Contradiction`, else the values it wrote into ``watch``."""
        mark = len(self.trail)
        self.trying = True
        try:
            attempt()
        except Contradiction:
            return None
        else:
            return [(i, watch[i]) for array, i, _ in self.trail[mark:] if array is watch]
        finally:
            self.trying = False
            self.undo(mark)

    def try_each(self, items: Iterable[int], attempt: Callable[[int, bool], Seen | None],
               fix: Callable[[int, bool], None], fruitless: Callable[[int], None], *,
               first: bool = False, skip_implied: bool = True) -> bool:
        """Each of ``items`` (read lazily: a generator sees the state as fixes change it) tried
        True, then False: ``attempt(x, guess)`` is :meth:`trial`'s answer; a contradiction calls
        ``fix(x, not guess)`` (with ``first``, the pass ends there); both fruitless call
        ``fruitless(x)``. With ``skip_implied`` a value that an earlier fruitless trial of the
        pass implied is not tried (the pass starts over after a fix). Whether anything was fixed."""
        changed = False
        implied: set[tuple[int, bool]] = set()
        for x in items:
            for guess in (True, False):
                if (x, guess) in implied:
                    continue
                seen = attempt(x, guess)
                if seen is None:
                    fix(x, not guess)
                    if first:
                        return True
                    changed = True
                    implied.clear()
                    break
                if skip_implied:
                    implied.update((i, bool(v)) for i, v in seen)
            else:
                fruitless(x)
        return changed
