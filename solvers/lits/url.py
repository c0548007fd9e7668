"""LITS puzz.link bodies: ``lits/<cols>/<rows>/<body>``, the region borders as bits.

The body lists, five borders per base-32 character (most significant bit first), first the
borders between horizontally adjacent cells (row by row, left to right: ``(cols - 1) * rows``
bits), then those between vertically adjacent cells (``cols * (rows - 1)`` bits); 1 = a region
border. Regions are the areas the borders enclose, numbered 1, 2, ... in reading order.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import genre_link, make_url

PID = "lits"
_B32 = "0123456789abcdefghijklmnopqrstuv"


def _bits(chars: str, count: int) -> list[bool]:
    out: list[bool] = []
    for pos, ch in enumerate(chars):
        d = _B32.find(ch.lower())
        if d < 0:
            raise ParseError("lits-url-char", char=ch, position=pos + 1)
        out += [bool(d >> (4 - k) & 1) for k in range(5)]
    out = out[:count]
    return out + [False] * (count - len(out))


def decode_body(body: str, rows: int, cols: int) -> list[list[int]]:
    """The region number of every cell (1-based, in reading order of each region's first cell)."""
    nv, nh = (cols - 1) * rows, cols * (rows - 1)
    cv, ch = (nv + 4) // 5, (nh + 4) // 5
    right = _bits(body[:cv], nv)  # right[r * (cols - 1) + c]: border between (r, c) and (r, c + 1)
    down = _bits(body[cv:cv + ch], nh)  # down[r * cols + c]: border between (r, c) and (r + 1, c)
    ids = [[0] * cols for _ in range(rows)]
    next_id = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if ids[r0][c0]:
                continue
            next_id += 1
            ids[r0][c0] = next_id
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = []
                if c + 1 < cols and not right[r * (cols - 1) + c]:
                    steps.append((r, c + 1))
                if c > 0 and not right[r * (cols - 1) + c - 1]:
                    steps.append((r, c - 1))
                if r + 1 < rows and not down[r * cols + c]:
                    steps.append((r + 1, c))
                if r > 0 and not down[(r - 1) * cols + c]:
                    steps.append((r - 1, c))
                for q in steps:
                    if not ids[q[0]][q[1]]:
                        ids[q[0]][q[1]] = next_id
                        stack.append(q)
    return ids


def _chars(bits: list[bool]) -> str:
    bits = bits + [False] * (-len(bits) % 5)
    return "".join(_B32[sum(1 << (4 - k) for k in range(5) if bits[i + k])] for i in range(0, len(bits), 5))


def encode_body(regions: Sequence[Sequence[int]]) -> str:
    """The body for a region grid (any region labels: a border wherever neighbours differ)."""
    rows, cols = len(regions), len(regions[0])
    right = [regions[r][c] != regions[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    down = [regions[r][c] != regions[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return _chars(right) + _chars(down)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    link = genre_link(url, "lits", max_rows=max_rows, max_cols=max_cols)
    ids = decode_body(link.body, link.rows, link.cols)
    return Puzzle("lits", tuple((0,) * link.cols for _ in range(link.rows)), regions=tuple(tuple(row) for row in ids))


def encode_url(puzzle: Puzzle[int]) -> str:
    if puzzle.regions is None:
        raise ParseError("regions-missing", genre="lits")
    return make_url(PID, puzzle.cols, puzzle.rows, encode_body(puzzle.regions))
