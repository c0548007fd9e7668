"""Shapes drawn inside cells, after puzz.link (pzprjs): stars, arrow clues, split sum cells,
bridge lines, crosses and dots.

Slanted edges (a star's points, an arrow head, a diagonal) are anti-aliased polygon sprites:
filled 4x larger, reduced, blended onto the colour under them and cached, as the circles of
:mod:`rendering.canvas` are. Straight axis-aligned strokes (bridge lines) are filled rectangles, so
they stay crisp. Sizes are fractions of a cell; the pzprjs figure each one follows is noted.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import palette as pal
from rendering.canvas import SUPERSAMPLE, Canvas, Sprite, circle_sprite, paste_text, sprite_of
from rendering.fonts import fitted, font, text_size
from rendering.geometry import odd

RGB = pal.RGB
Point = tuple[float, float]
Polygon = tuple[Point, ...]

ARROW_STEP: dict[str, tuple[int, int]] = {"u": (0, -1), "r": (1, 0), "d": (0, 1), "l": (-1, 0)}  # (dx, dy)
ARROW_NAMES = {"up": "u", "right": "r", "down": "d", "left": "l", "^": "u", ">": "r", "v": "d", "<": "l"}


def arrow_direction(direction: str) -> str:
    """One of "u", "r", "d", "l" for a direction written as that letter, its word or ^ > v <."""
    key = direction.strip().lower()
    key = ARROW_NAMES.get(key, key)
    if key not in ARROW_STEP:
        raise ValueError(f"unknown arrow direction {direction!r}; use u, r, d or l")
    return key


@lru_cache(maxsize=2048)
def polygon_sprite(polygons: tuple[Polygon, ...], width: int, height: int, color: RGB, background: RGB) -> Sprite:
    """Filled ``polygons`` (pixel coordinates in the sprite, a pixel spanning [x, x+1)), anti-aliased
    onto ``background``."""
    s = SUPERSAMPLE
    coverage = Image.new("L", (width * s, height * s), 0)
    draw = ImageDraw.Draw(coverage)
    for poly in polygons:
        draw.polygon([(x * s, y * s) for x, y in poly], fill=255)
    coverage = coverage.reduce(s)
    out = Image.new("RGB", (width, height), background)
    out.paste(color, (0, 0, width, height), coverage)
    return sprite_of(out, coverage)


def paste_polygons(canvas: Canvas, polygons: list[list[Point]], color: RGB, background: RGB) -> None:
    """Fill ``polygons`` given in image pixel coordinates (pixel (x, y) spans [x, x+1) x [y, y+1))."""
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    x0, y0 = math.floor(min(xs)), math.floor(min(ys))
    w, h = math.ceil(max(xs)) - x0 + 1, math.ceil(max(ys)) - y0 + 1
    local = tuple(tuple((round(x - x0, 2), round(y - y0, 2)) for x, y in poly) for poly in polygons)
    sprite, mask = polygon_sprite(local, w, h, color, background)
    canvas.image.paste(sprite, (x0, y0), mask)


def _origin(canvas: Canvas, r: int, c: int) -> Point:
    """The exact middle of the cell's centre pixel, in the continuous coordinates of :func:`paste_polygons`."""
    cx, cy = canvas.center(r, c)
    return cx + 0.5, cy + 0.5


def _star(radius: float = 1.0) -> Polygon:
    """A regular five-pointed star, point up, ``radius`` to its points, its box centred on (0, 0)."""
    inner = radius * math.sin(math.radians(18)) / math.sin(math.radians(54))
    lift = radius * (1 - math.cos(math.radians(36))) / 2  # the lowest points sit higher than the top one
    return tuple(
        (rad * math.cos(a), rad * math.sin(a) + lift)
        for k in range(10)
        for rad, a in [(radius if k % 2 == 0 else inner, math.radians(-90 + 36 * k))]
    )


STAR = _star()


def star(canvas: Canvas, r: int, c: int, color: RGB, radius: float) -> None:
    """A filled star (pzprjs dispStar: 0.45 of a cell to its points)."""
    ox, oy = _origin(canvas, r, c)
    size = radius * canvas.cell
    paste_polygons(canvas, [[(ox + x * size, oy + y * size) for x, y in STAR]], color,
                   canvas.background_at(r, c))


