"""Akari puzz.link URLs: ``akari/<cols>/<rows>/<body>`` (pzpr's ``lightup``, also ``bijutsukan``).

The body walks the cells row by row (learned from pzprjs ``Encode.decode4Cell``, written here
from the description): ``0``-``4`` a numbered black cell; ``5``-``9`` the number (digit - 5)
followed by one white cell; ``a``-``e`` the number (digit - 10) followed by two white cells;
``.`` a black cell without a number; ``g``-``z`` 1 to 20 white cells. The writer packs a
number with the white cells after it the way pzpr does, so its URLs are the engine's own.
"""

from __future__ import annotations

from solvers.akari.board import Grid
from solvers.akari.notation import WHITE, Given
from solvers.clues import Block
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import cut_short, make_url, split_url

PIDS = ("akari", "lightup", "bijutsukan")
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def decode_body(body: str, rows: int, cols: int) -> Grid:
    """The grid a URL body describes; ParseError when the body ends before the last cell (cut short)."""
    cells: list[Given] = [WHITE] * (rows * cols)
    i = 0
    for ch in body.lower():
        if i >= len(cells):
            break
        if ch in "01234":
            cells[i] = Block(int(ch))
        elif ch in "56789":
            cells[i] = Block(int(ch) - 5)
            i += 1
        elif ch in "abcde":
            cells[i] = Block(_BASE36.index(ch) - 10)
            i += 2
        elif "g" <= ch <= "z":
            i += _BASE36.index(ch) - 16
        elif ch == ".":
            cells[i] = Block(None)
        else:
            raise ParseError("akari-url-char", char=ch)
        i += 1
    if i < len(cells):
        raise cut_short(i, len(cells), rows, cols)
    return tuple(tuple(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def encode_body(grid: Grid) -> str:
    cells = [cell for row in grid for cell in row]
    out: list[str] = []
    gap = 0
    i = 0
    while i < len(cells):
        cell = cells[i]
        token = ""
        if not isinstance(cell, Block):
            gap += 1
        elif cell.number is None:
            token = "."
        else:
            n = cell.number
            if i + 1 < len(cells) and isinstance(cells[i + 1], Block):
                token = str(n)
            elif i + 2 < len(cells) and isinstance(cells[i + 2], Block):
                token, i = str(5 + n), i + 1
            else:  # two white cells follow (or the board ends): pzpr writes a-e here too
                token, i = _BASE36[10 + n], i + 2
        if gap and (token or gap == 20):
            out.append(_BASE36[gap + 15])
            gap = 0
        out.append(token)
        i += 1
    if gap:
        out.append(_BASE36[gap + 15])
    return "".join(out)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[Given]:
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid not in PIDS:
        raise ParseError("akari-url-genre", pid=link.pid)
    return Puzzle("akari", decode_body(link.body.split("/")[0], link.rows, link.cols))


def encode_url(puzzle: Puzzle[Given]) -> str:
    """The URL as puzz.link writes it (a body ending in '.' gets a closing '/')."""
    grid = puzzle.cells
    body = encode_body(grid)
    return make_url(PIDS[0], len(grid[0]), len(grid), body if body[-1:].isalnum() else body + "/")
