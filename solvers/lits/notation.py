"""LITS as text: the board is its rooms, so a pasted board is an empty clue grid plus a region grid.

The room labels alone, stacked (the ``.`` grid, then a grid of room labels of the same size) or
side by side (``. . . | a a b``), read by :func:`solvers.reading.regions.split_rows`. Records write every
cell as ``.`` and carry ``regions``. Detected from a pasted board that shows its rooms by ``|`` or
by letters (see :meth:`RoomsOnly.rank`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from solvers.errors import ParseError
from solvers.notation import BLANK_TOKENS, CIRCLE_ONLY, EMPTY, CellNotation, Rank, has_digits, show
from solvers.puzzle import Puzzle
from solvers.reading.regions import SIDE_BY_SIDE, rooms, split_rows

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits

MAX_LABEL = 4  # characters in a room label


class RoomsOnly(CellNotation[int]):
    empty = EMPTY
    help = "lits-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        if token in BLANK_TOKENS or token == SIDE_BY_SIDE or 0 < len(token) <= MAX_LABEL and token.isalnum():
            return EMPTY  # a blank, or a room label or the '|' of a whole pasted board (read_board is strict)
        return None

    def write(self, cell: int) -> str:
        return "."

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """A board of blanks beside (``|``) or above a grid of letter labels. Rooms in digits, or in
        the letters of circles (W, B, O...), may be another genre's board (a Heyawake's, a Star
        Battle's, whose typed boards need a header): a header names LITS."""
        if not tokens & BLANK_TOKENS:
            return None
        letters = any(t.isalpha() and len(t) <= MAX_LABEL and t not in CIRCLE_ONLY for t in tokens)
        return (0, 4) if letters and not has_digits(tokens) else None


ROOMS_ONLY = RoomsOnly()


def read_board(rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
    """A pasted LITS board; ParseError naming a cell that is not blank in the clue grid. A board
    without a blank cell nor ``|`` is its rooms alone (the clue grid of LITS holds nothing)."""
    if not any(tok in BLANK_TOKENS or tok == SIDE_BY_SIDE for row in rows for tok in row):
        regions = rooms(rows)
        return Puzzle("lits", tuple((EMPTY,) * len(regions[0]) for _ in regions), regions=regions)
    clues, labels = split_rows(rows)
    for r, row in enumerate(clues):
        for c, tok in enumerate(row):
            if tok not in BLANK_TOKENS:
                raise ParseError("lits-read-clue", cells=((r, c),), cell=(r, c), token=show(tok))
    regions = rooms(labels)
    cols = len(regions[0]) if regions else 0
    return Puzzle("lits", tuple((EMPTY,) * cols for _ in regions), regions=regions)
