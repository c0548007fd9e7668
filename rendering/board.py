"""The Pillow implementation of :class:`solvers.drawing.Drawing`: colour roles onto the palette.

A genre's ``draw`` paints one board panel through a :class:`PillowDrawing`, which maps each
:class:`~solvers.drawing.Paint` to a palette colour and hands the work to a :class:`Canvas`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from PIL import Image

from rendering import palette as pal
from rendering import shapes
from rendering.canvas import Canvas
from rendering.geometry import Layout
from solvers.cell import Cell
from solvers.drawing import GRID, INK, LINE, Paint, Role

ROLE_COLORS: dict[Role, pal.RGB] = {
    Role.PAPER: pal.WHITE,
    Role.INK: pal.INK,
    Role.GRID: pal.GRID,
    Role.GRID_DARK: pal.GRID_DARK,
    Role.LINE: pal.LINE,
    Role.DEDUCED: pal.DEDUCED_BLACK,
    Role.DEDUCED_RING: pal.DEDUCED_RING,
    Role.DISC: pal.DISC,
    Role.ERROR: pal.ERROR,
    Role.STRAY: pal.STRAY,
    Role.SHADED: pal.SHADED,
    Role.LIT: pal.LIT,
    Role.ANSWER: pal.ANSWER,
}


def rgb(paint: Paint) -> pal.RGB:
    """The palette colour of a paint (PATH and TINT indices wrap round their colour lists)."""
    if paint.role is Role.PATH:
        return pal.PATH_COLORS[paint.index % len(pal.PATH_COLORS)]
    if paint.role is Role.TINT:
        return pal.TINTS[paint.index % len(pal.TINTS)]
    return ROLE_COLORS[paint.role]


class PillowDrawing:
    """One board panel of a palette image, drawn in colour roles (implements ``solvers.drawing.Drawing``)."""

    path_colours = len(pal.PATH_COLORS)
    tint_colours = len(pal.TINTS)

    def __init__(self, image: Image.Image, layout: Layout, *, highlights: Mapping[Cell, pal.RGB] | None = None) -> None:
        self.canvas = Canvas(image, layout, highlights=highlights)
        self.rows = layout.rows
        self.cols = layout.cols

    def highlighted(self, r: int, c: int) -> bool:
        return (r, c) in self.canvas.highlights

    def backgrounds(self, tints: Mapping[Cell, Paint] | None = None) -> None:
        self.canvas.backgrounds({cell: rgb(p) for cell, p in (tints or {}).items()})

    def grid(self, paint: Paint = GRID, *, dashed: bool = False) -> None:
        self.canvas.grid(rgb(paint), dashed=dashed)

    def frame(self, paint: Paint = INK) -> None:
        self.canvas.frame(rgb(paint))

    def dots(self, paint: Paint = INK) -> None:
        self.canvas.dots(rgb(paint))

    def circle(self, r: int, c: int, fill: Paint, ring: Paint = INK, *, radius: float = 0.4,
               ring_width: float = 0.05) -> None:
        self.canvas.circle(r, c, rgb(fill), rgb(ring), radius=radius, ring_width=ring_width)

    def square(self, r: int, c: int, fill: Paint, *, size: float = 0.7, outline: Paint | None = None) -> None:
        self.canvas.square(r, c, rgb(fill), size=size, outline=None if outline is None else rgb(outline))

    def text(self, r: int, c: int, text: str, paint: Paint = INK, *, width: float = 0.72, height: float = 0.58,
             background: Paint | None = None) -> None:
        bg = None if background is None else rgb(background)
        self.canvas.text(r, c, text, rgb(paint), width=width, height=height, background=bg)

    def links(self, masks: Sequence[Sequence[int]], paint: Paint | Callable[[int, int], Paint] = LINE) -> None:
        if isinstance(paint, Paint):
            self.canvas.links(masks, rgb(paint))
        else:
            of = paint
            self.canvas.links(masks, lambda r, c: rgb(of(r, c)))

    def point_links(self, masks: Sequence[Sequence[int]], paint: Paint = LINE) -> None:
        self.canvas.point_links(masks, rgb(paint))

    def region_borders(self, ids: Sequence[Sequence[int]], paint: Paint = INK, *,
                       clear: Collection[Cell] = ()) -> None:
        self.canvas.region_borders(ids, rgb(paint), clear=clear)

    def fill_cell(self, r: int, c: int, paint: Paint) -> None:
        self.canvas.fill_cell(r, c, rgb(paint))

    def answer_text(self, r: int, c: int, text: str) -> None:
        self.canvas.text(r, c, text, pal.ANSWER)

    def arrow_clue(self, r: int, c: int, direction: str | None, number: str | None, paint: Paint = INK,
                   background: Paint | None = None) -> None:
        bg = None if background is None else rgb(background)
        shapes.arrow_clue(self.canvas, r, c, direction, number, rgb(paint), bg)

    def sum_clue(self, r: int, c: int, down: str | None, right: str | None) -> None:
        shapes.sum_clue(self.canvas, r, c, down, right)

    def star(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.42) -> None:
        shapes.star(self.canvas, r, c, rgb(paint), radius)

    def light(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.34) -> None:
        shapes.disc(self.canvas, r, c, rgb(paint), radius)

    def bridge(self, r1: int, c1: int, r2: int, c2: int, count: int, paint: Paint = LINE, *,
               inset: float = 0.4) -> None:
        shapes.bridge(self.canvas, (r1, c1), (r2, c2), count, rgb(paint), inset)

    def cross(self, r: int, c: int, paint: Paint = INK, *, size: float = 0.26) -> None:
        shapes.cross(self.canvas, r, c, rgb(paint), size)

    def dot_mark(self, r: int, c: int, paint: Paint = INK, *, radius: float = 0.08) -> None:
        shapes.disc(self.canvas, r, c, rgb(paint), radius)

    def mark(self, r: int, c: int, joined: frozenset[Cell] = frozenset()) -> None:
        self.canvas.mark(r, c, joined=joined)
