"""The Pillow surface one board panel is painted on, in RGB colours (under :mod:`rendering.board`).

Genres never see it: they draw through :class:`solvers.drawing.Drawing`, which
:class:`~rendering.board.PillowDrawing` maps onto a canvas. Coordinates are cells (row, col) or
grid points, 0-based; the canvas turns them into pixels through its
:class:`~rendering.geometry.Layout`. Horizontal and vertical strokes are filled rectangles of odd
width centred on pixel rows/columns, so lines meet exactly and never blur; circles are
anti-aliased sprites (drawn 4x larger, reduced, cached).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from rendering import palette as pal
from rendering.fonts import Font, fitted
from rendering.geometry import CLEAR_STRIP, DIRECTIONS, DOWN, LEFT, RIGHT, UP, Layout, odd, room_sides, strip_cells
from rendering.geometry import OPPOSITE as _OPPOSITE
from solvers.cell import Cell

RGB = pal.RGB
SUPERSAMPLE = 4
MIN_SQUEEZE = 0.6  # text narrower than this share of its natural width gets a smaller font instead
MARK_WIDTH = 0.08  # of a cell: the problem view's red outline, inside the margin cell content keeps
Sprite = tuple[Image.Image, Image.Image]  # (palette image, '1' mask)


def sprite_of(rgb: Image.Image, coverage: Image.Image) -> Sprite:
    """A palette sprite and the mask of the pixels it covers (any coverage at all)."""
    return pal.to_palette(rgb), coverage.point(lambda v: 255 if v >= 24 else 0).convert("1")


@lru_cache(maxsize=512)
def circle_sprite(diameter: int, fill: RGB, ring: RGB, ring_width: float, background: RGB) -> Sprite:
    """An anti-aliased circle with a ring, ``diameter`` px wide, blended onto ``background``."""
    s = SUPERSAMPLE
    big = diameter * s
    alpha = Image.new("L", (big, big), 0)
    ImageDraw.Draw(alpha).ellipse([0, 0, big - 1, big - 1], fill=255)
    color = Image.new("RGB", (big, big), ring)
    inset = max(s, round(ring_width * s))
    if fill != ring and big - 2 * inset > 0:
        ImageDraw.Draw(color).ellipse([inset, inset, big - 1 - inset, big - 1 - inset], fill=fill)
    alpha = alpha.reduce(s)
    out = Image.new("RGB", (diameter, diameter), background)
    out.paste(color.reduce(s), (0, 0), alpha)
    return sprite_of(out, alpha)


@lru_cache(maxsize=4096)
def text_sprite(text: str, font: Font, color: RGB, background: RGB) -> tuple[Sprite, tuple[int, int, int, int]]:
    """Anti-aliased ``text`` on ``background`` as a palette sprite, with its bbox (from the 'la' anchor)."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text))
    w, h = max(1, right - left + 2), max(1, bottom - top + 2)
    coverage = Image.new("L", (w, h), 0)
    ImageDraw.Draw(coverage).text((1 - left, 1 - top), text, fill=255, font=font)
    out = Image.new("RGB", (w, h), background)
    out.paste(color, (0, 0, w, h), coverage)
    return sprite_of(out, coverage), (left - 1, top - 1, right + 1, bottom + 1)


