"""From picture bytes to a :class:`Reading`: the grid, every cell's token, the genres it may be."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from solvers.errors import ParseError
from solvers.genre import ClueKind, Lattice
from solvers.puzzle import Puzzle
from solvers.reading import AmbiguousGenre, read_board, read_cells
from solvers.registry import GENRES, get_genre
from vision.cells import CellGuess, read_cell
from vision.decode import decode
from vision.errors import Unreadable
from vision.grid import SUPPORTED, Board, find_board

FAINT_INK = 0.28  # the second reading's ink level (see _read_twice)
HAIRLINE_INK = 0.16  # the ink level at which a faint empty cell is looked at again for a thin ring
SURE = 0.6  # a cell read with less confidence than this is named to the player before solving
MIN_SIDE, MAX_SIDE = 5, 40
DEFAULT_MAX_BYTES = 20_000_000
DEFAULT_MAX_PIXELS = 40_000_000


@dataclass(frozen=True)
class CellRead:
    """A cell the reader is unsure of (0-based row and column), what it read, what else it may be."""

    row: int
    col: int
    token: str
    alternatives: tuple[str, ...]
    confidence: float


@dataclass(frozen=True)
class Reading:
    """A board read from a picture. ``genres``: the genres it may be, most likely first (more
    than one: ask the player); ``unsure``: the cells to confirm before solving; ``size_unsure``:
    the rows and columns themselves to confirm."""

    rows: int
    cols: int
    tokens: tuple[tuple[str, ...], ...]
    genres: tuple[str, ...]
    unsure: tuple[CellRead, ...]
    seconds: float
    problem: ParseError | None = None  # why the tokens are no board of any genre (None: they are)
    size_unsure: bool = False  # the count of rows and columns itself is in doubt (faint or missing lines)

    @property
    def sure(self) -> bool:
        """Whether every cell and the size were read with confidence (solve without asking)."""
        return not self.unsure and not self.size_unsure

    def grid_text(self) -> str:
        return "\n".join(" ".join(row) for row in self.tokens)

    def puzzle(self, genre: str | None = None) -> Puzzle[Any]:
        """The board as ``genre`` (default: the most likely); raises ParseError if it does not fit."""
        name = genre or (self.genres[0] if self.genres else None)
        if name is None:
            return read_board(self.grid_text())
        return read_cells(self.tokens, name)

    def text(self, genre: str | None = None) -> str:
        """The bot's own text notation (a header line with the genre, then the rows): paste it back to solve."""
        name = genre or (self.genres[0] if self.genres else None)
        try:
            p = self.puzzle(name)
        except ParseError:
            return (f"{name}\n" if name else "") + self.grid_text()
        return "\n".join([p.kind.name, *p.grid_lines()])

    def record(self, genre: str | None = None) -> dict[str, Any]:
        """The FORMATS.md record (genre, rows, cols, grid)."""
        return self.puzzle(genre).to_record()


def read_image(data: bytes, *, genre: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
               max_pixels: int = DEFAULT_MAX_PIXELS) -> Reading:
    """Read the puzzle in a screenshot or photo; raises :class:`Unreadable` when there is none."""
    start = time.perf_counter()
    forced = get_genre(genre).name if genre else None
    grey = decode(data, max_bytes=max_bytes, max_pixels=max_pixels)
    board = find_board(grey)
    if not (MIN_SIDE <= board.rows <= MAX_SIDE and MIN_SIDE <= board.cols <= MAX_SIDE):
        raise Unreadable("grid-size", f"I counted {board.rows}x{board.cols} cells, which is no board I can "
                                      "read; send a picture of a grid of 5x5 to 40x40 cells.")
    guesses = _one_kind(_read_cells(board), forced)
    tokens = tuple(tuple(g.token for g in row) for row in guesses)
    inked = sum(t != "." for row in tokens for t in row)
    if inked == 0:
        raise Unreadable("no-clues", "I found a grid but no clues in it; send a picture of the puzzle "
                                     "with its circles or numbers.")
    unsure = tuple(
        CellRead(r, c, g.token, g.alternatives, round(g.confidence, 2))
        for r, row in enumerate(guesses) for c, g in enumerate(row) if g.confidence < SURE
    )
    if len(unsure) > max(3, 0.25 * board.rows * board.cols):
        raise Unreadable("unclear", "I found a grid but could not make out most of its cells; send a sharper, "
                                    "better lit picture taken straight on.")
    text = "\n".join(" ".join(row) for row in tokens)
    genres, problem = _genres(text, board, forced)
    return Reading(rows=board.rows, cols=board.cols, tokens=tokens, genres=genres, unsure=unsure,
                   seconds=time.perf_counter() - start, problem=problem,
                   size_unsure=board.clarity < 1.6 or board.support < SUPPORTED)


