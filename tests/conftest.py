"""Test-wide settings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import say
from solvers.errors import PuzzleError


@pytest.fixture(autouse=True, scope="session")
def _errors_read_in_english() -> Iterator[None]:
    """``str(error)`` is the English a user reads (the engine's own str is the code, for logs), so
    ``pytest.raises(..., match=...)`` checks the words people get."""
    original = PuzzleError.__str__
    PuzzleError.__str__ = lambda self: say(self.msg, "en")  # type: ignore[method-assign]
    yield
    PuzzleError.__str__ = original  # type: ignore[method-assign]
