"""``read_board``: free text or a puzz.link URL to a :class:`Puzzle`, or a ParseError saying why not."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from solvers.errors import ParseError, PuzzleError
from solvers.genre import Genre, Symbols
from solvers.puzzle import Puzzle
from solvers.puzzlink import check_size, find_url, genre_of_pid, split_url, unsupported_pid
from solvers.reading.ambiguous import AmbiguousGenre
from solvers.reading.cells import (
    CIRCLE_ONLY,
    DIGIT_BLANKS,
    Row,
    circle_value,
    number_value,
    read_circles,
    read_digits,
    read_numbers,
    tokenise,
    unknown_symbol,
)
from solvers.reading.form import check_form
from solvers.reading.limits import DEFAULT_LIMITS, ReadLimits
from solvers.reading.normalise import clean, fold
from solvers.reading.sgt import GAME_NAMES, decode_game_id, find_game_id

log = logging.getLogger(__name__)

Grid = tuple[tuple[int, ...], ...]
MAX_NOISE_LINES = 40  # lines around a board (headers, prose) beyond its rows before the text is refused

NO_BOARD = ParseError("no-board")


def read_board(
    text: str,
    genre: str | None = None,
    *,
    fill: bool | None = None,
    limits: ReadLimits | None = None,
) -> Puzzle:
    """Read a board written the way players write them, or a puzz.link URL.

    ``genre`` (any name or alias) wins over a header line, which wins over detection. When the
    content fits several genres :class:`AmbiguousGenre` lists them (best first). ``fill`` forces
    the genre's ``fill`` variant on or off (default: on only when a header names it).
    Only :class:`ParseError` (and its subclass AmbiguousGenre) ever escapes.
    """
    try:
        return read_board_strict(text, genre, fill=fill, limits=limits)
    except ParseError:
        raise
    except PuzzleError as e:
        raise ParseError(e.code, cells=e.cells, **e.params) from e
    except Exception as e:
        log.exception("reading a board failed unexpectedly")
        raise ParseError("read-internal-error") from e


def read_board_strict(
    text: str,
    genre: str | None = None,
    *,
    fill: bool | None = None,
    limits: ReadLimits | None = None,
) -> Puzzle:
    """:func:`read_board` without the last-resort guard (tests use it to find real bugs)."""
    limits = limits or DEFAULT_LIMITS
    if not isinstance(text, str):
        raise ParseError("board-not-text")
    if len(text) > limits.max_chars:
        raise ParseError("text-too-long", length=len(text), max=limits.max_chars)
    if genre is not None and not isinstance(genre, str):
        raise ParseError("genre-not-name")
    forced = _genre_name(genre) if genre else None
    if fill is None and genre and forced is not None and _names_variant(forced, genre):
        fill = True  # a genre word that names a variant ("flow") turns it on
    text = fold(text)

    stripped = text.strip()
    if stripped.startswith("{"):
        return _read_record(stripped, forced, fill, limits)

    url = find_url(text)
    if url is not None:
        return _read_url(url, forced, fill, limits)

    lines = sum(1 for ln in text.split("\n") if ln.strip())
    if lines > limits.max_rows + MAX_NOISE_LINES:
        raise ParseError("too-many-lines", lines=lines, max=limits.max_rows)
    cleaned = clean(text)
    if not cleaned.lines:
        raise NO_BOARD
    game_id = find_game_id(cleaned.lines)
    if game_id is not None:
        return _read_game_id(game_id, forced or cleaned.genre, fill if fill is not None else cleaned.fill, limits)
    if len(cleaned.lines) > limits.max_rows:
        raise _too_big(len(cleaned.lines), None, limits)
    rows = [tokenise(line) for line in cleaned.lines]
    rows = [row for row in rows if row]
    if not rows:
        raise NO_BOARD
    _check_rectangular(rows)
    height, width = len(rows), len(rows[0])
    if width > limits.max_cols:
        raise _too_big(height, width, limits)
    if cleaned.size is not None:
        _check_size_line(cleaned.size, height, width)

    chosen = forced or cleaned.genre
    want_fill = fill if fill is not None else bool(cleaned.fill)
    if chosen is None:
        return _detect(rows, limits, want_fill)
    puzzle = Puzzle(chosen, _cells_for(chosen, rows, limits), fill=_fill(chosen, want_fill))
    _check_min(height, width, limits)
    check_form(puzzle)
    return puzzle


def _genre_name(name: str) -> str:
    from solvers.registry import get_genre

    return get_genre(name).name


def _fill(genre: str, fill: bool | None) -> bool:
    """The variant switch, kept only for a genre that has a ``fill`` variant."""
    from solvers.registry import get_genre

    return bool(fill) and any(v.name == "fill" for v in get_genre(genre).variants)


def _names_variant(genre: str, word: str) -> bool:
    from solvers.registry import get_genre

    flat = word.strip().lower().replace(" ", "").replace("-", "")
    return any(flat == w.replace(" ", "").replace("-", "") for v in get_genre(genre).variants for w in v.words)


def _too_big(rows: int, cols: int | None, limits: ReadLimits) -> ParseError:
    if cols is None:
        return ParseError("board-too-many-rows", rows=rows, max_rows=limits.max_rows, max_cols=limits.max_cols)
    return ParseError("board-too-big", rows=rows, cols=cols, max_rows=limits.max_rows, max_cols=limits.max_cols)


def _check_min(rows: int, cols: int, limits: ReadLimits) -> None:
    if rows < limits.min_rows or cols < limits.min_cols:
        raise ParseError("board-too-small", rows=rows, cols=cols, min_rows=limits.min_rows,
                         min_cols=limits.min_cols)


def _read_url(url: str, forced: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    from solvers.registry import get_genre

    link = split_url(url, max_rows=limits.max_rows, max_cols=limits.max_cols)
    found = genre_of_pid(link.pid)
    if found is None:
        raise unsupported_pid(link.pid)
    if forced is not None and forced != found:
        raise ParseError("url-other-genre", genre=found, pid=link.pid, wanted=forced)
    puzzle = get_genre(found).decode_url(url, max_rows=limits.max_rows, max_cols=limits.max_cols)
    _check_min(puzzle.rows, puzzle.cols, limits)
    if _fill(found, fill):
        puzzle = Puzzle(puzzle.genre, puzzle.cells, fill=True)
    check_form(puzzle)
    return puzzle


def _read_game_id(m: re.Match[str], genre: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    """A Simon Tatham's Puzzles game ID (Pearl or Rect): the genre that lists Tatham's game as an alias."""
    from solvers.registry import find_genre, get_genre

    check_size(int(m.group(2)), int(m.group(1)), max_rows=limits.max_rows, max_cols=limits.max_cols)
    kind, rows = decode_game_id(m)
    game = GAME_NAMES[kind]
    g = get_genre(genre) if genre is not None else find_genre(game)
    if g is None or g.symbols.value != kind:
        raise ParseError("game-id-other-genre", game=game, genre=g.name if g else "")
    puzzle = Puzzle(g.name, tuple(tuple(r) for r in rows), fill=_fill(g.name, fill))
    _check_min(puzzle.rows, puzzle.cols, limits)
    check_form(puzzle)
    return puzzle


def _read_record(text: str, forced: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    """A pasted FORMATS.md record ({"genre": ..., "grid": [...]})."""
    try:
        rec = json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError("record-not-json") from None
    if not isinstance(rec, dict):
        raise NO_BOARD
    if "grid" not in rec and isinstance(rec.get("url"), str):
        rec_fill = rec.get("fill") if isinstance(rec.get("fill"), bool) else None
        return _read_url(rec["url"], forced, fill if fill is not None else rec_fill, limits)
    if forced is not None:
        rec = {**rec, "genre": forced}
    grid = rec.get("grid")
    if isinstance(grid, list) and len(grid) > limits.max_rows:
        raise _too_big(len(grid), None, limits)
    try:
        puzzle = Puzzle.from_record(rec)
    except ParseError:
        raise
    except PuzzleError as e:
        raise ParseError(e.code, cells=e.cells, **e.params) from e
    if puzzle.cols > limits.max_cols:
        raise _too_big(puzzle.rows, puzzle.cols, limits)
    _check_min(puzzle.rows, puzzle.cols, limits)
    if fill is not None:
        puzzle = Puzzle(puzzle.genre, puzzle.cells, fill=_fill(puzzle.genre, fill), id=puzzle.id)
    check_form(puzzle)
    return puzzle


def _check_rectangular(rows: list[Row]) -> None:
    widths = [len(row) for row in rows]
    first = widths[0]
    bad = next((r for r, w in enumerate(widths) if w != first), None)
    if bad is None:
        return
    if bad == 1 and len(rows) > 2 and all(w == widths[1] for w in widths[1:]):
        raise ParseError("first-row-width", cells=((0, max(0, first - 1)),), got=first, width=widths[1])
    w = widths[bad]
    raise ParseError("not-rectangle", cells=((bad, max(0, min(w, first) - 1)),), row=bad + 1, got=w, width=first)


def _check_size_line(size: tuple[int, int], rows: int, cols: int) -> None:
    a, b = size
    if (a, b) in ((cols, rows), (rows, cols)):
        return
    raise ParseError("size-line-mismatch", said=f"{a}x{b}", rows=rows, cols=cols, size=f"{cols}x{rows}")


def _cells_for(genre: str, rows: list[Row], limits: ReadLimits) -> Grid:
    from solvers.registry import get_genre

    return _cells_of(get_genre(genre), rows, limits)


def _cells_of(g: Genre[Any], rows: list[Row], limits: ReadLimits) -> Grid:
    """The board's cell values in genre ``g``'s notation family; ParseError at the first stranger."""
    if g.symbols is Symbols.CIRCLES:
        vals = read_circles(rows, g.name)
    elif g.symbols is Symbols.NUMBERS:
        vals = read_numbers(rows, g.name, limits.max_number)
    else:
        vals = read_digits(rows, g)
    return tuple(tuple(row) for row in vals)


def _fits(g: Genre[Any], tok: str, compact: bool) -> bool:
    if g.symbols is Symbols.CIRCLES:
        return circle_value(tok) is not None
    if g.symbols is Symbols.NUMBERS:
        return number_value(tok, compact) is not None
    return g.value_of("." if tok in DIGIT_BLANKS else tok) is not None


def _detect(rows: list[Row], limits: ReadLimits, fill: bool) -> Puzzle:
    """Pick the genre from the content alone; raises AmbiguousGenre or a ParseError explaining."""
    from solvers.registry import GENRES

    tokens = {tok for row in rows for tok in row}
    readable = [g for g in GENRES.values() if all(_fits(g, tok, row.compact) for row in rows for tok in row)]
    if tokens & CIRCLE_ONLY and any(g.symbols is Symbols.CIRCLES for g in readable):
        readable = [g for g in readable if g.symbols is Symbols.CIRCLES]  # 'W', 'o', '●': a circle board
    if "0" in tokens and not tokens & DIGIT_BLANKS:  # '0' for every empty cell: not a digit board's clue
        readable = [g for g in readable if g.symbols is not Symbols.DIGITS]
    if not readable:
        for r, row in enumerate(rows):
            for c, tok in enumerate(row):
                if not any(_fits(g, tok, row.compact) for g in GENRES.values()):
                    raise unknown_symbol(tok, r, c, None, "any")
        raise _mixed(rows)
    _check_min(len(rows), len(rows[0]), limits)
    # best first: with digits on the board numbers before circles; digit genres (any small number
    # board reads as one) last
    digits = any(tok.isdigit() for tok in tokens)
    order = [Symbols.NUMBERS, Symbols.CIRCLES, Symbols.DIGITS] if digits else [Symbols.CIRCLES, Symbols.NUMBERS,
                                                                                Symbols.DIGITS]
    readable.sort(key=lambda g: order.index(g.symbols))

    fits: list[Puzzle] = []
    reasons: list[tuple[str, ParseError]] = []
    for g in readable:
        try:
            p = Puzzle(g.name, _cells_of(g, rows, limits), fill=_fill(g.name, fill))
            check_form(p)
        except ParseError as e:
            reasons.append((g.name, e))
        else:
            fits.append(p)
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise AmbiguousGenre(tuple(p.genre for p in fits))
    cells = tuple(dict.fromkeys(cell for _, e in reasons for cell in e.cells))
    raise ParseError("fits-no-genre", cells=cells, reasons=tuple((g, e.msg) for g, e in reasons),
                     known=", ".join(GENRES))


def _mixed(rows: list[Row]) -> ParseError:
    circle_at = number_at = None
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            nv = number_value(tok, row.compact)
            if circle_at is None and circle_value(tok) is not None and nv is None:
                circle_at = (r, c, tok)
            if number_at is None and nv is not None and circle_value(tok) is None:
                number_at = (r, c, tok)
    if circle_at is None or number_at is None:
        return ParseError("fits-no-genre", reasons=(), known="")
    (r1, c1, t1), (r2, c2, t2) = circle_at, number_at
    return ParseError("mixed-circles-numbers", cells=((r1, c1), (r2, c2)), circle=t1, circle_cell=(r1, c1),
                      number=t2, number_cell=(r2, c2))
