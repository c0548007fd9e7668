"""Boards with rooms, as players paste them: the clue grid and the region grid together.

Two layouts are read (what a region genre's ``read_rows`` builds on):

* stacked: the clue grid, then a region grid of the same size below it (2 x rows lines);
* side by side: each line ``<clue cells> | <region cells>``.

A region grid names each cell's room with any token (letters, numbers); equal tokens are one
room. Rooms are numbered 1, 2, ... in reading order of their first cell, as FORMATS.md records
write them.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import ParseError
from solvers.puzzle import Regions
from solvers.reading.cells import Row

SIDE_BY_SIDE = "|"
BLANKS = frozenset({".", "・", "·", "_"})  # empty-cell marks: a grid of them names no rooms


def split_regions(rows: Sequence[Row]) -> tuple[list[Row], Regions]:
    """(clue rows, region ids) of a pasted room board; ParseError saying what is missing."""
    clues, labels = split_rows(rows)
    return clues, rooms(labels)


def split_rows(rows: Sequence[Row]) -> tuple[list[Row], list[Row]]:
    """(clue rows, room label rows) of a pasted room board, stacked or side by side: a genre that
    reads its clues before its rooms names a wrong clue first."""
    if rows and all(SIDE_BY_SIDE in row for row in rows):
        clues, labels = [], []
        for row in rows:
            at = row.index(SIDE_BY_SIDE)
            clues.append(_row(row[:at], row.compact))
            labels.append(_row(row[at + 1:], row.compact))
        if any(len(a) != len(b) for a, b in zip(clues, labels, strict=True)):
            raise ParseError("regions-side-width")
        return clues, labels
    if len(rows) % 2 or not rows:
        raise ParseError("regions-missing-grid", rows=len(rows))
    half = len(rows) // 2
    return list(rows[:half]), list(rows[half:])


def rooms(rows: Sequence[Sequence[str]]) -> Regions:
    """:func:`label_regions`, refusing a room grid of blanks only (a board pasted without its rooms,
    whose lower half would otherwise be read as one room called '.')."""
    if all(tok in BLANKS for row in rows for tok in row):
        raise ParseError("regions-blank")
    return label_regions(rows)


def label_regions(rows: Sequence[Sequence[str]]) -> Regions:
    """Region ids 1, 2, ... for a grid of room labels (equal labels: one room)."""
    ids: dict[str, int] = {}
    return tuple(tuple(ids.setdefault(tok, len(ids) + 1) for tok in row) for row in rows)


def _row(tokens: Sequence[str], compact: bool) -> Row:
    row = Row(tokens)
    row.compact = compact
    return row
