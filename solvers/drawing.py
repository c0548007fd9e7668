"""The abstract drawing interface a genre draws through (as Simon Tatham's drawing API).

A genre's ``draw`` says *what* goes where in board coordinates (cells, their sides, grid points)
and in named colour roles; ``rendering/`` implements :class:`Drawing` with Pillow and decides
pixels, palette and anti-aliasing. Nothing here imports Pillow.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

Cell = tuple[int, int]


class Role(Enum):
    """What a colour is for; the renderer maps each role to its palette."""

    PAPER = "paper"  # the board's background (white)
    INK = "ink"  # givens and the frame
    GRID = "grid"  # thin grid lines
    GRID_DARK = "grid-dark"  # darker grid lines (dashed grids)
    LINE = "line"  # a solution line (loop, path)
    DEDUCED = "deduced"  # a solved cell's fill that was not given (Yin-Yang)
    DEDUCED_RING = "deduced-ring"
    DISC = "disc"  # a clue disc (Shikaku)
    ERROR = "error"  # marks on cells a message is about
    STRAY = "stray"  # a line that joins nothing (a player's wrong answer)
    PATH = "path"  # one of several distinct path colours (``Paint.index``)
    TINT = "tint"  # one of several light region tints (``Paint.index``)


@dataclass(frozen=True)
class Paint:
    """A colour role; ``index`` picks one of a role's distinct colours (PATH, TINT)."""

    role: Role
    index: int = 0


PAPER, INK, GRID, GRID_DARK, LINE = (Paint(r) for r in (Role.PAPER, Role.INK, Role.GRID, Role.GRID_DARK, Role.LINE))
DEDUCED, DEDUCED_RING, DISC, ERROR, STRAY = (
    Paint(r) for r in (Role.DEDUCED, Role.DEDUCED_RING, Role.DISC, Role.ERROR, Role.STRAY))


class Drawing(Protocol):
    """One board panel to draw on; sizes are in cells, positions are 0-based (row, col)."""

    rows: int
    cols: int
    path_colours: int  # how many distinct PATH paints there are
    tint_colours: int  # how many distinct TINT paints there are

    def highlighted(self, r: int, c: int) -> bool:
        """True when the cell has a highlight background (a difference or an error)."""
        ...

    def backgrounds(self, tints: Mapping[Cell, Paint] | None = None) -> None:
        """Fill every cell's background (highlights first, then ``tints``, else paper)."""
        ...

    def grid(self, paint: Paint = GRID, *, dashed: bool = False) -> None: ...

    def dots(self, paint: Paint = INK) -> None:
        """A dot on every grid point (Slitherlink-style boards)."""
        ...

    def circle(self, r: int, c: int, fill: Paint, ring: Paint = INK, *, radius: float = 0.4,
               ring_width: float = 0.05) -> None: ...

    def square(self, r: int, c: int, fill: Paint, *, size: float = 0.7, outline: Paint | None = None) -> None: ...

    def text(self, r: int, c: int, text: str, paint: Paint = INK, *, width: float = 0.72, height: float = 0.58,
             background: Paint | None = None) -> None: ...

    def links(self, masks: Sequence[Sequence[int]], paint: Paint | Callable[[int, int], Paint] = LINE) -> None:
        """Lines between cell centres by connection masks (up=1, right=2, down=4, left=8)."""
        ...

    def point_links(self, masks: Sequence[Sequence[int]], paint: Paint = LINE) -> None:
        """Lines along the grid between grid points, by masks over the (rows+1) x (cols+1) points."""
        ...

    def region_borders(self, ids: Sequence[Sequence[int]], paint: Paint = INK) -> None:
        """Thick lines between cells of different regions."""
        ...

    def mark(self, r: int, c: int) -> None:
        """Flag a cell a message is about."""
        ...
