"""``puzzlebot``: the command line (solve, parse, url, render, generate, read-image, run).

These commands are the product's outside contract; their flags and output shapes are stable
and documented in the README. Errors go to stderr as one plain sentence, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from solvers.errors import Message, PuzzleError

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle


def _open_text(path: str) -> TextIO:
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8", errors="replace")  # noqa: SIM115 - closed by the caller's loop
    except OSError as e:
        raise PuzzleError("cli-cannot-read", file=path, reason=e.strerror or str(e)) from None


def _say(msg: Message) -> str:
    """The CLI speaks English (the catalogue's words for ``msg``; its ``_cli`` words where the common
    ones point at a chat command such as /help)."""
    from bot.i18n import for_platform, say

    return say(Message(for_platform(msg.code, "cli"), msg.params), "en")


def _records(path: str) -> Iterator[tuple[int, Any]]:
    """Yield (line number, parsed JSON or the Message saying why a line is not JSON) for each non-blank line."""
    stream = _open_text(path)
    try:
        n = 0
        while True:
            try:
                line = stream.readline()
            except OSError as e:
                raise PuzzleError("cli-cannot-read", file=path, reason=e.strerror or str(e)) from None
            if not line:
                return
            n += 1
            if not line.strip():
                continue
            try:
                yield n, json.loads(line)
            except json.JSONDecodeError as e:
                yield n, Message("cli-bad-json", {"line": n, "error": e.msg, "column": e.colno})
    finally:
        if stream is not sys.stdin:
            stream.close()


def _emit(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _warm_up(rec: Any, warm: set[str]) -> None:
    """Import the record's genre model (and OR-Tools) before its clock starts, so ``seconds``
    measures solving only. Only the genres the input holds: warming all sixteen cost about 0.3 s
    a call (a 20x36 board through the CLI: 3.0 -> 2.4 s CPU, 2026-11-27)."""
    from solvers.registry import GENRES

    name = rec.get("genre") if isinstance(rec, dict) else None
    if isinstance(name, str) and name in GENRES and name not in warm:
        warm.add(name)
        GENRES[name].preload()


def _seconds(text: str) -> float:
    """A --time-limit: a finite number of seconds above 0 (-1, nan and inf were taken as they came)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value < math.inf):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return value


