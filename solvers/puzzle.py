"""The puzzle value every part of the product passes around, and its FORMATS.md record form."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from solvers.errors import InvalidPuzzle, ParseError

if TYPE_CHECKING:
    from solvers.genre import Genre

C = TypeVar("C", bound=Hashable)  # a genre's cell type: int, or a value of solvers.clues

Regions = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Puzzle(Generic[C]):
    """A rectangular board of givens, of any genre.

    ``cells[r][c]``: the given in each cell, of the genre's own type (its ``notation.empty`` where
    there is none). ``regions``: a region id per cell, for genres played on rooms. ``variants``:
    the named rule switches on (e.g. ``fill``: every cell on a path). ``params``: named numbers of the board
    (e.g. a star count), sorted by name.
    """

    genre: str
    cells: tuple[tuple[C, ...], ...]
    regions: Regions | None = None
    variants: frozenset[str] = frozenset()
    params: tuple[tuple[str, int], ...] = ()
    id: str | None = field(default=None, compare=False)

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0]) if self.cells else 0

    @property
    def kind(self) -> Genre[C, Any]:
        """The genre's entry (typed: where layers meet, ask the puzzle, not the registry by name)."""
        from solvers.registry import get_genre

        return get_genre(self.genre)

    def __getitem__(self, rc: tuple[int, int]) -> C:
        return self.cells[rc[0]][rc[1]]

    def param(self, name: str, default: int) -> int:
        return dict(self.params).get(name, default)

    def clues(self) -> list[tuple[int, int, C]]:
        """Every cell that holds a given, as (row, col, given), row by row."""
        empty = self.kind.notation.empty
        return [(r, c, v) for r, row in enumerate(self.cells) for c, v in enumerate(row) if v != empty]

    def grid_lines(self) -> list[str]:
        """The FORMATS.md ``grid``: one string per row, cells separated by single spaces."""
        write = self.kind.notation.write
        return [" ".join(write(v) for v in row) for row in self.cells]

    def to_record(self, **extra: Any) -> dict[str, Any]:
        """The FORMATS.md record (id, genre, rows, cols, grid, regions, variants, params) plus ``extra``."""
        rec: dict[str, Any] = {}
        if self.id is not None:
            rec["id"] = self.id
        rec.update(genre=self.genre, rows=self.rows, cols=self.cols, grid=self.grid_lines())
        if self.regions is not None:
            rec["regions"] = [" ".join(str(v) for v in row) for row in self.regions]
        rec.update(dict.fromkeys(sorted(self.variants), True))
        rec.update(self.params)
        rec.update(extra)
        return rec

    def key(self) -> str:
        """A stable hash of the board (genre, givens, regions, rules) for caches and databases."""
        rec = self.to_record()
        rec.pop("id", None)
        payload = json.dumps(rec, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(payload.encode()).hexdigest()[:32]

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> Puzzle[Any]:
        """Read a FORMATS.md record (``genre``, ``grid``; ``rows``, ``cols``, ``regions``, the genre's
        variants and params, ``id`` where given).

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
        cells = tuple(tuple(_cell(g, tok, r, c) for c, tok in enumerate(line.split())) for r, line in enumerate(grid))
        puzzle: Puzzle[Any] = cls(
            g.name, cells, regions=_regions(rec.get("regions")),
            variants=frozenset(v.name for v in g.variants if rec.get(v.name) is True),
            params=g.params_of({p.name: rec[p.name] for p in g.params if p.name in rec}),
            id=_str_or_none(rec.get("id")),
        )
        check_rectangular(puzzle)
        for name, size in (("rows", puzzle.rows), ("cols", puzzle.cols)):
            if name in rec and rec[name] != size:
                raise InvalidPuzzle("record-size-mismatch", field=name, said=rec[name], size=size)
        check_regions(puzzle)
        return puzzle


def _str_or_none(v: Any) -> str | None:
    return None if v is None else str(v)


def _cell(g: Genre[Any, Any], token: str, r: int, c: int) -> Any:
    v = g.notation.read_token(token)
    if v is None:
        raise g.notation.refusal(token, r, c, g.name)
    return v


def _regions(value: Any) -> Regions | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise ParseError("record-bad-regions")
    try:
        return tuple(tuple(int(t) for t in line.split()) for line in value)
    except ValueError:
        raise ParseError("record-bad-regions") from None


def check_rectangular(puzzle: Puzzle[Any]) -> None:
    """Raise InvalidPuzzle unless every row has as many cells as the first."""
    if not puzzle.cells or puzzle.cols == 0:
        raise InvalidPuzzle("empty-board")
    width = puzzle.cols
    for r, row in enumerate(puzzle.cells):
        if len(row) != width:
            raise InvalidPuzzle("not-rectangle", cells=((r, min(len(row), width) - 1 if row else 0),),
                                row=r + 1, got=len(row), width=width)


def check_regions(puzzle: Puzzle[Any]) -> None:
    """Raise InvalidPuzzle unless the regions (when given) cover the board and each is one connected area."""
    from solvers.genre import RegionUse

    use = puzzle.kind.regions
    if puzzle.regions is None:
        if use is RegionUse.REQUIRED:
            raise InvalidPuzzle("regions-missing", genre=puzzle.genre)
        return
    if use is RegionUse.NONE:
        raise InvalidPuzzle("regions-not-used", genre=puzzle.genre)
    ids = puzzle.regions
    if len(ids) != puzzle.rows or any(len(row) != puzzle.cols for row in ids):
        raise InvalidPuzzle("regions-size", rows=puzzle.rows, cols=puzzle.cols)
    seen: dict[int, tuple[int, int]] = {}
    total: Counter[int] = Counter()
    for r, row in enumerate(ids):
        for c, v in enumerate(row):
            seen.setdefault(v, (r, c))
            total[v] += 1
    for v, start in seen.items():
        area = _flood(ids, start)
        if len(area) != total[v]:
            far = next((r, c) for r, row in enumerate(ids) for c, w in enumerate(row) if w == v and (r, c) not in area)
            raise InvalidPuzzle("region-split", cells=(start, far), region=v, cell=start, other_cell=far)


def _flood(ids: Regions, start: tuple[int, int]) -> set[tuple[int, int]]:
    v = ids[start[0]][start[1]]
    todo, area = [start], {start}
    while todo:
        r, c = todo.pop()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < len(ids) and 0 <= cc < len(ids[0]) and (rr, cc) not in area and ids[rr][cc] == v:
                area.add((rr, cc))
                todo.append((rr, cc))
    return area


def rooms_from_walls(rows: int, cols: int, wall_right: Sequence[Sequence[bool]],
                     wall_down: Sequence[Sequence[bool]]) -> Regions:
    """Region ids 1, 2, ... (in reading order of each room's first cell) of the cells joined across
    every edge without a wall: one numbering for puzz.link borders, a page's border classes and a
    picture's thick lines. ``wall_right[r][c]`` parts (r, c) from (r, c + 1), ``wall_down[r][c]``
    parts (r, c) from (r + 1, c); a wall that ends inside a room parts nothing."""
    ids = [[0] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if ids[r0][c0]:
                continue
            count += 1
            ids[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                for nr, nc, open_ in ((r, c + 1, c + 1 < cols and not wall_right[r][c]),
                                      (r, c - 1, c > 0 and not wall_right[r][c - 1]),
                                      (r + 1, c, r + 1 < rows and not wall_down[r][c]),
                                      (r - 1, c, r > 0 and not wall_down[r - 1][c])):
                    if open_ and not ids[nr][nc]:
                        ids[nr][nc] = count
                        stack.append((nr, nc))
    return tuple(tuple(row) for row in ids)
