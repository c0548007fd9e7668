"""Stand-in solver jobs for the pipeline tests, run in the real worker processes: a scripted job that
hangs, waits at a gate or runs the real solve a little late; an echo with a fake verdict; one that
reports the CP-SAT threads it was given."""

from __future__ import annotations

import os
import time
from typing import Any

SLOW_SECONDS = 1.5
HANG_COLS = 7  # boards this wide "hang" in scripted_job
GATE_ENV = "PUZZLEBOT_TEST_GATE"  # a file path: while that file exists, scripted jobs wait


def held(gate: str | os.PathLike[str]) -> bool:
    """Whether a scripted job is waiting at ``gate`` (it has been taken by its worker: killing the
    worker now is a crash mid-run, not a job that never started)."""
    return os.path.exists(f"{os.fspath(gate)}.held")


def scripted_job(puzzle: Any, time_limit: float, solver_workers: int) -> Any:
    """A solver job for pipeline tests: boards ``HANG_COLS`` wide hang; others wait while the gate
    file (``GATE_ENV``) exists, or a little without one, then run the real
    :func:`bot.worker.solve_job`. A test that must catch a job mid-run holds the gate: on a loaded
    machine a fixed wait may end before the test gets there."""
    from bot.worker import solve_job

    gate = os.environ.get(GATE_ENV)
    if puzzle.cols == HANG_COLS:
        time.sleep(600)
    elif gate:
        with open(f"{gate}.held", "w"):
            pass
        end = time.monotonic() + 600
        while os.path.exists(gate) and time.monotonic() < end:
            time.sleep(0.02)
    else:
        time.sleep(SLOW_SECONDS)
    return solve_job(puzzle, time_limit, solver_workers)


def echo_job(puzzle: Any, time_limit: float, solver_workers: int) -> Any:
    """A stand-in solver: 0.3 s of "work", then a fake verdict (for queue-order tests)."""
    from bot.worker import JobResult

    time.sleep(0.3)
    return JobResult(status="unique", genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, seconds=0.3)


def threads_job(puzzle: Any, time_limit: float, solver_workers: int, lang: str = "en") -> Any:
    """A stand-in solver that reports the CP-SAT threads it was given (in ``timings["threads"]``)."""
    from bot.worker import JobResult

    return JobResult(status="unique", genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols,
                     timings={"threads": float(solver_workers)})
