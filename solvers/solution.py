"""Typed solutions: what a model returns, a checker judges, a drawing shows and a player types.

Inside the product a solution is one of these frozen values; FORMATS.md text (``{"loop": [...]}``)
exists only at the edges (the CLI, storage), through ``to_json`` and ``from_json``. Genres pick
the shape that fits them (a loop genre a :class:`LoopSolution`, a path genre a
:class:`LinkSolution`...) and name it in their :class:`~solvers.genre.Genre` entry.

``from_json`` reads any shape (a wrong answer must still be drawable), but raises
:class:`~solvers.errors.ParseError` when the value is not that shape at all or has the wrong size.
``blank`` is the answer of a player who has filled in nothing (the web player's fresh board).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from solvers.cell import Cell
from solvers.errors import ParseError

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle

Masks = tuple[tuple[int, ...], ...]


class Solution(Protocol):
    """What every solution value offers."""

    def to_json(self) -> dict[str, Any]:
        """The FORMATS.md ``solution`` object."""
        ...

    def cell_values(self) -> list[list[Any]]:
        """One comparable value per cell (or point): two solutions differ exactly where these differ."""
        ...


S = TypeVar("S", bound=Solution)


def _rows(value: Any, key: str, rows: int) -> list[Any]:
    if not isinstance(value, dict) or key not in value:
        raise ParseError("solution-shape", key=key)
    raw = value[key]
    if not isinstance(raw, list | tuple):
        raise ParseError("solution-rows", key=key, rows=rows)
    if len(raw) != rows:
        raise ParseError("solution-row-count", key=key, got=len(raw), rows=rows)
    return list(raw)


def _tokens(row: Any, r: int, cols: int, key: str) -> list[Any]:
    if isinstance(row, str):
        tokens: list[Any] = row.split()
    elif isinstance(row, list | tuple):
        tokens = list(row)
    else:
        raise ParseError("solution-row", key=key, row=r + 1)
    if len(tokens) != cols:
        raise ParseError("solution-row-length", key=key, row=r + 1, got=len(tokens), cols=cols)
    return tokens


def _mask(tok: Any) -> int | None:
    if isinstance(tok, bool):
        return None
    if isinstance(tok, int):
        v = tok
    elif isinstance(tok, str) and tok.isascii() and tok.isdigit():
        v = int(tok)
    else:
        return None
    return v if 0 <= v <= 15 else None


@dataclass(frozen=True)
class MaskSolution:
    """Lines through grid points as connection masks (up=1, right=2, down=4, left=8)."""

    masks: Masks
    key: ClassVar[str] = "loop"

    @classmethod
    def from_masks(cls: type[M], masks: Sequence[Sequence[int]]) -> M:
        return cls(tuple(tuple(int(v) for v in row) for row in masks))

    def to_json(self) -> dict[str, Any]:
        return {self.key: [" ".join(str(v) for v in row) for row in self.masks]}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.masks]

    @classmethod
    def blank(cls: type[M], puzzle: Puzzle[Any]) -> M:
        """No line anywhere."""
        return cls(((0,) * puzzle.cols,) * puzzle.rows)

    @classmethod
    def from_json(cls: type[M], value: Any, rows: int, cols: int) -> M:
        """Read ``{key: [row strings of masks]}`` of ``rows`` x ``cols`` points."""
        out = []
        for r, row in enumerate(_rows(value, cls.key, rows)):
            vals = []
            for c, tok in enumerate(_tokens(row, r, cols, cls.key)):
                v = _mask(tok)
                if v is None:
                    raise ParseError("solution-mask", cells=((r, c),), cell=(r, c), token=str(tok))
                vals.append(v)
            out.append(tuple(vals))
        return cls(tuple(out))

    @property
    def rows(self) -> int:
        return len(self.masks)

    @property
    def cols(self) -> int:
        return len(self.masks[0]) if self.masks else 0


M = TypeVar("M", bound=MaskSolution)


@dataclass(frozen=True)
class LoopSolution(MaskSolution):
    """One closed loop (FORMATS.md ``loop``)."""

    key: ClassVar[str] = "loop"


@dataclass(frozen=True)
class LinkSolution(MaskSolution):
    """Paths joining clue pairs (FORMATS.md ``links``): an endpoint has one bit, a path cell two."""

    key: ClassVar[str] = "links"


@dataclass(frozen=True)
class ColorSolution:
    """A colour per cell (FORMATS.md ``colors``): each row a string of 'W' and 'B'."""

    colors: tuple[str, ...]
    key: ClassVar[str] = "colors"

    def black(self, r: int, c: int) -> bool:
        return self.colors[r][c] == "B"

    def to_json(self) -> dict[str, Any]:
        return {self.key: list(self.colors)}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.colors]

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> ColorSolution:
        """Every cell white (what a player has not painted black)."""
        return cls(("W" * puzzle.cols,) * puzzle.rows)

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> ColorSolution:
        out = []
        for r, row in enumerate(_rows(value, cls.key, rows)):
            if not isinstance(row, str):
                raise ParseError("solution-row", key=cls.key, row=r + 1)
            letters = "".join(row.split()).upper()
            if len(letters) != cols:
                raise ParseError("solution-row-length", key=cls.key, row=r + 1, got=len(letters), cols=cols)
            for c, ch in enumerate(letters):
                if ch not in "WB":
                    raise ParseError("solution-color", cells=((r, c),), cell=(r, c), token=ch)
            out.append(letters)
        return cls(tuple(out))


Rect = tuple[int, int, int, int]  # top, left, height, width (0-based)


@dataclass(frozen=True)
class RectSolution:
    """A division into rectangles (FORMATS.md ``rects``)."""

    rects: tuple[Rect, ...]
    rows: int
    cols: int
    key: ClassVar[str] = "rects"

    def __post_init__(self) -> None:  # one order, so equal divisions compare equal
        object.__setattr__(self, "rects", tuple(sorted(self.rects)))

    def to_json(self) -> dict[str, Any]:
        return {self.key: [list(r) for r in self.rects]}

    def ids(self) -> list[list[int]]:
        """Which rectangle covers each cell (-1 where none; the later one wins an overlap)."""
        ids = [[-1] * self.cols for _ in range(self.rows)]
        for i, (top, left, h, w) in enumerate(self.rects):
            for r in range(max(top, 0), min(top + h, self.rows)):
                for c in range(max(left, 0), min(left + w, self.cols)):
                    ids[r][c] = i
        return ids

    def cell_values(self) -> list[list[Any]]:
        return [[self.rects[i] if i >= 0 else None for i in row] for row in self.ids()]

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> RectSolution:
        """No rectangle drawn."""
        return cls((), puzzle.rows, puzzle.cols)

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> RectSolution:
        if not isinstance(value, dict) or not isinstance(value.get(cls.key), list | tuple):
            raise ParseError("solution-shape", key=cls.key)
        rects: list[Rect] = []
        for i, item in enumerate(value[cls.key]):
            if (not isinstance(item, list | tuple) or len(item) != 4
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
                raise ParseError("solution-rect", index=i + 1)
            top, left, h, w = (int(v) for v in item)
            rects.append((top, left, h, w))
        return cls(tuple(rects), rows, cols)


@dataclass(frozen=True)
class MarkSolution:
    """Some cells marked (FORMATS.md ``shaded``, ``lights``, ``stars``): one string per row, ``mark``
    where marked, ``.`` elsewhere. Subclasses set the key and the mark."""

    marks: tuple[str, ...]
    key: ClassVar[str] = "shaded"
    mark: ClassVar[str] = "#"
    shape: ClassVar[str] = "disc"  # what the web player draws for a mark: "disc" or "star", as the pictures do

    @classmethod
    def from_cells(cls: type[K], rows: int, cols: int, cells: Iterable[Cell]) -> K:
        on = set(cells)
        return cls(tuple("".join(cls.mark if (r, c) in on else "." for c in range(cols)) for r in range(rows)))

    def marked(self, r: int, c: int) -> bool:
        return self.marks[r][c] == self.mark

    def cells(self) -> list[Cell]:
        """The marked cells, row by row."""
        return [(r, c) for r, row in enumerate(self.marks) for c, ch in enumerate(row) if ch == self.mark]

    def to_json(self) -> dict[str, Any]:
        return {self.key: list(self.marks)}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.marks]

    @classmethod
    def blank(cls: type[K], puzzle: Puzzle[Any]) -> K:
        """No cell marked."""
        return cls.from_cells(puzzle.rows, puzzle.cols, ())

    @classmethod
    def from_json(cls: type[K], value: Any, rows: int, cols: int) -> K:
        out = []
        for r, row in enumerate(_rows(value, cls.key, rows)):
            if not isinstance(row, str):
                raise ParseError("solution-row", key=cls.key, row=r + 1)
            chars = "".join(row.split())
            if len(chars) != cols:
                raise ParseError("solution-row-length", key=cls.key, row=r + 1, got=len(chars), cols=cols)
            for c, ch in enumerate(chars):
                if ch not in (cls.mark, "."):
                    raise ParseError("solution-mark", cells=((r, c),), cell=(r, c), token=ch, mark=cls.mark)
            out.append(chars)
        return cls(tuple(out))


K = TypeVar("K", bound=MarkSolution)


@dataclass(frozen=True)
class ShadeSolution(MarkSolution):
    """Shaded cells (FORMATS.md ``shaded``, ``#``)."""

    key: ClassVar[str] = "shaded"
    mark: ClassVar[str] = "#"


@dataclass(frozen=True)
class LightSolution(MarkSolution):
    """Lights (FORMATS.md ``lights``, ``*``)."""

    key: ClassVar[str] = "lights"
    mark: ClassVar[str] = "*"


@dataclass(frozen=True)
class StarSolution(MarkSolution):
    """Stars (FORMATS.md ``stars``, ``*``)."""

    key: ClassVar[str] = "stars"
    mark: ClassVar[str] = "*"
    shape: ClassVar[str] = "star"


@dataclass(frozen=True)
class NumberSolution:
    """A number per cell (FORMATS.md ``numbers``): rows of space-separated integers, ``.`` (None)
    where no number belongs."""

    numbers: tuple[tuple[int | None, ...], ...]
    key: ClassVar[str] = "numbers"

    def to_json(self) -> dict[str, Any]:
        return {self.key: [" ".join("." if v is None else str(v) for v in row) for row in self.numbers]}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.numbers]

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> NumberSolution:
        """The given numbers where the board has them (a number clue is that cell's answer), else none."""
        return cls(tuple(tuple(v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else None for v in row)
                         for row in puzzle.cells))

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> NumberSolution:
        out = []
        for r, row in enumerate(_rows(value, cls.key, rows)):
            vals: list[int | None] = []
            for c, tok in enumerate(_tokens(row, r, cols, cls.key)):
                if tok in (".", None):
                    vals.append(None)
                elif isinstance(tok, int) and not isinstance(tok, bool):
                    vals.append(tok)
                elif isinstance(tok, str) and tok.isascii() and tok.isdigit() and len(tok) <= 6:
                    vals.append(int(tok))
                else:
                    raise ParseError("solution-number", cells=((r, c),), cell=(r, c), token=str(tok))
            out.append(tuple(vals))
        return cls(tuple(out))


