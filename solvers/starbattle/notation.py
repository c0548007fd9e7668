"""How Star Battle boards are written: every cell ``.`` (the puzzle is its regions).

A pasted board is the region grid itself (any labels: letters or numbers, equal labels one
region), or FORMATS.md's blank grid followed by the region grid (or ``grid | regions`` side by
side). So this notation reads blanks and region labels alike, every one as an empty cell, and
ranks such boards last: number and circle genres come first where they read the board too.
"""

from __future__ import annotations

from solvers.notation import BLANK_TOKENS, EMPTY, CellNotation, Rank

SIDE_BY_SIDE = "|"


def is_label(token: str) -> bool:
    """A region label: a short run of letters or digits."""
    return 0 < len(token) <= 3 and token.isalnum()


class StarNotation(CellNotation[int]):
    empty = EMPTY
    help = "starbattle-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        return EMPTY if token in BLANK_TOKENS or token == SIDE_BY_SIDE or is_label(token) else None

    def write(self, cell: int) -> str:
        return "."

    def read_token(self, token: str) -> int | None:
        return EMPTY if token == "." else None

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        return (0, 9)


NOTATION = StarNotation()
