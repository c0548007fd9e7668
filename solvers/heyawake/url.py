"""puzz.link Heyawake URLs (pid ``heyawake``): room borders, then one number per room.

Borders: puzz.link's border encoding (:func:`solvers.puzzlink.decode_borders`). Numbers: rooms
in the order of their first cell (row by row), each a number16 token (hex digit; ``-`` + 2 hex;
``+`` + 3 hex; ``.`` unknown), ``g``-``z`` skipping 1-20 rooms. puzz.link writes a room's number
in its leftmost column's topmost cell; a number read from a URL sits there. (Written from
pzprjs's documented format, not copied.)
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.heyawake.rooms import Numbers, Regions, Rooms, numbers_of, puzzle_of, regions_of
from solvers.puzzle import Puzzle
from solvers.puzzlink import border_length, decode_borders, encode_borders, make_url, split_url

PIDS = ("heyawake", "heyawake2")
_HEX = "0123456789abcdef"
_SKIP = "ghijklmnopqrstuvwxyz"
Board = tuple[tuple[tuple[int | None, ...], ...], tuple[tuple[int, ...], ...]]


def decode_body(body: str, rows: int, cols: int) -> Board:
    """(numbers, regions) of a board; regions are numbered 1.. in room order."""
    chars = border_length(rows, cols)
    regions = decode_borders(body, rows, cols)
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
    if k < len(rooms.cells):  # puzz.link writes a skip for the rooms after the last number
        raise ParseError("heyawake-url-short", got=k, total=len(rooms.cells), rows=rows, cols=cols)
    return tuple(tuple(row) for row in numbers), regions


def encode_body(numbers: Numbers, regions: Regions) -> str:
    out = [encode_borders(regions)]
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
