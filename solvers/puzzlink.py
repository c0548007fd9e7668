"""puzz.link (pzprjs) URLs: split them, name their genre, and the cell encodings genres share.

A puzz.link URL looks like ``https://puzz.link/p?<pid>/[<flag>/]<cols>/<rows>/<body>`` (also
``pzv.jp/p.html?...``, with or without the scheme). Note the order: **columns first**.

Encodings (learned from pzprjs ``Encode.js``; written here from the description, not copied):

* circles (circle genres): three cells per character; the character is a base-27 digit whose
  base-3 digits (most significant first) are the three cells (0 empty, 1 white, 2 black).
* number16 (number genres): per cell ``0-9a-f`` one hex digit; ``-xx`` two hex digits;
  ``+xxx`` three; ``=xxx`` 4096 + three; ``%xxx`` 8192 + three; ``.`` a ``?`` clue; ``g``-``z``
  skip 1-20 empty cells.
* borders (room genres): the walls right of each cell (``cols - 1`` a row, row by row), then
  those below each cell (``cols`` a row), five walls to a base-32 character, the first in the
  highest bit, each list's last character padded with zeros; rooms are the areas the walls
  enclose, numbered 1, 2, ... by their first cell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.errors import ParseError
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle, Regions, rooms_from_walls

HOSTS = ("puzz.link/p", "pzv.jp/p.html", "pzv.jp/p")
SITE = "https://puzz.link/p?"

# Where a puzz.link URL starts inside free text: host + '?' + the query up to whitespace.
URL_RE = re.compile(
    r"(?:https?://)?(?:www\.)?(?:puzz\.link/p(?:\.html)?|pzv\.jp/p(?:\.html)?|pzprxs\.vercel\.app/p)\?([^\s<>\"'`]*)",
    re.IGNORECASE,
)
# A bare query such as "<pid>/6/6/0036..." or "p?<pid>/6/6/...".
BARE_RE = re.compile(r"^(?:p\?|\?)?([a-z]+(?:_[a-z]+)?)/((?:[a-z:]+/)?\d+/\d+(?:/\S*)?)$", re.IGNORECASE)

_MODE_SUFFIXES = ("_edit", "_play", "_test")
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_HEX = frozenset("0123456789abcdef")

MAX_NUMBER16 = 8192 + 0xFFF  # the largest number the number16 encoding can hold


@dataclass(frozen=True)
class PuzzLink:
    """The parts of a puzz.link URL."""

    pid: str  # as written, lower case, mode suffix removed
    cols: int
    rows: int
    body: str
    flag: str = ""


def find_url(text: str) -> str | None:
    """The first puzz.link URL (or bare ``pid/cols/rows/body`` query) in ``text``, or None."""
    m = URL_RE.search(text)
    if m:
        return m.group(0)
    stripped = text.strip()
    if "\n" not in stripped and BARE_RE.match(stripped):
        return stripped
    return None


def split_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> PuzzLink:
    """Split a puzz.link URL into pid, size and body; raises ParseError for malformed ones."""
    url = url.strip()
    m = URL_RE.search(url)
    query = m.group(1) if m else url
    bare = BARE_RE.match(query) if not m else None
    if bare:
        query = f"{bare.group(1)}/{bare.group(2)}"
    elif not m:
        raise ParseError("url-not-puzzlink")
    query = query.split("#", 1)[0].split("&", 1)[0]
    parts = query.split("/")
    pid = parts[0].lower()
    for suffix in _MODE_SUFFIXES:
        if pid.endswith(suffix):
            pid = pid[: -len(suffix)]
    rest = parts[1:]
    flag = ""
    if rest and rest[0] and not rest[0].isdigit():
        flag = rest.pop(0)
    if len(rest) < 2 or not _is_size(rest[0]) or not _is_size(rest[1]):
        if len(rest) >= 2 and all(s.isascii() and s.isdigit() for s in rest[:2]):  # a size, beyond any board
            raise ParseError("url-size-absurd", size="x".join(s if len(s) <= 12 else s[:12] + "…" for s in rest[:2]))
        # (no genre either, "https://puzz.link/p?" alone: "no board size after ''" named nothing to fix)
        raise ParseError("url-no-size", pid=pid) if pid else ParseError("url-not-puzzlink")
    cols, rows = int(rest[0]), int(rest[1])
    check_size(rows, cols, max_rows=max_rows, max_cols=max_cols)
    return PuzzLink(pid=pid, cols=cols, rows=rows, body="/".join(rest[2:]), flag=flag)


def _is_size(s: str) -> bool:
    """A side of four digits at most: larger than any board (of 10**4 cells a side) but whole."""
    return 0 < len(s) <= 4 and s.isascii() and s.isdigit()


def check_size(rows: int, cols: int, *, max_rows: int = 60, max_cols: int = 60) -> None:
    """Refuse empty boards and boards beyond the limits (raises ParseError)."""
    if rows < 1 or cols < 1:
        raise ParseError("size-empty", size=f"{cols}x{rows}")
    if rows > max_rows or cols > max_cols:
        raise ParseError("board-too-big", rows=rows, cols=cols, max_rows=max_rows, max_cols=max_cols)


def genre_of_pid(pid: str) -> str | None:
    """The canonical genre name for a puzz.link pid (any alias), or None if we do not play it."""
    from solvers.registry import GENRES

    pid = pid.lower()
    for g in GENRES.values():
        if pid in g.url_pids:
            return g.name
    return None


def make_url(pid: str, cols: int, rows: int, body: str) -> str:
    return f"{SITE}{pid}/{cols}/{rows}/{body}"


# -- circles: base-27 characters, three ternary cells each


def cut_short(got: int, total: int, rows: int, cols: int) -> ParseError:
    """The error for a body that describes fewer cells than its board: puzz.link writes every cell
    (runs of empty cells included), so the URL was cut short in copying; it is not a board of empty cells."""
    return ParseError("url-short", got=got, total=total, rows=rows, cols=cols)


def decode_circles(body: str, rows: int, cols: int) -> list[int]:
    """Cell values (0 empty, 1 white, 2 black), row-major; a short body is a URL cut short (ParseError)."""
    n = rows * cols
    out = [0] * n
    need = (n + 2) // 3
    for i, ch in enumerate(body[:need]):
        d = _BASE36.find(ch.lower())
        if d < 0 or d >= 27:
            raise ParseError("url-bad-circle-char", char=ch, position=i + 1)
        for k, div in enumerate((9, 3, 1)):
            c = 3 * i + k
            if c < n:
                out[c] = (d // div) % 3
    if len(body) < need:
        raise cut_short(min(n, 3 * len(body)), n, rows, cols)
    return out


def encode_circles(values: list[int]) -> str:
    """The base-27 body for row-major cell values 0/1/2 (always full length, as puzz.link writes)."""
    chars = []
    for i in range(0, len(values), 3):
        trio = (list(values[i : i + 3]) + [0, 0])[:3]
        chars.append(_BASE36[trio[0] * 9 + trio[1] * 3 + trio[2]])
    return "".join(chars)


# -- number16: hex numbers with length prefixes, g-z runs of empty cells

_PREFIX = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}


def decode_number16(body: str, rows: int, cols: int, *, unknown: int = -1) -> list[int]:
    """Cell values (0 empty, a positive number, ``unknown`` for '?'), row-major.

    Data after the last cell is ignored (as puzz.link does); a body that ends before the last cell
    is a URL cut short, and a 0 clue is no clue of ours: both raise ParseError.
    """
    n = rows * cols
    out = [0] * n
    c = 0
    i = 0
    while i < len(body) and c < n:
        ch = body[i]
        if ch in _HEX:
            value = int(ch, 16)
            i += 1
        elif ch in _PREFIX:
            width, base = _PREFIX[ch]
            digits = body[i + 1 : i + 1 + width]
            if len(digits) != width or not all(d in _HEX for d in digits):
                raise ParseError("url-cut-off", position=i + 1, char=ch, width=width)
            value = base + int(digits, 16)
            i += 1 + width
        elif ch == ".":
            value = unknown
            i += 1
        elif "g" <= ch <= "z":
            c += _BASE36.index(ch) - 15
            i += 1
            continue
        else:
            raise ParseError("url-bad-char", char=ch, position=i + 1)
        if value == 0:
            r, col = divmod(c, cols)
            raise ParseError("url-zero-clue", cells=((r, col),), cell=(r, col))
        out[c] = value
        c += 1
    if c < n:
        raise cut_short(c, n, rows, cols)
    return out


def encode_number16(values: list[int], *, unknown: int = -1) -> str:
    """The number16 body for row-major values (0 empty, positive number, ``unknown`` for '?')."""
    parts: list[str] = []
    run = 0
    for v in values:
        if v == 0:
            run += 1
            if run == 20:
                parts.append("z")
                run = 0
            continue
        if run:
            parts.append(_BASE36[run + 15])
            run = 0
        parts.append(_number16_token(v, unknown))
    if run:
        parts.append(_BASE36[run + 15])
    return "".join(parts)


def _number16_token(v: int, unknown: int) -> str:
    if v == unknown:
        return "."
    if 0 < v < 16:
        return format(v, "x")
    if 16 <= v < 256:
        return "-" + format(v, "02x")
    if 256 <= v < 4096:
        return "+" + format(v, "03x")
    if 4096 <= v < 8192:
        return "=" + format(v - 4096, "03x")
    if 8192 <= v <= MAX_NUMBER16:
        return "%" + format(v - 8192, "03x")
    raise ParseError("url-number-too-large", number=v, max=MAX_NUMBER16)


# -- borders: walls between rooms, five to a base-32 character


def border_length(rows: int, cols: int) -> int:
    """How many characters the borders of a ``rows`` x ``cols`` board take (what follows them starts there)."""
    return ((cols - 1) * rows + 4) // 5 + (cols * (rows - 1) + 4) // 5


def decode_borders(body: str, rows: int, cols: int) -> Regions:
    """The rooms the borders at the start of ``body`` enclose; a body shorter than the borders is a
    URL cut short (ParseError: puzz.link writes every border character)."""
    if len(body) < border_length(rows, cols):
        raise ParseError("url-short-borders", got=len(body), total=border_length(rows, cols), rows=rows, cols=cols)
    split = ((cols - 1) * rows + 4) // 5
    right = _walls(body[:split], (cols - 1) * rows, 0)
    down = _walls(body[split:border_length(rows, cols)], cols * (rows - 1), split)
    return rooms_from_walls(rows, cols, [right[r * (cols - 1):(r + 1) * (cols - 1)] for r in range(rows)],
                            [down[r * cols:(r + 1) * cols] for r in range(rows - 1)])


def _walls(chars: str, count: int, start: int) -> list[bool]:
    """``count`` walls from base-32 characters (``start``: where they stand in the body, for errors)."""
    out: list[bool] = []
    for i, ch in enumerate(chars):
        d = _BASE36.find(ch.lower())
        if not 0 <= d < 32:
            raise ParseError("url-bad-char", char=ch, position=start + i + 1)
        out += [bool(d >> (4 - k) & 1) for k in range(5)]
    return (out + [False] * count)[:count]


def encode_borders(regions: Sequence[Sequence[int]]) -> str:
    """The borders of a region grid (any labels: a wall wherever neighbours differ)."""
    rows, cols = len(regions), len(regions[0])
    right = [regions[r][c] != regions[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    down = [regions[r][c] != regions[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return _wall_chars(right) + _wall_chars(down)


def _wall_chars(walls: list[bool]) -> str:
    walls = walls + [False] * (-len(walls) % 5)
    return "".join(_BASE36[sum(1 << (4 - k) for k in range(5) if walls[i + k])] for i in range(0, len(walls), 5))


# -- whole boards: what each genre's url.py builds on


def genre_link(url: str, genre: str, *, max_rows: int = 60, max_cols: int = 60) -> PuzzLink:
    """The parts of a puzz.link URL that must be of ``genre`` (canonical name); ParseError otherwise."""
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    found = genre_of_pid(link.pid)
    if found != genre:
        if found is None:
            raise unsupported_pid(link.pid)
        raise ParseError("url-other-genre", genre=found, pid=link.pid, wanted=genre)
    return link


def grid_of(values: list[int], cols: int) -> tuple[tuple[int, ...], ...]:
    """Row-major values as rows of ``cols``."""
    return tuple(tuple(values[r * cols : (r + 1) * cols]) for r in range(len(values) // cols))


def decode_circle_board(url: str, genre: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    """A circle genre's board (0 empty, 1 white, 2 black) from its URL."""
    link = genre_link(url, genre, max_rows=max_rows, max_cols=max_cols)
    return Puzzle(genre, grid_of(decode_circles(link.body, link.rows, link.cols), link.cols))


