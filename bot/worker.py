"""What runs inside a solver process: solve (with the engine's independent check), draw, encode the URL.

Functions here take and return picklable data (a :class:`JobResult` holds the engine's
:class:`~solvers.verdict.Status`, typed solutions and a :class:`~solvers.errors.Message`), so any
process pool can run them; :meth:`JobResult.to_json` / :meth:`JobResult.from_json` carry it across
a JSON edge (the taskiq queue). Nothing here touches the event loop.
"""

from __future__ import annotations

import base64
import contextlib
import logging
import os
import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from solvers.cell import Cell
from solvers.errors import Message
from solvers.puzzle import Puzzle
from solvers.solution import Solution
from solvers.verdict import Status

log = logging.getLogger(__name__)

ANSWERED = frozenset({Status.UNIQUE, Status.MULTIPLE, Status.SOLVED})  # verdicts that come with a solution
EXPLAIN_SECONDS = 3.0  # after a "no solution" verdict: time to find the clues that cannot all hold together
FINAL = ANSWERED | {Status.NONE, Status.INVALID}  # verdicts a second solve would repeat (cacheable)


class Failure(StrEnum):
    """Why a job has no verdict of the engine (its status is then ``error``): bot-side states."""

    CRASHED = "crashed"  # the solver process died
    KILLED = "killed"  # the job passed its hard wall-clock limit
    UNAVAILABLE = "unavailable"  # no solver worker was alive to take it
    EXPIRED = "expired"  # skipped: its asker had stopped waiting
    STOPPING = "stopping"  # the bot was stopped (SIGTERM) before the job finished
    TOO_LARGE = "too_large"  # the job needed more memory than a worker may use


@dataclass
class JobResult:
    """A finished job: what the chat needs to reply."""

    status: Status
    genre: str
    rows: int
    cols: int
    seconds: float = 0.0
    url: str | None = None
    png: bytes | None = None
    message: Message | None = None  # why (none, invalid, timeout, error), as a message code
    cells: tuple[Cell, ...] = ()
    solution: Solution | None = None
    second_solution: Solution | None = None
    failure: Failure | None = None  # set when no engine verdict came back
    cached: bool = False
    time_limit: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # solve, render, total (worker side)
    rules: tuple[str, ...] = ()  # message codes of the rule variants the board was solved under

    def __post_init__(self) -> None:  # callers (and tests) may still hand in the plain strings
        self.status = Status(self.status)
        self.failure = None if self.failure is None else Failure(self.failure)

    @property
    def answered(self) -> bool:
        """A verdict with a checked solution (unique, multiple, solved, or a timeout that found one)."""
        return self.failure is None and shows_solution(self.status, self.solution)

    @property
    def cacheable(self) -> bool:
        """A final verdict: the same board would get it again (not a timeout, error or failure)."""
        return self.failure is None and self.status in FINAL

    # -- the JSON edge (taskiq): FORMATS.md solutions, message codes, base64 pictures
    def to_json(self) -> dict[str, Any]:
        m = self.message
        return {
            "status": str(self.status), "genre": self.genre, "rows": self.rows, "cols": self.cols,
            "seconds": self.seconds, "url": self.url,
            "png": None if self.png is None else base64.b64encode(self.png).decode("ascii"),
            "message": None if m is None else {"code": m.code, "params": dict(m.params),
                                               "cells": [list(c) for c in m.cells]},
            "cells": [list(c) for c in self.cells],
            "solution": None if self.solution is None else self.solution.to_json(),
            "second_solution": None if self.second_solution is None else self.second_solution.to_json(),
            "failure": None if self.failure is None else str(self.failure),
            "cached": self.cached, "time_limit": self.time_limit, "timings": dict(self.timings),
            "rules": list(self.rules),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], puzzle: Puzzle[Any] | None = None) -> JobResult:
        """Read :meth:`to_json` back (``puzzle``, when known, reads the solutions the genre's way)."""
        genre, rows, cols = str(data["genre"]), int(data["rows"]), int(data["cols"])
        m = data.get("message")
        message = None if not m else Message(str(m["code"]), _untuple(m.get("params") or {}),
                                             _cells(m.get("cells")))
        return cls(
            status=Status(data["status"]), genre=genre, rows=rows, cols=cols,
            seconds=float(data.get("seconds") or 0.0), url=data.get("url"),
            png=None if data.get("png") is None else base64.b64decode(data["png"]),
            message=message, cells=_cells(data.get("cells")),
            solution=_solution(data.get("solution"), genre, rows, cols, puzzle),
            second_solution=_solution(data.get("second_solution"), genre, rows, cols, puzzle),
            failure=None if data.get("failure") is None else Failure(data["failure"]),
            cached=bool(data.get("cached", False)), time_limit=float(data.get("time_limit") or 0.0),
            timings={str(k): float(v) for k, v in (data.get("timings") or {}).items()},
            rules=tuple(str(code) for code in data.get("rules") or ()),
        )

    @classmethod
    def failed(cls, puzzle: Puzzle[Any], failure: Failure | None, **kw: Any) -> JobResult:
        """A job that produced no verdict (``failure`` None: a bug in the job itself)."""
        return cls(status=Status.ERROR, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, failure=failure, **kw)


