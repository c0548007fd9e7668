"""The puzzle value every part of the product passes around, and its FORMATS.md record form."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from solvers.errors import InvalidPuzzle, ParseError

EMPTY = 0
WHITE = 1  # circle genres: a white pearl / given white circle
BLACK = 2  # circle genres: a black pearl / given black circle
UNKNOWN = -1  # number genres: a clue whose number is not given ("?"); kept, not solved

CIRCLE_GENRES = frozenset({"masyu", "yinyang"})
NUMBER_GENRES = frozenset({"numberlink", "shikaku"})

Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Puzzle:
    """A rectangular board of givens.

    ``cells[r][c]``: for Masyu and Yin-Yang 0 empty, 1 white, 2 black; for Numberlink and
    Shikaku 0 empty or the clue's positive number. ``fill`` selects the Flow rule for
    Numberlink (every cell on a path).
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
            raise ParseError("A record must be a JSON object.", "レコードは JSON オブジェクトにしてください。")
        genre = rec.get("genre")
        if not isinstance(genre, str) or not genre:
            raise ParseError("The record has no 'genre'.", "レコードに 'genre' がありません。")
        genre = genre.strip().lower()
        from solvers.registry import find_genre

        g = find_genre(genre)
        if g is None:
            raise ParseError(
                f"Unknown genre '{genre}'. Known genres: masyu, yinyang, numberlink, shikaku.",
                f"不明なジャンル '{genre}' です。masyu, yinyang, numberlink, shikaku のいずれかを指定してください。",
            )
        grid = rec.get("grid")
        if not isinstance(grid, list) or not grid or not all(isinstance(s, str) for s in grid):
            raise ParseError(
                "The record's 'grid' must be a non-empty list of row strings.",
                "'grid' は行の文字列からなる空でないリストにしてください。",
            )
        rows = [line.split() for line in grid]
        cells = tuple(
            tuple(value_of(g.name, tok, r, c) for c, tok in enumerate(row)) for r, row in enumerate(rows)
        )
        puzzle = cls(g.name, cells, fill=bool(rec.get("fill", False)), id=_str_or_none(rec.get("id")))
        check_rectangular(puzzle)
        for name, size in (("rows", puzzle.rows), ("cols", puzzle.cols)):
            if name in rec and rec[name] != size:
                raise InvalidPuzzle(
                    f"The record says {name}={rec[name]} but its grid has {size}.",
                    f"レコードの {name}={rec[name]} ですが、grid は {size} です。",
                )
        return puzzle


def _str_or_none(v: Any) -> str | None:
    return None if v is None else str(v)


def token_of(genre: str, value: int) -> str:
    """The FORMATS.md token for a cell value."""
    if value == EMPTY:
        return "."
    if genre in CIRCLE_GENRES:
        return {WHITE: "W", BLACK: "B"}[value]
    if value == UNKNOWN:
        return "?"
    return str(value)


def value_of(genre: str, token: str, r: int, c: int) -> int:
    """The cell value of a FORMATS.md token; raises ParseError naming the cell."""
    if token == ".":
        return EMPTY
    if genre in CIRCLE_GENRES:
        v = {"W": WHITE, "B": BLACK}.get(token.upper())
        if v is not None:
            return v
        expected, expected_ja = "'.', 'W' or 'B'", "'.'、'W'、'B'"
    else:
        if token == "?":
            return UNKNOWN
        if token.isdigit() and int(token) > 0:
            return int(token)
        expected, expected_ja = "'.' or a positive number", "'.' または正の数"
    raise ParseError(
        f"Unknown symbol '{token}' at row {r + 1}, column {c + 1}: {genre} cells are {expected}.",
        f"{r + 1} 行 {c + 1} 列の記号 '{token}' は使えません。{genre} のマスは {expected_ja} です。",
        cells=((r, c),),
    )


def check_rectangular(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle unless every row has as many cells as the first."""
    if not puzzle.cells or puzzle.cols == 0:
        raise InvalidPuzzle("The board is empty.", "盤面が空です。")
    width = puzzle.cols
    for r, row in enumerate(puzzle.cells):
        if len(row) != width:
            raise InvalidPuzzle(
                f"Row {r + 1} has {len(row)} cells, the rows above have {width}: the board must be a rectangle.",
                f"{r + 1} 行目は {len(row)} マスですが、上の行は {width} マスです。盤面は長方形にしてください。",
                cells=((r, min(len(row), width) - 1 if row else 0),),
            )
