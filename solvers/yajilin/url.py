"""puzz.link Yajilin URLs (pid ``yajilin``, pzpr's ``yajirin``): pzprjs's arrow-number encoding.

Per clue cell: the direction digit (0 none, 1 up, 2 down, 3 left, 4 right) then the number: one
hex digit, or ``.`` for ``?``; directions 5-9 (the same plus 5) take two hex digits (16-255);
``-`` + direction + three hex digits takes 256-4095. ``a``-``z`` skip 1-26 empty cells. A clue
cell with neither number nor arrow is our grey cell ``#``; a number without an arrow counts
nothing, so it reads as a grey cell too. (Written from pzprjs's documented format, not copied.)
"""

from __future__ import annotations

from solvers.clues import Arrow, Direction
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import cut_short, make_url, split_url
from solvers.yajilin.arrows import GREY, Cells, YCell, cells_of, puzzle_of

PIDS = ("yajilin", "yajirin", "yajilin-regions")
DIGIT = {Direction.UP: 1, Direction.DOWN: 2, Direction.LEFT: 3, Direction.RIGHT: 4}
DIRECTION = {v: k for k, v in DIGIT.items()}
_HEX = frozenset("0123456789abcdef")
_SKIP = "abcdefghijklmnopqrstuvwxyz"


def decode_body(body: str, rows: int, cols: int) -> tuple[tuple[Arrow | None, ...], ...]:
    n = rows * cols
    out: list[Arrow | None] = [None] * n
    c = i = 0
    while i < len(body) and c < n:
        ch = body[i]
        if ch in "01234" or ch in "56789" or ch == "-":
            if ch == "-":
                d, digits, i = body[i + 1 : i + 2], body[i + 2 : i + 5], i + 5
            elif ch in "56789":
                d, digits, i = str(int(ch) - 5), body[i + 1 : i + 3], i + 3
            else:
                d, digits, i = ch, body[i + 1 : i + 2], i + 2
            if digits == ".":
                number = None
            elif digits and all(x in _HEX for x in digits) and d in "01234" and d:
                number = int(digits, 16)
            else:
                raise ParseError("url-cut-off", position=i, char=ch, width=len(digits))
            direction = DIRECTION.get(int(d))
            out[c] = GREY if direction is None else Arrow(number, direction)
            c += 1
        elif ch in _SKIP:
            c += _SKIP.index(ch) + 1
            i += 1
        else:
            raise ParseError("url-bad-char", char=ch, position=i + 1)
    if c < n:
        raise cut_short(c, n, rows, cols)
    return tuple(tuple(out[r * cols : (r + 1) * cols]) for r in range(rows))


def encode_body(cells: Cells) -> str:
    parts: list[str] = []
    run = 0
    for row in cells:
        for v in row:
            if v is None:
                run += 1
                if run == 26:
                    parts.append("z")
                    run = 0
                continue
            if run:
                parts.append(_SKIP[run - 1])
                run = 0
            parts.append(_token(v))
    if run:
        parts.append(_SKIP[run - 1])
    return "".join(parts)


def _token(v: Arrow) -> str:
    d = 0 if v.direction is None else DIGIT[v.direction]
    n = v.number
    if v.direction is None or n is None:
        return f"{d}."
    if n < 16:
        return f"{d}{n:x}"
    if n < 256:
        return f"{d + 5}{n:02x}"
    if n < 4096:
        return f"-{d}{n:03x}"
    raise ParseError("url-number-too-large", number=n, max=4095)


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[YCell]:
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid not in PIDS:
        raise ParseError("url-other-genre", genre=link.pid, pid=link.pid, wanted="yajilin")
    return puzzle_of(decode_body(link.body, link.rows, link.cols))


def encode_url(puzzle: Puzzle[YCell]) -> str:
    return make_url("yajilin", puzzle.cols, puzzle.rows, encode_body(cells_of(puzzle)))
