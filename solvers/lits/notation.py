"""LITS as text: the board is its rooms, so a pasted board is an empty clue grid plus a region grid.

Stacked (the ``.`` grid, then a grid of room labels of the same size) or side by side
(``. . . | a a b``), read by :func:`solvers.reading.regions.split_regions`. Records write every
cell as ``.`` and carry ``regions``. Detection: a board with blanks and room labels may be LITS;
its form (an all-blank first half, rooms of four cells or more) decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from solvers.errors import ParseError
from solvers.notation import BLANK_TOKENS, EMPTY, CellNotation, Rank, show
from solvers.puzzle import Puzzle
from solvers.reading.regions import split_regions

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits

MAX_LABEL = 4  # characters in a room label


def _label(token: str) -> bool:
    return 0 < len(token) <= MAX_LABEL and token.isalnum()


class RoomsOnly(CellNotation[int]):
    empty = EMPTY
    help = "lits-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        return EMPTY if token in BLANK_TOKENS or token == "|" or _label(token) else None

    def write(self, cell: int) -> str:
        return "."

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        if not tokens & BLANK_TOKENS or tokens <= BLANK_TOKENS:
            return None  # no empty clue grid, or no room labels
        return (0, 5)


ROOMS_ONLY = RoomsOnly()


def read_board(rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
    """A pasted LITS board; ParseError naming a cell that is not blank in the clue grid."""
    clues, regions = split_regions(rows)
    for r, row in enumerate(clues):
        for c, tok in enumerate(row):
            if tok not in BLANK_TOKENS:
                raise ParseError("lits-read-clue", cells=((r, c),), cell=(r, c), token=show(tok))
    cols = len(regions[0]) if regions else 0
    return Puzzle("lits", tuple((EMPTY,) * cols for _ in regions), regions=regions)
