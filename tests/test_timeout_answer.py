"""A timeout after a checked first solution still shows that solution (issue 24, item 1)."""

from __future__ import annotations

from typing import Any

import pytest
from ortools.sat.python import cp_model

import solvers.cpsat as cpsat
import solvers.slitherlink.model as slitherlink_model
from bot.replies import result_reply
from bot.worker import solve_job
from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, Status
from tests.corpus import own


def _board() -> Puzzle[Any]:
    """A board that reaches CP-SAT (with Slitherlink's search after deduction switched off by
    :func:`no_search`; this one has several answers, and the patched proof never says so)."""
    return Puzzle.from_record(next(r for r in own("slitherlink") if r["unique"] is False))


@pytest.fixture(autouse=True)
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slitherlink's search settles small boards before CP-SAT is asked: no search nodes here."""
    monkeypatch.setattr(slitherlink_model, "SEARCH_NODES", 0)


@pytest.fixture
def proof_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every CP-SAT call after the first reports that time ran out (the uniqueness proof never ends)."""
    real, calls = cpsat.run, []

    def run(model: cp_model.CpModel, budget: cpsat.Budget, *a: Any, **kw: Any) -> Any:
        calls.append(1)
        status, solver = real(model, budget, *a, **kw)
        return (status if len(calls) == 1 else cp_model.UNKNOWN), solver

    monkeypatch.setattr(cpsat, "run", run)


def test_engine_keeps_the_checked_first_solution(proof_times_out: None) -> None:
    puzzle = _board()
    res = solve_puzzle(puzzle, SolveOptions(time_limit=5, workers=1))
    assert res.status is Status.TIMEOUT and res.solution is not None
    assert puzzle.kind.check(puzzle, res.solution) == []


def test_chat_shows_the_solution_and_says_what_was_not_settled(proof_times_out: None) -> None:
    job = solve_job(_board(), 5.0, 1)
    assert job.status is Status.TIMEOUT and job.answered and job.png is not None
    reply = result_reply(job, "en", spoiler=True)
    assert reply.image is not None and reply.spoiler
    assert "This solution is right; whether it is the only one was not settled in 5 s" in reply.text
    assert "Try a smaller board" not in reply.text
    assert "解がこれだけかどうか" in result_reply(job, "ja", spoiler=False).text


def test_a_timeout_without_a_solution_still_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def run(model: cp_model.CpModel, budget: cpsat.Budget, *a: Any, **kw: Any) -> Any:
        return cp_model.UNKNOWN, cp_model.CpSolver()

    monkeypatch.setattr(cpsat, "run", run)
    job = solve_job(_board(), 5.0, 1)
    assert job.status is Status.TIMEOUT and not job.answered and job.png is None
    assert "Try a smaller board" in result_reply(job, "en", spoiler=False).text
