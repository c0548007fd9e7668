"""Masyu picture: light dashed grid, pearls (white ringed / black filled), the loop in green."""

from __future__ import annotations

from solvers.drawing import GRID_DARK, INK, LINE, PAPER, Drawing
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: LoopSolution | None) -> None:
    """Pearls on a dashed grid; with a solution, the loop through cell centres under the pearls."""
    d.backgrounds()
    d.grid(GRID_DARK, dashed=True)
    if solution is not None:
        d.links(solution.masks, LINE)
    for r, c, v in puzzle.clues():
        if v == BLACK:
            d.circle(r, c, INK, INK)
        elif v == WHITE:
            d.circle(r, c, PAPER, INK, ring_width=0.06)
    d.frame()
