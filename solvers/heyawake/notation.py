"""Heyawake's text notation: ``.`` a cell without a number, a number 0 and up (a room's count,
in any one cell of the room), ``?`` a number not given. Stored as number + 1 (0: no number;
``UNKNOWN``: ``?``), since 0 is a real count. The rooms come as a second grid (see
:func:`solvers.reading.regions.split_regions`)."""

from __future__ import annotations

from solvers.notation import DIGIT_BLANKS, UNKNOWN, CellNotation, Rank, has_digits


class RoomNumbers(CellNotation[int]):
    empty = 0
    help = "heyawake-symbols"

    def read(self, token: str, compact: bool) -> int | None:
        if token in DIGIT_BLANKS:
            return 0
        if token == "?":
            return UNKNOWN
        if token.isascii() and token.isdigit() and len(token) <= 4:
            return int(token) + 1
        return None

    def write(self, cell: int) -> str:
        return "." if cell == 0 else "?" if cell == UNKNOWN else str(cell - 1)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        return (0, 3 if has_digits(tokens) else 4)


ROOM_NUMBERS = RoomNumbers()