def disc(canvas: Canvas, r: int, c: int, color: RGB, radius: float, min_px: int = 3) -> None:
    """A filled disc centred in the cell (pzprjs draws light bulbs and unshaded-cell dots so)."""
    cx, cy = canvas.center(r, c)
    d = odd(max(min_px, 2 * radius * canvas.cell))
    sprite, mask = circle_sprite(d, color, color, 1.0, canvas.background_at(r, c))
    canvas.image.paste(sprite, (cx - d // 2, cy - d // 2), mask)


def cross(canvas: Canvas, r: int, c: int, color: RGB, size: float) -> None:
    """Two diagonal strokes through the centre, ``size`` cells from the centre to each end."""
    ox, oy = _origin(canvas, r, c)
    a = size * canvas.cell
    t = max(0.8, canvas.cell / 28) / math.sqrt(2)  # half the stroke width, along each axis
    strokes = [
        [(ox - a - t, oy - a + t), (ox - a + t, oy - a - t), (ox + a + t, oy + a - t), (ox + a - t, oy + a + t)],
        [(ox - a - t, oy + a - t), (ox - a + t, oy + a + t), (ox + a + t, oy - a + t), (ox + a - t, oy - a - t)],
    ]
    paste_polygons(canvas, strokes, color, canvas.background_at(r, c))


def arrow(canvas: Canvas, ox: float, oy: float, direction: str, color: RGB, background: RGB) -> None:
    """A small arrow centred on (ox, oy), 0.8 of a cell long (pzprjs drawArrowNumbers: shaft 0.06,
    head 0.24 long and 0.24 wide)."""
    cell = canvas.cell
    half, neck, wing = 0.4 * cell, 0.16 * cell, 0.12 * cell
    shaft = max(0.6, 0.03 * cell)
    dx, dy = ARROW_STEP[direction]
    # the outline for an arrow pointing right (+x), then turned: (x, y) -> (x*dx - y*dy, x*dy + y*dx)
    right = [(half, 0.0), (neck, -wing), (neck, -shaft), (-half, -shaft), (-half, shaft), (neck, shaft),
             (neck, wing)]
    paste_polygons(canvas, [[(ox + x * dx - y * dy, oy + x * dy + y * dx) for x, y in right]], color, background)


def arrow_clue(canvas: Canvas, r: int, c: int, direction: str | None, number: str | None, color: RGB,
               background: RGB | None) -> None:
    """A number with its arrow: right of the number for up/down, above it for left/right (pzprjs)."""
    bg = background or canvas.background_at(r, c)
    cx, cy = canvas.center(r, c)
    cell = canvas.cell
    text = number or ""
    if not direction:
        canvas.text_at(cx, cy, text, color, 0.72, 0.58, bg)
        return
    key = arrow_direction(direction)
    if key in "ud":
        off = (0.3, 0.35, 0.4, 0.425)[min(3, max(0, len(text) - 1))]  # longer numbers push the arrow out
        arrow(canvas, cx + 0.5 + off * cell, cy + 0.5, key, color, bg)
        left, right = -0.46, off - 0.17  # the number's box, clear of the arrow head
        canvas.text_at(cx + (left + right) / 2 * cell, cy, text, color, right - left, 0.56, bg)
    else:
        arrow(canvas, cx + 0.5, cy + 0.5 - 0.3 * cell, key, color, bg)
        canvas.text_at(cx, cy + 0.16 * cell, text, color, 0.8, 0.56, bg)


def sum_clue(canvas: Canvas, r: int, c: int, down: str | None, right: str | None) -> None:
    """A split sum cell as pzprjs draws one: light grey, a black diagonal from the top-left corner to
    the bottom-right one, the down sum in the bottom-left triangle, the right sum in the top-right."""
    canvas.fill_cell(r, c, pal.SUM_CELL)
    bg = canvas.background_at(r, c)
    left, top, right_px, bottom = canvas.layout.cell_box(r, c)
    t = max(0.5, canvas.cell / 48) / math.sqrt(2)  # half the stroke width, along each axis
    a, b = (left + 0.5, top + 0.5), (right_px + 0.5, bottom + 0.5)
    paste_polygons(canvas, [[(a[0] + t, a[1] - t), (b[0] + t, b[1] - t), (b[0] - t, b[1] + t), (a[0] - t, a[1] + t)]],
                   pal.INK, bg)
    if right:
        _corner_text(canvas, right, right_px, top, -1, 1, bg)
    if down:
        _corner_text(canvas, down, left, bottom, 1, -1, bg)


def _corner_text(canvas: Canvas, text: str, x: int, y: int, sx: int, sy: int, background: RGB) -> None:
    """``text`` tucked into the cell corner at pixel (x, y), towards (sx, sy), as large as its triangle
    allows: ink width + height at most 0.76 of a cell keeps it clear of the diagonal (by 0.08 cell
    along each axis, with margins of 0.08)."""
    cell = canvas.cell
    w_ref, h_ref = text_size("0" * max(2, len(text)), font(100))  # one size for one and two digits
    aspect = w_ref / max(1, h_ref)
    h = min(0.4, 0.76 / (1 + aspect))
    f = fitted(text, max(3, round(aspect * h * cell) + 1), max(4, round(h * cell) + 1))
    w_px, h_px = text_size(text, f)
    margin = max(1.5, 0.08 * cell)
    paste_text(canvas.image, x + sx * (margin + w_px / 2), y + sy * (margin + h_px / 2), text, f, pal.INK,
               background)


def bridge(canvas: Canvas, a: tuple[int, int], b: tuple[int, int], count: int, color: RGB, inset: float) -> None:
    """``count`` parallel lines between two cells of one row or column (as pzprjs: lines of a
    line width, a double bridge's two lines 3 line widths apart, centre to centre)."""
    (r1, c1), (r2, c2) = sorted((a, b))
    if r1 != r2 and c1 != c2:
        raise ValueError(f"a bridge joins two cells of one row or column, not {a} and {b}")
    if count <= 0 or (r1, c1) == (r2, c2):
        return
    lay = canvas.layout
    w = lay.line_width
    h = w // 2
    (xa, ya), (xb, yb) = lay.center(r1, c1), lay.center(r2, c2)
    gap = round(inset * lay.cell)
    offsets = [0] if count == 1 else [-round(1.5 * w), round(1.5 * w)]
    for off in offsets:
        if r1 == r2:
            canvas.rect(xa + gap, ya + off - h, xb - gap, ya + off + h, color)
        else:
            canvas.rect(xa + off - h, ya + gap, xa + off + h, yb - gap, color)
