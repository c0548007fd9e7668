"""How Kakuro boards are written: ``.`` a white cell, ``#`` a black cell, ``D\\R`` a clue cell
(``17\\``, ``\\23``, ``8\\12``: the down and the right sum, either may be missing).

A white cell is :data:`WHITE`, not None: the notation interface keeps None for "not one of our
symbols".
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.clues import Sum
from solvers.notation import CellNotation, Rank


@dataclass(frozen=True)
class White:
    """A white cell (a digit goes here)."""


WHITE = White()
KCell = Sum | White
BLACK = Sum(None, None)

WHITE_TOKENS = frozenset({".", "_", "-", "・", "□"})
BLACK_TOKENS = frozenset({"#", "■", "█", "\\"})


class KakuroNotation(CellNotation[KCell]):
    empty = WHITE
    help = "kakuro-read-help"
    largest = 45  # 1 + 2 + ... + 9, the largest sum of a run

    def number_of(self, token: str) -> str | None:
        """The longer sum of a ``D\\R`` clue whose parts are digits (``123\\4``: ``123``)."""
        parts = token.split("\\")
        if len(parts) != 2 or not all(p == "" or (p.isascii() and p.isdigit()) for p in parts):
            return None
        return max(parts, key=lambda p: (len(p.lstrip("0")), p.lstrip("0"))) or None

    def read(self, token: str, compact: bool) -> KCell | None:
        if token in WHITE_TOKENS:
            return WHITE
        if token in BLACK_TOKENS:
            return BLACK
        if token.count("\\") == 1:
            down, right = token.split("\\")
            if all(p == "" or (p.isascii() and p.isdigit() and len(p) <= 2) for p in (down, right)):
                return Sum(int(down) if down else None, int(right) if right else None)
        return None

    def write(self, cell: KCell) -> str:
        if isinstance(cell, White):
            return "."
        if cell.down is None and cell.right is None:
            return "#"
        return f"{'' if cell.down is None else cell.down}\\{'' if cell.right is None else cell.right}"

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """A board with a ``D\\R`` clue is a Kakuro; without one (only ``#`` and ``.``) it is not."""
        return (0, 0) if any("\\" in t and len(t) > 1 for t in tokens) else None


NOTATION = KakuroNotation()
