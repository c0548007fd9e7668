"""Board rows to cell tokens (what a token means is the genre's notation: solvers.notation).

A row with spaces, tabs or commas is split on them (a comma between two commas is an empty
cell); a row without separators is one character per cell.
"""

from __future__ import annotations

import re

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
        line = line[1:-1].strip(" \t")
    if not line:
        return Row()
    if any(ch in line for ch in " \t,"):
        return Row(_SPLIT_RE.split(line))
    row = Row(line)
    row.compact = True
    return row
