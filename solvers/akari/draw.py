"""Akari picture as puzz.link draws it: black cells with white numbers, round bulbs, lit cells
tinted (the solution only)."""

from __future__ import annotations

from solvers.akari.board import Cell, Grid, is_white
from solvers.akari.check import RAYS
from solvers.akari.notation import Given
from solvers.clues import Block
from solvers.drawing import GRID, INK, LIT, PAPER, Drawing
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution


def lit_cells(grid: Grid, lights: set[Cell]) -> set[Cell]:
    """The white cells the lights shine on (their own cells included)."""
    rows, cols = len(grid), len(grid[0])
    out: set[Cell] = set()
    for r, c in lights:
        if not is_white(grid[r][c]):
            continue
        out.add((r, c))
        for dr, dc in RAYS:
            nr, nc = r + dr, c + dc
            while 0 <= nr < rows and 0 <= nc < cols and is_white(grid[nr][nc]):
                out.add((nr, nc))
                nr, nc = nr + dr, nc + dc
    return out


def draw(d: Drawing, puzzle: Puzzle[Given], solution: LightSolution | None) -> None:
    grid = puzzle.cells
    lights = set(solution.cells()) if solution is not None else set()
    d.backgrounds({cell: LIT for cell in lit_cells(grid, lights)})
    d.grid(GRID)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, Block):
                continue
            d.fill_cell(r, c, INK)
            if cell.number is not None:
                d.text(r, c, str(cell.number), PAPER)
    for r, c in sorted(lights):
        d.light(r, c, INK)
    d.frame()
