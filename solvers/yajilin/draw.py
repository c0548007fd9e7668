"""Yajilin picture as puzz.link draws it: arrow clues (number with a small arrow), grey clue
cells, and with an answer the shaded cells and the loop through cell centres."""

from __future__ import annotations

from solvers.drawing import GRID_DARK, LINE, SHADED, Drawing
from solvers.puzzle import Puzzle
from solvers.yajilin.arrows import YCell, cells_of
from solvers.yajilin.solution import YajilinSolution


def draw(d: Drawing, puzzle: Puzzle[YCell], solution: YajilinSolution | None) -> None:
    cells = cells_of(puzzle)
    d.backgrounds()
    d.grid()
    if solution is not None:
        for r, marks in enumerate(solution.shaded):
            for c, ch in enumerate(marks):
                if ch == "#" and cells[r][c] is None:
                    d.fill_cell(r, c, SHADED)
        d.links(solution.masks, LINE)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v is None:
                continue
            if v.direction is None:
                d.fill_cell(r, c, GRID_DARK)
            else:
                d.arrow_clue(r, c, v.direction.value, "?" if v.number is None else str(v.number))
    d.frame()
