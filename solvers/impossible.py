"""Clues no board of a genre can hold at their cell, whatever its other clues (an area of 0, a
number larger than the board): the shared pieces of :meth:`solvers.genre.Genre.impossible_clues`.

A picture's reader asks about such a clue instead of solving (issue 23): a photographed board of
areas had a ``2`` read ``0`` with full confidence, and its genre's board holds ``0`` as an empty
cell, so the board solved would have been one the player never sent. Only what holds on every
board of the genre and size belongs here; a clue that merely conflicts with the others is the
solver's verdict.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solvers.cell import Cell

Tokens = Sequence[Sequence[str]]


def numbers(tokens: Tokens) -> Iterator[tuple[int, int, int]]:
    """Every cell written as a plain number (ASCII digits): row, column and the number."""
    for r, row in enumerate(tokens):
        for c, t in enumerate(row):
            if t.isascii() and t.isdigit():
                yield r, c, int(t)


def zero_or_over(tokens: Tokens, top: int | None) -> frozenset[Cell]:
    """The cells holding a number of 0, or above ``top`` (None: no upper bound)."""
    return frozenset((r, c) for r, c, v in numbers(tokens) if v == 0 or (top is not None and v > top))


def in_line(tokens: Tokens, r: int, c: int) -> int:
    """How many of the four directions from (r, c) hold another clue (a token other than ``.``)
    somewhere along the row or column."""
    row = tokens[r]
    column = [line[c] for line in tokens]
    return sum(any(t != "." for t in part) for part in (row[:c], row[c + 1:], column[:r], column[r + 1:]))
