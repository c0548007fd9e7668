"""From a puzzle to a checked verdict: validate, solve, then re-check every answer independently."""

from __future__ import annotations

import logging
import time
from typing import Any

from solvers.errors import Message, PuzzleError
from solvers.genre import Genre
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, SolveResult, Status

log = logging.getLogger(__name__)


def solve_puzzle(puzzle: Puzzle[Any], options: SolveOptions | None = None) -> SolveResult:
    """Solve ``puzzle`` and return its verdict.

    Every solution in the result has passed the genre's independent checker; a solution that
    fails it turns the verdict into ``error`` (a bug of ours, logged, never shown as an answer).
    """
    options = options or SolveOptions()
    t0 = time.perf_counter()
    try:
        genre = puzzle.kind
        genre.validate(puzzle)
    except PuzzleError as e:
        return SolveResult(Status.INVALID, message=e.msg, seconds=time.perf_counter() - t0)
    try:
        result = genre.solve(puzzle, options)
    except MemoryError:  # not a bug: the board needs more memory than the process may use
        raise
    except Exception:  # a bug of ours must cost one answer, never the whole run
        log.exception("the %s model failed on board %s", puzzle.genre, puzzle.key())
        result = SolveResult(Status.ERROR)
        _fail(result, Message("internal-model-failed"))
        result.seconds = time.perf_counter() - t0
        return result
    if result.status is Status.NONE and options.explain > 0 and not result.cells:
        _explain(puzzle, result, options)
    if not options.unique and result.status in (Status.UNIQUE, Status.MULTIPLE):
        result.status = Status.SOLVED
        result.second_solution = None
    _verify(genre, puzzle, result)
    result.seconds = time.perf_counter() - t0
    return result


def _explain(puzzle: Puzzle[Any], result: SolveResult, options: SolveOptions) -> None:
    """Name the clues that cannot all hold together (when the search found a useful set in time)."""
    from solvers.explain import conflict_message, conflicting_clues

    t0 = time.perf_counter()
    try:
        conflict = conflicting_clues(puzzle, options.explain, options)
    except MemoryError:
        raise
    except Exception:  # an explanation is a bonus: the verdict stands without it
        log.exception("explaining 'no solution' failed for %s", puzzle.key())
        return
    finally:
        result.stats.phases["explain"] = time.perf_counter() - t0
    if conflict is None or not (len(conflict.clues) < len(puzzle.clues()) or conflict.minimal and conflict.solves):
        return  # every clue named, unproven (or no clue could go without breaking the genre's form): says nothing
    result.message = conflict_message(conflict.cells)
    result.cells = conflict.cells


def _verify(genre: Genre[Any, Any], puzzle: Puzzle[Any], result: SolveResult) -> None:
    """Run the independent checker over every solution the model returned."""
    for label, sol in (("solution", result.solution), ("second solution", result.second_solution)):
        if sol is None:
            continue
        broken = genre.check(puzzle, sol)
        if broken:
            log.error("checker rejected the model's %s for %s: %s", label, puzzle.key(), broken[0].msg)
            _fail(result, Message("internal-check-failed", {"which": label, "rule": broken[0].rule}))
            return
    if result.status is Status.MULTIPLE and (
        result.second_solution is None or result.solution == result.second_solution
    ):
        _fail(result, Message("internal-multiple-without-two"))


def _fail(result: SolveResult, message: Message) -> None:
    result.status = Status.ERROR
    result.message = message
    result.cells = ()
    result.solution = result.second_solution = None


def solve_record(rec: Any, options: SolveOptions | None = None) -> tuple[Any, SolveResult]:
    """One FORMATS.md record's id and verdict: never raises, a bad record is ``invalid``."""
    rid = rec.get("id") if isinstance(rec, dict) else None
    t0 = time.perf_counter()
    try:
        puzzle = Puzzle.from_record(rec)
    except PuzzleError as e:
        return rid, SolveResult(Status.INVALID, message=e.msg, seconds=time.perf_counter() - t0)
    return rid, solve_puzzle(puzzle, options)
