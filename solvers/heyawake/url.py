"""puzz.link Heyawake URLs (pid ``heyawake``): room borders, then one number per room.

Borders: first the walls between horizontal neighbours (row by row, ``cols - 1`` per row), then
those between vertical neighbours (``cols`` per row gap), five per base-32 character, most
significant bit first. Numbers: rooms in the order of their first cell (row by row), each a
number16 token (hex digit; ``-`` + 2 hex; ``+`` + 3 hex; ``.`` unknown), ``g``-``z`` skipping
1-20 rooms. puzz.link writes a room's number in its leftmost column's topmost cell; a number read
from a URL sits there. (Written from pzprjs's documented format, not copied.)
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.heyawake.rooms import Numbers, Regions, Rooms, numbers_of, puzzle_of, regions_of
from solvers.puzzle import Puzzle
from solvers.puzzlink import make_url, split_url

PIDS = ("heyawake", "heyawake2")
_B32 = "0123456789abcdefghijklmnopqrstuv"
_HEX = "0123456789abcdef"
_SKIP = "ghijklmnopqrstuvwxyz"
Board = tuple[tuple[tuple[int | None, ...], ...], tuple[tuple[int, ...], ...]]


def decode_body(body: str, rows: int, cols: int) -> Board:
    """(numbers, regions) of a board; regions are numbered 1.. in room order."""
    nv, nh = (cols - 1) * rows, cols * (rows - 1)
    chars = (nv + 4) // 5 + (nh + 4) // 5
    bits: list[bool] = []
    for k in range(chars):
        if k >= len(body) or body[k] not in _B32:
            raise ParseError("url-cut-off", position=k + 1, char=body[k : k + 1], width=chars)
        v = _B32.index(body[k])
        bits += [bool(v >> (4 - b) & 1) for b in range(5)]
    vbits = bits[:nv]
    hbits = bits[((nv + 4) // 5) * 5 :][:nh]
    parent = list(range(rows * cols))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r in range(rows):
        for c in range(cols - 1):
            if not vbits[r * (cols - 1) + c]:
                parent[find(r * cols + c)] = find(r * cols + c + 1)
    for r in range(rows - 1):
        for c in range(cols):
            if not hbits[r * cols + c]:
                parent[find(r * cols + c)] = find((r + 1) * cols + c)
    ids: dict[int, int] = {}
    regions = tuple(tuple(ids.setdefault(find(r * cols + c), len(ids) + 1) for c in range(cols)) for r in range(rows))
    rooms = Rooms.of_board([[None] * cols for _ in range(rows)], regions)
    numbers: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    k, i, rest = 0, 0, body[chars:]
    while i < len(rest) and k < len(rooms.cells):
        ch = rest[i]
        if ch in _SKIP:
            k += _SKIP.index(ch) + 1
            i += 1
            continue
        width = {"-": 2, "+": 3}.get(ch, 0)
        digits = rest[i + 1 : i + 1 + width] if width else ch
        if ch == ".":
            value = None
        elif digits and len(digits) == max(width, 1) and all(x in _HEX for x in digits):
            value = int(digits, 16)
        else:
            raise ParseError("url-bad-char", char=ch, position=chars + i + 1)
        i += 1 + width
        if value is not None:
            r, c = rooms.number_cell(k)
            numbers[r][c] = value
        k += 1
    return tuple(tuple(row) for row in numbers), regions


def encode_body(numbers: Numbers, regions: Regions) -> str:
    rows, cols = len(regions), len(regions[0])
    bits = [regions[r][c] != regions[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    hbits = [regions[r][c] != regions[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    out: list[str] = []
    for group in (bits, hbits):
        for k in range(0, len(group), 5):
            chunk = group[k : k + 5]
            out.append(_B32[sum(1 << (4 - b) for b, on in enumerate(chunk) if on)])
    rooms = Rooms.of_board(numbers, regions)
    skip = 0
    for n in rooms.number:
        if n is None:
            skip += 1
            if skip == 20:
                out.append("z")
                skip = 0
            continue
        if skip:
            out.append(_SKIP[skip - 1])
            skip = 0
        if n < 16:
            out.append(_HEX[n])
        elif n < 256:
            out.append(f"-{n:02x}")
        elif n < 4096:
            out.append(f"+{n:03x}")
        else:
            raise ParseError("url-number-too-large", number=n, max=4095)
    if skip:
        out.append(_SKIP[skip - 1])
    return "".join(out)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid not in PIDS:
        raise ParseError("url-other-genre", genre=link.pid, pid=link.pid, wanted="heyawake")
    return puzzle_of(*decode_body(link.body, link.rows, link.cols))


def encode_url(puzzle: Puzzle[int]) -> str:
    return make_url("heyawake", puzzle.cols, puzzle.rows, encode_body(numbers_of(puzzle), regions_of(puzzle)))
