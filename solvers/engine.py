"""From a puzzle to a checked verdict: validate, solve, then re-check every answer independently."""

from __future__ import annotations

import logging
import time
from typing import Any

from solvers.errors import PuzzleError
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.verdict import SolveOptions, SolveResult, Status

log = logging.getLogger(__name__)


def solve_puzzle(puzzle: Puzzle, options: SolveOptions | None = None) -> SolveResult:
    """Solve ``puzzle`` and return its verdict.

    Every solution in the result has passed the genre's independent checker; a solution that
    fails it turns the verdict into ``error`` (a bug of ours, logged, never shown as an answer).
    """
    options = options or SolveOptions()
    t0 = time.perf_counter()
    try:
        genre = get_genre(puzzle.genre)
        genre.validate(puzzle)
    except PuzzleError as e:
        return SolveResult(Status.INVALID, error=e.message, error_ja=e.message_ja, cells=e.cells,
                           seconds=time.perf_counter() - t0)
    try:
        result = genre.solve(puzzle, options)
    except Exception:  # a bug of ours must cost one answer, never the whole run
        log.exception("the %s model failed on board %s", puzzle.genre, puzzle.key())
        result = SolveResult(Status.ERROR)
        _fail(result, "Internal error: the solver failed on this board. This is a bug in the bot, not in your puzzle.")
        result.seconds = time.perf_counter() - t0
        return result
    if not options.unique and result.status in (Status.UNIQUE, Status.MULTIPLE):
        result.status = Status.SOLVED
        result.second_solution = None
    _verify(genre, puzzle, result)
    result.seconds = time.perf_counter() - t0
    return result


def _verify(genre: Any, puzzle: Puzzle, result: SolveResult) -> None:
    """Run the independent checker over every solution the model returned."""
    for label, sol in (("solution", result.solution), ("second solution", result.second_solution)):
        if sol is None:
            continue
        broken = genre.check(puzzle, sol)
        if broken:
            log.error("checker rejected the model's %s for %s: %s", label, puzzle.key(), broken[0].message)
            _fail(result, f"Internal error: the solver's {label} broke a rule ({broken[0].message}). "
                          "This is a bug in the bot, not in your puzzle.")
            return
    if result.status is Status.MULTIPLE and (
        result.second_solution is None or result.solution == result.second_solution
    ):
        _fail(result, "Internal error: 'multiple' came without two different solutions.")


def _fail(result: SolveResult, message: str) -> None:
    result.status = Status.ERROR
    result.error = message
    result.error_ja = "内部エラー: ソルバーの答えが検査に通りませんでした。パズルではなくボットの不具合です。"
    result.solution = result.second_solution = None


def solve_record(rec: Any, options: SolveOptions | None = None) -> dict[str, Any]:
    """The CLI contract for one FORMATS.md record: never raises, a bad record is ``invalid``."""
    rid = rec.get("id") if isinstance(rec, dict) else None
    t0 = time.perf_counter()
    try:
        puzzle = Puzzle.from_record(rec)
    except PuzzleError as e:
        res = SolveResult(Status.INVALID, error=e.message, cells=e.cells, seconds=time.perf_counter() - t0)
        return res.to_json(rid)
    return solve_puzzle(puzzle, options).to_json(rid)
