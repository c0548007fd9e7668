"""What the engine reports: a message code with parameters and the cells it is about.

The engine never holds words for people. A :class:`Message` names what happened (``code``) and
the facts that fill the sentence (``params``); ``bot/i18n/<lang>.py`` turns it into words.
Parameters named ``cell`` or ending in ``_cell`` hold a 0-based ``(row, col)`` (the catalogue
writes it the way its language says "row 3, column 4"); ``cells`` are the cells a picture marks.
A genre's own codes carry their English wording in the genre's ``messages`` table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solvers.cell import Cell


@dataclass(frozen=True)
class Message:
    """A code, its parameters, and the 0-based cells it is about."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    cells: tuple[Cell, ...] = ()

    def __str__(self) -> str:  # for logs: "code(key=value, ...)"
        inner = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.code}({inner})"


class PuzzleError(Exception):
    """Something about the input that the user can fix: ``PuzzleError(code, cells=..., **params)``."""

    def __init__(self, code: str, /, *, cells: tuple[Cell, ...] | list[Cell] = (), **params: Any) -> None:
        self.msg = Message(code, dict(params), tuple(tuple(c) for c in cells))  # type: ignore[misc]
        super().__init__(str(self.msg))

    def __reduce__(self) -> tuple[Any, ...]:  # crosses process pools whole (code, params, cells)
        return (_rebuild, (type(self), self.msg))

    @property
    def code(self) -> str:
        return self.msg.code

    @property
    def params(self) -> Mapping[str, Any]:
        return self.msg.params

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.msg.cells


def _rebuild(cls: type[PuzzleError], msg: Message) -> PuzzleError:
    err = cls.__new__(cls)
    Exception.__init__(err, str(msg))
    err.msg = msg
    return err


class ParseError(PuzzleError):
    """The text or URL could not be read as a board."""


class InvalidPuzzle(PuzzleError):
    """The board was read but its givens break the genre's form."""
