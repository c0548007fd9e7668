"""What a solve returns: the verdict, the solutions and how hard the solver had to work."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from solvers.cell import Cell
from solvers.errors import Message
from solvers.solution import ShadeSolution, Solution


class Status(StrEnum):
    """The verdict on one board, from the engine to the reply."""

    UNIQUE = "unique"  # exactly one solution, proven
    MULTIPLE = "multiple"  # two different solutions found
    SOLVED = "solved"  # a solution, uniqueness not asked for
    NONE = "none"  # proven unsolvable
    TIMEOUT = "timeout"  # the time limit ran out first
    INVALID = "invalid"  # the givens break the genre's form
    ERROR = "error"  # our bug (a solution failed the checker); never shown as an answer


def default_workers() -> int:
    """CP-SAT search workers per solve when the caller does not say: fits a 2-core machine.

    The bot passes its configured ``PUZZLEBOT_SOLVER_WORKERS`` (bot.config); nothing here reads the environment.
    """
    return max(1, min(2, os.cpu_count() or 1))


@dataclass(frozen=True)
class SolveOptions:
    """Limits and switches for one solve."""

    time_limit: float = 10.0  # seconds for the whole solve, uniqueness proof included
    workers: int = field(default_factory=default_workers)  # CP-SAT num_workers
    unique: bool = True  # prove uniqueness (find a second solution or show there is none)
    seed: int = 0  # CP-SAT random seed, for reproducible search
    explain: float = 0.0  # seconds to find which clues conflict when there is no solution (0: off)

    def with_(self, **changes: Any) -> SolveOptions:
        return replace(self, **changes)


@dataclass
class SolveStats:
    """Solver effort, summed over every CP-SAT call of the solve (used to grade difficulty)."""

    branches: int = 0
    conflicts: int = 0
    solver_calls: int = 0
    wall_seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)  # seconds per step (deduce, build, first, proof)

    def add(self, branches: int, conflicts: int, wall: float) -> None:
        self.branches += int(branches)
        self.conflicts += int(conflicts)
        self.solver_calls += 1
        self.wall_seconds += float(wall)


@dataclass
class SolveResult:
    """The verdict for one board."""

    status: Status
    solution: Solution | None = None
    second_solution: Solution | None = None
    seconds: float = 0.0
    cells: tuple[Cell, ...] = ()  # cells the message is about (marked in pictures)
    stats: SolveStats = field(default_factory=SolveStats)
    message: Message | None = None  # what went wrong (invalid, none, timeout, error), as a code

    def __post_init__(self) -> None:
        if self.message is not None and not self.cells:
            self.cells = self.message.cells

    def to_json(self, puzzle_id: Any = None, error: str | None = None) -> dict[str, Any]:
        """The CLI contract: id, status, solution, second_solution, seconds, error (words from the caller)."""
        return {
            "id": puzzle_id,
            "status": str(self.status),
            "solution": None if self.solution is None else self.solution.to_json(),
            "second_solution": None if self.second_solution is None else self.second_solution.to_json(),
            "seconds": round(self.seconds, 4),
            "error": error,
        }


ShadeRows = tuple[str, ...]  # a shading answer: one string a row, '#' shaded, '.' not


@dataclass
class ShadeOutcome:
    """A shading genre's verdict on plain data, before it is a :class:`SolveResult`: the status and
    up to two answers as ``shaded`` rows (what a generator compares against its target)."""

    status: Status
    answers: tuple[ShadeRows, ...] = ()
    stats: SolveStats = field(default_factory=SolveStats)

    @classmethod
    def of(cls, answers: list[ShadeRows], options: SolveOptions, stats: SolveStats) -> ShadeOutcome:
        """The verdict of a search that ran to its end (or found two answers)."""
        if not answers:
            return cls(Status.NONE, stats=stats)
        if not options.unique:
            return cls(Status.SOLVED, (answers[0],), stats)
        return cls(Status.MULTIPLE if len(answers) > 1 else Status.UNIQUE, tuple(answers[:2]), stats)

    def result(self, options: SolveOptions) -> SolveResult:
        sols = [ShadeSolution(a) for a in self.answers]
        if self.status is Status.NONE:
            return SolveResult(Status.NONE, message=Message("no-solution"), stats=self.stats)
        if self.status is Status.TIMEOUT:
            return SolveResult(Status.TIMEOUT, solution=sols[0] if sols else None,
                               message=Message("timeout", {"seconds": f"{options.time_limit:g}"}), stats=self.stats)
        return SolveResult(self.status, solution=sols[0], second_solution=sols[1] if len(sols) > 1 else None,
                           stats=self.stats)


@dataclass(frozen=True)
class Violation:
    """One broken rule found by a checker: which rule (a message code), where, and its facts."""

    rule: str  # the message code, e.g. "<genre>-white-straight"
    cells: tuple[Cell, ...] = ()
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def msg(self) -> Message:
        return Message(self.rule, self.params, tuple(self.cells))
