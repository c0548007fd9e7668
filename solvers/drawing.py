"""The abstract drawing interface a genre draws through (as Simon Tatham's drawing API).

A genre's ``draw`` says *what* goes where in board coordinates (cells, their sides, grid points)
and in named colour roles; ``rendering/`` implements :class:`Drawing` with Pillow and decides
pixels, palette and anti-aliasing. Nothing here imports Pillow.

Coordinates: cell (r, c) is 0-based; grid point (r, c) is the top-left corner of cell (r, c), so
a board has (rows+1) x (cols+1) points. Masks use the FORMATS.md bits up=1, right=2, down=4,
left=8. Sizes (radius, width...) are fractions of a cell. Directions of arrows are the letters
"u", "r", "d", "l".
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from solvers.cell import Cell


class Role(Enum):
    """What a colour is for; the renderer maps each role to its palette."""

    PAPER = "paper"  # the board's background (white)
    INK = "ink"  # givens and the frame
    GRID = "grid"  # thin grid lines
    GRID_DARK = "grid-dark"  # darker grid lines (dashed grids)
    LINE = "line"  # a solution line (loop, path)
    DEDUCED = "deduced"  # a solved cell's fill that was not given
    DEDUCED_RING = "deduced-ring"  # the ring of a deduced light circle
    DISC = "disc"  # a dark clue disc (light text on it)
    ERROR = "error"  # marks on cells a message is about
    STRAY = "stray"  # a line that joins nothing (a player's wrong answer)
    PATH = "path"  # one of several distinct path colours (``Paint.index``)
    TINT = "tint"  # one of several light region tints (``Paint.index``)
    SHADED = "shaded"  # a cell the answer shades (dark grey: black stays for given black cells)
    LIT = "lit"  # a cell a light shines on (pale yellow background)
    ANSWER = "answer"  # a digit written into a cell as the answer (blue, apart from the black givens)


@dataclass(frozen=True)
class Paint:
    """A colour role; ``index`` picks one of a role's distinct colours (PATH, TINT)."""

    role: Role
    index: int = 0


PAPER = Paint(Role.PAPER)
INK = Paint(Role.INK)
GRID = Paint(Role.GRID)
GRID_DARK = Paint(Role.GRID_DARK)
LINE = Paint(Role.LINE)
DEDUCED = Paint(Role.DEDUCED)
DEDUCED_RING = Paint(Role.DEDUCED_RING)
DISC = Paint(Role.DISC)
ERROR = Paint(Role.ERROR)
STRAY = Paint(Role.STRAY)
SHADED = Paint(Role.SHADED)
LIT = Paint(Role.LIT)
ANSWER = Paint(Role.ANSWER)


def path(index: int) -> Paint:
    """The ``index``-th distinct path colour (taken modulo :attr:`Drawing.path_colours`)."""
    return Paint(Role.PATH, index)


def tint(index: int) -> Paint:
    """The ``index``-th light region tint (taken modulo :attr:`Drawing.tint_colours`)."""
    return Paint(Role.TINT, index)


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
        """Fill every cell's background (highlights first, then ``tints``, else paper). Draw it first."""
        ...

    def grid(self, paint: Paint = GRID, *, dashed: bool = False) -> None:
        """Thin lines between cells (not round the outside: that is :meth:`frame`)."""
        ...

    def frame(self, paint: Paint = INK) -> None:
        """The thick outline of the board (boxed genres draw it last)."""
        ...

    def dots(self, paint: Paint = INK) -> None:
        """A dot on every grid point (for boards drawn on the grid points, not in cells)."""
        ...

    def circle(self, r: int, c: int, fill: Paint, ring: Paint = INK, *, radius: float = 0.4,
               ring_width: float = 0.05) -> None:
        """A ringed disc centred in the cell."""
        ...

    def square(self, r: int, c: int, fill: Paint, *, size: float = 0.7, outline: Paint | None = None) -> None:
        """A filled square centred in the cell, optionally outlined."""
        ...

    def text(self, r: int, c: int, text: str, paint: Paint = INK, *, width: float = 0.72, height: float = 0.58,
             background: Paint | None = None) -> None:
        """``text`` centred in the cell, as large as fits ``width`` x ``height``; ``background`` is what
        lies under it (the cell's background by default)."""
        ...

    def links(self, masks: Sequence[Sequence[int]], paint: Paint | Callable[[int, int], Paint] = LINE) -> None:
        """Lines between cell centres by connection masks; ``paint`` may be a function of the cell."""
        ...

    def point_links(self, masks: Sequence[Sequence[int]], paint: Paint = LINE) -> None:
        """Lines along the grid between grid points, by masks over the (rows+1) x (cols+1) points."""
        ...

    def region_borders(self, ids: Sequence[Sequence[int]], paint: Paint = INK, *,
                       clear: Collection[Cell] = ()) -> None:
        """Thick lines (puzz.link's border width, over the thin grid) between orthogonal neighbours whose
        region ids differ: rooms, the 3x3 boxes of a number place, the rectangles of an answer.
        ``clear``: dark-filled cells that keep a thin paper strip inside their sides along a border or
        the frame (a black border is hard to see on shading). Draw the borders after the fills."""
        ...

    def fill_cell(self, r: int, c: int, paint: Paint) -> None:
        """Fill the whole cell: shaded answer cells (``SHADED``), black clue cells (``INK``).

        What is drawn in the cell afterwards blends onto this colour (white text on ``INK`` needs no
        ``background``); a highlighted cell keeps a rim of its highlight so differences stay visible.
        """
        ...

    def answer_text(self, r: int, c: int, text: str) -> None:
        """A digit the answer writes into the cell: clue-sized, in the ``ANSWER`` colour."""
        ...

    def arrow_clue(self, r: int, c: int, direction: str | None, number: str | None, paint: Paint = INK,
                   background: Paint | None = None) -> None:
        """A number with a small arrow beside it pointing "u", "r", "d" or "l" (puzz.link: the arrow to
        the right of the number for up/down, above it for left/right); ``number`` None draws the
        arrow alone, ``direction`` None the number alone. ``background`` as for :meth:`text`."""
        ...

    def sum_clue(self, r: int, c: int, down: str | None, right: str | None) -> None:
        """A split sum cell: light grey with a diagonal from top-left to bottom-right, the sum of the
        cells below in the bottom-left triangle and of the cells to the right in the top-right one."""
        ...

    def star(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.42) -> None:
        """A filled five-pointed star, point up, centred in the cell."""
        ...

    def light(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.34) -> None:
        """A light bulb: a filled disc (lit cells are a ``backgrounds`` tint, ``LIT``)."""
        ...

    def bridge(self, r1: int, c1: int, r2: int, c2: int, count: int, paint: Paint = LINE, *,
               inset: float = 0.4) -> None:
        """``count`` (1 or 2) parallel straight lines between two cells of one row or column, stopping
        ``inset`` from each centre (at the edge of the circles drawn there)."""
        ...

    def cross(self, r: int, c: int, paint: Paint = INK, *, size: float = 0.26) -> None:
        """A small diagonal cross (a cell marked as not holding something); ``size`` is half its span."""
        ...

    def dot_mark(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.08) -> None:
        """A small dot in the middle of the cell (a cell marked unshaded)."""
        ...

    def mark(self, r: int, c: int, joined: frozenset[Cell] = frozenset()) -> None:
        """Flag a cell a message is about (the picture's, not the genre's, business); ``joined``: the
        offsets (dr, dc) of the other flagged cells around it (one outline runs round a group)."""
        ...
