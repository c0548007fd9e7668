"""Kakuro puzz.link URLs: ``kakuro/<cols-1>/<rows-1>/<body>``.

pzpr's board is our grid without its first row and column; those become its outer clue cells.
The body (learned from pzprjs's description of its encoding, written here anew):

* the board cells in reading order: ``k``-``z`` skip 1-16 white cells; ``.`` a black cell without
  clues; otherwise two characters, the down then the right sum;
* then, for each board column whose top cell is white, one character: the down sum written above
  it (our row 0); then for each board row whose first cell is white, the right sum to its left
  (our column 0).

A sum is one character: ``1``-``9`` and ``a``-``j`` for 1-19, ``A``-``Z`` for 20-45, ``0`` none.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.clues import Sum
from solvers.errors import ParseError
from solvers.kakuro.notation import BLACK, WHITE, KCell, White
from solvers.puzzle import Puzzle
from solvers.puzzlink import make_url, split_url

PID = "kakuro"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
Grid = tuple[tuple[KCell, ...], ...]


def _decval(ch: str) -> int:
    if "0" <= ch <= "9" or "a" <= ch <= "j":
        return _B36.index(ch)
    if "A" <= ch <= "Z":
        return _B36.index(ch.lower()) + 10
    return 0


def _encval(v: int | None) -> str:
    if v is None or v <= 0:
        return "0"
    if v <= 19:
        return _B36[v]
    if v <= 45:
        return _B36[v - 10].upper()
    raise ParseError("kakuro-url-sum-too-large", total=v)


def _clue(down: int, right: int) -> KCell:
    return Sum(down or None, right or None)


def grid_of_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Grid:
    """Our full grid (clue row and column included) from a kakuro URL."""
    link = split_url(url, max_rows=max_rows - 1, max_cols=max_cols - 1)
    rows, cols = link.rows, link.cols
    body = link.body
    board: list[KCell] = [WHITE] * (rows * cols)
    pos = i = 0
    while i < len(body) and pos < rows * cols:
        ch = body[i]
        if "k" <= ch <= "z":
            pos += _B36.index(ch) - 19
            i += 1
            continue
        if ch == ".":
            board[pos] = BLACK
            i += 1
        else:
            if i + 1 >= len(body):
                raise ParseError("url-cut-off", position=i + 1, char=ch, width=2)
            board[pos] = _clue(_decval(ch), _decval(body[i + 1]))
            i += 2
        pos += 1
    if pos > rows * cols:
        raise ParseError("url-bad-char", char=body[i - 1], position=i)
    if pos < rows * cols:
        raise ParseError("kakuro-url-short", got=pos, total=rows * cols)
    grid: list[list[KCell]] = [[BLACK] * (cols + 1) for _ in range(rows + 1)]
    for k, cell in enumerate(board):
        grid[k // cols + 1][k % cols + 1] = cell
    for c in range(cols):
        if isinstance(board[c], White):
            grid[0][c + 1] = _clue(_decval(body[i]) if i < len(body) else 0, 0)
            i += 1
    for r in range(rows):
        if isinstance(board[r * cols], White):
            grid[r + 1][0] = _clue(0, _decval(body[i]) if i < len(body) else 0)
            i += 1
    if i > len(body):  # puzz.link writes every edge sum, 0 for none
        edges = sum(isinstance(board[k], White) for k in [*range(cols), *range(0, rows * cols, cols)])
        raise ParseError("kakuro-url-short-sums", got=edges - (i - len(body)), total=edges)
    return tuple(tuple(row) for row in grid)


def url_of_grid(cells: Sequence[Sequence[KCell]]) -> str:
    """The URL of a grid whose first row and column hold no white cell (ParseError otherwise)."""
    rows, cols = len(cells) - 1, len(cells[0]) - 1
    edge = [*cells[0], *(row[0] for row in cells)]
    if rows < 1 or cols < 1 or any(isinstance(v, White) for v in edge):
        raise ParseError("kakuro-url-edge-white")
    out: list[str] = []
    run = 0
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            cell = cells[r][c]
            if isinstance(cell, White):
                run += 1
                if run == 16:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(_B36[run + 19])
                run = 0
            down, right = cell.down, cell.right
            out.append("." if not down and not right else _encval(down) + _encval(right))
    if run:
        out.append(_B36[run + 19])
    for c in range(1, cols + 1):
        top = cells[0][c]
        if isinstance(cells[1][c], White) and isinstance(top, Sum):
            out.append(_encval(top.down))
    for r in range(1, rows + 1):
        left = cells[r][0]
        if isinstance(cells[r][1], White) and isinstance(left, Sum):
            out.append(_encval(left.right))
    return make_url(PID, cols, rows, "".join(out))


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[KCell]:
    return Puzzle("kakuro", grid_of_url(url, max_rows=max_rows, max_cols=max_cols))


def encode_url(puzzle: Puzzle[KCell]) -> str:
    return url_of_grid(puzzle.cells)
