"""Errors a puzzle can raise, each with a message people can act on (English and Japanese)."""

from __future__ import annotations

Cell = tuple[int, int]


class PuzzleError(Exception):
    """Something about the input that the user can fix.

    ``message`` is English, ``message_ja`` Japanese (falls back to English); ``cells`` are the
    0-based (row, col) cells the message is about, so a picture can mark them.
    """

    def __init__(self, message: str, message_ja: str | None = None, cells: tuple[Cell, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.message_ja = message_ja or message
        self.cells = tuple(cells)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("ja" for Japanese, anything else English)."""
        return self.message_ja if lang.startswith("ja") else self.message


class ParseError(PuzzleError):
    """The text or URL could not be read as a board."""


class InvalidPuzzle(PuzzleError):
    """The board was read but its givens break the genre's form."""
