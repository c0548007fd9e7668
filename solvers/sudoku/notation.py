"""Sudoku boards as people paste them, read into a puzzle.

Accepted shapes (empty cells as ``.``, ``0``, ``_``, ``-``, ``*`` or ``x``):

* one line of N*N characters (``4.....8.5.3....``, 81 for a 9x9);
* N lines of N characters (``53..7....``), or of N space-separated tokens (``5 3 . . 7``; 16x16
  boards write 10-16 as numbers, or as letters A-G one character per cell);
* either of those with box separators: ``|`` inside lines; lines of ``-``, ``+``, ``=`` and ``|``
  between bands (``------+-------+------``) never reach here (the reader drops them);
* a jigsaw: the clue grid with its region grid (any labels) below it, or beside it after ``|``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from solvers.errors import ParseError
from solvers.notation import BLANK_TOKENS, CellNotation, Rank, has_digits
from solvers.puzzle import Puzzle, Regions
from solvers.reading.cells import Row
from solvers.reading.regions import split_regions
from solvers.sudoku.check import MAX_SIDE, MIN_SIDE

if TYPE_CHECKING:
    from solvers.reading.limits import ReadLimits

SIDES = (4, 6, 8, 9, 12, 16, 25)
_LETTERS = "ABCDEFG"  # 10..16 in one-character 16x16 boards


# -- the genre's notation and text reader (tokens already split by solvers.reading) -------------

SEPARATOR = -2  # a box separator token '|' (dropped by read_rows)


class SudokuNotation(CellNotation[int]):
    """``.`` (or ``0``, ``_``, ``-``) empty, ``1``-``N`` a given, ``|`` a box separator (dropped by
    :func:`read_rows`, which also reads region labels and 16x16 letters itself)."""

    empty = 0
    help = "sudoku-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        if token in BLANK_TOKENS or token in ("*", "x", "X"):
            return 0
        if token.isascii() and token.isdigit():
            return int(token) if len(token) <= 3 else None
        if token in ("|", "\u2502", "\u2503"):
            return SEPARATOR
        return None

    def write(self, cell: int) -> str:
        return "." if cell == 0 else str(cell)

    def read_token(self, token: str) -> int | None:
        cell = self.read(token, False)
        return cell if cell is not None and cell >= 0 and self.write(cell) == token else None

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        """Detected from digits, blanks and separators only (letters: name the genre in a header)."""
        if not has_digits(tokens):
            return None
        for t in tokens:
            v = self.read(t, False)
            if v is None or v > 25:
                return None
        return (0, 0)


NOTATION = SudokuNotation()


def _drop_separators(rows: Sequence[Row]) -> list[Row]:
    out = []
    for row in rows:
        kept = Row(t for t in row if NOTATION.read(t, row.compact) != SEPARATOR)
        kept.compact = row.compact
        if kept:
            out.append(kept)
    return out


def _side_by_side(rows: Sequence[Row]) -> bool:
    """``<clues> | <regions>`` on every line: one separator per row, the clue half square."""
    seps = [[i for i, t in enumerate(row) if NOTATION.read(t, row.compact) == SEPARATOR] for row in rows]
    return all(len(s) == 1 for s in seps) and all(s[0] == len(rows) for s in seps)


def _cell(token: str, compact: bool, n: int, r: int, c: int) -> int:
    if n == 16 and compact and token.upper() in _LETTERS:
        return 10 + _LETTERS.index(token.upper())
    v = NOTATION.read(token, compact)
    if v is None or v < 0 or v > n:
        raise ParseError("sudoku-read-cell", cells=((r, c),), cell=(r, c), token=token, n=n)
    return v


def read_rows(rows: Sequence[Row], limits: ReadLimits) -> Puzzle[int]:
    """A pasted sudoku: one line of N*N cells, N rows (with or without ``|`` and ``-+-`` box lines),
    or a jigsaw's clue grid with its region grid below or beside it (after ``|``)."""
    regions: Regions | None = None
    if _side_by_side(rows):
        clue_rows, regions = split_regions([Row(["|" if NOTATION.read(t, r.compact) == SEPARATOR else t for t in r])
                                            for r in rows])
        for a, b in zip(clue_rows, rows, strict=True):
            a.compact = b.compact
        body = list(clue_rows)
    else:
        body = _drop_separators(rows)
    if len(body) == 1:
        flat = body[0]
        n = math.isqrt(len(flat))
        if n * n != len(flat) or n not in SIDES:
            raise ParseError("sudoku-read-one-line", got=len(flat))
        body = [Row(flat[r * n : (r + 1) * n]) for r in range(n)]
        for row in body:
            row.compact = flat.compact
    elif regions is None and len(body) == 2 * len(body[0]) and len(body[0]) in SIDES:
        clue_rows, regions = split_regions(body)
        body = list(clue_rows)
    n = len(body)
    if any(len(row) != n for row in body):
        bad = next(r for r, row in enumerate(body) if len(row) != n)
        raise ParseError("sudoku-read-not-square", cells=((bad, 0),), rows=n, row=bad + 1, got=len(body[bad]))
    if not MIN_SIDE <= n <= MAX_SIDE:  # (before its cells: a 3x3 of 1-9 was told its '4' is no 1-3)
        raise ParseError("sudoku-size", n=n, min=MIN_SIDE, max=MAX_SIDE)
    cells = tuple(tuple(_cell(t, row.compact, n, r, c) for c, t in enumerate(row)) for r, row in enumerate(body))
    return Puzzle("sudoku", cells, regions=regions)
