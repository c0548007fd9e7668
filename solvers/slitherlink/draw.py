"""The Slitherlink picture, as puzz.link draws it: dots at the grid points, the numbers, the loop
along the cell sides."""

from __future__ import annotations

from solvers.drawing import INK, LINE, Drawing
from solvers.puzzle import Puzzle
from solvers.slitherlink.lattice import DotLoop


def draw(d: Drawing, puzzle: Puzzle[int], solution: DotLoop | None) -> None:
    d.backgrounds()
    if solution is not None:
        d.point_links(solution.masks, LINE)
    d.dots(INK)
    for r, c, v in puzzle.clues():
        d.text(r, c, str(v - 1), INK)