def _workers(text: str) -> int:
    """A --workers count: 0 (the default share of the cores) or more (a negative count was taken as 0)."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number, 0 or more, not {text!r}")
    return value


def cmd_solve(args: argparse.Namespace) -> int:
    from bot.config import solver_workers_from_env
    from solvers.engine import solve_record
    from solvers.verdict import SolveOptions

    warm: set[str] = set()
    opts = SolveOptions(time_limit=args.time_limit, unique=not args.no_unique)
    workers = args.workers or solver_workers_from_env()  # PUZZLEBOT_SOLVER_WORKERS, read by bot.config
    if workers:
        opts = opts.with_(workers=workers)
    for _, rec in _records(args.jsonl):
        if isinstance(rec, Message):
            _emit({"id": None, "status": "invalid", "solution": None, "second_solution": None,
                   "seconds": 0.0, "error": _say(rec)})
            continue
        _warm_up(rec, warm)
        rid, result = solve_record(rec, opts)
        _emit(result.to_json(rid, _say(result.message) if result.message else None))
    return 0


def _is_url(arg: str) -> bool:
    """A command-line argument that is a web address rather than a file name: ``https://...``, or
    one copied as chat shows it (``<https://...>``, quoted) or without its scheme (``puzz.link/p?...``)
    when no file has that name. Without a scheme only the board reader's own hosts count (its URL
    pattern), so a missing ``saved.pages/board?id=1.html`` is still a file that cannot be read."""
    from solvers.puzzlink import URL_RE

    bare = arg.strip().strip("<>\"'")
    if bare.split("://", 1)[0].lower() in ("http", "https") and "://" in bare:
        return True
    return URL_RE.match(bare) is not None and not _is_file(arg)


def _is_file(arg: str) -> bool:
    """Whether ``arg`` names something on disk; a name the system cannot look up (longer than its
    limit: a long URL) names nothing rather than stopping the command with "File name too long"."""
    try:
        return Path(arg).exists()
    except OSError:
        return False


# How PNG, JPEG and GIF files begin (a WebP file: RIFF, 4 bytes, WEBP).
_PICTURE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")


def cmd_parse(args: argparse.Namespace) -> int:
    from solvers.reading import DEFAULT_LIMITS, read_board
    from solvers.reading.sites import MAX_PAGE_CHARS

    # Read one character past the limit (a saved page's, the larger) so read_board refuses an
    # over-long input itself.
    budget = max(DEFAULT_LIMITS.max_chars, MAX_PAGE_CHARS) + 1
    if not args.file.strip():  # `puzzlebot parse "$URL"` with URL unset: "cannot read : No such file"
        raise PuzzleError("cli-parse-empty")
    try:
        if args.file != "-" and _is_url(args.file):  # `puzzlebot parse https://puzz.link/p?...`: the URL itself
            text = args.file[:budget]
        else:
            if args.file == "-":
                raw = sys.stdin.buffer.read(budget * 4)
            else:
                with open(args.file, "rb") as f:
                    raw = f.read(budget * 4)
            if raw.startswith(_PICTURE_MAGIC) or raw[8:12] == b"WEBP":  # its bytes read as a ragged board
                if args.file == "-":  # (read-image takes a file: `parse - < board.png`)
                    raise PuzzleError("cli-parse-picture-stdin")
                raise PuzzleError("cli-parse-picture", file=args.file)
            text = _text_of(raw, "the standard input" if args.file == "-" else args.file)[:budget]
    except OSError as e:
        raise PuzzleError("cli-cannot-read", file=args.file, reason=e.strerror or str(e)) from None
    puzzle = read_board(text, genre=args.genre)
    from solvers.generation import puzzle_url

    url = puzzle_url(puzzle)
    _emit(puzzle.to_record(**({"url": url} if url else {})))
    return 0


def _text_of(raw: bytes, name: str) -> str:
    """A file's text as the chat reads an attached one (UTF-16, Shift-JIS... read as such); a file
    with NUL bytes that is no text (an archive, a PDF) is refused as binary, where its bytes were
    read as a board ("Unknown symbol 'U+0003' at row 1, column 3"); anything else as UTF-8."""
    from bot.attachments import Decoded, detect

    found = detect(raw)
    if isinstance(found, Decoded):
        return found.text
    if b"\x00" in raw:
        raise PuzzleError("cli-parse-binary", file=name)
    return raw.decode("utf-8", errors="replace")


def cmd_read_image(args: argparse.Namespace) -> int:
    """Read the board in a picture: one FORMATS.md record on stdout, or exit 2 with the reason."""
    from solvers.errors import ParseError
    from vision import Unreadable, read_image
    from vision.reading import DEFAULT_MAX_BYTES

    try:
        with open(args.file, "rb") as f:
            data = f.read(DEFAULT_MAX_BYTES + 1)
    except OSError as e:
        raise PuzzleError("cli-cannot-read", file=args.file, reason=e.strerror or str(e)) from None
    try:
        reading = read_image(data, genre=args.genre)
    except Unreadable as e:
        if args.genre and e.code == "unclear":  # "send a sharper picture" would blame the picture for a wrong --genre
            _refuse_other_genre(data, args.genre)
        print(f"puzzlebot read-image: {e.message}", file=sys.stderr)
        return 2
    except ParseError as e:  # an unknown --genre
        print(f"puzzlebot read-image: {_say(e.msg)}", file=sys.stderr)
        return 2
    genre = reading.genres[0] if reading.genres else None
    reading, board = reading.taken(genre)  # (the record is of that genre: the clues it cannot hold are asked)
    if board is not None:
        record: dict[str, Any] = board.to_record()
    else:  # no valid board of that genre: print what was read all the same
        if args.genre:  # (unless it is a board of another genre: a record labelled --genre would not be one)
            _refuse_other_genre(data, args.genre)
        record = {"genre": genre, "rows": reading.rows, "cols": reading.cols,
                  "grid": reading.grid_text().splitlines()}
    if len(reading.genres) > 1:
        record["genres"] = list(reading.genres)
    if reading.unsure:
        record["unsure"] = [[u.row, u.col] for u in reading.unsure]
    if reading.size_unsure:
        record["size_unsure"] = True
    _emit(record)
    return 0


def _refuse_other_genre(data: bytes, wanted: str) -> None:
    """Raise PuzzleError when a picture that is no ``wanted`` board reads, without ``--genre``, as a
    board of one other genre (read once more: only on the way to a refusal or a doubtful record)."""
    from solvers.registry import find_genre
    from vision import Unreadable, read_image

    try:
        reading = read_image(data)
    except Unreadable:
        return
    asked = find_genre(wanted)
    if len(reading.genres) == 1 and asked is not None and reading.genres[0] != asked.name:
        raise PuzzleError("cli-image-other-genre", genre=reading.genres[0], wanted=wanted)


def _puzzle(rec: Any) -> Puzzle[Any]:
    """The board of one input line (PuzzleError for a line that is not JSON or not a record)."""
    from solvers.puzzle import Puzzle

    if isinstance(rec, Message):
        raise PuzzleError(rec.code, **rec.params)
    if isinstance(rec, dict) and "status" in rec and "grid" not in rec:  # `solve | render`: "has no 'genre'"
        raise PuzzleError("cli-verdict-not-record")
    return Puzzle.from_record(rec)


def cmd_url(args: argparse.Namespace) -> int:
    status = 0
    for n, rec in _records(args.jsonl):
        try:
            puzzle = _puzzle(rec)
            print(puzzle.kind.encode_url(puzzle), flush=True)
        except PuzzleError as e:
            _line_error("url", n, e)
            print("", flush=True)  # keep one output line per record
            status = 2
    return status


def cmd_render(args: argparse.Namespace) -> int:
    from rendering import render_png

    out = Path(args.out)
    if out.exists() and not out.is_dir():  # (mkdir said "File exists")
        raise PuzzleError("cli-cannot-write", file=str(out), reason="it is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise PuzzleError("cli-cannot-write", file=str(out), reason=e.strerror or str(e)) from None
    status = 0
    for n, rec in _records(args.jsonl):
        try:
            puzzle = _puzzle(rec)
            # No --view: the record's solution when it has one, else its givens, so that
            # `parse | render` draws the parsed board; --view solution insists on a solution.
            view = args.view or ("solution" if rec.get("solution") else "puzzle")
            solution = rec.get("solution") if view == "solution" else None
            if view == "solution" and not solution:
                raise PuzzleError("cli-no-solution")
            typed = None if solution is None else puzzle.kind.solution_from_json(solution, puzzle)
            if typed is not None:  # a picture titled as solved must show a solution, not any grid of its shape
                broken = puzzle.kind.check(puzzle, typed)
                if broken:
                    raise PuzzleError("cli-solution-broken", rule=_say(broken[0].msg))
            name = str(rec.get("id") or f"line{n}")
            safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)
            path = out / f"{safe}.png"
            png = render_png(puzzle, typed, view=view)
            try:
                path.write_bytes(png)
            except OSError as e:
                raise _Fatal("cli-cannot-write", file=str(path), reason=e.strerror or str(e)) from None
            print(path, flush=True)
        except _Fatal:
            raise
        except PuzzleError as e:
            _line_error("render", n, e)
            status = 2
    return status


def _line_error(command: str, n: int, e: PuzzleError) -> None:
    """One record's error on stderr, prefixed with its line unless the message already names it."""
    where = "" if e.msg.code == "cli-bad-json" else f"line {n}: "
    print(f"puzzlebot {command}: {where}{_say(e.msg)}", file=sys.stderr)


