"""The Hashiwokakero picture as puzz.link draws it: no grid, circled island numbers, single and
double bridges between them."""

from __future__ import annotations

from solvers.drawing import INK, LINE, PAPER, Drawing
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import BridgeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: BridgeSolution | None) -> None:
    d.backgrounds()
    if solution is not None:
        for r1, c1, r2, c2, n in solution.bridges:
            d.bridge(r1, c1, r2, c2, n, paint=LINE)
    for r, c, v in puzzle.clues():
        d.circle(r, c, PAPER, INK, radius=0.42, ring_width=0.05)
        d.text(r, c, "?" if v == UNKNOWN else str(v), INK, width=0.5, height=0.5, background=PAPER)
