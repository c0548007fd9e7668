"""Hashiwokakero puzz.link URLs: ``hashi/<cols>/<rows>/<body>`` (pzpr's ``hashikake``), the
island numbers in the number16 encoding; ``.`` is a ``?`` island (any number of bridges)."""

from __future__ import annotations

from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_number16, encode_number16, make_url, split_url

PID = "hashi"
PIDS = ("hashi", "hashikake", "bridges")
Grid = tuple[tuple[int, ...], ...]


def grid_of_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Grid:
    """The island numbers of a hashi URL (0 = water, UNKNOWN a ``?`` island); ParseError for a bad body."""
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    values = decode_number16(link.body, link.rows, link.cols, unknown=UNKNOWN)
    return tuple(tuple(values[r * link.cols : (r + 1) * link.cols]) for r in range(link.rows))


def url_of_grid(cells: Grid) -> str:
    rows, cols = len(cells), len(cells[0])
    return make_url(PID, cols, rows, encode_number16([v for row in cells for v in row], unknown=UNKNOWN))


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    return Puzzle("hashiwokakero", grid_of_url(url, max_rows=max_rows, max_cols=max_cols))


def encode_url(puzzle: Puzzle[int]) -> str:
    return url_of_grid(puzzle.cells)
