"""Yin-Yang picture: solid grid and a circle in every solved cell.

Givens are pure black discs / white discs with a thick black ring; circles the solver deduced
are dark grey discs / white discs with a thin grey ring, so a player sees what was given.
"""

from __future__ import annotations

from solvers.drawing import DEDUCED, DEDUCED_RING, GRID, INK, PAPER, Drawing
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution

GIVEN_RING = 0.08  # cells
DEDUCED_RING_WIDTH = 0.04
DEDUCED_RADIUS = 0.36


def draw(d: Drawing, puzzle: Puzzle[int], solution: ColorSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    if solution is not None:
        for r, row in enumerate(solution.colors[: puzzle.rows]):
            for c, color in enumerate(row[: puzzle.cols]):
                if puzzle.cells[r][c]:
                    continue
                if color == "B":
                    d.circle(r, c, DEDUCED, DEDUCED, radius=DEDUCED_RADIUS)
                elif color == "W":
                    d.circle(r, c, PAPER, DEDUCED_RING, radius=DEDUCED_RADIUS, ring_width=DEDUCED_RING_WIDTH)
    for r, c, v in puzzle.clues():
        if v == BLACK:
            d.circle(r, c, INK, INK)
        elif v == WHITE:
            d.circle(r, c, PAPER, INK, ring_width=GIVEN_RING)
    d.frame()
