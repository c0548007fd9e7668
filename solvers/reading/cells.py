"""Board rows to cell tokens (what a token means is the genre's notation: solvers.notation).

A row with spaces, tabs or commas is split on them (a comma between two commas is an empty
cell); a row without separators is one character per cell. A square of digit lines whose split
rows are ragged is read with its spaces as empty cells (:func:`spaces_as_blanks`); a board whose
cells are parted by full-width spaces is read as those cells (:func:`full_spaces_as_separators`).
"""

from __future__ import annotations

import re

from solvers.notation import FULL_SPACE

_SPLIT_RE = re.compile(r"[ \t]*,[ \t]*|[ \t]+")
_EDGE_OPEN = "[(\"'{"
_EDGE_CLOSE = "])\"'};,"
_EDGE_OPEN_CLOSE = "])\"'}"

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
        table = _table_cells(line[1:-1])
        if table is not None:
            return table
        line = line[1:-1].strip(" \t")
    if not line:
        return Row()
    if any(ch in line for ch in " \t,"):
        return Row(_SPLIT_RE.split(line))
    row = Row(line)
    row.compact = True
    return row


def _table_cells(inner: str) -> Row | None:
    """A row typed as a table, ``| W | . | B |`` or ``|W| |B|`` (its outer bars gone): a bar between
    every two cells, each at most one token, a blank one (spaces) an empty cell. None when it is not
    so (one bar between a clue grid and its rooms, ``2 . . | a a b``, or a box line of numbers): its
    inner bars were read as cells, "Unknown symbol '|'"."""
    if "|" not in inner:
        return None
    raw = inner.split("|")
    parts = [p.strip(" \t") for p in raw]
    if any(not r or len(p.split()) > 1 or (len(p) > 1 and p == r) for p, r in zip(parts, raw, strict=True)):
        # (unspaced runs, "|123|456|789|": a box line's compact cells; "||" between boxes,
        # "|5|3|4||6|7|8|": no empty cell, it was an extra column; read as they were)
        return None
    return Row(p or "." for p in parts)


def spaces_as_blanks(lines: list[str], text: str) -> list[Row] | None:
    """N lines of digits where a space is an empty cell (``53  7    ``), as N compact rows of N
    cells (a missing tail is empty); None unless every line, taken from ``text`` with its leading
    spaces, holds only digits, ``.`` and spaces, none is longer than N and some line has a space
    before its last digit (else a short line is a typo, not blanks)."""
    n = len(lines)
    raw_lines = iter(text.split("\n"))
    out = []
    spaced = False  # a space before a line's last digit: spaces are blanks, not a short line's typo
    for line in lines:
        raw = next((r for r in raw_lines if r.strip(" \t") == line), None)
        if raw is None:
            return None
        raw = raw.rstrip(" \t")
        if len(raw) > n or not set(raw) <= set("0123456789. "):
            return None
        spaced = spaced or " " in raw
        row = Row(raw.ljust(n).replace(" ", "."))
        row.compact = True
        out.append(row)
    return out if n >= 4 and spaced else None


# What marks an empty cell in every genre's notation ("0" is a clue in some): a board holding one of
# these writes its empty cells so, and its full-width spaces are not empty cells too.
_WRITTEN_BLANKS = frozenset({".", "-", "_", "・"})


def full_spaces_as_separators(rows: list[Row]) -> list[Row]:
    """Rows typed with an IME's full-width space between the cells (``１　．　２``: full-width
    characters fold to ``1　.　2``) as those cells. A full-width space is an empty cell in a compact
    circle row (``○　●``), and was read so here, which made the board twice as wide; so only when
    every row (two or more) is compact, holds full-width spaces, none two together nor at an end but
    where every row has one there (typed after or before each cell, ``１　．　２　``: read as a blank
    column more), every row parts into as many cells, each one character or a number, and the board
    writes an empty cell otherwise (``.``, ``・``)."""
    if len(rows) < 2 or not all(row.compact and FULL_SPACE in row for row in rows):
        return rows
    lines = ["".join(row) for row in rows]
    for end in (str.startswith, str.endswith):
        if all(end(line, FULL_SPACE) for line in lines):
            lines = [line[1:] if end is str.startswith else line[:-1] for line in lines]
    parts = [line.split(FULL_SPACE) for line in lines]
    if any("" in cells for cells in parts) or len({len(cells) for cells in parts}) > 1:
        return rows
    if not all(len(tok) == 1 or tok.isdigit() for cells in parts for tok in cells):  # "○・　●": compact cells
        return rows
    if not any(tok in _WRITTEN_BLANKS for cells in parts for tok in cells):
        return rows
    return [Row(cells) for cells in parts]
