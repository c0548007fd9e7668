"""What a solve returns: the verdict, the solutions and how hard the solver had to work."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

Solution = dict[str, Any]  # FORMATS.md shape: {"loop": [...]}, {"colors": [...]}, {"links": [...]}, {"rects": [...]}
Cell = tuple[int, int]


class Status(StrEnum):
    UNIQUE = "unique"  # exactly one solution, proven
    MULTIPLE = "multiple"  # two different solutions found
    SOLVED = "solved"  # a solution, uniqueness not asked for
    NONE = "none"  # proven unsolvable
    TIMEOUT = "timeout"  # the time limit ran out first
    INVALID = "invalid"  # the givens break the genre's form
    ERROR = "error"  # our bug (a solution failed the checker); never shown as an answer


def default_workers() -> int:
    """CP-SAT search workers per solve: fits a 2-core machine unless PUZZLEBOT_SOLVER_WORKERS says."""
    env = os.environ.get("PUZZLEBOT_SOLVER_WORKERS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    return max(1, min(2, os.cpu_count() or 1))


@dataclass(frozen=True)
class SolveOptions:
    """Limits and switches for one solve."""

    time_limit: float = 10.0  # seconds for the whole solve, uniqueness proof included
    workers: int = field(default_factory=default_workers)  # CP-SAT num_workers
    unique: bool = True  # prove uniqueness (find a second solution or show there is none)
    seed: int = 0  # CP-SAT random seed, for reproducible search

    def with_(self, **changes: Any) -> SolveOptions:
        return replace(self, **changes)


@dataclass
class SolveStats:
    """Solver effort, summed over every CP-SAT call of the solve (used to grade difficulty)."""

    branches: int = 0
    conflicts: int = 0
    solver_calls: int = 0
    wall_seconds: float = 0.0

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
    error: str | None = None  # English message for invalid/none/timeout/error
    error_ja: str | None = None
    cells: tuple[Cell, ...] = ()  # cells the message is about (marked in pictures)
    stats: SolveStats = field(default_factory=SolveStats)

    def to_json(self, puzzle_id: Any = None) -> dict[str, Any]:
        """The CLI contract: id, status, solution, second_solution, seconds, error."""
        return {
            "id": puzzle_id,
            "status": str(self.status),
            "solution": self.solution,
            "second_solution": self.second_solution,
            "seconds": round(self.seconds, 4),
            "error": self.error,
        }


@dataclass(frozen=True)
class Violation:
    """One broken rule found by a checker: which rule, in plain words, and where."""

    rule: str  # short machine name, e.g. "white-straight", "2x2", "tiling"
    message: str  # English, names the cell or row (1-based for people)
    cells: tuple[Cell, ...] = ()
    message_ja: str | None = None

    def text(self, lang: str = "en") -> str:
        return (self.message_ja or self.message) if lang.startswith("ja") else self.message