@lru_cache(maxsize=1024)
def narrow_text_sprite(text: str, font: Font, color: RGB, background: RGB, width: int) -> tuple[Sprite, int]:
    """``text`` squeezed to ``width`` px of ink (its full height kept), and its height."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text))
    w, h = max(1, right - left + 2), max(1, bottom - top + 2)
    wide = Image.new("L", (w, h), 0)
    ImageDraw.Draw(wide).text((1 - left, 1 - top), text, fill=255, font=font)
    coverage = wide.resize((max(1, width + 2), h), Image.Resampling.LANCZOS)
    out = Image.new("RGB", coverage.size, background)
    out.paste(color, (0, 0, *coverage.size), coverage)
    return sprite_of(out, coverage), h


def paste_text(image: Image.Image, cx: float, cy: float, text: str, font: Font, color: RGB, background: RGB,
               max_width: int | None = None) -> None:
    """Draw ``text`` with its ink box centred on (cx, cy); squeezed to ``max_width`` px when wider."""
    (sprite, mask), (left, top, right, bottom) = text_sprite(text, font, color, background)
    if max_width is not None and right - left - 2 > max_width:
        (sprite, mask), h = narrow_text_sprite(text, font, color, background, max_width)
        image.paste(sprite, (round(cx - sprite.width / 2), round(cy - h / 2)), mask)
        return
    x = round(cx - (left + right) / 2) + left
    y = round(cy - (top + bottom) / 2) + top
    image.paste(sprite, (x, y), mask)


@cache
def _dash_mask(length: int, cell: int, horizontal: bool) -> Image.Image:
    """A 1-px-wide mask of even dashes, one centred on each grid crossing: 4 per cell side (2 when small)."""
    step = cell / (4 if cell >= 28 else 2)
    dash = max(2, round(step / 2))
    row = bytearray(length)
    k = 0
    while k * step < length + dash:
        mid = round(k * step)
        for i in range(max(0, mid - dash // 2), min(length, mid + dash - dash // 2)):
            row[i] = 255
        k += 1
    mask = Image.frombytes("L", (length, 1), bytes(row)).convert("1")
    return mask if horizontal else mask.transpose(Image.Transpose.ROTATE_90)


class Canvas:
    """One board panel on a shared palette image (colours are given as RGB and mapped)."""

    def __init__(self, image: Image.Image, layout: Layout, *, highlights: Mapping[Cell, RGB] | None = None) -> None:
        if image.mode != "P":
            raise ValueError("a Canvas draws on a palette image (rendering.palette.new_image)")
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.layout = layout
        self.highlights: dict[Cell, RGB] = dict(highlights or {})  # view-level cell backgrounds (win over tints)
        self.cell_bg: dict[Cell, RGB] = {}  # what backgrounds() painted (for blending soft edges)

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
        self.draw.rectangle([min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)], fill=pal.index_of(color))

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
        self.cell_bg = cells
        rows, cols, lay = self.rows, self.cols, self.layout
        grid: list[list[RGB | None]] = [[None] * cols for _ in range(rows)]
        for (r, c), color in cells.items():
            if lay.inside(r, c) and color != pal.WHITE:
                grid[r][c] = color
        for r, row in enumerate(grid):  # one rectangle per run of equal colour in a row
            c = 0
            while c < cols:
                fill = row[c]
                start = c
                while c + 1 < cols and row[c + 1] == fill:
                    c += 1
                if fill is not None:
                    left, top, _, _ = lay.cell_box(r, start)
                    _, _, right, bottom = lay.cell_box(r, c)
                    self.rect(left, top, right, bottom, fill)
                c += 1

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
            self.draw.line([(xa, ya), (xb, yb)], fill=pal.index_of(color), width=1)
            return
        horizontal = ya == yb
        length = (xb - xa) if horizontal else (yb - ya)
        mask = _dash_mask(length + 1, self.layout.cell, horizontal)
        self.image.paste(pal.index_of(color), (xa, ya, xa + mask.width, ya + mask.height), mask)

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

    def background_at(self, r: int, c: int) -> RGB:
        return self.cell_bg.get((r, c), pal.WHITE)

    def circle(
        self,
        r: int,
        c: int,
        fill: RGB,
        ring: RGB = pal.INK,
        *,
        radius: float = 0.4,
        ring_width: float = 0.05,
        background: RGB | None = None,
    ) -> None:
        """A circle centred in the cell: ``radius`` and ``ring_width`` in cells (pzprjs circles 0.4 / 0.05)."""
        cx, cy = self.center(r, c)
        d = max(3, round(2 * radius * self.cell))
        if d % 2 == 0:
            d += 1  # odd diameter: centred on the centre pixel
        ring_px = round(max(1.0, ring_width * self.cell), 1)
        bg = background or self.background_at(r, c)
        sprite, mask = circle_sprite(d, fill, ring, ring_px, bg)
        self.image.paste(sprite, (cx - d // 2, cy - d // 2), mask)

    def square(self, r: int, c: int, fill: RGB, *, size: float = 0.7, outline: RGB | None = None) -> None:
        """A filled square centred in the cell (``size`` in cells), optionally outlined."""
        cx, cy = self.center(r, c)
        h = max(2, round(size * self.cell / 2))
        if outline is not None:
            ow = max(1, self.cell // 14)
            self.rect(cx - h - ow, cy - h - ow, cx + h + ow, cy + h + ow, outline)
        self.rect(cx - h, cy - h, cx + h, cy + h, fill)

    def text(
        self,
        r: int,
        c: int,
        text: str,
        color: RGB = pal.INK,
        *,
        width: float = 0.72,
        height: float = 0.58,
        background: RGB | None = None,
    ) -> None:
        """``text`` centred in the cell, as large as fits ``width`` x ``height`` (in cells) of ink.

        ``background`` is the colour under the text (for its soft edges): the cell's by default.
        """
        cx, cy = self.center(r, c)
        self.text_at(cx, cy, text, color, width, height, background or self.background_at(r, c))

    def text_at(self, cx: float, cy: float, text: str, color: RGB, width: float, height: float,
                background: RGB) -> None:
        """``text`` with its ink centred on pixel (cx, cy), as large as fits ``width`` x ``height`` cells."""
        if not text:
            return
        max_w, max_h = max(4, round(width * self.cell)), max(5, round(height * self.cell))
        # long numbers (108, 1024) keep most of the height: their digits are narrowed, to MIN_SQUEEZE at most
        f = fitted(text, round(max_w / MIN_SQUEEZE), max_h)
        paste_text(self.image, cx, cy, text, f, color, background, max_w)

    def fill_cell(self, r: int, c: int, color: RGB) -> None:
        """Fill the cell's box; a highlighted cell keeps a rim of its highlight (a difference stays visible).

        Later drawing in the cell blends onto ``color``.
        """
        if not self.layout.inside(r, c):
            return
        left, top, right, bottom = self.layout.cell_box(r, c)
        inset = max(2, self.cell // 7) if (r, c) in self.highlights else 0
        self.rect(left + inset, top + inset, right - inset, bottom - inset, color)
        self.cell_bg[(r, c)] = color

    def mark(self, r: int, c: int, color: RGB = pal.ERROR, joined: frozenset[tuple[int, int]] = frozenset()) -> None:
        """An outline along the inside of a cell's edge: flags it over whatever is drawn there,
        within the outer :data:`MARK_WIDTH` of the cell that its content keeps clear (corner text
        sits that far in: a wider outline hid a sum cell's digits). ``joined``: the offsets (of the
        eight around) of other marked cells; the outline runs round the group, not between its
        cells, so a marked row or band keeps its region borders readable."""
        if not self.layout.inside(r, c):
            return
        left, top, right, bottom = self.layout.cell_box(r, c)
        inset = 1
        w = max(2, round(MARK_WIDTH * self.cell) - inset)
        up, down, west, east = ((-1, 0) in joined, (1, 0) in joined, (0, -1) in joined, (0, 1) in joined)
        x0, x1 = left + (0 if west else inset), right - (0 if east else inset)
        y0, y1 = top + (0 if up else inset), bottom - (0 if down else inset)
        ink = pal.index_of(color)
        strips = [(not up, (x0, y0, x1, y0 + w - 1)), (not down, (x0, y1 - w + 1, x1, y1)),
                  (not west, (x0, y0, x0 + w - 1, y1)), (not east, (x1 - w + 1, y0, x1, y1))]
        edge = inset + w - 1  # a corner the group turns round (both sides joined, the diagonal not)
        for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
            if (dr, 0) in joined and (0, dc) in joined and (dr, dc) not in joined:
                bx0, bx1 = (left, left + edge) if dc < 0 else (right - edge, right)
                by0, by1 = (top, top + edge) if dr < 0 else (bottom - edge, bottom)
                strips.append((True, (bx0, by0, bx1, by1)))
        for drawn, box in strips:
            if drawn:
                self.draw.rectangle(box, fill=ink)

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

        Links both cells agree on are drawn as merged straight runs; a one-sided bit (a wrong
        answer, or a bit pointing off the board) is drawn as the half link it claims.
        """
        w = width or self.layout.line_width
        self._mask_lines(masks, self.rows, self.cols, self.center, color, w,
                         lambda r, c, side, col: self.half_link(r, c, side, col, w))

    def point_links(self, masks: Sequence[Sequence[int]], color: RGB = pal.LINE, width: int | None = None) -> None:
        """Like :meth:`links`, over the (rows+1) x (cols+1) grid points: lines along the grid lines."""
        w = width or self.layout.line_width
        h = w // 2
        half = self.cell // 2

        def half_edge(r: int, c: int, side: int, col: RGB) -> None:
            x, y = self.layout.point(r, c)
            dr, dc = DIRECTIONS[side]
            self.rect(x - h, y - h, x + h + dc * half, y + h + dr * half, col)

        self._mask_lines(masks, self.rows + 1, self.cols + 1, self.layout.point, color, w, half_edge)

    def dots(self, color: RGB = pal.INK, size: int | None = None) -> None:
        """A square dot centred on every grid point (``size`` px, odd; the frame's width by default)."""
        h = (size or self.layout.frame_width) // 2
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):
                x, y = self.layout.point(r, c)
                self.rect(x - h, y - h, x + h, y + h, color)

    def _mask_lines(
        self,
        masks: Sequence[Sequence[int]],
        rows: int,
        cols: int,
        pos: Callable[[int, int], tuple[int, int]],
        color: RGB | Callable[[int, int], RGB],
        w: int,
        half_link: Callable[[int, int, int, RGB], None],
    ) -> None:
        """Mask lines between the positions ``pos(r, c)`` of a rows x cols lattice (cells or points)."""
        h = w // 2
        m = [[(row[c] if c < len(row) else 0) for c in range(cols)] for row in list(masks[:rows])]
        m += [[0] * cols for _ in range(rows - len(m))]
        if callable(color):
            col_of = color
        else:
            flat: RGB = color
            col_of = lambda _r, _c: flat  # noqa: E731

        def run(r0: int, c0: int, r1: int, c1: int, col: RGB) -> None:
            (xa, ya), (xb, yb) = pos(r0, c0), pos(r1, c1)
            self.rect(xa - h, ya - h, xb + h, yb + h, col)

        for r in range(rows):  # horizontal runs
            c = 0
            while c < cols - 1:
                if m[r][c] & RIGHT and m[r][c + 1] & LEFT:
                    col = col_of(r, c)
                    start = c
                    while c < cols - 1 and m[r][c] & RIGHT and m[r][c + 1] & LEFT and col_of(r, c + 1) == col:
                        c += 1
                    run(r, start, r, c, col)
                else:
                    c += 1
        for c in range(cols):  # vertical runs
            r = 0
            while r < rows - 1:
                if m[r][c] & DOWN and m[r + 1][c] & UP:
                    col = col_of(r, c)
                    start = r
                    while r < rows - 1 and m[r][c] & DOWN and m[r + 1][c] & UP and col_of(r + 1, c) == col:
                        r += 1
                    run(start, c, r, c, col)
                else:
                    r += 1
        for r in range(rows):  # one-sided bits
            for c in range(cols):
                mask = m[r][c]
                if not mask:
                    continue
                for side, (dr, dc) in DIRECTIONS.items():
                    if not mask & side:
                        continue
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < rows and 0 <= cc < cols and m[rr][cc] & _OPPOSITE[side]):
                        half_link(r, c, side, col_of(r, c))

    def region_borders(
        self, region: Sequence[Sequence[object]], color: RGB = pal.INK, width: int | None = None,
        clear: Collection[Cell] = (),
    ) -> None:
        """Thick borders between orthogonal neighbours whose ``region`` ids differ (merged into runs).

        A run that meets the frame stops at the frame's outer edge: borders are thicker than the
        frame, and their ends poked out of it. Cells in ``clear`` (dark fills) keep a thin strip of
        paper inside each side along a border or the frame, so the black line stands out on them."""
        w = width or self.layout.line_width
        h = w // 2
        rows, cols, lay = self.rows, self.cols, self.layout
        if clear:
            self._clear_strips(region, clear, h)
        out = lay.frame_width // 2
        left, top, right, bottom = lay.x0 - out, lay.y0 - out, lay.x0 + lay.width + out, lay.y0 + lay.height + out
        for c in range(cols - 1):  # vertical borders right of column c
            x = lay.x0 + (c + 1) * lay.cell
            r = 0
            while r < rows:
                if region[r][c] != region[r][c + 1]:
                    start = r
                    while r + 1 < rows and region[r + 1][c] != region[r + 1][c + 1]:
                        r += 1
                    self.rect(x - h, max(top, lay.y0 + start * lay.cell - h), x + h,
                              min(bottom, lay.y0 + (r + 1) * lay.cell + h), color)
                r += 1
        for r in range(rows - 1):  # horizontal borders below row r
            y = lay.y0 + (r + 1) * lay.cell
            c = 0
            while c < cols:
                if region[r][c] != region[r + 1][c]:
                    start = c
                    while c + 1 < cols and region[r][c + 1] != region[r + 1][c + 1]:
                        c += 1
                    self.rect(max(left, lay.x0 + start * lay.cell - h), y - h,
                              min(right, lay.x0 + (c + 1) * lay.cell + h), y + h, color)
                c += 1

    def _clear_strips(self, region: Sequence[Sequence[object]], clear: Collection[Cell], h: int) -> None:
        """Paper round the borders (half-width ``h``) and the frame where they run over the ``clear``
        cells: each border widened by a strip and clipped to those cells (so a strip turns the corners
        where two borders meet), drawn before the borders themselves."""
        lay = self.layout
        k = max(1, round(lay.cell * CLEAR_STRIP))
        cells = strip_cells(clear, self.rows, self.cols, self.highlights)
        if not cells:
            return
        wide = Image.new("1", self.image.size, 0)
        draw = ImageDraw.Draw(wide)
        e = h + k
        x0, y0, x1, y1 = lay.x0, lay.y0, lay.x0 + lay.width, lay.y0 + lay.height
        f = lay.frame_width // 2 + k
        for box in ((x0, y0, x1, y0 + f), (x0, y1 - f, x1, y1), (x0, y0, x0 + f, y1), (x1 - f, y0, x1, y1)):
            draw.rectangle(box, fill=1)
        for r, c, right in room_sides(region):
            x, y = lay.x0 + c * lay.cell, lay.y0 + r * lay.cell
            if right:
                draw.rectangle((x + lay.cell - e, y - e, x + lay.cell + e, y + lay.cell + e), fill=1)
            else:
                draw.rectangle((x - e, y + lay.cell - e, x + lay.cell + e, y + lay.cell + e), fill=1)
        inside = Image.new("1", self.image.size, 0)
        draw = ImageDraw.Draw(inside)
        for r, c in cells:
            draw.rectangle(lay.cell_box(r, c), fill=1)
        self.image.paste(pal.index_of(pal.WHITE), mask=ImageChops.logical_and(wide, inside))

__all__ = ["Canvas", "odd"]
