"""The error raised when a board fits several genres: the bot asks which one with buttons."""

from __future__ import annotations

from typing import Any

from solvers.errors import ParseError


class AmbiguousGenre(ParseError):
    """The board reads fine but fits several genres; ``candidates`` are genre names, best first.

    Call :func:`solvers.reading.read_board` again with ``genre=`` one of them.
    """

    def __init__(self, candidates: tuple[str, ...]) -> None:
        self.candidates = tuple(candidates)
        super().__init__("ambiguous-genre", genres=self.candidates)

    def __reduce__(self) -> tuple[Any, ...]:  # keep candidates across process pools
        return (type(self), (self.candidates,))
