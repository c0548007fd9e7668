"""``read_board``: free text or a puzz.link URL to a :class:`Puzzle`, or a ParseError saying why not."""

from __future__ import annotations

import json
import logging
import re

from solvers.errors import ParseError, PuzzleError
from solvers.puzzle import UNKNOWN, Puzzle
from solvers.puzzlink import check_size, decode_puzzle, find_url, genre_of_pid, split_url, unsupported_pid
from solvers.reading.ambiguous import AmbiguousGenre
from solvers.reading.cells import (
    ANY_HELP,
    ANY_HELP_JA,
    CIRCLE_ONLY,
    Row,
    circle_value,
    number_value,
    read_circles,
    read_numbers,
    tokenise,
    unknown_symbol,
)
from solvers.reading.form import check_form
from solvers.reading.limits import DEFAULT_LIMITS, ReadLimits
from solvers.reading.normalise import clean, fold
from solvers.reading.sgt import decode_game_id, find_game_id

log = logging.getLogger(__name__)

Grid = tuple[tuple[int, ...], ...]
MAX_NOISE_LINES = 40  # lines around a board (headers, prose) beyond its rows before the text is refused

NO_BOARD = ParseError(
    "I found no board. Send one row per line, e.g. for Masyu 'W . . B', or a puzz.link URL.",
    "盤面が見つかりません。1 行に 1 行分のマスを書いてください (例: ましゅなら 'W . . B')。"
    "puzz.link の URL でも構いません。",
)


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
    the Numberlink Flow rule on or off (default: on only under a "flow"/"flow free" header).
    Only :class:`ParseError` (and its subclass AmbiguousGenre) ever escapes.
    """
    try:
        return read_board_strict(text, genre, fill=fill, limits=limits)
    except ParseError:
        raise
    except PuzzleError as e:
        raise ParseError(e.message, e.message_ja, e.cells) from e
    except Exception as e:
        log.exception("reading a board failed unexpectedly")
        raise ParseError(
            "Sorry, I could not read this board (an internal error); please check its format.",
            "申し訳ありません、この盤面を読み取れませんでした (内部エラー)。書式を確認してください。",
        ) from e


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
        raise ParseError("The board must be text.", "盤面はテキストで送ってください。")
    if len(text) > limits.max_chars:
        raise ParseError(
            f"The text is {len(text)} characters long; I read at most {limits.max_chars}.",
            f"テキストが {len(text)} 文字あります。読み取れるのは {limits.max_chars} 文字までです。",
        )
    if genre is not None and not isinstance(genre, str):
        raise ParseError("The genre must be a name such as 'masyu'.", "ジャンルは 'masyu' のような名前で指定します。")
    forced = _genre_name(genre) if genre else None
    if fill is None and genre and genre.strip().lower().replace(" ", "").replace("-", "") in ("flow", "flowfree"):
        fill = True  # a "flow" button or command means the Flow Free rule
    text = fold(text)

    stripped = text.strip()
    if stripped.startswith("{"):
        return _read_record(stripped, forced, fill, limits)

    url = find_url(text)
    if url is not None:
        return _read_url(url, forced, fill, limits)

    lines = sum(1 for ln in text.split("\n") if ln.strip())
    if lines > limits.max_rows + MAX_NOISE_LINES:
        raise ParseError(
            f"The text has {lines} lines; a board has at most {limits.max_rows} rows.",
            f"テキストが {lines} 行あります。盤面は {limits.max_rows} 行までです。",
        )
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
    puzzle = Puzzle(chosen, _cells_for(chosen, rows, limits), fill=want_fill and chosen == "numberlink")
    _check_min(height, width, limits)
    check_form(puzzle)
    return puzzle


def _genre_name(name: str) -> str:
    from solvers.registry import get_genre

    return get_genre(name).name


def _too_big(rows: int, cols: int | None, limits: ReadLimits) -> ParseError:
    what = f"{rows} rows" if cols is None else f"{rows} rows by {cols} columns"
    what_ja = f"{rows} 行" if cols is None else f"{rows} 行 {cols} 列"
    return ParseError(
        f"The board has {what}; the limit is {limits.max_rows} rows by {limits.max_cols} columns.",
        f"盤面が {what_ja} あります。上限は {limits.max_rows} 行 {limits.max_cols} 列です。",
    )


def _check_min(rows: int, cols: int, limits: ReadLimits) -> None:
    if rows < limits.min_rows or cols < limits.min_cols:
        raise ParseError(
            f"The board has {rows} row(s) and {cols} column(s); a puzzle needs at least "
            f"{limits.min_rows} rows and {limits.min_cols} columns.",
            f"盤面は {rows} 行 {cols} 列です。"
            f"パズルには少なくとも {limits.min_rows} 行 {limits.min_cols} 列が必要です。",
        )


def _read_url(url: str, forced: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    from solvers.registry import get_genre

    link = split_url(url, max_rows=limits.max_rows, max_cols=limits.max_cols)
    found = genre_of_pid(link.pid)
    if found is None:
        raise unsupported_pid(link.pid)
    if forced is not None and forced != found:
        want, got = get_genre(forced), get_genre(found)
        raise ParseError(
            f"The puzz.link URL is a {got.title} puzzle ('{link.pid}'), but you asked for {want.title}.",
            f"puzz.link の URL は{got.title_ja} ('{link.pid}') ですが、{want.title_ja}が指定されました。",
        )
    puzzle = decode_puzzle(url, found, max_rows=limits.max_rows, max_cols=limits.max_cols)
    _check_min(puzzle.rows, puzzle.cols, limits)
    if found == "numberlink" and fill:
        puzzle = Puzzle(puzzle.genre, puzzle.cells, fill=True)
    check_form(puzzle)
    return puzzle


def _read_game_id(m: re.Match[str], genre: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    """A Simon Tatham's Puzzles game ID (Pearl or Rect)."""
    from solvers.registry import get_genre

    check_size(int(m.group(2)), int(m.group(1)), max_rows=limits.max_rows, max_cols=limits.max_cols)
    kind, rows = decode_game_id(m)
    if genre is None:
        genre = "masyu" if kind == "circles" else "shikaku"
    g = get_genre(genre)
    if g.clue_kind != kind:
        what = "Pearl (Masyu)" if kind == "circles" else "Rect (Shikaku)"
        raise ParseError(
            f"This is a {what} game ID from Simon Tatham's Puzzles; it cannot be a {g.title} board.",
            f"これは Simon Tatham's Puzzles の {what} のゲーム ID です。{g.title_ja}の盤面にはなりません。",
        )
    puzzle = Puzzle(g.name, tuple(tuple(r) for r in rows), fill=bool(fill) and g.name == "numberlink")
    _check_min(puzzle.rows, puzzle.cols, limits)
    check_form(puzzle)
    return puzzle


