"""What runs inside a solver process: solve (with the engine's independent check), render, encode the URL.

Functions here take and return plain picklable data, so any process pool or task queue can
run them. Nothing here touches the event loop.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any

from solvers.puzzle import Puzzle

log = logging.getLogger(__name__)

PICTURE_STATUSES = frozenset({"unique", "multiple", "solved"})  # always drawn
MARKED_STATUSES = frozenset({"none", "invalid"})  # drawn only when the engine names cells


@dataclass
class JobResult:
    """A finished job, as plain data (what the chat needs to reply)."""

    status: str  # a solvers.verdict.Status value
    genre: str
    rows: int
    cols: int
    seconds: float = 0.0
    url: str | None = None
    png: bytes | None = None
    error: str | None = None
    error_ja: str | None = None
    cells: tuple[tuple[int, int], ...] = ()
    solution: dict[str, Any] | None = None
    second_solution: dict[str, Any] | None = None
    failure: str | None = None  # "crashed" (worker died) or "killed" (hard time limit); status is then "error"
    cached: bool = False
    time_limit: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # solve, render, total (worker side)

    def error_text(self, lang: str) -> str | None:
        return (self.error_ja or self.error) if lang.startswith("ja") else self.error


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
        for part in ("model", "check", "notation"):
            with contextlib.suppress(ImportError):  # a part not written yet: the solve will report it
                g.part(part)
    return os.getpid()


def solve_job(puzzle: Puzzle, time_limit: float, solver_workers: int, lang: str = "en") -> JobResult:
    """Solve ``puzzle`` within ``time_limit`` seconds and draw the verdict."""
    from solvers.engine import solve_puzzle
    from solvers.registry import get_genre
    from solvers.verdict import SolveOptions

    t0 = time.perf_counter()
    result = solve_puzzle(puzzle, SolveOptions(time_limit=time_limit, workers=solver_workers))
    t1 = time.perf_counter()
    status = str(result.status)
    png = None
    if status in PICTURE_STATUSES or (status in MARKED_STATUSES and result.cells):
        try:
            from bot.pictures import result_png

            png = result_png(puzzle, result, lang)
        except Exception:  # a picture is a bonus; the verdict still goes out as text
            log.exception("rendering failed for %s", puzzle.key())
    t2 = time.perf_counter()
    url = None
    try:
        url = get_genre(puzzle.genre).encode_url(puzzle)
    except Exception:
        log.exception("encode_url failed for %s", puzzle.key())
    return JobResult(
        status=status, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, seconds=result.seconds,
        url=url, png=png, error=result.error, error_ja=result.error_ja, cells=tuple(result.cells),
        solution=result.solution, second_solution=result.second_solution, time_limit=time_limit,
        timings={"solve": t1 - t0, "render": t2 - t1, "total": time.perf_counter() - t0},
    )
