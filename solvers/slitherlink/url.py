"""The puzz.link ``slither`` codec.

The URL body is pzprjs' "4-cell" encoding (written from its description): per character,
``0``-``4`` a clue then the next cell; ``5``-``9`` a clue (minus 5) and one empty cell after it;
``a``-``e`` a clue (minus 10) and two empty cells; ``g``-``z`` 1-20 empty cells; ``.`` a clue
whose number is hidden (read as no clue: it constrains nothing).
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import cut_short, genre_of_pid, make_url, split_url

PID = "slither"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def decode_body(body: str, rows: int, cols: int) -> list[int]:
    """Row-major cell values (clue + 1, 0 empty) of a 4-cell body; ParseError for a body cut short."""
    n = rows * cols
    out = [0] * n
    i = 0
    for pos, ch in enumerate(body):
        if i >= n:
            break
        d = _B36.find(ch)
        if ch == ".":
            i += 1
        elif 0 <= d <= 14:
            clue, skip = d % 5, d // 5
            if clue == 4:
                raise ParseError("slitherlink-url-four", cells=(divmod(i, cols),), cell=divmod(i, cols))
            out[i] = clue + 1
            i += 1 + skip
        elif 16 <= d <= 35:
            i += d - 15
        else:
            raise ParseError("slitherlink-url-char", char=ch, position=pos + 1)
    if i < n:
        raise cut_short(i, n, rows, cols)
    return out


def encode_body(values: list[int]) -> str:
    """The 4-cell body of row-major cell values (as puzz.link writes it)."""
    out: list[str] = []
    run = 0
    i = 0
    while i < len(values):
        v = values[i]
        if v == 0:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            i += 1
            continue
        if run:
            out.append(_B36[run + 15])
            run = 0
        skip = 0 if i + 1 < len(values) and values[i + 1] else 1 if i + 2 < len(values) and values[i + 2] else 2
        out.append(_B36[v - 1 + 5 * skip])
        i += 1 + skip
    if run:
        out.append(_B36[run + 15])
    return "".join(out)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if genre_of_pid(link.pid) != "slitherlink":
        raise ParseError("slitherlink-url-genre", pid=link.pid)
    values = decode_body(link.body, link.rows, link.cols)
    cells = tuple(tuple(values[r * link.cols:(r + 1) * link.cols]) for r in range(link.rows))
    return Puzzle("slitherlink", cells)


def encode_url(puzzle: Puzzle[int]) -> str:
    return make_url(PID, puzzle.cols, puzzle.rows, encode_body([v for row in puzzle.cells for v in row]))
