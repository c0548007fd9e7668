"""The error raised when a board fits several genres: the bot asks which one with buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solvers.errors import ParseError

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle


class AmbiguousGenre(ParseError):
    """The board reads fine but fits several genres; ``candidates`` are genre names, best first,
    and ``boards`` the board as each of them reads it (empty where only the names are known).

    Solve the chosen one of ``boards``, or call :func:`solvers.reading.read_board` again with
    ``genre=`` one of the candidates.
    """

    def __init__(self, candidates: tuple[str, ...], boards: tuple[Puzzle[Any], ...] = ()) -> None:
        self.candidates = tuple(candidates)
        self.boards = tuple(boards)
        super().__init__("ambiguous-genre", genres=self.candidates)

    def board(self, genre: str) -> Puzzle[Any] | None:
        return next((b for b in self.boards if b.genre == genre), None)

    def __reduce__(self) -> tuple[Any, ...]:  # keep candidates and boards across process pools
        return (type(self), (self.candidates, self.boards))
