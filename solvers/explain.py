"""Why a board has no solution: a small set of its clues that cannot all hold together.

Works for every genre through the genre interface only: the genre's own ``validate`` and ``solve``
(uniqueness off, short time limits) judge boards that keep some of the clues. Deletion-based
minimal unsatisfiable subset: drop a chunk of clues; if the board that is left still has no
solution, they were not needed. Chunks start at half the clues and halve down to single clues, so
a conflict in one corner of a big board is found in a few dozen solves. A clue whose removal breaks
the genre's form (a number left without its partner, in a genre of pairs) is tried again together with the
clues that hold the same given. The set kept is unsatisfiable at every step, so running out of time
still leaves a correct (if not minimal) answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from solvers.cell import Cell
from solvers.errors import Message, PuzzleError
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, Status

T = TypeVar("T")  # one clue as a caller names it
STEP_SECONDS = 0.5  # the most one trial solve may take; a trial that runs out keeps its clues
MOST_LISTED = 16  # a conflict of more clues is marked on the picture, not listed in words


@dataclass(frozen=True)
class Conflict:
    """Clues that cannot all hold together (as (row, col, given)), and whether none of them can go."""

    clues: tuple[tuple[int, int, Any], ...]
    minimal: bool  # every clue was tried alone (not cut short by the time limit)
    seconds: float
    solves: int

    @property
    def cells(self) -> tuple[Cell, ...]:
        return tuple((r, c) for r, c, _ in self.clues)


def shrink(core: list[T], smaller: Callable[[list[T], int, int], list[T] | None],
           deadline: float) -> tuple[list[T], bool]:
    """Delta debugging: drop runs of ``chunk`` items (halved down to one) while
    ``smaller(core, i, chunk)`` gives a smaller core still without answer (None: keep them).
    Returns the core and whether it is minimal (every single item tried before ``deadline``)."""
    chunk = max(1, len(core) // 2)
    while time.perf_counter() < deadline:
        i = 0
        while i < len(core) and time.perf_counter() < deadline:
            kept = smaller(core, i, chunk)
            if kept is None:
                i += chunk
            else:
                core = kept
        if i < len(core):  # out of time
            break
        if chunk == 1:
            return core, True
        chunk = max(1, chunk // 2)
    return core, False


def conflict_message(cells: tuple[Cell, ...]) -> Message:
    """The words for clues that cannot all hold together: the one clue, the clues listed, or (past
    :data:`MOST_LISTED`, where a list of coordinates helps nobody) their number and the picture."""
    if len(cells) == 1:
        return Message("clue-impossible", {"cell": cells[0]}, cells)
    if len(cells) > MOST_LISTED:
        return Message("clues-conflict-many", {"count": len(cells)}, cells)
    return Message("clues-conflict", {"count": len(cells), "cells": cells}, cells)


def conflicting_clues(puzzle: Puzzle[Any], seconds: float, options: SolveOptions | None = None) -> Conflict | None:
    """A small set of ``puzzle``'s clues with no solution, found within ``seconds``; None when the
    board without any clue is not provably unsolvable (the conflict is in the rules or regions)."""
    genre = puzzle.kind
    base = (options or SolveOptions()).with_(unique=False, explain=0.0)
    t0 = time.perf_counter()
    deadline = t0 + seconds
    solves = 0
    all_clues = puzzle.clues()

    def unsolvable(kept: list[tuple[int, int, Any]]) -> bool | None:
        """Does the board with only ``kept`` clues have no solution? None: its form is broken."""
        nonlocal solves
        left = deadline - time.perf_counter()
        if left < 0.02:
            return False
        keep = {(r, c) for r, c, _ in kept}
        cells = tuple(tuple(v if (r, c) in keep else genre.dropped(v) for c, v in enumerate(row))
                      for r, row in enumerate(puzzle.cells))
        board = replace(puzzle, cells=cells)
        try:
            genre.validate(board)
        except PuzzleError:
            return None
        solves += 1
        try:
            result = genre.solve(board, base.with_(time_limit=min(STEP_SECONDS, left)))
        except MemoryError:
            raise
        except Exception:  # a model failure proves nothing: keep the clues
            return False
        return result.status is Status.NONE

    def smaller(core: list[Any], i: int, chunk: int) -> list[Any] | None:
        trial = core[:i] + core[i + chunk:]
        verdict = unsolvable(trial)
        if verdict is None:  # the form broke: also drop the clues that hold the same givens
            gone = {v for _, _, v in core[i:i + chunk]}
            fewer = [clue for clue in trial if clue[2] not in gone]
            verdict = len(fewer) < len(trial) and bool(unsolvable(fewer))
            trial = fewer
        return trial if verdict else None

    core, minimal = shrink(list(all_clues), smaller, deadline)
    if not core:
        return None
    return Conflict(tuple(core), minimal, time.perf_counter() - t0, solves)
