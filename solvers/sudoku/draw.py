"""The Sudoku picture as puzz.link draws it: thin cell lines, thick box (or jigsaw region) borders,
the givens in ink and the solution's digits in the answer colour."""

from __future__ import annotations

from solvers.drawing import GRID, INK, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.sudoku.layout import standard_regions


def draw(d: Drawing, puzzle: Puzzle[int], solution: NumberSolution | None) -> None:
    n = puzzle.rows
    d.backgrounds()
    d.grid(GRID)
    ids = puzzle.regions if puzzle.regions is not None else standard_regions(n)
    if ids is not None:
        d.region_borders(ids)
    for r in range(n):
        for c in range(n):
            given = puzzle.cells[r][c]
            if given:  # the size the answer's digits have (smaller givens read as pencil marks)
                d.text(r, c, str(given), INK)
            elif solution is not None and r < len(solution.numbers) and c < len(solution.numbers[r]):
                v = solution.numbers[r][c]
                if v is not None:
                    d.answer_text(r, c, str(v))
    d.frame()