Bridge = tuple[int, int, int, int, int]  # r1, c1, r2, c2, count (the ends in reading order)


@dataclass(frozen=True)
class BridgeSolution:
    """Bridges between islands (FORMATS.md ``bridges``: ``[r1, c1, r2, c2, count]`` each)."""

    bridges: tuple[Bridge, ...]
    rows: int
    cols: int
    key: ClassVar[str] = "bridges"

    def __post_init__(self) -> None:  # one order and one direction, so equal answers compare equal
        norm = [(r1, c1, r2, c2, n) if (r1, c1) <= (r2, c2) else (r2, c2, r1, c1, n)
                for r1, c1, r2, c2, n in self.bridges]
        object.__setattr__(self, "bridges", tuple(sorted(norm)))

    def to_json(self) -> dict[str, Any]:
        return {self.key: [list(b) for b in self.bridges]}

    def cell_values(self) -> list[list[Any]]:
        """Per cell: the bridges' (direction, count) crossing or ending in it, sorted."""
        out: list[list[Any]] = [[() for _ in range(self.cols)] for _ in range(self.rows)]
        for r1, c1, r2, c2, n in self.bridges:
            across = r1 == r2
            span = [(r1, c) for c in range(c1, c2 + 1)] if across else [(r, c1) for r in range(r1, r2 + 1)]
            for r, c in span:
                if 0 <= r < self.rows and 0 <= c < self.cols:
                    out[r][c] = tuple(sorted((*out[r][c], ("-" if across else "|", n))))
        return out

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> BridgeSolution:
        """No bridge built."""
        return cls((), puzzle.rows, puzzle.cols)

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> BridgeSolution:
        if not isinstance(value, dict) or not isinstance(value.get(cls.key), list | tuple):
            raise ParseError("solution-shape", key=cls.key)
        out: list[Bridge] = []
        for i, item in enumerate(value[cls.key]):
            if (not isinstance(item, list | tuple) or len(item) != 5
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)):
                raise ParseError("solution-bridge", index=i + 1)
            r1, c1, r2, c2, n = (int(v) for v in item)
            out.append((r1, c1, r2, c2, n))
        return cls(tuple(out), rows, cols)


def differing_cells(a: Solution, b: Solution) -> list[Cell]:
    """Cells (or points) where two solutions of one board differ, row by row."""
    va, vb = a.cell_values(), b.cell_values()
    return [(r, c) for r, row in enumerate(va) for c, v in enumerate(row)
            if r >= len(vb) or c >= len(vb[r]) or vb[r][c] != v]
