"""Nurikabe picture as puzz.link draws it: solid grid, numbers in black, shaded cells dark."""

from __future__ import annotations

from solvers.drawing import DEDUCED, GRID, INK, Drawing
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    shaded = {}
    if solution is not None:
        shaded = {(r, c): DEDUCED for r, c in solution.cells() if r < puzzle.rows and c < puzzle.cols}
    d.backgrounds(shaded)
    d.grid(GRID)
    for r, c, v in puzzle.clues():
        text = "?" if v == UNKNOWN else str(v)
        d.text(r, c, text, INK, width=0.66 if len(text) > 1 else 0.5, height=0.5)
    d.frame()
