"""Yajilin givens as plain data (until ``solvers.clues`` lands): arrow clues and grey cells.

A clue cell holds a number and a direction (``2r``: two shaded cells to its right, counted to the
edge of the board over other clue cells); a grey cell (``#``) is a clue cell with neither. Any
other cell is ``None``. Boards here are ``Cells``: rows of ``Arrow | None``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

Cell = tuple[int, int]


class Direction(Enum):
    UP = "u"
    RIGHT = "r"
    DOWN = "d"
    LEFT = "l"

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTA[self]


_DELTA = {Direction.UP: (-1, 0), Direction.RIGHT: (0, 1), Direction.DOWN: (1, 0), Direction.LEFT: (0, -1)}


@dataclass(frozen=True)
class Arrow:
    """A clue cell: ``number`` shaded cells lie in ``direction`` (both None: a grey cell; number
    None with a direction: a ``?`` clue, which counts nothing)."""

    number: int | None
    direction: Direction | None


GREY = Arrow(None, None)
Cells = Sequence[Sequence[Arrow | None]]


def read_token(token: str) -> Arrow | None:
    """FORMATS.md token -> cell (``.`` None, ``#`` grey, ``2r`` an arrow); ValueError otherwise."""
    if token == ".":
        return None
    if token == "#":
        return GREY
    number, letter = token[:-1], token[-1:]
    if not letter or letter not in "urdl" or not (number == "?" or number.isascii() and number.isdigit()):
        raise ValueError(token)
    return Arrow(None if number == "?" else int(number), Direction(letter))


def write_token(cell: Arrow | None) -> str:
    if cell is None:
        return "."
    if cell.direction is None:
        return "#"
    return f"{'?' if cell.number is None else cell.number}{cell.direction.value}"


def read_grid(rows: Sequence[str]) -> tuple[tuple[Arrow | None, ...], ...]:
    """FORMATS.md ``grid`` rows -> cells."""
    return tuple(tuple(read_token(t) for t in row.split()) for row in rows)


def write_grid(cells: Cells) -> list[str]:
    return [" ".join(write_token(v) for v in row) for row in cells]


def ray(rows: int, cols: int, cell: Cell, direction: Direction) -> Iterator[Cell]:
    """The cells from next to ``cell`` in ``direction`` to the edge of the board."""
    dr, dc = direction.delta
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < rows and 0 <= c < cols:
        yield r, c
        r, c = r + dr, c + dc
