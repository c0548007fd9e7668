"""Sudoku puzz.link URLs: ``sudoku/<N>/<N>/<body>``, the givens in the number16 encoding.

puzz.link draws standard boxes only and knows the sides 4, 6, 9, 16 and 25; a jigsaw board or
another side has no URL.
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_number16, encode_number16, make_url, split_url
from solvers.sudoku.layout import Grid, renumber, standard_regions

PID = "sudoku"
URL_SIDES = (4, 6, 9, 16, 25)


def grid_of_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Grid:
    """The givens of a sudoku URL (0 = empty); raises ParseError for another size or a bad body."""
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.rows != link.cols or link.rows not in URL_SIDES:
        raise ParseError("sudoku-url-size", rows=link.rows, cols=link.cols)
    n = link.rows
    values = decode_number16(link.body, n, n)
    for i, v in enumerate(values):
        if not 0 <= v <= n:
            raise ParseError("sudoku-bad-digit", cells=(divmod(i, n),), cell=divmod(i, n), digit=v, n=n)
    return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))


def url_of_grid(cells: Grid, jigsaw: bool) -> str:
    """The puzz.link URL of standard-box givens; ParseError for a jigsaw board or a side puzz.link lacks."""
    n = len(cells)
    if jigsaw:
        raise ParseError("sudoku-url-jigsaw")
    if n not in URL_SIDES:
        raise ParseError("sudoku-url-unsupported", n=n)
    return make_url(PID, n, n, encode_number16([v for row in cells for v in row]))


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    return Puzzle("sudoku", grid_of_url(url, max_rows=max_rows, max_cols=max_cols))


def encode_url(puzzle: Puzzle[int]) -> str:
    jigsaw = puzzle.regions is not None and renumber(puzzle.regions) != standard_regions(puzzle.rows)
    return url_of_grid(puzzle.cells, jigsaw)
