"""How Akari boards are written: ``.`` a white cell, ``#`` a black cell, ``0``-``4`` a black cell
with its number (and what players paste: ``■ █`` black, ``・ _ -`` and ``□`` white).

A white cell is :data:`WHITE`, not None: the notation interface keeps None for "not one of our
symbols", so the empty cell needs a value of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.clues import Block
from solvers.notation import FULL_SPACE, CellNotation, Rank


@dataclass(frozen=True)
class White:
    """A white cell (lights go here)."""


WHITE = White()
Given = Block | White

WHITE_TOKENS = frozenset({".", "-", "_", "・", "□", FULL_SPACE})
BLACK_TOKENS = frozenset({"#", "■", "█"})
NUMBERS = "01234"


class AkariNotation(CellNotation[Given]):
    """White cells are :data:`WHITE`; black cells a :class:`~solvers.clues.Block` with its number or none."""

    empty = WHITE
    help = "akari-read-help"
    largest = 4  # a black cell has four neighbours

    def read(self, token: str, compact: bool) -> Given | None:
        if token in WHITE_TOKENS:
            return WHITE
        if token in BLACK_TOKENS:
            return Block(None)
        if len(token) == 1 and token in NUMBERS:
            return Block(int(token))
        return None

    def write(self, cell: Given) -> str:
        if not isinstance(cell, Block):
            return "."
        return "#" if cell.number is None else str(cell.number)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """A board of white cells, ``#`` and 0-4 is an Akari. Without a ``#`` (white cells and
        numbers only) it is taken for a number genre's board: a first line naming the genre tells."""
        return (0, 0) if tokens & BLACK_TOKENS else None


NOTATION = AkariNotation()
