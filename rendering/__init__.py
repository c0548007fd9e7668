"""Pillow pictures of puzzles and solutions (puzz.link drawing conventions).

``render_png(puzzle, solution, view=...)`` gives PNG bytes; ``render_result(puzzle, result)``
picks the view for a solve verdict; ``render(...)`` returns the image with its panel geometry
(for tests that read pixels).
"""

from rendering.canvas import Canvas
from rendering.geometry import MAX_CELL, MAX_SIDE, MIN_CELL, Layout, cell_size_for
from rendering.views import VIEWS, Picture, encode_png, render, render_png, render_result, result_view

__all__ = [
    "MAX_CELL",
    "MAX_SIDE",
    "MIN_CELL",
    "VIEWS",
    "Canvas",
    "Layout",
    "Picture",
    "cell_size_for",
    "encode_png",
    "render",
    "render_png",
    "render_result",
    "result_view",
]
