"""The drawing surface a genre's ``draw.py`` paints one board on.

All coordinates are cells (row, col), 0-based; the canvas turns them into pixels through its
:class:`~rendering.geometry.Layout`. Horizontal and vertical strokes are filled rectangles of odd
width centred on pixel rows/columns, so lines meet exactly and never blur; circles are
anti-aliased sprites (drawn 4x larger, reduced, cached).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

from PIL import Image, ImageDraw

from rendering import palette as pal
from rendering.fonts import fitted
from rendering.geometry import DIRECTIONS, DOWN, LEFT, RIGHT, UP, Cell, Layout, odd

RGB = pal.RGB
SUPERSAMPLE = 4


@cache
def _circle_sprite(diameter: int, fill: RGB, ring: RGB, ring_width: float) -> tuple[Image.Image, Image.Image]:
    """(colour, alpha) images of an anti-aliased circle with a ring, ``diameter`` px wide."""
    s = SUPERSAMPLE
    big = diameter * s
    alpha = Image.new("L", (big, big), 0)
    ImageDraw.Draw(alpha).ellipse([0, 0, big - 1, big - 1], fill=255)
    color = Image.new("RGB", (big, big), ring)
    inset = max(s, round(ring_width * s))
    if fill != ring and big - 2 * inset > 0:
        ImageDraw.Draw(color).ellipse([inset, inset, big - 1 - inset, big - 1 - inset], fill=fill)
    return color.reduce(s), alpha.reduce(s)


class Canvas:
    """One board panel on a shared RGB image."""

    def __init__(self, image: Image.Image, layout: Layout, *, highlights: Mapping[Cell, RGB] | None = None) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.layout = layout
        self.highlights: dict[Cell, RGB] = dict(highlights or {})  # view-level cell backgrounds (win over tints)

    # -- geometry shortcuts
    @property
    def rows(self) -> int:
        return self.layout.rows

    @property
    def cols(self) -> int:
        return self.layout.cols

    @property
    def cell(self) -> int:
        return self.layout.cell

    def center(self, r: int, c: int) -> tuple[int, int]:
        return self.layout.center(r, c)

    # -- primitives
    def rect(self, x0: int, y0: int, x1: int, y1: int, color: RGB) -> None:
        """Fill the inclusive pixel box (x0, y0)-(x1, y1)."""
        self.draw.rectangle([min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)], fill=color)

    def hline(self, x0: int, x1: int, y: int, color: RGB, width: int) -> None:
        h = width // 2
        self.rect(x0, y - h, x1, y + h, color)

    def vline(self, x: int, y0: int, y1: int, color: RGB, width: int) -> None:
        h = width // 2
        self.rect(x - h, y0, x + h, y1, color)

    # -- cells
    def backgrounds(self, tints: Mapping[Cell, RGB] | None = None) -> None:
        """Paint cell backgrounds: the genre's ``tints``, then the view's highlights over them."""
        cells = dict(tints or {})
        cells.update(self.highlights)
        for (r, c), color in cells.items():
            if self.layout.inside(r, c) and color != pal.WHITE:
                left, top, right, bottom = self.layout.cell_box(r, c)
                self.rect(left, top, right, bottom, color)

    def grid(self, color: RGB = pal.GRID, *, dashed: bool = False) -> None:
        """Thin grid lines between cells (the frame covers the outside ones)."""
        lay = self.layout
        x1, y1 = lay.x0 + lay.width, lay.y0 + lay.height
        for c in range(1, lay.cols):
            x = lay.x0 + c * lay.cell
            self._grid_line(x, lay.y0, x, y1, color, dashed)
        for r in range(1, lay.rows):
            y = lay.y0 + r * lay.cell
            self._grid_line(lay.x0, y, x1, y, color, dashed)

    def _grid_line(self, xa: int, ya: int, xb: int, yb: int, color: RGB, dashed: bool) -> None:
        if not dashed:
            self.draw.line([(xa, ya), (xb, yb)], fill=color, width=1)
            return
        # Even dashes, one centred on each grid crossing: 4 per cell side (2 on small cells).
        cell = self.layout.cell
        step = cell / (4 if cell >= 28 else 2)
        dash = max(2, round(step / 2))
        horizontal = ya == yb
        length = (xb - xa) if horizontal else (yb - ya)
        k = 0
        while k * step <= length:
            mid = round(k * step)
            a, b = max(0, mid - dash // 2), min(length, mid + dash - dash // 2)
            if horizontal:
                self.draw.line([(xa + a, ya), (xa + b, ya)], fill=color, width=1)
            else:
                self.draw.line([(xa, ya + a), (xa, ya + b)], fill=color, width=1)
            k += 1

    def frame(self, color: RGB = pal.INK) -> None:
        """The thick outer frame (pzprjs chassis), centred on the board's outline."""
        lay = self.layout
        w = lay.frame_width
        h = w // 2
        x0, y0, x1, y1 = lay.x0, lay.y0, lay.x0 + lay.width, lay.y0 + lay.height
        self.rect(x0 - h, y0 - h, x1 + h, y0 + h, color)
        self.rect(x0 - h, y1 - h, x1 + h, y1 + h, color)
        self.rect(x0 - h, y0 - h, x0 + h, y1 + h, color)
        self.rect(x1 - h, y0 - h, x1 + h, y1 + h, color)

    def circle(
        self, r: int, c: int, fill: RGB, ring: RGB = pal.INK, *, radius: float = 0.4, ring_width: float = 0.05
    ) -> None:
        """A circle centred in the cell: ``radius`` and ``ring_width`` in cells (pzprjs pearls 0.4 / 0.05)."""
        cx, cy = self.center(r, c)
        d = max(3, round(2 * radius * self.cell))
        if d % 2 == 0:
            d += 1  # odd diameter: centred on the centre pixel
        ring_px = max(1.0, ring_width * self.cell)
        color, alpha = _circle_sprite(d, fill, ring, ring_px)
        self.image.paste(color, (cx - d // 2, cy - d // 2), alpha)

    def square(self, r: int, c: int, fill: RGB, *, size: float = 0.7, outline: RGB | None = None) -> None:
        """A filled square centred in the cell (``size`` in cells), optionally outlined."""
        cx, cy = self.center(r, c)
        h = max(2, round(size * self.cell / 2))
        if outline is not None:
            ow = max(1, self.cell // 14)
            self.rect(cx - h - ow, cy - h - ow, cx + h + ow, cy + h + ow, outline)
        self.rect(cx - h, cy - h, cx + h, cy + h, fill)

    def text(self, r: int, c: int, text: str, color: RGB = pal.INK, *, box: float = 0.72) -> None:
        """``text`` centred in the cell, as large as fits a ``box`` x ``box`` cells square."""
        if not text:
            return
        cx, cy = self.center(r, c)
        side = max(6, round(box * self.cell))
        height = max(6, round(side * (0.8 if len(text) == 1 else 0.72 if len(text) == 2 else 0.62)))
        f = fitted(text, side, height)
        left, top, right, bottom = f.getbbox(text)
        self.draw.text((cx - (left + right) / 2, cy - (top + bottom) / 2), text, fill=color, font=f)

    def mark(self, r: int, c: int, color: RGB = pal.ERROR) -> None:
        """An outline just inside a cell: flags it over whatever is drawn there."""
        if not self.layout.inside(r, c):
            return
        left, top, right, bottom = self.layout.cell_box(r, c)
        w = max(2, self.cell // 10)
        inset = max(2, self.cell // 12)
        self.draw.rectangle([left + inset, top + inset, right - inset, bottom - inset], outline=color, width=w)

    # -- answer lines and borders
    def half_link(self, r: int, c: int, side: int, color: RGB, width: int | None = None) -> None:
        """A line from the cell centre to the middle of one side (two halves make a link)."""
        w = width or self.layout.line_width
        h = w // 2
        cx, cy = self.center(r, c)
        ex, ey = self.layout.edge_point(r, c, side)
        if side in (LEFT, RIGHT):
            self.rect(cx - h if side == RIGHT else cx + h, cy - h, ex, cy + h, color)
        else:
            self.rect(cx - h, cy - h if side == DOWN else cy + h, cx + h, ey, color)

    def links(
        self,
        masks: Sequence[Sequence[int]],
        color: RGB | Callable[[int, int], RGB] = pal.LINE,
        width: int | None = None,
    ) -> None:
        """Draw a FORMATS.md mask grid (up=1, right=2, down=4, left=8) as lines through cell centres.

        Each set bit draws half a link, so a wrong answer (one-sided bits, bits pointing off the
        board) is drawn as it is rather than rejected.
        """
        for r, row in enumerate(masks[: self.rows]):
            for c, mask in enumerate(row[: self.cols]):
                if not mask:
                    continue
                col = color(r, c) if callable(color) else color
                for side in (UP, RIGHT, DOWN, LEFT):
                    if mask & side:
                        self.half_link(r, c, side, col, width)

    def border(self, r: int, c: int, side: int, color: RGB = pal.INK, width: int | None = None) -> None:
        """A thick line on one side of a cell, covering the grid line there (corners included)."""
        w = width or self.layout.line_width
        h = w // 2
        left, top, right, bottom = self.layout.cell_box(r, c)
        if side == UP:
            self.rect(left - h, top - h, right + h, top + h, color)
        elif side == DOWN:
            self.rect(left - h, bottom - h, right + h, bottom + h, color)
        elif side == LEFT:
            self.rect(left - h, top - h, left + h, bottom + h, color)
        else:
            self.rect(right - h, top - h, right + h, bottom + h, color)

    def region_borders(self, region: Sequence[Sequence[object]], color: RGB = pal.INK, width: int | None = None) -> None:
        """Thick borders between orthogonal neighbours whose ``region`` ids differ."""
        for r in range(self.rows):
            for c in range(self.cols):
                here = region[r][c]
                if c + 1 < self.cols and region[r][c + 1] != here:
                    self.border(r, c, RIGHT, color, width)
                if r + 1 < self.rows and region[r + 1][c] != here:
                    self.border(r, c, DOWN, color, width)


def neighbours(r: int, c: int, rows: int, cols: int) -> Iterable[tuple[int, int, int]]:
    """(side, row, col) of each on-board orthogonal neighbour."""
    for side, (dr, dc) in DIRECTIONS.items():
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield side, rr, cc


__all__ = ["Canvas", "neighbours", "odd"]
