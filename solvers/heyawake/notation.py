"""Heyawake's text notation: ``.`` a cell without a number, a number 0 and up (a room's count,
in any one cell of the room), ``?`` a number not given. Stored as number + 1 (0: no number;
``UNKNOWN``: ``?``), since 0 is a real count. The rooms come as a second grid, stacked below or
side by side after ``|`` (see :func:`solvers.reading.regions.split_regions`).

Detection reads whole pasted boards, room labels and ``|`` included, so :meth:`RoomNumbers.read`
accepts labels too; the clue grid itself is read strictly (:meth:`RoomNumbers.read_grid`). A
board is taken for Heyawake without a header only when it shows rooms by ``|`` or letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from solvers.notation import DIGIT_BLANKS, MAX_NUMBER, UNKNOWN, CellNotation, Rank, has_digits

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits

MAX_LABEL = 4  # characters in a room label


class RoomNumbers(CellNotation[int]):
    empty = 0
    help = "heyawake-symbols"
    largest = MAX_NUMBER  # what :meth:`number` reads (four digits)

    def number(self, token: str) -> int | None:
        """A clue token's cell value, or None."""
        if token in DIGIT_BLANKS:
            return 0
        if token == "?":
            return UNKNOWN
        if token.isascii() and token.isdigit() and len(token) <= 4:
            return int(token) + 1
        return None

    def read(self, token: str, compact: bool) -> int | None:
        value = self.number(token)
        if value is None and (token == "|" or 0 < len(token) <= MAX_LABEL and token.isalnum()):
            return 0  # a room label (or the '|' between the grids): part of a pasted board
        return value

    def read_token(self, token: str) -> int | None:
        value = self.number(token)
        return value if value is not None and self.write(value) == token else None

    def write(self, cell: int) -> str:
        return "." if cell == 0 else "?" if cell == UNKNOWN else str(cell - 1)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """Only boards that show their rooms (a ``|`` or letter labels) and hold a number: a grid of
        digits alone, or rooms alone, may be another genre's (a header line names Heyawake)."""
        if has_digits(tokens) and ("|" in tokens or any(t.isalpha() and len(t) <= MAX_LABEL for t in tokens)):
            return (0, 3)
        return None  # rooms without a single number are as much another room genre's: named in a header

    def read_grid(self, rows: Sequence[Row], genre: str, limits: ReadLimits) -> tuple[tuple[int, ...], ...]:
        out = []
        for r, row in enumerate(rows):
            values = []
            for c, tok in enumerate(row):
                v = self.number(tok)
                if v is None:
                    raise self.refusal(tok, r, c, genre)
                values.append(v)
            out.append(tuple(values))
        return tuple(out)


ROOM_NUMBERS = RoomNumbers()
