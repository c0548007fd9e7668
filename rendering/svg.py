"""The board as SVG text: :class:`SvgDrawing` implements ``solvers.drawing.Drawing`` for the web player.

Same colours and proportions as the PNGs (``rendering/palette.py``, the widths of
``rendering/geometry.Layout``), but in vector form, so the page scales it to any screen and the
player's own marks are drawn over it in the same coordinates: cell (r, c) spans
``MARGIN + c*CELL .. MARGIN + (c+1)*CELL`` horizontally (rows likewise).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from html import escape
from typing import Any

from rendering import palette as pal
from rendering.board import rgb
from rendering.geometry import CLEAR_STRIP, DIRECTIONS, DOWN, LEFT, RIGHT, UP, room_sides, strip_cells
from solvers.cell import Cell
from solvers.drawing import GRID, INK, LINE, Paint
from solvers.puzzle import Puzzle
from solvers.solution import Solution

CELL = 40  # SVG units per cell
MARGIN = 20  # SVG units of paper round the board
LINE_W = 0.12 * CELL  # answer lines, region borders (Layout.line_width)
FRAME_W = 0.1 * CELL  # the frame (Layout.frame_width)


def _hex(color: pal.RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color)


def colour(paint: Paint) -> str:
    return _hex(rgb(paint))


def _n(v: float) -> str:
    """A coordinate, short: integers without a decimal point."""
    return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0")


class SvgDrawing:
    """One board panel as a list of SVG elements (implements ``solvers.drawing.Drawing``)."""

    path_colours = len(pal.PATH_COLORS)
    tint_colours = len(pal.TINTS)

    def __init__(self, rows: int, cols: int, *, highlights: Mapping[Cell, pal.RGB] | None = None) -> None:
        self.rows, self.cols = rows, cols
        self.highlights = dict(highlights or {})
        self.parts: list[str] = []
        self.cell_bg: dict[Cell, str] = {}

    # ------------------------------------------------------------------ geometry
    @staticmethod
    def x(c: float) -> float:
        return MARGIN + c * CELL

    @staticmethod
    def y(r: float) -> float:
        return MARGIN + r * CELL

    def centre(self, r: float, c: float) -> tuple[float, float]:
        return self.x(c + 0.5), self.y(r + 0.5)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, cap: str = "round") -> str:
        return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="{stroke}" '
                f'stroke-width="{_n(width)}" stroke-linecap="{cap}"/>')

    def svg(self, *, element_id: str = "board", extra: str = "") -> str:
        """The whole ``<svg>`` element (``extra``: more elements drawn on top, e.g. the player's layer)."""
        w, h = self.cols * CELL + 2 * MARGIN, self.rows * CELL + 2 * MARGIN
        return (f'<svg xmlns="http://www.w3.org/2000/svg" id="{element_id}" viewBox="0 0 {w} {h}" '
                f'data-rows="{self.rows}" data-cols="{self.cols}" data-cell="{CELL}" data-margin="{MARGIN}" '
                f'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold">'
                f'<rect width="{w}" height="{h}" fill="#fff"/>' + "".join(self.parts) + extra + "</svg>")

    # ------------------------------------------------------------------ Drawing
    def highlighted(self, r: int, c: int) -> bool:
        return (r, c) in self.highlights

    def backgrounds(self, tints: Mapping[Cell, Paint] | None = None) -> None:
        cells = {cell: colour(p) for cell, p in (tints or {}).items()}
        cells.update({cell: _hex(v) for cell, v in self.highlights.items()})
        self.cell_bg = dict(cells)
        for (r, c), fill in sorted(cells.items()):
            if self.inside(r, c) and fill != "#ffffff":
                self.parts.append(f'<rect x="{_n(self.x(c))}" y="{_n(self.y(r))}" width="{CELL}" height="{CELL}" '
                                  f'fill="{fill}"/>')

    def grid(self, paint: Paint = GRID, *, dashed: bool = False) -> None:
        dash = f' stroke-dasharray="{_n(CELL / 8)} {_n(CELL / 8)}"' if dashed else ""
        d = [f"M{_n(self.x(c))} {_n(self.y(0))}V{_n(self.y(self.rows))}" for c in range(1, self.cols)]
        d += [f"M{_n(self.x(0))} {_n(self.y(r))}H{_n(self.x(self.cols))}" for r in range(1, self.rows)]
        if d:
            self.parts.append(f'<path d="{"".join(d)}" stroke="{colour(paint)}" stroke-width="1"{dash} fill="none"/>')

    def frame(self, paint: Paint = INK) -> None:
        self.parts.append(f'<rect class="frame" x="{_n(self.x(0))}" y="{_n(self.y(0))}" width="{self.cols * CELL}" '
                          f'height="{self.rows * CELL}" fill="none" stroke="{colour(paint)}" '
                          f'stroke-width="{_n(FRAME_W)}"/>')

    def dots(self, paint: Paint = INK) -> None:
        s = FRAME_W
        fill = colour(paint)
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):
                self.parts.append(f'<rect x="{_n(self.x(c) - s / 2)}" y="{_n(self.y(r) - s / 2)}" width="{_n(s)}" '
                                  f'height="{_n(s)}" fill="{fill}"/>')

    def circle(self, r: int, c: int, fill: Paint, ring: Paint = INK, *, radius: float = 0.4,
               ring_width: float = 0.05) -> None:
        cx, cy = self.centre(r, c)
        w = max(1.0, ring_width * CELL)
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius * CELL - w / 2)}" fill="{colour(fill)}" '
                          f'stroke="{colour(ring)}" stroke-width="{_n(w)}"/>')

    def square(self, r: int, c: int, fill: Paint, *, size: float = 0.7, outline: Paint | None = None) -> None:
        cx, cy = self.centre(r, c)
        s = size * CELL
        stroke = f' stroke="{colour(outline)}" stroke-width="2"' if outline is not None else ""
        self.parts.append(f'<rect x="{_n(cx - s / 2)}" y="{_n(cy - s / 2)}" width="{_n(s)}" height="{_n(s)}" '
                          f'fill="{colour(fill)}"{stroke}/>')

    def _text_at(self, cx: float, cy: float, text: str, fill: str, width: float, height: float) -> None:
        size = min(height * CELL * 1.25, width * CELL / max(1, len(text)) * 1.6)
        self.parts.append(f'<text x="{_n(cx)}" y="{_n(cy)}" font-size="{_n(size)}" fill="{fill}" '
                          f'text-anchor="middle" dominant-baseline="central">{escape(text)}</text>')

    def text(self, r: int, c: int, text: str, paint: Paint = INK, *, width: float = 0.72, height: float = 0.58,
             background: Paint | None = None) -> None:
        self._text_at(*self.centre(r, c), text, colour(paint), width, height)

    def links(self, masks: Sequence[Sequence[int]], paint: Paint | Callable[[int, int], Paint] = LINE) -> None:
        for r, row in enumerate(masks):
            for c, mask in enumerate(row):
                stroke = colour(paint(r, c) if callable(paint) else paint)
                for bit in (UP, RIGHT, DOWN, LEFT):
                    if mask & bit:
                        dr, dc = DIRECTIONS[bit]
                        (x1, y1), (x2, y2) = self.centre(r, c), self.centre(r + dr / 2, c + dc / 2)
                        self.parts.append(self._line(x1, y1, x2, y2, stroke, LINE_W))

    def point_links(self, masks: Sequence[Sequence[int]], paint: Paint = LINE) -> None:
        stroke = colour(paint)
        for r, row in enumerate(masks):
            for c, mask in enumerate(row):
                for bit in (RIGHT, DOWN):
                    if mask & bit:
                        dr, dc = DIRECTIONS[bit]
                        self.parts.append(self._line(self.x(c), self.y(r), self.x(c + dc), self.y(r + dr),
                                                     stroke, LINE_W))

    def region_borders(self, ids: Sequence[Sequence[int]], paint: Paint = INK, *,
                       clear: Collection[Cell] = ()) -> None:
        d = self._border_path(ids)
        self._clear_strips(d, clear)
        if d:
            self.parts.append(f'<path class="rooms" d="{d}" stroke="{colour(paint)}" '
                              f'stroke-width="{_n(LINE_W * 0.75)}" stroke-linecap="square" fill="none"/>')

    def _border_path(self, ids: Sequence[Sequence[int]]) -> str:
        """The path data of every side between two rooms (empty: one room), drawn once for the
        borders and once, wider in white, for the strips round them."""
        return "".join(f"M{_n(self.x(c + 1))} {_n(self.y(r))}V{_n(self.y(r + 1))}" if right
                       else f"M{_n(self.x(c))} {_n(self.y(r + 1))}H{_n(self.x(c + 1))}"
                       for r, c, right in room_sides(ids))

    def _clear_strips(self, borders: str, clear: Collection[Cell]) -> None:
        """Paper round the room ``borders`` (path data) and the frame where they run over the ``clear``
        cells: the borders and frame stroked wider in white, clipped to those cells (as the PNG draws them)."""
        cells = strip_cells(clear, self.rows, self.cols, self.highlights)
        if not cells:
            return
        k = CELL * CLEAR_STRIP
        clip = "clear-" + hashlib.sha1(repr((self.rows, self.cols, cells)).encode()).hexdigest()[:10]
        rects = "".join(f'<rect x="{_n(self.x(c))}" y="{_n(self.y(r))}" width="{CELL}" height="{CELL}"/>'
                        for r, c in cells)
        self.parts.append(f'<clipPath id="{clip}">{rects}</clipPath><g clip-path="url(#{clip})" fill="none" '
                          f'stroke="#fff"><rect x="{_n(self.x(0))}" y="{_n(self.y(0))}" width="{self.cols * CELL}" '
                          f'height="{self.rows * CELL}" stroke-width="{_n(FRAME_W + 2 * k)}"/>'
                          + (f'<path d="{borders}" stroke-width="{_n(LINE_W * 0.75 + 2 * k)}" '
                             f'stroke-linecap="square"/>' if borders else "") + "</g>")

    def fill_cell(self, r: int, c: int, paint: Paint) -> None:
        if not self.inside(r, c):
            return
        inset = CELL / 7 if (r, c) in self.highlights else 0
        self.parts.append(f'<rect x="{_n(self.x(c) + inset)}" y="{_n(self.y(r) + inset)}" '
                          f'width="{_n(CELL - 2 * inset)}" height="{_n(CELL - 2 * inset)}" fill="{colour(paint)}"/>')
        self.cell_bg[(r, c)] = colour(paint)

    def answer_text(self, r: int, c: int, text: str) -> None:
        self._text_at(*self.centre(r, c), text, _hex(pal.ANSWER), 0.72, 0.58)

    def arrow_clue(self, r: int, c: int, direction: str | None, number: str | None, paint: Paint = INK,
                   background: Paint | None = None) -> None:
        cx, cy = self.centre(r, c)
        fill = colour(paint)
        glyph = {"u": "↑", "r": "→", "d": "↓", "l": "←"}.get(direction or "", "")
        if number is None:
            self._text_at(cx, cy, glyph, fill, 0.6, 0.6)
        elif not glyph:
            self._text_at(cx, cy, number, fill, 0.72, 0.58)
        elif direction in ("u", "d"):
            self._text_at(cx - CELL * 0.12, cy, number, fill, 0.5, 0.55)
            self._text_at(cx + CELL * 0.28, cy, glyph, fill, 0.25, 0.5)
        else:
            self._text_at(cx, cy + CELL * 0.12, number, fill, 0.6, 0.5)
            self._text_at(cx, cy - CELL * 0.3, glyph, fill, 0.5, 0.3)

    def sum_clue(self, r: int, c: int, down: str | None, right: str | None) -> None:
        x0, y0 = self.x(c), self.y(r)
        self.parts.append(f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{CELL}" height="{CELL}" '
                          f'fill="{_hex(pal.SUM_CELL)}"/>')
        self.parts.append(self._line(x0, y0, x0 + CELL, y0 + CELL, "#000", 1, "butt"))
        if down:
            self._text_at(x0 + CELL * 0.3, y0 + CELL * 0.72, down, "#000", 0.4, 0.36)
        if right:
            self._text_at(x0 + CELL * 0.7, y0 + CELL * 0.3, right, "#000", 0.4, 0.36)

    def star(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.42) -> None:
        cx, cy = self.centre(r, c)
        pts = []
        for i in range(10):
            rad = radius * CELL * (1 if i % 2 == 0 else 0.4)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(f"{_n(round(cx + rad * math.cos(a), 2))},{_n(round(cy + rad * math.sin(a), 2))}")
        self.parts.append(f'<polygon points="{" ".join(pts)}" fill="{colour(paint)}"/>')

    def light(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.34) -> None:
        cx, cy = self.centre(r, c)
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius * CELL)}" fill="{colour(paint)}"/>')

    def bridge(self, r1: int, c1: int, r2: int, c2: int, count: int, paint: Paint = LINE, *,
               inset: float = 0.4) -> None:
        (xa, ya), (xb, yb) = self.centre(r1, c1), self.centre(r2, c2)
        horizontal = r1 == r2
        sign = 1 if (xb > xa or yb > ya) else -1
        if horizontal:
            xa, xb = xa + sign * inset * CELL, xb - sign * inset * CELL
        else:
            ya, yb = ya + sign * inset * CELL, yb - sign * inset * CELL
        offsets = (0.0,) if count == 1 else (-0.1 * CELL, 0.1 * CELL)
        for off in offsets:
            dx, dy = (0.0, off) if horizontal else (off, 0.0)
            self.parts.append(self._line(xa + dx, ya + dy, xb + dx, yb + dy, colour(paint), LINE_W * 0.6, "butt"))

    def cross(self, r: int, c: int, paint: Paint = INK, *, size: float = 0.26) -> None:
        cx, cy = self.centre(r, c)
        s = size * CELL
        stroke = colour(paint)
        self.parts.append(self._line(cx - s, cy - s, cx + s, cy + s, stroke, 2))
        self.parts.append(self._line(cx - s, cy + s, cx + s, cy - s, stroke, 2))

    def dot_mark(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.08) -> None:
        cx, cy = self.centre(r, c)
        self.parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(radius * CELL)}" fill="{colour(paint)}"/>')

    def mark(self, r: int, c: int, joined: frozenset[Cell] = frozenset()) -> None:
        if not self.inside(r, c):
            return
        inset, w = CELL / 12, CELL / 10
        a = inset + w / 2  # the stroke's middle, this far inside a side the group does not continue past
        x0 = self.x(c) + (0 if (0, -1) in joined else a)
        x1 = self.x(c) + CELL - (0 if (0, 1) in joined else a)
        y0 = self.y(r) + (0 if (-1, 0) in joined else a)
        y1 = self.y(r) + CELL - (0 if (1, 0) in joined else a)
        stroke = _hex(pal.ERROR)
        for side, line in (((-1, 0), (x0, y0, x1, y0)), ((1, 0), (x0, y1, x1, y1)),
                           ((0, -1), (x0, y0, x0, y1)), ((0, 1), (x1, y0, x1, y1))):
            if side not in joined:
                self.parts.append(self._line(*line, stroke, w, "square"))


def board_svg(puzzle: Puzzle[Any], solution: Solution | None = None, *, extra: str = "") -> str:
    """The board (and ``solution`` when given) drawn by its genre, as one ``<svg>`` element."""
    d = SvgDrawing(puzzle.rows, puzzle.cols)
    puzzle.kind.draw(d, puzzle, solution)
    return d.svg(extra=extra)


__all__ = ["CELL", "MARGIN", "SvgDrawing", "board_svg", "colour"]
