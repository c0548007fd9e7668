"""The puzzle value every part of the product passes around, and its FORMATS.md record form."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solvers.errors import InvalidPuzzle, ParseError

if TYPE_CHECKING:
    from solvers.genre import Symbols

EMPTY = 0
WHITE = 1  # circle genres: a white circle
BLACK = 2  # circle genres: a black circle
UNKNOWN = -1  # number genres: a clue whose number is not given ("?"); kept, not solved

Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Puzzle:
    """A rectangular board of givens.

    ``cells[r][c]``: 0 empty; for circle genres 1 white, 2 black; for number genres the clue's
    positive number or -1 for '?' (a genre may define its own values: see its token_of).
    ``fill`` is the genre's rule variant switch (see :class:`solvers.genre.Variant`).
    """

    genre: str
    cells: Grid
    fill: bool = False
    id: str | None = field(default=None, compare=False)

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    def __getitem__(self, rc: tuple[int, int]) -> int:
        return self.cells[rc[0]][rc[1]]

    def clues(self) -> list[tuple[int, int, int]]:
        """Every non-empty cell as (row, col, value), row by row."""
        return [(r, c, v) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v != EMPTY]

    def grid_lines(self) -> list[str]:
        """The FORMATS.md ``grid``: one string per row, cells separated by single spaces."""
        return [" ".join(token_of(self.genre, v) for v in row) for row in self.cells]

    def to_record(self, **extra: Any) -> dict[str, Any]:
        """The FORMATS.md record (id, genre, rows, cols, grid, fill when set) plus ``extra``."""
        rec: dict[str, Any] = {}
        if self.id is not None:
            rec["id"] = self.id
        rec.update(genre=self.genre, rows=self.rows, cols=self.cols, grid=self.grid_lines())
        if self.fill:
            rec["fill"] = True
        rec.update(extra)
        return rec

    def key(self) -> str:
        """A stable hash of the board (genre, rule, givens) for caches and databases."""
        payload = json.dumps([self.genre, self.fill, self.cells], separators=(",", ":"))
        return hashlib.sha256(payload.encode()).hexdigest()[:32]

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> Puzzle:
        """Read a FORMATS.md record (``genre``, ``grid``, optional ``rows``/``cols``/``fill``/``id``).

        Raises :class:`ParseError` or :class:`InvalidPuzzle` naming the row or cell at fault.
        """
        if not isinstance(rec, dict):
            raise ParseError("record-not-object")
        genre = rec.get("genre")
        if not isinstance(genre, str) or not genre:
            raise ParseError("record-no-genre")
        from solvers.registry import get_genre

        g = get_genre(genre.strip().lower())
        grid = rec.get("grid")
        if not isinstance(grid, list) or not grid or not all(isinstance(s, str) for s in grid):
            raise ParseError("record-bad-grid")
        rows = [line.split() for line in grid]
        cells = tuple(
            tuple(value_of(g.name, tok, r, c) for c, tok in enumerate(row)) for r, row in enumerate(rows)
        )
        puzzle = cls(g.name, cells, fill=bool(rec.get("fill", False)), id=_str_or_none(rec.get("id")))
        check_rectangular(puzzle)
        for name, size in (("rows", puzzle.rows), ("cols", puzzle.cols)):
            if name in rec and rec[name] != size:
                raise InvalidPuzzle("record-size-mismatch", field=name, said=rec[name], size=size)
        return puzzle


def _str_or_none(v: Any) -> str | None:
    return None if v is None else str(v)


def token_of(genre: str, value: int) -> str:
    """The FORMATS.md token for a cell value of ``genre``."""
    from solvers.registry import get_genre

    return get_genre(genre).token_of(value)


def value_of(genre: str, token: str, r: int, c: int) -> int:
    """The cell value of a FORMATS.md token; raises ParseError naming the cell."""
    from solvers.registry import get_genre

    g = get_genre(genre)
    v = g.value_of(token)
    if v is None:
        raise ParseError("unknown-symbol", cells=((r, c),), cell=(r, c), token=token, genre=g.name,
                         symbols=g.symbols.value)
    return v


def default_token_of(symbols: Symbols, value: int) -> str:
    """The token of a value for circle and number genres."""
    if value == EMPTY:
        return "."
    if symbols.value == "circles":
        return {WHITE: "W", BLACK: "B"}[value]
    if value == UNKNOWN:
        return "?"
    return str(value)


def default_value_of(symbols: Symbols, token: str) -> int | None:
    """The value of a token for circle and number genres, or None when it is not one."""
    if token == ".":
        return EMPTY
    if symbols.value == "circles":
        return {"W": WHITE, "B": BLACK}.get(token.upper())
    if token == "?":
        return UNKNOWN
    if token.isascii() and token.isdigit() and int(token) > 0:
        return int(token)
    return None


def check_rectangular(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle unless every row has as many cells as the first."""
    if not puzzle.cells or puzzle.cols == 0:
        raise InvalidPuzzle("empty-board")
    width = puzzle.cols
    for r, row in enumerate(puzzle.cells):
        if len(row) != width:
            raise InvalidPuzzle("not-rectangle", cells=((r, min(len(row), width) - 1 if row else 0),),
                                row=r + 1, got=len(row), width=width)