def encode_circle_board(puzzle: Puzzle[int], pid: str) -> str:
    values = [v for row in puzzle.cells for v in row]
    if any(v not in (0, 1, 2) for v in values):
        raise ParseError("url-circles-only", genre=puzzle.genre)
    return make_url(pid, puzzle.cols, puzzle.rows, encode_circles(values))


def decode_number_board(url: str, genre: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    """A number genre's board (0 empty, positive numbers, UNKNOWN for '?') from its URL."""
    link = genre_link(url, genre, max_rows=max_rows, max_cols=max_cols)
    return Puzzle(genre, grid_of(decode_number16(link.body, link.rows, link.cols, unknown=UNKNOWN), link.cols))


def encode_number_board(puzzle: Puzzle[int], pid: str) -> str:
    values = [v for row in puzzle.cells for v in row]
    if any(v < 0 and v != UNKNOWN for v in values):
        raise ParseError("url-numbers-only", genre=puzzle.genre)
    return make_url(pid, puzzle.cols, puzzle.rows, encode_number16(values, unknown=UNKNOWN))


def unsupported_pid(pid: str) -> ParseError:
    from solvers.registry import GENRES

    return ParseError("url-unsupported", pid=pid, pids=", ".join(g.url_pids[0] for g in GENRES.values()))
