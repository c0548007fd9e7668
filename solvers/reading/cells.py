"""Board rows to cell tokens, and tokens to cell values for the two notation families.

A row with spaces, tabs or commas is split on them (a comma between two commas is an empty
cell); a row without separators is one character per cell.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from solvers.errors import ParseError
from solvers.reading.normalise import FULL_SPACE

if TYPE_CHECKING:
    from solvers.genre import Genre

_SPLIT_RE = re.compile(r"[ \t]*,[ \t]*|[ \t]+")
_EDGE_OPEN = "[(\"'{"
_EDGE_CLOSE = "])\"'};,"
_EDGE_OPEN_CLOSE = "])\"'}"

BLANK_TOKENS = frozenset({"", ".", "-", "_", "0", "・", FULL_SPACE})
CIRCLE_VALUES: dict[str, int] = {
    **dict.fromkeys(BLANK_TOKENS, 0),
    **dict.fromkeys(("W", "w", "O", "o", "1", "○", "◯", "〇", "⚪"), 1),
    **dict.fromkeys(("B", "b", "X", "x", "2", "●", "⚫"), 2),
}
# Symbols that only circle boards use: a board with any of them is read as circles.
CIRCLE_ONLY = frozenset(k for k in CIRCLE_VALUES if not (k.isdigit() or k in BLANK_TOKENS))

DIGIT_BLANKS = BLANK_TOKENS - {"0"}  # where 0 is a clue (digit genres), these still mean "empty"

TOO_BIG = 10**9


class Row(list[str]):
    """A row's cell tokens; ``compact`` when written one character per cell (letters are base-36 there)."""

    compact: bool = False


def tokenise(line: str) -> Row:
    """The cell tokens of one board row."""
    line = line.strip(" \t")
    if line.startswith(tuple(_EDGE_OPEN)) or line.endswith(tuple(_EDGE_OPEN_CLOSE)):
        # a Python/numpy/JSON row: [0, 1, 2],  [[0 1 2]  "W . B",  (a trailing comma belongs to the list)
        line = line.lstrip(_EDGE_OPEN + " \t").rstrip(_EDGE_CLOSE + " \t")
    if line.startswith("|") and line.endswith("|") and len(line) > 1:
        line = line[1:-1].strip(" \t")
    if not line:
        return Row()
    if any(ch in line for ch in " \t,"):
        return Row(_SPLIT_RE.split(line))
    row = Row(line)
    row.compact = True
    return row


def circle_value(tok: str) -> int | None:
    return CIRCLE_VALUES.get(tok)


def number_value(tok: str, letters: bool = True) -> int | None:
    """0 empty, -1 '?', a positive number; TOO_BIG for absurdly long digit strings; None if unknown.

    ``letters``: a single letter is a base-36 digit (a=10 ... z=35), as in one-char-per-cell rows.
    """
    if tok in BLANK_TOKENS:
        return 0
    if tok == "?":
        return -1
    if tok.isascii() and tok.isdigit():
        return int(tok) if len(tok) <= 7 else TOO_BIG
    if letters and len(tok) == 1 and tok.isascii() and tok.isalpha():
        return int(tok, 36)
    return None


def show(tok: str) -> str:
    """A token as it appears in a message ('q', a full-width space, a long token shortened)."""
    if tok == FULL_SPACE:
        return "full-width space"
    if len(tok) > 12:
        tok = tok[:12] + "…"
    return "".join(ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in tok)


def unknown_symbol(tok: str, r: int, c: int, genre: str | None, symbols: str) -> ParseError:
    """``symbols``: "circles", "numbers", "digits" or "any" (the help the catalogue gives)."""
    if genre is None:
        return ParseError("read-unknown-symbol-board", cells=((r, c),), token=show(tok), cell=(r, c),
                          symbols=f"read-help-{symbols}")
    return ParseError("read-unknown-symbol", cells=((r, c),), token=show(tok), cell=(r, c), genre=genre,
                      symbols=f"read-help-{symbols}")


def read_circles(rows: list[Row], genre: str | None) -> list[list[int]]:
    """Cell values of a circle board; raises ParseError at the first unknown symbol."""
    out = []
    for r, row in enumerate(rows):
        vals = []
        for c, tok in enumerate(row):
            v = CIRCLE_VALUES.get(tok)
            if v is None:
                raise unknown_symbol(tok, r, c, genre, "circles")
            vals.append(v)
        out.append(vals)
    return out


def read_numbers(rows: list[Row], genre: str | None, max_number: int) -> list[list[int]]:
    """Cell values of a number board; raises ParseError at the first unknown or too large number."""
    out = []
    for r, row in enumerate(rows):
        vals = []
        for c, tok in enumerate(row):
            v = number_value(tok, row.compact)
            if v is None:
                raise unknown_symbol(tok, r, c, genre, "numbers")
            if v > max_number:
                raise ParseError("read-number-too-large", cells=((r, c),), number=show(tok), cell=(r, c),
                                 max=max_number)
            vals.append(v)
        out.append(vals)
    return out


def read_digits(rows: list[Row], genre: Genre[Any]) -> list[list[int]]:
    """Cell values of a digit board (0 is a clue): the genre's own tokens, blanks as '.'."""
    out = []
    for r, row in enumerate(rows):
        vals = []
        for c, tok in enumerate(row):
            v = genre.value_of("." if tok in DIGIT_BLANKS else tok)
            if v is None:
                raise unknown_symbol(tok, r, c, genre.name, "digits")
            vals.append(v)
        out.append(vals)
    return out