def _read_record(text: str, forced: str | None, fill: bool | None, limits: ReadLimits) -> Puzzle:
    """A pasted FORMATS.md record ({"genre": ..., "grid": [...]})."""
    try:
        rec = json.loads(text)
    except (ValueError, RecursionError):
        raise ParseError(
            "The text starts like a JSON record but is not valid JSON.",
            "JSON のレコードのようですが、正しい JSON ではありません。",
        ) from None
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
        raise ParseError(e.message, e.message_ja, e.cells) from e
    if puzzle.cols > limits.max_cols:
        raise _too_big(puzzle.rows, puzzle.cols, limits)
    _check_min(puzzle.rows, puzzle.cols, limits)
    if fill is not None:
        puzzle = Puzzle(puzzle.genre, puzzle.cells, fill=fill and puzzle.genre == "numberlink", id=puzzle.id)
    check_form(puzzle)
    return puzzle


def _check_rectangular(rows: list[Row]) -> None:
    widths = [len(row) for row in rows]
    first = widths[0]
    bad = next((r for r, w in enumerate(widths) if w != first), None)
    if bad is None:
        return
    if bad == 1 and len(rows) > 2 and all(w == widths[1] for w in widths[1:]):
        raise ParseError(
            f"Row 1 has {first} cells, the rows below have {widths[1]}: the board must be a rectangle.",
            f"1 行目は {first} マスですが、下の行は {widths[1]} マスです。盤面は長方形にしてください。",
            cells=((0, max(0, first - 1)),),
        )
    w = widths[bad]
    raise ParseError(
        f"Row {bad + 1} has {w} cells, the rows above have {first}: the board must be a rectangle.",
        f"{bad + 1} 行目は {w} マスですが、上の行は {first} マスです。盤面は長方形にしてください。",
        cells=((bad, max(0, min(w, first) - 1)),),
    )


