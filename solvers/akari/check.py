"""Akari rules in plain Python: the givens' form and the independent answer checker.

Written apart from the model (it walks the grid ray by ray instead of using the model's runs),
so a bug in one is caught by the other. Each broken rule is one message code with the cells at
fault: ``akari-light-on-black``, ``akari-lights-see`` (two lights in one line of sight),
``akari-dark`` (white cells left unlit), ``akari-clue`` (a number with a wrong count of lights).
"""

from __future__ import annotations

from solvers.akari.board import LIGHT, Grid, is_white, neighbours
from solvers.akari.notation import Given
from solvers.clues import Block
from solvers.errors import InvalidPuzzle
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution
from solvers.verdict import Violation

Cell = tuple[int, int]
RAYS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def validate(puzzle: Puzzle[Given]) -> None:
    """Raise InvalidPuzzle when the givens cannot be an Akari (see :func:`validate_grid`)."""
    validate_grid(puzzle.cells)


def check(puzzle: Puzzle[Given], solution: LightSolution) -> list[Violation]:
    """Every rule the lights break; [] for a correct answer."""
    return check_marks(puzzle.cells, solution.marks)


def validate_grid(grid: Grid) -> None:
    """Raise InvalidPuzzle when the givens cannot be an Akari: a ragged grid, a number outside 0-4,
    or a number with fewer white neighbours than its count."""
    if not grid or not grid[0]:
        raise InvalidPuzzle("empty-board")
    rows, cols = len(grid), len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != cols:
            raise InvalidPuzzle("not-rectangle", row=r + 1, got=len(row), width=cols)
        for c, cell in enumerate(row):
            if not isinstance(cell, Block) or cell.number is None:
                continue
            if not 0 <= cell.number <= 4:
                raise InvalidPuzzle("akari-bad-number", cells=((r, c),), cell=(r, c), number=cell.number)
            room = sum(1 for nr, nc in neighbours((r, c), rows, cols) if is_white(grid[nr][nc]))
            if cell.number > room:
                raise InvalidPuzzle("akari-no-room", cells=((r, c),), cell=(r, c), number=cell.number, room=room)


def check_marks(grid: Grid, marks: tuple[str, ...]) -> list[Violation]:
    """Every rule the lights ``marks`` (rows of '*' and '.') break; [] for a correct answer."""
    rows, cols = len(grid), len(grid[0])
    if len(marks) != rows or any(len(m) != cols for m in marks):
        return [Violation("akari-answer-size", params={"rows": rows, "cols": cols})]
    lights = {(r, c) for r in range(rows) for c in range(cols) if marks[r][c] == LIGHT}
    broken: list[Violation] = []
    on_black = sorted(cell for cell in lights if not is_white(grid[cell[0]][cell[1]]))
    if on_black:
        broken.append(Violation("akari-light-on-black", tuple(on_black), {"cell": on_black[0]}))
    lit: set[Cell] = set()
    for r, c in sorted(lights - set(on_black)):
        lit.add((r, c))
        for dr, dc in RAYS:
            nr, nc = r + dr, c + dc
            while 0 <= nr < rows and 0 <= nc < cols and is_white(grid[nr][nc]):
                if (nr, nc) in lights and (dr, dc) in ((0, 1), (1, 0)):
                    broken.append(Violation("akari-lights-see", ((r, c), (nr, nc)),
                                            {"cell": (r, c), "other_cell": (nr, nc)}))
                lit.add((nr, nc))
                nr, nc = nr + dr, nc + dc
    dark = [(r, c) for r in range(rows) for c in range(cols) if is_white(grid[r][c]) and (r, c) not in lit]
    if dark:
        broken.append(Violation("akari-dark", tuple(dark), {"count": len(dark), "cell": dark[0]}))
    for r in range(rows):
        for c in range(cols):
            cell = grid[r][c]
            if not isinstance(cell, Block) or cell.number is None:
                continue
            got = sum(1 for n in neighbours((r, c), rows, cols) if n in lights)
            if got != cell.number:
                broken.append(Violation("akari-clue", ((r, c),), {"cell": (r, c), "number": cell.number, "got": got}))
    return broken
