"""Clue values a cell may hold beyond a plain number: the shared vocabulary of the genres.

A genre picks its cell type (``Puzzle[C]``): ``int`` where a cell is a number or nothing (0), or
one of these frozen values where a clue has parts. Text, URLs, pictures and drawings all speak
of the same values, so a reader or a renderer never needs to know which genre it serves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Direction(Enum):
    """An arrow's direction, written as in FORMATS.md (``2r``: two, pointing right)."""

    UP = "u"
    RIGHT = "r"
    DOWN = "d"
    LEFT = "l"

    @property
    def delta(self) -> tuple[int, int]:
        """The (row, column) step one cell along the arrow."""
        return _DELTA[self]


_DELTA = {Direction.UP: (-1, 0), Direction.RIGHT: (0, 1), Direction.DOWN: (1, 0), Direction.LEFT: (0, -1)}


@dataclass(frozen=True)
class Arrow:
    """A clue cell with a number and an arrow; both None: a grey cell without a clue."""

    number: int | None
    direction: Direction | None


@dataclass(frozen=True)
class Block:
    """A black cell, with a number or without (``#`` and ``0``-``4`` in light-placing genres)."""

    number: int | None = None


@dataclass(frozen=True)
class Sum:
    """A split clue cell (``D\\R``): the sum of the run below and of the run to the right."""

    down: int | None = None
    right: int | None = None
