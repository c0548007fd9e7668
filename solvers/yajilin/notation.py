"""Yajilin's text notation: ``.`` a free cell, ``2r`` an arrow clue (number, then ``u r d l``),
``#`` a grey clue cell, ``?r`` an arrow without its number.

Players also write the arrow as a symbol before or after the number (``2→``, ``←1``, ``3↓``,
``2>``) and a grey cell as ``■``; a board with at least one arrow is read as Yajilin.
"""

from __future__ import annotations

import re

from solvers.clues import Arrow, Direction
from solvers.notation import DIGIT_BLANKS, MAX_NUMBER, CellNotation, Rank
from solvers.yajilin.arrows import EMPTY, GREY, YCell

LETTERS = {"u": Direction.UP, "r": Direction.RIGHT, "d": Direction.DOWN, "l": Direction.LEFT,
           "↑": Direction.UP, "→": Direction.RIGHT, "↓": Direction.DOWN, "←": Direction.LEFT,
           "^": Direction.UP, ">": Direction.RIGHT, "v": Direction.DOWN, "<": Direction.LEFT,
           "⇧": Direction.UP, "⇨": Direction.RIGHT, "⇩": Direction.DOWN, "⇦": Direction.LEFT}
_ARROW = "[" + re.escape("".join(LETTERS)) + "]"
_AFTER = re.compile(rf"^(\d{{1,4}}|\?)({_ARROW})$", re.IGNORECASE)
_BEFORE = re.compile(rf"^({_ARROW})(\d{{1,4}}|\?)$", re.IGNORECASE)
_LONG_AFTER = re.compile(rf"^(?P<n>\d+){_ARROW}$", re.IGNORECASE)
_LONG_BEFORE = re.compile(rf"^{_ARROW}(?P<n>\d+)$", re.IGNORECASE)
GREYS = frozenset({"#", "■", "█", "▇", "⬛"})


class ArrowNotation(CellNotation[YCell]):
    empty = EMPTY
    help = "yajilin-symbols"
    largest = MAX_NUMBER  # what the patterns read (four digits)

    def number_of(self, token: str) -> str | None:
        """The number of an arrow clue written with any count of digits (``12345r``)."""
        m = _LONG_AFTER.match(token) or _LONG_BEFORE.match(token)
        return None if m is None else m.group("n")

    def read(self, token: str, compact: bool) -> YCell | None:
        if token in DIGIT_BLANKS:
            return EMPTY
        if token in GREYS:
            return GREY
        m = _AFTER.match(token)
        if m:
            number, arrow = m.group(1), m.group(2)
        else:
            m = _BEFORE.match(token)
            if not m:
                return None
            arrow, number = m.group(1), m.group(2)
        return Arrow(None if number == "?" else int(number), LETTERS[arrow.lower()])

    def write(self, cell: YCell) -> str:
        if not isinstance(cell, Arrow):
            return "."
        if cell.direction is None:
            return "#"
        return f"{'?' if cell.number is None else cell.number}{cell.direction.value}"

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """Only boards with an arrow: none of the other genres writes one."""
        if any(isinstance(self.read(t, False), Arrow) and t not in GREYS for t in tokens):
            return (0, 0)
        return None


ARROWS = ArrowNotation()
