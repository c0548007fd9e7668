"""``read_board``: free text or a puzz.link URL to a :class:`Puzzle`, or a ParseError saying why not."""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from solvers.errors import ParseError, PuzzleError
from solvers.genre import Genre
from solvers.notation import Rank, unknown_symbol
from solvers.puzzle import Puzzle
from solvers.puzzlink import check_size, find_url, genre_of_pid, split_url, unsupported_pid
from solvers.reading.ambiguous import AmbiguousGenre
from solvers.reading.cells import Row, full_spaces_as_separators, spaces_as_blanks, tokenise
from solvers.reading.form import check_form
from solvers.reading.limits import DEFAULT_LIMITS, ReadLimits
from solvers.reading.normalise import clean, fold
from solvers.reading.sgt import GAME_NAMES, decode_game_id, find_game_id
from solvers.reading.sites import MAX_PAGE_CHARS, looks_like_page, page_addresses, read_page

URL_SIDE = 10**4  # a URL's size before its genre is known: only absurd sizes are refused here

log = logging.getLogger(__name__)

Variants = frozenset[str]
MAX_NOISE_LINES = 40  # lines around a board (headers, prose) beyond its rows before the text is refused

NO_BOARD = ParseError("no-board")


def read_board(
    text: str,
    genre: str | None = None,
    *,
    variants: Variants | None = None,
    limits: ReadLimits | None = None,
) -> Puzzle[Any]:
    """Read a board written the way players write them, or a puzz.link URL.

    ``genre`` (any name or alias) must agree with a header line (a board headed with another
    genre's name is refused, as a URL of another genre is), and either wins over detection. When the
    content fits several genres :class:`AmbiguousGenre` lists them (best first). ``variants``
    sets the genre's rule variants (default: those a header or the genre word names).
    Only :class:`ParseError` (and its subclass AmbiguousGenre) ever escapes.
    """
    try:
        return read_board_strict(text, genre, variants=variants, limits=limits)
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
    variants: Variants | None = None,
    limits: ReadLimits | None = None,
) -> Puzzle[Any]:
    """:func:`read_board` without the last-resort guard (tests use it to find real bugs)."""
    limits = limits or DEFAULT_LIMITS
    if not isinstance(text, str):
        raise ParseError("board-not-text")
    if genre is not None and not isinstance(genre, str):
        raise ParseError("genre-not-name")
    if looks_like_page(text):
        return _read_site(text, genre, variants, limits)
    if len(text) > limits.max_chars:
        raise ParseError("text-too-long", length=len(text), max=limits.max_chars)
    forced = _genre_name(genre) if genre else None
    if variants is None and genre and forced is not None:
        variants = _named_variants(forced, genre) or None  # a genre word that names a variant ("flow")
    text = fold(text)

    stripped = text.strip()
    if stripped.startswith("{"):
        return _read_record(stripped, forced, variants, limits)

    url = find_url(text)
    if url is not None:
        return _read_url(url, forced, variants, limits)
    if re.fullmatch(r"https?://\S+", stripped, re.IGNORECASE):  # a link alone, but to no puzzle site
        raise ParseError("url-not-puzzlink")

    lines = sum(1 for ln in text.split("\n") if ln.strip())
    if lines > limits.max_rows + MAX_NOISE_LINES:
        raise ParseError("too-many-lines", lines=lines, max=limits.max_rows)
    cleaned = clean(text)
    if not cleaned.lines:
        raise ParseError("genre-no-board", genre=cleaned.genre) if cleaned.genre else NO_BOARD
    game_id = find_game_id(cleaned.lines)
    if game_id is not None:
        return _read_game_id(game_id, forced or cleaned.genre, _pick(variants, cleaned.variants), limits)
    if len(cleaned.lines) > limits.max_rows:
        raise _too_big(len(cleaned.lines), None, limits)
    rows = [tokenise(line) for line in cleaned.lines]
    rows = full_spaces_as_separators([row for row in rows if row])
    if not rows:
        raise NO_BOARD
    if len(rows) == 1:
        rows = _unfold_square(rows[0])
    if len(rows) == 1 and len(cleaned.lines) == 1 and _a_word(cleaned.lines[0]):
        raise NO_BOARD  # ("hi", "thanks", "12": a reply, not a row too short to be a board)
    if len({len(row) for row in rows}) > 1:
        rows = spaces_as_blanks(cleaned.lines, text) or rows
    if forced is None and cleaned.genre is None:
        _check_header_word(cleaned.lines, rows)
    if forced is not None and cleaned.genre not in (None, forced):  # read as the one, its symbols meant the other's
        raise ParseError("header-other-genre", word=cleaned.genre_word, genre=cleaned.genre, wanted=forced)
    _check_rectangular(rows)
    height, width = len(rows), len(rows[0])
    if width > limits.max_cols:
        raise _too_big(height, width, limits)
    if cleaned.size is not None:
        _check_size_line(cleaned.size, height, width)

    chosen = forced or cleaned.genre
    wanted = _pick(variants, cleaned.variants)
    if chosen is None:
        return _detect(rows, limits, wanted, cleaned.params)
    puzzle = _board(_genre(chosen), rows, limits, wanted, cleaned.params)
    _check_min(height, width, limits)
    check_form(puzzle)
    return puzzle


