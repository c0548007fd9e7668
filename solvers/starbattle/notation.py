"""How Star Battle boards are written: every cell ``.`` (the puzzle is its regions).

A pasted board is the region grid itself (any labels: letters or numbers, equal labels one
region), or FORMATS.md's blank grid followed by the region grid (or ``grid | regions`` side by
side), after a first line naming the genre and the star count (``starbattle 2``, ``2 stars``):
the genre's ``read_rows`` reads the labels. The notation itself reads only blank cells, so a
board of labels is never taken for a board of this genre's cells (nor is any other board).
"""

from __future__ import annotations

from solvers.notation import DIGIT_BLANKS, EMPTY, CellNotation, Rank


class StarNotation(CellNotation[int]):
    empty = EMPTY
    help = "starbattle-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        return EMPTY if token in DIGIT_BLANKS else None

    def write(self, cell: int) -> str:
        return "."

    def read_token(self, token: str) -> int | None:
        return EMPTY if token == "." else None

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        return None  # blank cells alone say nothing: the header names the genre


NOTATION = StarNotation()
