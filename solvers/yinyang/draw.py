"""Yin-Yang picture: solid grid and a circle in every solved cell.

Givens are pure black discs / white discs with a thick black ring; circles the solver deduced
are dark grey discs / white discs with a thin grey ring, so a player sees what was given.
"""

from __future__ import annotations

from typing import Any

from rendering import palette as pal
from rendering.canvas import Canvas
from rendering.shapes import color_grid
from solvers.puzzle import BLACK, WHITE, Puzzle

GIVEN_RING = 0.08  # cells
DEDUCED_RING = 0.04
DEDUCED_RADIUS = 0.36


def draw(canvas: Canvas, puzzle: Puzzle, solution: Any = None) -> None:
    canvas.backgrounds()
    canvas.grid(pal.GRID)
    if solution is not None:
        colors = color_grid(solution, puzzle.rows, puzzle.cols)
        for r, row in enumerate(colors):
            for c, color in enumerate(row):
                if puzzle.cells[r][c] or color is None:
                    continue
                if color == "B":
                    canvas.circle(r, c, pal.DEDUCED_BLACK, pal.DEDUCED_BLACK, radius=DEDUCED_RADIUS)
                else:
                    canvas.circle(r, c, pal.WHITE, pal.DEDUCED_RING, radius=DEDUCED_RADIUS, ring_width=DEDUCED_RING)
    for r, c, v in puzzle.clues():
        if v == BLACK:
            canvas.circle(r, c, pal.INK, pal.INK)
        elif v == WHITE:
            canvas.circle(r, c, pal.WHITE, pal.INK, ring_width=GIVEN_RING)
