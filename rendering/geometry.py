"""Where things go: cell size for a board, and the pixel geometry of one board panel."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from solvers.cell import Cell

MIN_CELL = 16  # px: never smaller (readable on a phone)
MAX_CELL = 48  # px: never larger (small boards stay compact)
MAX_SIDE = 2048  # px: the longest side of a picture of a board up to 60x60
MARGIN = 0.5  # white border round each board, in cells
GAP = 1.0  # space between two boards side by side, in cells
TITLE_FONT_MIN, TITLE_FONT_MAX = 16, 44  # px: title text scales with the picture's width

# Mask bits of FORMATS.md line grids, and the (d_row, d_col) each one points to.
UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
DIRECTIONS: dict[int, tuple[int, int]] = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
OPPOSITE: dict[int, int] = {UP: DOWN, RIGHT: LEFT, DOWN: UP, LEFT: RIGHT}
# of a cell: the paper strip inside a dark cell's side along a room border (3 px at the 48 px cells
# of a chat picture: the black border stood out on the 64-grey shading only on its white side)
CLEAR_STRIP = 0.06


def room_sides(region: Sequence[Sequence[object]]) -> Iterator[tuple[int, int, bool]]:
    """Each side between two rooms as (r, c, right): the side right of cell (r, c) when ``right``,
    else the side below it. The PNG and the SVG draw borders and their paper strips on these."""
    for r, row in enumerate(region):
        for c, v in enumerate(row):
            if c + 1 < len(row) and row[c + 1] != v:
                yield r, c, True
            if r + 1 < len(region) and region[r + 1][c] != v:
                yield r, c, False


def strip_cells(clear: Collection[Cell], rows: int, cols: int, highlights: Collection[Cell]) -> list[Cell]:
    """The ``clear`` cells that get paper strips, sorted: those on the board and not highlighted (a
    highlight's rim already parts a highlighted cell from its borders)."""
    return sorted((r, c) for r, c in clear if 0 <= r < rows and 0 <= c < cols and (r, c) not in highlights)



def cell_size_for(rows: int, cols: int, *, panels: int = 1, title: bool = False, max_side: int = MAX_SIDE) -> int:
    """The cell size in px so that ``panels`` boards side by side (plus title) fit in ``max_side``.

    Clamped to [MIN_CELL, MAX_CELL]: a board too big for ``max_side`` at MIN_CELL gets MIN_CELL.
    """
    rows, cols, panels = max(rows, 1), max(cols, 1), max(panels, 1)
    width_units = panels * cols + 2 * MARGIN + (panels - 1) * GAP
    height_units = rows + 2 * MARGIN
    avail_h = max_side - (title_height(max_side) if title else 0)
    cell = int(min(max_side / width_units, avail_h / height_units))
    return max(MIN_CELL, min(MAX_CELL, cell))


def odd(n: float) -> int:
    """The nearest odd integer >= 1 (lines of odd width centre exactly on a pixel)."""
    k = max(1, round(n))
    return k if k % 2 else k + 1


@dataclass(frozen=True)
class Layout:
    """The pixel geometry of one board panel: cell (r, c) spans x0+c*cell .. x0+(c+1)*cell."""

    rows: int
    cols: int
    cell: int
    x0: int
    y0: int

    @property
    def width(self) -> int:
        return self.cols * self.cell

    @property
    def height(self) -> int:
        return self.rows * self.cell

    @property
    def line_width(self) -> int:
        """Answer lines and region borders (pzprjs lw = cell/10, at least 3), made odd."""
        return odd(max(3.0, self.cell * 0.12))

    @property
    def frame_width(self) -> int:
        return odd(max(3.0, self.cell * 0.1))

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def cell_box(self, r: int, c: int) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) inclusive pixel box of the cell, grid lines included."""
        x, y = self.x0 + c * self.cell, self.y0 + r * self.cell
        return x, y, x + self.cell, y + self.cell

    def center(self, r: int, c: int) -> tuple[int, int]:
        """The pixel at the centre of a cell."""
        return self.x0 + c * self.cell + self.cell // 2, self.y0 + r * self.cell + self.cell // 2

    def point(self, r: int, c: int) -> tuple[int, int]:
        """The pixel of grid point (r, c): the top-left corner of cell (r, c), on the grid lines."""
        return self.x0 + c * self.cell, self.y0 + r * self.cell

    def midpoint(self, a: Cell, b: Cell) -> tuple[int, int]:
        """The pixel halfway between the centres of two cells."""
        (xa, ya), (xb, yb) = self.center(*a), self.center(*b)
        return (xa + xb) // 2, (ya + yb) // 2

    def edge_point(self, r: int, c: int, side: int) -> tuple[int, int]:
        """The pixel in the middle of one side (UP/RIGHT/DOWN/LEFT) of a cell, on the grid line."""
        x, y = self.center(r, c)
        left, top, right, bottom = self.cell_box(r, c)
        return {UP: (x, top), DOWN: (x, bottom), LEFT: (left, y), RIGHT: (right, y)}[side]


def title_font_size(width: int) -> int:
    """Title text size for a picture ``width`` px wide (stays readable when a phone shrinks it)."""
    return max(TITLE_FONT_MIN, min(TITLE_FONT_MAX, round(width / 24)))


def title_height(width: int) -> int:
    """Height of the title strip above boards ``width`` px wide."""
    return round(title_font_size(width) * 1.9)
