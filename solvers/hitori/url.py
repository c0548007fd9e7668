"""Hitori puzz.link bodies: ``hitori/<cols>/<rows>/<body>``, one character per cell, row by row.

A cell's number is one base-36 digit (``0``-``9``, ``a``-``z``: 0 to 35), or ``-`` and two base-36
digits for larger numbers; ``.`` leaves a cell empty (not a Hitori board for us). This follows the
puzz.link reader; the writer of the npm pzpr 0.10.1 release emits ``-`` and two digits for 16-35,
which puzz.link reads as another number, so we write one digit there.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import cut_short, genre_link, make_url

PID = "hitori"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def decode_body(body: str, rows: int, cols: int) -> list[list[int]]:
    """The numbers of a body (0 where a cell is left empty); raises ParseError on a bad character
    or a body with fewer cells than the board."""
    n = rows * cols
    out = [0] * n
    i = pos = 0
    while i < n and pos < len(body):
        ch = body[pos].lower()
        if ch in _B36:
            out[i] = _B36.index(ch)
            pos += 1
        elif ch == "-":
            digits = body[pos + 1:pos + 3].lower()
            if len(digits) != 2 or any(d not in _B36 for d in digits):
                raise ParseError("url-bad-char", char=body[pos], position=pos + 1)
            out[i] = int(digits, 36)
            pos += 3
        elif ch == ".":
            pos += 1
        else:
            raise ParseError("url-bad-char", char=body[pos], position=pos + 1)
        i += 1
    if i < n:  # a URL cut short in copying: no cell of ours is empty, so say so (not "holds 0")
        raise cut_short(i, n, rows, cols)
    return [out[r * cols:(r + 1) * cols] for r in range(rows)]


def encode_body(numbers: Sequence[Sequence[int]]) -> str:
    """The body for a board of numbers 1-1295 (``-`` and two digits from 36 on)."""
    out = []
    for row in numbers:
        for v in row:
            if 0 <= v < 36:
                out.append(_B36[v])
            elif v < 36 * 36:
                out.append("-" + _B36[v // 36] + _B36[v % 36])
            else:
                raise ValueError(f"hitori number {v} does not fit a puzz.link URL")
    return "".join(out)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    link = genre_link(url, "hitori", max_rows=max_rows, max_cols=max_cols)
    numbers = decode_body(link.body, link.rows, link.cols)
    return Puzzle("hitori", tuple(tuple(row) for row in numbers))


def encode_url(puzzle: Puzzle[int]) -> str:
    if any(not 0 < v < 36 * 36 for row in puzzle.cells for v in row):
        raise ParseError("hitori-url-number", max=36 * 36 - 1)
    return make_url(PID, puzzle.cols, puzzle.rows, encode_body(puzzle.cells))