def _genre_name(name: str) -> str:
    from solvers.registry import get_genre

    return get_genre(name).name


def read_cells(tokens: Sequence[Sequence[str]], genre: str, *, limits: ReadLimits | None = None) -> Puzzle[Any]:
    """A board whose cells are already tokens (a picture's reading), as ``genre``: no round trip
    through text. Raises ParseError naming what does not fit."""
    limits = limits or DEFAULT_LIMITS
    rows = [Row(row) for row in tokens]
    if not rows or not rows[0]:
        raise NO_BOARD
    _check_rectangular(rows)
    puzzle = _board(_genre(genre), rows, limits, frozenset(), {})
    _check_min(puzzle.rows, puzzle.cols, limits)
    check_form(puzzle)
    return puzzle


def _genre(name: str) -> Genre[Any, Any]:
    from solvers.registry import get_genre

    return get_genre(name)


def _pick(forced: Variants | None, header: Variants) -> Variants:
    return forced if forced is not None else header


def _with_variants(puzzle: Puzzle[Any], variants: Variants) -> Puzzle[Any]:
    """The board with the variants its genre knows among ``variants`` (others are dropped)."""
    known = frozenset(v.name for v in puzzle.kind.variants) & variants
    return replace(puzzle, variants=known) if known != puzzle.variants else puzzle


def _named_variants(genre: str, word: str) -> Variants:
    flat = word.strip().lower().replace(" ", "").replace("-", "")
    return frozenset(v.name for v in _genre(genre).variants
                     if any(flat == w.replace(" ", "").replace("-", "") for w in v.words))


def _board(g: Genre[Any, Any], rows: list[Row], limits: ReadLimits, variants: Variants,
           params: dict[str, int]) -> Puzzle[Any]:
    """The rows read by genre ``g``, with the variants it knows."""
    return _with_variants(g.read_rows(rows, limits, params), variants)


def _too_big(rows: int, cols: int | None, limits: ReadLimits) -> ParseError:
    if cols is None:
        return ParseError("board-too-many-rows", rows=rows, max_rows=limits.max_rows, max_cols=limits.max_cols)
    return ParseError("board-too-big", rows=rows, cols=cols, max_rows=limits.max_rows, max_cols=limits.max_cols)


def _check_min(rows: int, cols: int, limits: ReadLimits) -> None:
    if rows < limits.min_rows or cols < limits.min_cols:
        raise ParseError("board-too-small", rows=rows, cols=cols, min_rows=limits.min_rows,
                         min_cols=limits.min_cols)


