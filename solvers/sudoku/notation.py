"""Sudoku boards as people paste them, read into rows of givens.

Accepted shapes (empty cells as ``.``, ``0``, ``_``, ``-``, ``*``, ``x`` or a space):

* one line of N*N characters (``4.....8.5.3....``, 81 for a 9x9), optionally with ``|``;
* N lines of N characters (``53..7....``), or of N space-separated tokens (``5 3 . . 7``; 16x16
  boards write 10-16 as numbers, or as letters A-G one character per cell);
* either of those with box separators: ``|`` inside lines, lines of ``-``, ``+``, ``=`` and ``|``
  between bands (``------+-------+------``) are dropped.
"""

from __future__ import annotations

import math
import re

from solvers.sudoku.layout import Grid

EMPTY_MARKS = frozenset(".0_-*x ")
SIDES = (4, 6, 8, 9, 12, 16, 25)
_SEPARATOR_LINE = re.compile(r"^[\s\-+=|]*$")
_LETTERS = "ABCDEFG"  # 10..16 in one-character 16x16 boards


def _cell(token: str, n: int) -> int | None:
    t = token.strip()
    if not t or t in EMPTY_MARKS or t.lower() == "x":
        return 0
    if t.isascii() and t.isdigit():
        v = int(t)
        return v if v <= n else None
    if n == 16 and len(t) == 1 and t.upper() in _LETTERS:
        return 10 + _LETTERS.index(t.upper())
    return None


def _row(line: str, n: int) -> list[int] | None:
    """One board row: N whitespace-separated tokens, or N characters (a space is an empty cell;
    a line whose trailing blanks were trimmed is padded)."""
    bare = line.replace("|", "").replace("\u2502", "")
    tokens = bare.split()
    if len(tokens) == n:
        vals = [_cell(t, n) for t in tokens]
    else:
        chars = bare.strip() if len(bare.strip()) == n else bare.rstrip()
        if len(chars) < n and " " in chars:
            chars = chars.ljust(n)
        if len(chars) != n:
            return None
        vals = [_cell(ch, n) for ch in chars]
    if any(v is None for v in vals):
        return None
    return [v for v in vals if v is not None]


def read_text(text: str) -> Grid | None:
    """The givens of a pasted sudoku (0 = empty), or None when the text is not one of the shapes."""
    lines = [ln for ln in text.replace("\r", "").split("\n") if ln.strip() and not _SEPARATOR_LINE.match(ln)]
    if not lines:
        return None
    if len(lines) == 1:
        flat = "".join(lines[0].split()).replace("|", "")
        side = math.isqrt(len(flat))
        if side * side == len(flat) and side in SIDES:
            vals = [_cell(ch, side) for ch in flat]
            if all(v is not None for v in vals):
                cells = [v for v in vals if v is not None]
                return tuple(tuple(cells[r * side : (r + 1) * side]) for r in range(side))
        return None
    n = len(lines)
    if n not in SIDES:
        return None
    rows = [_row(ln, n) for ln in lines]
    if any(r is None for r in rows):
        return None
    return tuple(tuple(r) for r in rows if r is not None)


def is_one_line_sudoku(text: str) -> bool:
    """An 81-character line of digits and empty marks: a 9x9 sudoku, whatever else might fit."""
    flat = "".join(text.split())
    return len(flat) == 81 and all(ch.isdigit() or ch in EMPTY_MARKS for ch in flat)
