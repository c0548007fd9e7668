"""Heyawake picture as puzz.link draws it: rooms with thick borders, each room's number in its
cell, and with an answer the shaded cells (a number on a shaded cell turns white)."""

from __future__ import annotations

from solvers.drawing import INK, PAPER, SHADED, Drawing
from solvers.heyawake.rooms import numbers_of, regions_of
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution


def draw(d: Drawing, puzzle: Puzzle[int], solution: ShadeSolution | None) -> None:
    numbers, regions = numbers_of(puzzle), regions_of(puzzle)
    d.backgrounds()
    d.grid()
    dark = set(solution.cells()) if solution is not None else set()
    for r, c in sorted(dark):
        d.fill_cell(r, c, SHADED)
    for r, row in enumerate(numbers):
        for c, v in enumerate(row):
            if v is not None:
                d.text(r, c, str(v), PAPER if (r, c) in dark else INK)
    d.region_borders(regions, clear=dark)  # a paper strip inside a shaded cell's sides along a border
    d.frame()