def _read_url(url: str, forced: str | None, variants: Variants | None, limits: ReadLimits) -> Puzzle[Any]:
    link = split_url(url, max_rows=URL_SIDE, max_cols=URL_SIDE)  # the size is checked per genre below
    found = genre_of_pid(link.pid)
    if found is None:
        raise unsupported_pid(link.pid)
    if forced is not None and forced != found:
        raise ParseError("url-other-genre", genre=found, pid=link.pid, wanted=forced)
    g = _genre(found)
    max_rows, max_cols = max(limits.max_rows, g.max_side), max(limits.max_cols, g.max_side)
    check_size(link.rows, link.cols, max_rows=max_rows, max_cols=max_cols)
    puzzle = g.decode_url(url, max_rows=max_rows, max_cols=max_cols)
    _check_min(puzzle.rows, puzzle.cols, limits)
    if variants is not None:
        puzzle = _with_variants(puzzle, variants)
    check_form(puzzle)
    return puzzle


def _read_game_id(m: re.Match[str], genre: str | None, variants: Variants, limits: ReadLimits) -> Puzzle[Any]:
    """A Simon Tatham's Puzzles game ID (Pearl or Rect): the genre that lists Tatham's game as an alias."""
    from solvers.registry import find_genre, get_genre

    check_size(int(m.group(2)), int(m.group(1)), max_rows=limits.max_rows, max_cols=limits.max_cols)
    kind, rows = decode_game_id(m)
    game = GAME_NAMES[kind]
    home = find_genre(game)
    g = get_genre(genre) if genre is not None else home
    if g is None or home is None or g.notation is not home.notation:  # another genre written the same way reads it too
        raise ParseError("game-id-other-genre", game=game, genre=g.name if g else "")
    puzzle = _with_variants(Puzzle(g.name, tuple(tuple(r) for r in rows)), variants)
    _check_min(puzzle.rows, puzzle.cols, limits)
    check_form(puzzle)
    return puzzle


def _read_record(text: str, forced: str | None, variants: Variants | None, limits: ReadLimits) -> Puzzle[Any]:
    """A pasted FORMATS.md record ({"genre": ..., "grid": [...]})."""
    try:
        rec = json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError("record-not-json") from None
    if not isinstance(rec, dict):
        raise NO_BOARD
    return _record_puzzle(rec, forced, variants, limits)


def _record_puzzle(rec: dict[str, Any], forced: str | None, variants: Variants | None,
                   limits: ReadLimits) -> Puzzle[Any]:
    if "grid" not in rec and isinstance(rec.get("url"), str):
        named = frozenset(k for k, v in rec.items() if v is True)
        return _read_url(rec["url"], forced, variants if variants is not None else named or None, limits)
    if forced is not None:
        from solvers.registry import find_genre

        own = find_genre(rec["genre"]) if isinstance(rec.get("genre"), str) else None
        if own is not None and own.name != forced:
            raise ParseError("record-other-genre", word=rec["genre"], genre=own.name, wanted=forced)
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
    if variants is not None:
        puzzle = _with_variants(puzzle, variants)
    check_form(puzzle)
    return puzzle


def _a_word(line: str) -> bool:
    """Whether a line is one word of letters or of digits (no cells apart: no spaces, no dots)."""
    word = line.strip()
    return bool(word) and " " not in word and (word.isalpha() or word.isdigit())


def _unfold_square(row: Row) -> list[Row]:
    """A single line of N*N cells (N >= 4) as the N x N board it is written for (an 81-character
    line is a 9x9 board); any other line stays one row."""
    n = math.isqrt(len(row))
    if n < 4 or n * n != len(row):
        return [row]
    out = []
    for r in range(n):
        part = Row(row[r * n : (r + 1) * n])
        part.compact = row.compact
        out.append(part)
    return out


def _read_site(text: str, genre: str | None, variants: Variants | None, limits: ReadLimits) -> Puzzle[Any]:
    """A board copied from a puzzle site (:mod:`solvers.reading.sites`); the site names the genre,
    which the registry may not hold yet. A fragment naming no site is read by its content."""
    from solvers.registry import find_genre

    forced = _genre_name(genre) if genre else None
    if len(text) <= MAX_PAGE_CHARS:  # (a longer page is refused by read_page)
        url = next((u for a in page_addresses(text) if (u := find_url(a)) is not None), None)
        if url is not None:  # a saved puzz.link page: its address holds the board (the page draws it by script)
            return _read_url(url, forced, variants, limits)
    board = read_page(text, limits, forced)
    if board.site is None:
        return read_board_strict(board.text(), genre, variants=variants, limits=limits)
    home = find_genre(board.site.genre)
    if forced is None and home is None:
        raise ParseError("site-genre-unsupported", site=board.site.host, genre=board.site.title)
    if forced is not None and (home is None or home.name != forced):  # read as the one, its cells meant the other's
        raise ParseError("site-other-genre", site=board.site.host, genre=home.name if home else board.site.title,
                         wanted=forced)
    return _record_puzzle(board.record(forced or board.site.genre), forced, variants, limits)


