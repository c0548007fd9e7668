"""Boards copied from puzzle sites: a page's HTML (or the board's bare ``<div>``s copied from the
browser's developer tools) or a page's JSON puzzle data, read as FORMATS.md tokens.

Which site holds which genre, and how its cells are marked, is data (``sites.json``), so this
module names no genre: :func:`read_page` returns the site and the board's tokens, and the caller
asks the registry for the genre by name. Cells are ``div``s placed by an inline ``top``/``left``
style; rows and columns are the distinct positions (clustered, so ``px`` values that are not
multiples of one cell size still line up). What is missing is said, never guessed.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from importlib import resources
from math import isqrt
from typing import Any

from solvers.errors import ParseError
from solvers.puzzle import Regions, rooms_from_walls
from solvers.reading.limits import ReadLimits

MAX_PAGE_CHARS = 1_000_000  # a saved 30x30 page is well under this; a larger text is refused unread
CELL_MARKUP = 4096  # characters read past the last cell's opening tag: its text and closing tags

_PAGE = re.compile(r"<\s*(?:div|html|body|head|!doctype|span|script|meta|table|td)\b", re.IGNORECASE)
_HOST_OF = (  # where a page names its own address (not the links to its sister sites)
    re.compile(r"<link\b[^<>]*\brel\s*=\s*[\"']?canonical[^<>]*>", re.IGNORECASE),
    re.compile(r"<meta\b[^<>]*\bog:url\b[^<>]*>", re.IGNORECASE),
    re.compile(r"saved from url=\(\d+\)\S+", re.IGNORECASE),
)
_POS = {k: re.compile(rf"(?<![\w-]){k}\s*:\s*(-?\d+(?:\.\d+)?)px", re.IGNORECASE) for k in ("top", "left")}
_TASK = re.compile(r"\btask\s*=\s*['\"]([0-9,\s]+)['\"]")
_SCRIPT_TASK = re.compile(r"\btask\s*=\s*['\"]")
_TAG = re.compile(r"""<(?:[a-zA-Z][\w:-]*(?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s"'<>]+))?)*\s*/?"""
                  r"|/[a-zA-Z][\w:-]*\s*|![^<>-][^<>]*|\?[^<>]*)>")
_HIDDEN = (("<!--", "-->"), ("<script", "</script"), ("<style", "</style"))  # markup that holds no cell
ROOM_BORDERS = frozenset({"br", "bb", "bl", "bt"})  # a room border on that side of the cell


@dataclass(frozen=True)
class Site:
    """One row of ``sites.json``: a site's host, its genre (a registry name) and its cells' marks."""

    host: str
    genre: str
    title: str
    cells: frozenset[str] = frozenset()
    classes: tuple[tuple[str, str], ...] = ()  # class -> token, for a cell without text
    text: bool = False  # the cell's text is its number
    rooms: bool = False  # room borders are classes on the cells
    need: frozenset[str] = frozenset()  # classes every cell of the board carries
    task: str | None = None  # "rooms": the page script's task string lists each cell's room
    params: tuple[tuple[str, tuple[str, ...]], ...] = ()  # a parameter and the patterns finding it
    json_key: str | None = None  # the page holds the board as JSON under this key


@dataclass(frozen=True)
class SiteBoard:
    """A board read from a page: the site (None: no site recognised), tokens row by row, rooms."""

    site: Site | None
    rows: tuple[tuple[str, ...], ...]
    regions: tuple[tuple[int, ...], ...] | None = None
    params: dict[str, int] = field(default_factory=dict)

    def record(self, genre: str) -> dict[str, Any]:
        """The FORMATS.md record of this board as genre ``genre``."""
        rec: dict[str, Any] = {"genre": genre, "grid": [" ".join(row) for row in self.rows]}
        if self.regions is not None:
            rec["regions"] = [" ".join(map(str, row)) for row in self.regions]
        return rec | self.params

    def text(self) -> str:
        return "\n".join(" ".join(row) for row in self.rows)


@cache
def sites() -> tuple[tuple[Site, ...], tuple[tuple[str, str], ...]]:
    """The site table and the markers that tell a site from a fragment naming no host."""
    raw = json.loads(resources.files("solvers.reading").joinpath("sites.json").read_text(encoding="utf-8"))
    table = tuple(Site(
        host=s["host"], genre=s["genre"], title=s["title"], cells=frozenset(s.get("cells", ())),
        classes=tuple(s.get("classes", {}).items()), text=bool(s.get("text")), rooms=bool(s.get("rooms")),
        need=frozenset(["selectable"] if s.get("rooms") else ()), task=s.get("task"),
        params=tuple((k, tuple(v)) for k, v in s.get("params", {}).items()), json_key=s.get("json"),
    ) for s in raw["sites"])
    return table, tuple((m, h) for m, h in raw["markers"])


def looks_like_page(text: str) -> bool:
    """Whether ``text`` is HTML or a page's puzzle data rather than a board typed by hand."""
    return bool(_PAGE.search(text)) or any(s.json_key and s.json_key.lower() in text.lower() for s in sites()[0])


def read_page(text: str, limits: ReadLimits, genre: str | None = None) -> SiteBoard:
    """The board a page (or a fragment of one) holds; ParseError naming what is missing.
    ``genre`` (a registry name) picks the site when the text names none."""
    if len(text) > MAX_PAGE_CHARS:
        raise ParseError("page-too-long", length=len(text), max=MAX_PAGE_CHARS)
    site = which_site(text, genre)
    if site is not None and site.json_key:
        return _read_json(site, text, limits)
    cells = _collect(text, site, limits)
    if not cells:
        return _from_task(site, text, limits)
    grid = _place(cells, limits)
    if site is None and any(c is not None and c.classes & ROOM_BORDERS for row in grid for c in row):
        raise ParseError("site-rooms-unknown")  # rooms read by content alone would be dropped: say so
    rows = tuple(tuple(_token(site, cell, (r, c)) for c, cell in enumerate(row)) for r, row in enumerate(grid))
    regions = _rooms(grid) if site is not None and site.rooms else None
    return SiteBoard(site, rows, regions, _params(site, text))


def page_addresses(text: str) -> list[str]:
    """The addresses a page gives as its own (canonical link, og:url, a browser's "saved from url")."""
    return [m.group(0) for pattern in _HOST_OF for m in pattern.finditer(text)]


def which_site(text: str, genre: str | None = None) -> Site | None:
    """The site a page names as its own address; else the one its markers belong to; else the
    only site host the text mentions; else the site of ``genre`` (a registry name), if any."""
    table, markers = sites()
    by_host = {s.host: s for s in table}
    for pattern in _HOST_OF:
        for m in pattern.finditer(text):
            found = next((s for h, s in by_host.items() if h in m.group(0).lower()), None)
            if found is not None:
                return found
    low = text.lower()
    if (marked := next((by_host[h] for marker, h in markers if marker in low), None)) is not None:
        return marked
    named = [s for h, s in by_host.items() if h in low]
    if len(named) == 1:
        return named[0]
    return next((s for s in table if s.genre == genre), None)


# -- HTML cells --------------------------------------------------------------------------------------


@dataclass
class _Cell:
    classes: frozenset[str]
    top: float | None
    left: float | None
    text: list[str] = field(default_factory=list)


class _CellParser(HTMLParser):
    """Collects the outermost ``div``s carrying a cell class, with their position and text."""

    def __init__(self, cell_classes: frozenset[str], need: frozenset[str], limits: ReadLimits) -> None:
        super().__init__(convert_charrefs=True)
        self.cell_classes, self.need, self.limits = cell_classes, need, limits
        self.most = (limits.max_rows + 1) * (limits.max_cols + 1)
        self.cells: list[_Cell] = []
        self._depth = 0  # open divs
        self._open: int | None = None  # the depth at which the current cell opened

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div":
            return
        self._depth += 1
        if self._open is None and (cell := self._cell(attrs)) is not None:
            self._add(cell)
            self._open = self._depth

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div" and self._open is None and (cell := self._cell(attrs)) is not None:
            self._add(cell)

    def _add(self, cell: _Cell) -> None:
        if len(self.cells) >= self.most:  # no board is this big: stop before parsing the rest
            raise ParseError("site-too-many-cells", max=self.most, max_rows=self.limits.max_rows,
                             max_cols=self.limits.max_cols)
        self.cells.append(cell)

    def handle_endtag(self, tag: str) -> None:
        if tag != "div":
            return
        if self._open == self._depth:
            self._open = None
        self._depth = max(0, self._depth - 1)

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self.cells[-1].text.append(data)

    def _cell(self, attrs: list[tuple[str, str | None]]) -> _Cell | None:
        values = {k.lower(): v or "" for k, v in attrs}
        classes = frozenset(values.get("class", "").split())
        if not classes & self.cell_classes or not self.need <= classes:
            return None
        style = values.get("style", "")
        top, left = (_POS[k].search(style) for k in ("top", "left"))
        return _Cell(classes, float(top.group(1)) if top else None, float(left.group(1)) if left else None)


def _collect(text: str, site: Site | None, limits: ReadLimits) -> list[_Cell]:
    """The board's cells. Only the stretch of the page from the first to the last tag that may be a
    cell is parsed (a cell's own markup is short), so menus, ads and scripts cost a regex scan."""
    classes = site.cells if site is not None else frozenset().union(*(s.cells for s in sites()[0]))
    names = "|".join(re.escape(c) for c in sorted(classes))
    starts = [m.start() for m in re.finditer(rf"<div\b[^<>]*?\bclass\s*=[^<>]*?(?:{names})", text, re.IGNORECASE)]
    if not starts:
        return []
    parser = _CellParser(classes, site.need if site is not None else frozenset(), limits)
    parser.feed(_tidy(text[starts[0]:starts[-1] + CELL_MARKUP]))
    parser.close()
    return parser.cells


def _tidy(html: str) -> str:
    """``html`` without comments and scripts, and with every ``<`` that does not open a well-formed
    tag written as text: html.parser rescans an unfinished tag or quote to the end for each ``<``
    (quadratic), and a cell never needs one."""
    low = html.lower()
    kept: list[str] = []
    at = 0
    while True:
        found = [(i, end) for start, end in _HIDDEN if (i := low.find(start, at)) >= 0]
        if not found:
            break
        i, end = min(found)
        kept.append(html[at:i])
        close = low.find(end, i + 1)
        if close < 0:
            at = len(html)
            break
        at = low.find(">", close) + 1 or len(html)
    kept.append(html[at:])
    return re.sub("<", lambda m: "<" if _TAG.match(m.string, m.start()) else "&lt;", "".join(kept))


def _lines(values: list[float], gap_code: str) -> dict[float, int]:
    """Each distinct position to its row (column) index; positions closer than a third of the
    largest step are one line. A step well over the usual one means lines are missing."""
    uniq = sorted(set(values))
    steps = [b - a for a, b in zip(uniq, uniq[1:], strict=False)]
    near = max(1.0, 0.3 * max(steps, default=0.0))
    groups: list[list[float]] = [[uniq[0]]]
    for v, step in zip(uniq[1:], steps, strict=True):
        if step > near:
            groups.append([])
        groups[-1].append(v)
    centres = [sum(g) / len(g) for g in groups]
    gaps = [b - a for a, b in zip(centres, centres[1:], strict=False)]
    if gaps:
        pitch = min(gaps)
        for i, gap in enumerate(gaps):
            if gap > 1.5 * pitch:
                raise ParseError(gap_code, after=i + 1, count=round(gap / pitch) - 1)
    return {v: i for i, g in enumerate(groups) for v in g}


def _place(cells: list[_Cell], limits: ReadLimits) -> list[list[_Cell | None]]:
    """The cells on their grid: by position when every cell has one, else in page order on a square."""
    placed = [c for c in cells if c.top is not None and c.left is not None]
    if placed and len(placed) != len(cells):
        raise ParseError("site-cell-unplaced", count=len(cells) - len(placed), total=len(cells))
    if not placed:
        side = isqrt(len(cells))
        if side * side != len(cells):
            raise ParseError("site-not-square", count=len(cells))
        _check_size(side, side, limits)
        return [list(cells[r * side:(r + 1) * side]) for r in range(side)]
    row_of = _lines([c.top for c in placed if c.top is not None], "site-row-missing")
    col_of = _lines([c.left for c in placed if c.left is not None], "site-column-missing")
    height, width = max(row_of.values()) + 1, max(col_of.values()) + 1
    _check_size(height, width, limits)
    grid: list[list[_Cell | None]] = [[None] * width for _ in range(height)]
    for c in placed:
        assert c.top is not None and c.left is not None
        r, k = row_of[c.top], col_of[c.left]
        if grid[r][k] is None or (not "".join(grid[r][k].text).strip() and "".join(c.text).strip()):  # type: ignore[union-attr]
            grid[r][k] = c
    missing = [(r, k) for r in range(height) for k in range(width) if grid[r][k] is None]
    if missing:
        raise ParseError("site-cells-missing", cells=tuple(missing[:20]), count=len(missing), first_cell=missing[0],
                         rows=height, cols=width)
    return grid


def _check_size(rows: int, cols: int, limits: ReadLimits) -> None:
    if rows > limits.max_rows or cols > limits.max_cols:
        raise ParseError("board-too-big", rows=rows, cols=cols, max_rows=limits.max_rows, max_cols=limits.max_cols)


def _token(site: Site | None, cell: _Cell | None, at: tuple[int, int]) -> str:
    """The FORMATS.md token of a cell: its number, else the token its class stands for, else '.'."""
    assert cell is not None
    raw = unicodedata.normalize("NFKC", "".join(cell.text)).strip()  # full-width digits, &nbsp;
    if raw and (site is None or site.text):
        if raw.isdigit() and raw.isascii():
            return str(int(raw))
        if len(raw) == 1 and raw.isascii() and raw.isalpha():  # 10 and over as one letter (A = 10)
            return str(ord(raw.upper()) - ord("A") + 10)
        if raw == "?":
            return raw
        raise ParseError("site-cell-text", cells=(at,), cell=at, text=raw[:20])
    table = site.classes if site is not None else tuple(kv for s in sites()[0] for kv in s.classes)
    return next((tok for cls, tok in table if cls in cell.classes), ".")


def _rooms(grid: list[list[_Cell | None]]) -> Regions:
    """Rooms from the border classes: a wall wherever either side of an edge draws one."""
    height, width = len(grid), len(grid[0])

    def border(r: int, c: int, side: str) -> bool:
        cell = grid[r][c]
        return cell is not None and side in cell.classes

    right = [[border(r, c, "br") or border(r, c + 1, "bl") for c in range(width - 1)] for r in range(height)]
    down = [[border(r, c, "bb") or border(r + 1, c, "bt") for c in range(width)] for r in range(height - 1)]
    return rooms_from_walls(height, width, right, down)


def _params(site: Site | None, text: str) -> dict[str, int]:
    found: dict[str, int] = {}
    for name, patterns in site.params if site is not None else ():
        for p in patterns:
            if m := re.search(p, text):
                found[name] = int(m.group(1))
                break
    return found


def _from_task(site: Site | None, text: str, limits: ReadLimits) -> SiteBoard:
    """A page without the board's divs: its script's task string where the site's is known
    (each cell's room, row by row), else why there is no board."""
    m = _TASK.search(text)
    if site is not None and site.task == "rooms" and m is not None:
        ids = [int(x) for x in m.group(1).replace(" ", "").split(",") if x]
        side = isqrt(len(ids))
        if side * side != len(ids) or not ids:
            raise ParseError("site-not-square", count=len(ids))
        _check_size(side, side, limits)
        rooms = tuple(tuple(ids[r * side:(r + 1) * side]) for r in range(side))
        return SiteBoard(site, tuple((".",) * side for _ in range(side)), rooms, _params(site, text))
    if site is not None and _SCRIPT_TASK.search(text):
        raise ParseError("site-board-in-script", site=site.host)
    if site is not None:
        raise ParseError("site-no-board", site=site.host)
    raise ParseError("page-no-board")


# -- JSON puzzle data ------------------------------------------------------------------------------


def _read_json(site: Site, text: str, limits: ReadLimits) -> SiteBoard:
    """The board under the site's JSON key: width, height and the starting grid (0: empty)."""
    data = _json_value(text, site)
    width, height = data.get("gridWidth"), data.get("gridHeight")
    inner = data.get("data")
    grid = (inner if isinstance(inner, dict) else data).get("startingGrid")
    if not isinstance(width, int) or not isinstance(height, int) or width < 1 or height < 1:
        raise ParseError("site-json-field", site=site.host, field="gridWidth/gridHeight")
    if not isinstance(grid, list):
        raise ParseError("site-json-field", site=site.host, field="startingGrid")
    _check_size(height, width, limits)
    flat = [v for row in grid for v in row] if grid and all(isinstance(r, list) for r in grid) else grid
    if len(flat) < width * height:
        missing = width * height - len(flat)
        first = divmod(len(flat), width)
        raise ParseError("site-cells-missing", count=missing, first_cell=first, rows=height, cols=width,
                         cells=(first,))
    if len(flat) > width * height:
        raise ParseError("site-json-size", count=len(flat), rows=height, cols=width)
    rows = tuple(tuple(_json_token(flat[r * width + c], (r, c)) for c in range(width)) for r in range(height))
    return SiteBoard(site, rows)


def _json_value(text: str, site: Site) -> dict[str, Any]:
    """The object under the key: written as JSON (``"key": {...}``, ``key = {...}``) or as a JSON
    string holding JSON."""
    key = site.json_key or ""
    after = text.lower().find(key.lower()) + len(key)
    decoder = json.JSONDecoder()
    found: Any = None
    quote = re.match(r"[\"']?\s*[:=]\s*\"", text[after:after + 40])
    try:
        if quote is not None:
            value, _ = decoder.raw_decode(text, after + quote.end() - 1)
            found = json.loads(value) if isinstance(value, str) else value
        elif (start := text.find("{", after)) >= 0:
            found, _ = decoder.raw_decode(text, start)
    except (ValueError, RecursionError):
        found = None
    if not isinstance(found, dict):
        raise ParseError("site-json-broken", site=site.host, key=key)
    return found


def _json_token(value: Any, at: tuple[int, int]) -> str:
    if value in (0, "0", "", None):
        return "."
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return str(value)
    if isinstance(value, str) and value.isdigit() and value.isascii():
        return str(int(value))
    raise ParseError("site-cell-text", cells=(at,), cell=at, text=str(value)[:20])
