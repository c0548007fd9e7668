"""Star Battle puzz.link URLs: ``starbattle/<cols>/<rows>/<stars>/<borders>``.

The borders part is pzprjs's border encoding (learned from ``Encode.decodeBorder``, written here
from the description): first the walls between horizontal neighbours ((cols - 1) per row, row by
row), then those between vertical neighbours (cols per row pair), each list five walls to a
base-32 digit, the first wall in the highest bit, the last digit padded with zeros. Regions are
the areas the walls enclose, numbered 1, 2, ... by their first cell.
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import make_url, split_url
from solvers.starbattle.board import Regions, regions_and_stars

PID = "starbattle"
_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def _bits(chars: str, count: int) -> list[int]:
    out: list[int] = []
    for ch in chars:
        v = _BASE32.find(ch)
        if v < 0:
            raise ParseError("starbattle-url-char", char=ch)
        out.extend((v >> (4 - i)) & 1 for i in range(5))
    return (out + [0] * count)[:count]


def _digits(bits: list[int]) -> str:
    out = []
    for i in range(0, len(bits), 5):
        chunk = (bits[i:i + 5] + [0] * 5)[:5]
        out.append(_BASE32[sum(b << (4 - j) for j, b in enumerate(chunk))])
    return "".join(out)


def decode_borders(body: str, rows: int, cols: int) -> Regions:
    """The regions a border string encloses (cells past missing digits have no walls)."""
    nv, nh = (cols - 1) * rows, cols * (rows - 1)
    lv, lh = (nv + 4) // 5, (nh + 4) // 5
    body = body.lower()
    vertical = _bits(body[:lv], nv)
    horizontal = _bits(body[lv:lv + lh], nh)
    ids = [[0] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if ids[r0][c0]:
                continue
            count += 1
            ids[r0][c0] = count
            todo = [(r0, c0)]
            while todo:
                r, c = todo.pop()
                steps = []
                if c + 1 < cols and not vertical[r * (cols - 1) + c]:
                    steps.append((r, c + 1))
                if c > 0 and not vertical[r * (cols - 1) + c - 1]:
                    steps.append((r, c - 1))
                if r + 1 < rows and not horizontal[r * cols + c]:
                    steps.append((r + 1, c))
                if r > 0 and not horizontal[(r - 1) * cols + c]:
                    steps.append((r - 1, c))
                for rr, cc in steps:
                    if not ids[rr][cc]:
                        ids[rr][cc] = count
                        todo.append((rr, cc))
    return tuple(tuple(row) for row in ids)


def encode_borders(regions: Regions) -> str:
    rows, cols = len(regions), len(regions[0])
    vertical = [int(regions[r][c] != regions[r][c + 1]) for r in range(rows) for c in range(cols - 1)]
    horizontal = [int(regions[r][c] != regions[r + 1][c]) for r in range(rows - 1) for c in range(cols)]
    return _digits(vertical) + _digits(horizontal)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    """The board of a Star Battle URL: its regions and star count."""
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid != PID:
        raise ParseError("starbattle-url-genre", pid=link.pid)
    parts = link.body.split("/")
    if len(parts) < 2 or not parts[0].isdigit() or int(parts[0]) < 1:
        raise ParseError("starbattle-url-stars")
    regions = decode_borders(parts[1], link.rows, link.cols)
    cells = tuple((0,) * link.cols for _ in range(link.rows))
    return Puzzle(PID, cells, regions=regions, params=(("stars", int(parts[0])),))


def encode_url(puzzle: Puzzle[int]) -> str:
    regions, stars = regions_and_stars(puzzle)
    return make_url(PID, len(regions[0]), len(regions), f"{stars}/{encode_borders(regions)}")
