"""Masyu picture: light dashed grid, pearls (white ringed / black filled), the loop in green."""

from __future__ import annotations

from typing import Any

from rendering import palette as pal
from rendering.canvas import Canvas
from rendering.shapes import mask_grid
from solvers.puzzle import BLACK, WHITE, Puzzle


def draw(canvas: Canvas, puzzle: Puzzle, solution: Any = None, *, line_color: pal.RGB = pal.LINE) -> None:
    """Pearls on a dashed grid; with a solution, the loop through cell centres under the pearls."""
    canvas.backgrounds()
    canvas.grid(pal.GRID_DARK, dashed=True)
    if solution is not None:
        canvas.links(mask_grid(solution, "loop", puzzle.rows, puzzle.cols), line_color)
    for r, c, v in puzzle.clues():
        if v == BLACK:
            canvas.circle(r, c, pal.INK, pal.INK)
        elif v == WHITE:
            canvas.circle(r, c, pal.WHITE, pal.INK, ring_width=0.06)
