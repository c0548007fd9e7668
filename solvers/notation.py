"""How a genre's cells are written as text: one :class:`CellNotation` per family of symbols.

A genre names its notation (``Genre.notation``); the text reader, the FORMATS.md record and genre
detection ask the notation (read this token, write this cell, how likely is a board of these
tokens yours) instead of switching on an alphabet. The shared families live here (circles,
numbers, small digits where 0 is a clue); a genre with other symbols (arrows, sums,
black cells) subclasses :class:`CellNotation` in its own folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from solvers.errors import ParseError

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits

C = TypeVar("C")

EMPTY = 0
WHITE = 1  # a white circle
BLACK = 2  # a black circle
UNKNOWN = -1  # a number clue whose number is not given ("?"): kept, not solved

FULL_SPACE = "\u3000"  # a full-width space: a blank cell in ○●・ boards
BLANK_TOKENS = frozenset({"", ".", "-", "_", "0", "・", FULL_SPACE})  # what players write for an empty cell
TOO_BIG = 10**9  # an absurdly long digit string, read as a number too large for any board
MAX_NUMBER = 9999  # the largest number a numbers cell may hold in text or a record (puzz.link allows 12287)

Rank = tuple[int, int]  # (tier, order): detection keeps the genres of the lowest tier, ordered by order

CIRCLE_VALUES: dict[str, int] = {
    **dict.fromkeys(BLANK_TOKENS, EMPTY),
    **dict.fromkeys(("W", "w", "O", "o", "1", "○", "◯", "〇", "⚪"), WHITE),
    **dict.fromkeys(("B", "b", "X", "x", "2", "●", "⚫"), BLACK),
}
# Symbols only circle boards use: a board with any of them is read as circles where it can be.
CIRCLE_ONLY = frozenset(k for k in CIRCLE_VALUES if not (k.isdigit() or k in BLANK_TOKENS))
DIGIT_BLANKS = BLANK_TOKENS - {"0"}  # where 0 is a clue, these still mean "empty"


def show(tok: str) -> str:
    """A token as it appears in a message ('q', a full-width space, a long token shortened)."""
    if tok == FULL_SPACE:
        return "full-width space"
    if len(tok) > 12:
        tok = tok[:12] + "…"
    return "".join(ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in tok)


def unknown_symbol(tok: str, r: int, c: int, genre: str | None, symbols: str) -> ParseError:
    """The error for a token no notation (``genre`` None) or ``genre``'s notation knows;
    ``symbols``: the message code listing what is known."""
    if genre is None:
        return ParseError("read-unknown-symbol-board", cells=((r, c),), token=show(tok), cell=(r, c), symbols=symbols)
    return ParseError("read-unknown-symbol", cells=((r, c),), token=show(tok), cell=(r, c), genre=genre,
                      symbols=symbols)


def above(digits: str, largest: int) -> bool:
    """Whether the ASCII digit string ``digits`` is a number above ``largest`` (without ``int`` of
    a thousand-digit string, which Python refuses)."""
    digits = digits.lstrip("0") or "0"
    return len(digits) > len(str(largest)) or int(digits) > largest


def has_digits(tokens: frozenset[str]) -> bool:
    return any(t.isdigit() for t in tokens)


class CellNotation(Generic[C]):
    """Reading and writing one genre family's cells. Subclasses set ``empty`` and ``help``."""

    empty: C
    help: str  # message code: the symbols this notation knows, for "unknown symbol" messages
    largest: int | None = None  # the largest clue number it writes; None: it writes no numbers
    above_code = "read-number-above"  # the message for a number above it (naming the genre and ``largest``)

    def number_of(self, token: str) -> str | None:
        """The number written in ``token`` when the token is one of ours but for its number, else
        None (a clue token's number part; the whole token by default)."""
        return token if token.isascii() and token.isdigit() else None

    def refusal(self, token: str, r: int, c: int, genre: str) -> ParseError:
        """Why ``token`` at (r, c) is not a ``genre`` cell: a number too large for the genre is
        named as such (as an "unknown symbol" it read as if digits were not allowed there)."""
        number = None if self.largest is None else self.number_of(token)
        if number is not None and self.largest is not None and above(number, self.largest):
            return ParseError(self.above_code, cells=((r, c),), number=show(number.lstrip("0") or "0"),
                              cell=(r, c), genre=genre, max=self.largest)
        return unknown_symbol(token, r, c, genre, self.help)

    def read(self, token: str, compact: bool) -> C | None:
        """The cell a pasted token stands for; None when the token is not one of ours.

        ``compact``: the row was written one character per cell (single letters may be digits).
        """
        raise NotImplementedError

    def write(self, cell: C) -> str:
        """The FORMATS.md token of a cell."""
        raise NotImplementedError

    def read_token(self, token: str) -> C | None:
        """The cell of a FORMATS.md token (records): only the token :meth:`write` gives, in any case."""
        cell = self.read(token, False)
        return cell if cell is not None and self.write(cell).lower() == token.lower() else None

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """How likely a board of these tokens is in this notation (see :data:`Rank`); None: it is not."""
        return (0, 0)

    def read_grid(self, rows: Sequence[Row], genre: str, limits: ReadLimits) -> tuple[tuple[C, ...], ...]:
        """Every token read; ParseError naming the first cell that is not one of ours."""
        out = []
        for r, row in enumerate(rows):
            vals = []
            for c, tok in enumerate(row):
                v = self.read(tok, row.compact)
                if v is None:
                    raise self.refusal(tok, r, c, genre)
                vals.append(v)
            out.append(tuple(vals))
        return tuple(out)