class _Fatal(PuzzleError):
    """An error that ends the whole command (not just one record's line)."""


def cmd_generate(args: argparse.Namespace) -> int:
    from solvers.generation import generate_record

    name = args.genre_option or args.genre
    if not name:
        raise PuzzleError("cli-no-genre")
    try:
        rows_s, cols_s = args.size.lower().replace("×", "x").split("x")
        rows, cols = int(rows_s), int(cols_s)
    except ValueError:
        raise PuzzleError("cli-bad-size", size=args.size) from None
    _emit(generate_record(name, rows, cols, args.difficulty, args.seed))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from bot.app import run

    if args.no_env_file:
        return run(env_file=None) or 0
    if args.env_file is None:  # the default .env is optional: no file there means environment only
        return run(env_file=".env") or 0
    if not Path(args.env_file).is_file():  # a file named on purpose must be there: a typo would run on defaults
        what = "is not a file" if Path(args.env_file).exists() else "no such file"  # a directory, say
        print(f"puzzlebot run: --env-file {args.env_file}: {what} (use --no-env-file to read the "
              "environment only)", file=sys.stderr)
        return 2
    return run(env_file=args.env_file) or 0


def build_parser() -> argparse.ArgumentParser:
    from solvers.registry import GENRES

    p = argparse.ArgumentParser(prog="puzzlebot", description="Solve, read, draw and generate pencil puzzles.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", help="solve FORMATS.md records, one JSON verdict per line")
    s.add_argument("--jsonl", required=True, help="records file, or - for standard input")
    s.add_argument("--no-unique", action="store_true", help="find one solution, skip the uniqueness proof")
    s.add_argument("--time-limit", type=_seconds, default=10.0, help="seconds per puzzle (default 10)")
    s.add_argument("--workers", type=_workers, default=0, help="CP-SAT workers per solve (default: fits 2 cores)")
    s.set_defaults(func=cmd_solve)

    s = sub.add_parser("parse", help="read a board from text or a puzz.link URL, print its record")
    s.add_argument("--genre", default=None, help=f"force the genre ({', '.join(GENRES)})")
    s.add_argument("file", nargs="?", default="-",
                   help="text file, a puzz.link URL, or - for standard input (default)")
    s.set_defaults(func=cmd_parse)

    s = sub.add_parser("url", help="print a puzz.link URL for every record")
    s.add_argument("--jsonl", required=True, help="records file, or - for standard input")
    s.set_defaults(func=cmd_url)

    s = sub.add_parser("render", help="draw every record as DIR/<id>.png")
    s.add_argument("--jsonl", required=True, help="records file, or - for standard input")
    s.add_argument("--out", required=True, help="output folder")
    s.add_argument("--view", choices=("puzzle", "solution"), default=None,
                   help="solution: the board with the record's 'solution' drawn; puzzle: the givens only "
                        "(default: solution for a record that has one, else puzzle)")
    s.set_defaults(func=cmd_render)

    names = ", ".join(GENRES)
    s = sub.add_parser("generate", help=f"generate a puzzle with a proven unique solution ({names})",
                       description=f"Generate a puzzle with a proven unique solution. Genres: {names}.")
    s.add_argument("genre", nargs="?", default=None, help=f"one of: {names}")
    s.add_argument("--genre", dest="genre_option", default=None,
                   help=f"the genre, instead of the positional one ({names})")
    s.add_argument("--size", default="10x10", help="RxC, e.g. 10x10 (default)")
    s.add_argument("--difficulty", default="medium", choices=("easy", "medium", "hard"))
    s.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    s.set_defaults(func=cmd_generate)

    s = sub.add_parser("read-image", help="read the board in a screenshot or photo, print its record")
    s.add_argument("file", help="PNG, JPEG or WebP picture of the board")
    s.add_argument("--genre", default=None, help=f"the genre, when known ({', '.join(GENRES)})")
    s.set_defaults(func=cmd_read_image)

    s = sub.add_parser("run", help="run the bot (console chat when no token is configured)")
    files = s.add_mutually_exclusive_group()
    files.add_argument("--env-file", default=None,
                       help="dotenv file to read; it must exist (default: .env when there is one)")
    files.add_argument("--no-env-file", action="store_true", help="read no dotenv file, the environment only")
    s.set_defaults(func=cmd_run)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except PuzzleError as e:
        print(f"puzzlebot {args.command}: {_say(e.msg)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as e:  # the documented contract: one plain sentence and exit 2, never a traceback
        where = f"{e.filename}: " if e.filename else ""
        print(f"puzzlebot {args.command}: {where}{e.strerror or e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
