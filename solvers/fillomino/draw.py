"""Fillomino picture as puzz.link draws it: dashed grid, givens in black, answers in the solver's
colour, thick borders between areas."""

from __future__ import annotations

from solvers.drawing import DEDUCED, GRID, INK, Drawing, Paint
from solvers.fillomino.check import areas
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: NumberSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID, dashed=True)
    rows, cols = puzzle.rows, puzzle.cols
    if solution is not None and len(solution.numbers) == rows and all(len(r) == cols for r in solution.numbers):
        numbers = [[v or 0 for v in row] for row in solution.numbers]
        ids = [[0] * cols for _ in range(rows)]
        for k, area in enumerate(areas(numbers)):
            for r, c in area:
                ids[r][c] = k
        d.region_borders(ids)
        for r in range(rows):
            for c in range(cols):
                if not puzzle.cells[r][c] and numbers[r][c]:
                    _number(d, r, c, str(numbers[r][c]), DEDUCED)
    for r, c, v in puzzle.clues():
        _number(d, r, c, str(v), INK)
    d.frame()


def _number(d: Drawing, r: int, c: int, text: str, paint: Paint) -> None:
    d.text(r, c, text, paint, width=0.66 if len(text) > 1 else 0.5, height=0.5)