class Circles(CellNotation[int]):
    """``.`` empty, ``W`` white, ``B`` black (and ``o x ○ ● 1 2`` as players write them)."""

    empty = EMPTY
    help = "read-help-circles"

    def read(self, token: str, compact: bool) -> int | None:
        return CIRCLE_VALUES.get(token)

    def write(self, cell: int) -> str:
        return {EMPTY: ".", WHITE: "W", BLACK: "B"}[cell]

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        return (0, 1 if has_digits(tokens) else 0)


class Numbers(CellNotation[int]):
    """``.`` empty, a positive number, ``?`` a clue without its number; single letters are
    base-36 digits in one-character-per-cell rows."""

    empty = EMPTY
    help = "read-help-numbers"
    largest = MAX_NUMBER  # a reading cap, not the genre's: the genre's own check names a lower bound
    above_code = "read-number-too-large"  # ("too large (at most 9999)", naming no genre)

    def read(self, token: str, compact: bool) -> int | None:
        if token in BLANK_TOKENS:
            return EMPTY
        if token == "?":
            return UNKNOWN
        if token.isascii() and token.isdigit():
            return int(token) if len(token) <= 7 else TOO_BIG
        if compact and len(token) == 1 and token.isascii() and token.isalpha():
            return int(token, 36)
        return None

    def write(self, cell: int) -> str:
        return "." if cell == EMPTY else "?" if cell == UNKNOWN else str(cell)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        return (1 if tokens & CIRCLE_ONLY else 0, 0 if has_digits(tokens) else 1)

    def read_grid(self, rows: Sequence[Row], genre: str, limits: ReadLimits) -> tuple[tuple[int, ...], ...]:
        grid = super().read_grid(rows, genre, limits)
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v > limits.max_number:
                    raise ParseError("read-number-too-large", cells=((r, c),), number=show(rows[r][c]), cell=(r, c),
                                     max=limits.max_number)
        return grid


class SmallDigits(CellNotation[int]):
    """``.`` no clue, ``0``..``top`` a clue where 0 is a real given: clue n is stored as n + 1."""

    empty = EMPTY
    help = "read-help-digits"

    def __init__(self, top: int) -> None:
        self.top = self.largest = top

    def read(self, token: str, compact: bool) -> int | None:
        if token in DIGIT_BLANKS:
            return EMPTY
        if len(token) == 1 and token.isascii() and token.isdigit() and int(token) <= self.top:
            return int(token) + 1
        return None

    def write(self, cell: int) -> str:
        return "." if cell == EMPTY else str(cell - 1)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        if "0" in tokens and not tokens & DIGIT_BLANKS:
            return None  # '0' for every empty cell: no digit board's clue
        return (1 if tokens & CIRCLE_ONLY else 0, 2)


CIRCLES = Circles()
NUMBERS = Numbers()
DIGITS03 = SmallDigits(3)