def _one_kind(guesses: list[list[CellGuess]], forced: str | None) -> list[list[CellGuess]]:
    """No genre mixes circles and numbers: where both were read, the rarer kind (or the kind the
    chosen genre lacks) is asked about."""
    circles = [(r, c) for r, row in enumerate(guesses) for c, g in enumerate(row) if g.token in ("W", "B")]
    numbers = [(r, c) for r, row in enumerate(guesses) for c, g in enumerate(row) if g.token not in (".", "W", "B")]
    if not circles or not numbers:
        return guesses
    if forced:
        odd = numbers if ClueKind.NUMBER not in GENRES[forced].picture_clues else circles
    else:
        odd = circles if len(circles) < len(numbers) else numbers if len(numbers) < len(circles) else circles + numbers
    out = [list(row) for row in guesses]
    for r, c in odd:
        g = out[r][c]
        out[r][c] = CellGuess(g.token, min(g.confidence, SURE - 0.1), g.alternatives)
    return out


def _read_cells(board: Board) -> list[list[CellGuess]]:
    xs, ys = board.xs, board.ys
    return [[_read_twice(board, xs[c], xs[c + 1], ys[r], ys[r + 1]) for c in range(board.cols)]
            for r in range(board.rows)]


def _read_twice(board: Board, x0: float, x1: float, y0: float, y1: float) -> CellGuess:
    """A cell read at the usual ink level and again counting fainter ink as ink: a reading that
    changes with the level is fragile (blur, faint print), so it is asked about."""
    first = read_cell(board.paper, float(x0), float(x1), float(y0), float(y1))
    second = read_cell(board.paper, float(x0), float(x1), float(y0), float(y1), ink_level=FAINT_INK)
    if first.token == ".":
        # a hairline ring (a print's white pearl, scaled down) is ink only when faint ink counts:
        # the ring test (round, closed all the way round) is strict enough to trust it there
        ring = second
        if second.token != "W" and not (second.token == "." and second.confidence == 1.0):
            ring = read_cell(board.paper, float(x0), float(x1), float(y0), float(y1), ink_level=HAIRLINE_INK)
        if ring.token == "W" and ring.confidence >= 0.9:
            return ring
    if first.confidence < SURE and first.token not in ("W", "B") and second.token == "W" and second.confidence >= 0.9:
        return second  # a hairline ring broken into arcs at the usual level, read as a poor character
    if first.token == second.token:
        return first
    others = tuple(dict.fromkeys((second.token, *first.alternatives)))
    return CellGuess(first.token, min(first.confidence, SURE - 0.1), others[:3])


def _genres(text: str, board: Board, forced: str | None) -> tuple[tuple[str, ...], ParseError | None]:
    """The genres the tokens fit, best first (the picture's lattice style first), and why none fits."""
    if forced:
        try:
            read_board(text, forced)
        except ParseError as e:
            return (forced,), e
        return (forced,), None
    style = Lattice.DOTS if board.dots else Lattice.LINES
    try:
        found: tuple[str, ...] = (read_board(text).genre,)
    except AmbiguousGenre as e:
        found = e.candidates
    except ParseError as e:
        return _by_symbols(text, style), e
    styled = tuple(g for g in found if GENRES[g].lattice is style)
    if len(found) > 1 and len(styled) == 1:
        return styled, None
    return tuple(sorted(found, key=lambda g: GENRES[g].lattice is not style)), None


def _by_symbols(text: str, style: Lattice) -> tuple[str, ...]:
    """Genres whose kind of clue appears in the tokens (for a board that fits none exactly)."""
    kind = ClueKind.CIRCLE if any(t in ("W", "B") for t in text.split()) else ClueKind.NUMBER
    names = [name for name, g in GENRES.items() if kind in g.picture_clues]
    return tuple(sorted(names, key=lambda g: GENRES[g].lattice is not style))

