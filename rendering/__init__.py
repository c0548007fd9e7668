"""Pillow pictures of puzzles and solutions (puzz.link drawing conventions).

``render_png(puzzle, solution, view=...)`` gives PNG bytes: the one entry point (its picture with
the panels' geometry, which the tests read pixels from, is :func:`rendering.views._render`).
Genres draw through the abstract :class:`solvers.drawing.Drawing`, implemented here by
:class:`~rendering.board.PillowDrawing`.
Nothing here knows a genre, a verdict or a language: the title is drawn as given.
"""

from rendering.board import PillowDrawing
from rendering.canvas import Canvas
from rendering.geometry import MAX_CELL, MAX_SIDE, MIN_CELL, Layout, cell_size_for
from rendering.views import VIEWS, Picture, add_title, can_write, encode_png, render_png

__all__ = [
    "MAX_CELL",
    "MAX_SIDE",
    "MIN_CELL",
    "VIEWS",
    "add_title",
    "Canvas",
    "Layout",
    "Picture",
    "PillowDrawing",
    "can_write",
    "cell_size_for",
    "encode_png",
    "render_png",
]
