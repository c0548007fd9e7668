"""The one comparison of a solver's verdict with a brute-force list of every answer (the genre
tests' oracle for small random boards)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from solvers.verdict import Status


def assert_verdict_matches(res: Any, every: Sequence[Hashable], marks: Callable[[Any], Hashable]) -> None:
    """``res`` (a solve result) says what ``every`` (all answers, found by brute force) says:
    none, the one answer, or two different answers among them."""
    if not every:
        assert res.status is Status.NONE
    elif len(every) == 1:
        assert res.status is Status.UNIQUE
        assert res.solution is not None and marks(res.solution) == every[0]
    else:
        assert res.status is Status.MULTIPLE
        assert res.solution is not None and res.second_solution is not None
        assert {marks(res.solution), marks(res.second_solution)} <= set(every)
        assert res.solution != res.second_solution