def shows_solution(status: Status, solution: Solution | None) -> bool:
    """Whether a verdict comes with a solution to show: the answered verdicts, and a timeout whose
    first solution passed the checker before the uniqueness proof ran out of time."""
    return status in ANSWERED or (status is Status.TIMEOUT and solution is not None)


def _cells(raw: Any) -> tuple[Cell, ...]:
    return tuple((int(r), int(c)) for r, c in raw or ())


def _untuple(params: dict[str, Any]) -> dict[str, Any]:
    """JSON turned the tuples of message parameters into lists: back to (nested) tuples."""

    def fix(v: Any) -> Any:
        return tuple(fix(x) for x in v) if isinstance(v, list) else v

    return {str(k): fix(v) for k, v in params.items()}


def _solution(value: Any, genre: str, rows: int, cols: int, puzzle: Puzzle[Any] | None) -> Solution | None:
    if value is None:
        return None
    from solvers.registry import get_genre

    g = get_genre(genre)
    if puzzle is not None:
        return g.solution_from_json(value, puzzle)  # type: ignore[no-any-return]
    return cast(Solution, cast(Any, g.solution_type).from_json(value, rows, cols))


def warm_up(nice: int = 0) -> int:
    """Import the heavy modules once per process (OR-Tools, Pillow) and return the process id.

    ``nice`` > 0 lowers the worker's CPU priority, so on a busy host the bot's event loop (chat
    replies, queue notices) wins over solving.
    """
    if nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    import rendering  # noqa: F401
    import solvers.engine  # noqa: F401
    from solvers.registry import GENRES

    for g in GENRES.values():
        g.preload()
    return os.getpid()


def solve_job(puzzle: Puzzle[Any], time_limit: float, solver_workers: int) -> JobResult:
    """Solve ``puzzle`` within ``time_limit`` seconds with ``solver_workers`` CP-SAT threads (0: this
    host's default, e.g. a taskiq worker told to share its cores) and draw the verdict (the boards
    only: the title, in the reader's language, is added by the bot, so one solve serves every language)."""
    from solvers.cpsat import defer_release, release_later
    from solvers.engine import solve_puzzle
    from solvers.generation import puzzle_url
    from solvers.verdict import SolveOptions, default_workers

    if solver_workers <= 0:
        solver_workers = default_workers()
    t0 = time.perf_counter()
    defer_release()  # a huge model is freed after the answer has gone out, not inside the time limit
    try:
        result = solve_puzzle(puzzle, SolveOptions(time_limit=time_limit, workers=solver_workers,
                                                   explain=EXPLAIN_SECONDS))
    finally:
        release_later()
    t1 = time.perf_counter()
    png = None
    marked = result.status in (Status.NONE, Status.INVALID) and bool(result.cells)
    if shows_solution(result.status, result.solution) or marked:
        try:
            from bot.pictures import result_png

            png = result_png(puzzle, result, title=False)
        except Exception:  # a picture is a bonus; the verdict still goes out as text
            log.exception("rendering failed for %s", puzzle.key())
    t2 = time.perf_counter()
    url = None
    try:
        url = puzzle_url(puzzle)
    except Exception:
        log.exception("encode_url failed for %s", puzzle.key())
    return JobResult(
        status=result.status, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, seconds=result.seconds,
        url=url, png=png, message=result.message, cells=tuple(result.cells),
        solution=result.solution, second_solution=result.second_solution, time_limit=time_limit,
        timings={"solve": t1 - t0, "render": t2 - t1, "total": time.perf_counter() - t0},
        rules=tuple(v.rule or v.help for v in puzzle.kind.variants if v.name in puzzle.variants),
    )