def _check_header_word(lines: list[str], rows: list[Row]) -> None:
    """A first line that is one word the rows below do not fit is an unknown genre's name: say so,
    rather than "Row 1 has 6 cells" about the letters of "foobar"."""
    from solvers.registry import GENRES

    word = lines[0].strip()
    if (len(rows) < 2 or len(lines) != len(rows) or len(word) < 3 or not word.isalpha()
            or len({len(row) for row in rows[1:]}) != 1 or len(rows[0]) == len(rows[1])):
        return
    raise ParseError("header-no-genre", cells=((0, 0),), word=word, width=len(rows[1]), known=", ".join(GENRES))


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


def _fits(g: Genre[Any, Any], rows: list[Row]) -> bool:
    return all(g.notation.read(tok, row.compact) is not None for row in rows for tok in row)


def _detect(rows: list[Row], limits: ReadLimits, variants: Variants, params: dict[str, int]) -> Puzzle[Any]:
    """Pick the genre from the content alone: each genre's notation says whether it reads every
    token and how likely such a board is its own; of the likeliest, those whose form fits win
    (several: :class:`AmbiguousGenre`). Raises a ParseError explaining when none fits."""
    from solvers.registry import GENRES

    tokens = frozenset(tok for row in rows for tok in row)
    ranked: list[tuple[Rank, Genre[Any, Any]]] = []
    for g in GENRES.values():
        rank = g.notation.rank(tokens)
        if rank is not None and _fits(g, rows):
            ranked.append((rank, g))
    if not ranked:
        for r, row in enumerate(rows):
            for c, tok in enumerate(row):
                if not any(g.notation.read(tok, row.compact) is not None for g in GENRES.values()):
                    raise unknown_symbol(tok, r, c, None, "read-help-any")
        raise _mixed(rows)
    _check_min(len(rows), len(rows[0]), limits)
    reasons: list[tuple[str, ParseError]] = []
    for tier in sorted({rank[0] for rank, _ in ranked}):  # the likeliest tier whose form fits wins
        fits: list[Puzzle[Any]] = []
        for g in [g for rank, g in sorted(ranked, key=lambda x: x[0][1]) if rank[0] == tier]:
            try:
                p = _board(g, rows, limits, variants, params)
                check_form(p)
            except ParseError as e:
                reasons.append((g.name, e))
            else:
                fits.append(p)
        if len(fits) == 1:
            return fits[0]
        if fits:
            raise AmbiguousGenre(tuple(p.genre for p in fits), tuple(fits))
    cells = tuple(dict.fromkeys(cell for _, e in reasons for cell in e.cells))
    raise ParseError("fits-no-genre", cells=cells, reasons=tuple((g, e.msg) for g, e in reasons),
                     known=", ".join(GENRES))


def _mixed(rows: list[Row]) -> ParseError:
    """Every token is some genre's, but no genre reads them all: name two cells no genre has together."""
    from solvers.registry import GENRES

    first: dict[tuple[str, bool], tuple[int, int]] = {}  # each distinct token, at its first cell
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            first.setdefault((tok, row.compact), (r, c))
    readers = {key: frozenset(g.name for g in GENRES.values() if g.notation.read(*key) is not None) for key in first}
    keys = list(first)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if not readers[a] & readers[b]:
                (r1, c1), (r2, c2) = first[a], first[b]
                return ParseError("mixed-symbols", cells=((r1, c1), (r2, c2)), first=a[0], first_cell=(r1, c1),
                                  second=b[0], second_cell=(r2, c2))
    return ParseError("fits-no-genre", reasons=(), known=", ".join(GENRES))