def _check_size_line(size: tuple[int, int], rows: int, cols: int) -> None:
    a, b = size
    if (a, b) in ((cols, rows), (rows, cols)):
        return
    raise ParseError(
        f"The size line says {a}x{b}, but the board has {rows} rows and {cols} columns "
        f"(write it as {cols}x{rows}, width x height, or leave it out).",
        f"サイズの行は {a}x{b} ですが、盤面は {rows} 行 {cols} 列です "
        f"({cols}x{rows} (幅x高さ) と書くか、サイズの行を省いてください)。",
    )


def _cells_for(genre: str, rows: list[Row], limits: ReadLimits) -> Grid:
    from solvers.registry import get_genre

    g = get_genre(genre)
    circles = g.clue_kind == "circles"
    vals = read_circles(rows, g.title) if circles else read_numbers(rows, g.title, limits.max_number)
    return tuple(tuple(row) for row in vals)


def _detect(rows: list[Row], limits: ReadLimits, fill: bool) -> Puzzle:
    """Pick the genre from the content alone; raises AmbiguousGenre or a ParseError explaining."""
    circles_ok = True
    numbers_ok = True
    circle_only = False
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            cv = circle_value(tok)
            nv = number_value(tok, row.compact)
            if cv is None and nv is None:
                raise unknown_symbol(tok, r, c, "board", ANY_HELP, ANY_HELP_JA)
            circles_ok &= cv is not None
            numbers_ok &= nv is not None
            circle_only |= tok in CIRCLE_ONLY
    if circle_only and circles_ok:
        numbers_ok = False
    if not circles_ok and not numbers_ok:
        raise _mixed(rows)
    _check_min(len(rows), len(rows[0]), limits)

    tries: list[Puzzle] = []
    if numbers_ok:
        number_cells = tuple(tuple(row) for row in read_numbers(rows, "board", limits.max_number))
        tries += [Puzzle("numberlink", number_cells, fill=fill), Puzzle("shikaku", number_cells)]
    if circles_ok:
        circle_cells = tuple(tuple(row) for row in read_circles(rows, "board"))
        tries += [Puzzle("masyu", circle_cells), Puzzle("yinyang", circle_cells)]
    fits: list[Puzzle] = []
    reasons: list[tuple[str, ParseError]] = []
    for p in tries:
        try:
            if p.genre == "numberlink" and any(v == UNKNOWN for row in p.cells for v in row):
                raise ParseError("Numberlink numbers cannot be '?'.", "ナンバーリンクの数字に '?' は使えません。")
            check_form(p)
        except ParseError as e:
            reasons.append((p.genre, e))
        else:
            fits.append(p)
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise AmbiguousGenre(tuple(p.genre for p in fits))
    from solvers.registry import get_genre

    en = " ".join(f"As {get_genre(g).title}: {e.message}" for g, e in reasons)
    ja = " ".join(f"{get_genre(g).title_ja}として: {e.message_ja}" for g, e in reasons)
    cells = tuple(dict.fromkeys(cell for _, e in reasons for cell in e.cells))
    raise ParseError(
        f"This board fits no genre I know. {en} "
        "Fix the board, or add a first line naming the genre (masyu, yinyang, numberlink, shikaku).",
        f"この盤面はどのジャンルにも合いません。{ja} "
        "盤面を直すか、1 行目にジャンル名 (masyu, yinyang, numberlink, shikaku) を書いてください。",
        cells=cells,
    )


def _mixed(rows: list[Row]) -> ParseError:
    circle_at = number_at = None
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            nv = number_value(tok, row.compact)
            if circle_at is None and circle_value(tok) is not None and nv is None:
                circle_at = (r, c, tok)
            if number_at is None and nv is not None and circle_value(tok) is None:
                number_at = (r, c, tok)
    assert circle_at is not None and number_at is not None
    (r1, c1, t1), (r2, c2, t2) = circle_at, number_at
    return ParseError(
        f"The board mixes circles ('{t1}' at row {r1 + 1}, column {c1 + 1}) and numbers "
        f"('{t2}' at row {r2 + 1}, column {c2 + 1}); a board holds one or the other.",
        f"盤面に丸 ({r1 + 1} 行 {c1 + 1} 列の '{t1}') と数字 ({r2 + 1} 行 {c2 + 1} 列の '{t2}') が混ざっています。",
        cells=((r1, c1), (r2, c2)),
    )
