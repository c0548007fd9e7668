"""Sudoku rules in plain Python: the givens' form and the independent answer checker.

The rules: an N x N board; every row, column and region (standard boxes, or the jigsaw regions
the board gives) holds each of 1..N exactly once; the givens keep their digits. Written without
the search (:mod:`solvers.sudoku.search`), so a solver bug cannot hide behind its own checker.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import InvalidPuzzle
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.sudoku.layout import Grid, box_shape, renumber
from solvers.verdict import Violation

Cell = tuple[int, int]
MIN_SIDE = 4
MAX_SIDE = 25


def region_grid(n: int, regions: Sequence[Sequence[int]] | None) -> Grid:
    """0-based region ids: the board's own, or standard boxes (InvalidPuzzle when N has none)."""
    if regions is not None:
        return renumber(regions)
    shape = box_shape(n)
    if shape is None:
        raise InvalidPuzzle("sudoku-needs-regions", n=n)
    h, w = shape
    return tuple(tuple((r // h) * (n // w) + c // w for c in range(n)) for r in range(n))


def validate_grid(cells: Sequence[Sequence[int]], regions: Sequence[Sequence[int]] | None) -> None:
    """Raise InvalidPuzzle when the givens cannot be a Sudoku: size, digits, regions, repeats."""
    n = len(cells)
    if any(len(row) != n for row in cells):
        raise InvalidPuzzle("sudoku-not-square", rows=n, cols=len(cells[0]) if cells else 0)
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise InvalidPuzzle("sudoku-size", n=n, min=MIN_SIDE, max=MAX_SIDE)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if not 0 <= v <= n:
                raise InvalidPuzzle("sudoku-bad-digit", cells=((r, c),), cell=(r, c), digit=v, n=n)
    ids = region_grid(n, regions)
    if regions is not None:
        _check_regions(n, ids)
    for unit_cells, kind in _units(n, ids):
        seen: dict[int, Cell] = {}
        for r, c in unit_cells:
            v = cells[r][c]
            if v and v in seen:
                raise InvalidPuzzle(f"sudoku-given-repeat-{kind}", cells=(seen[v], (r, c)), digit=v,
                                    cell=seen[v], other_cell=(r, c))
            seen[v] = (r, c)


def _check_regions(n: int, ids: Grid) -> None:
    if any(len(row) != n for row in ids) or len(ids) != n:
        raise InvalidPuzzle("sudoku-regions-size", n=n)
    members: dict[int, list[Cell]] = {}
    for r in range(n):
        for c in range(n):
            members.setdefault(ids[r][c], []).append((r, c))
    if len(members) != n:
        raise InvalidPuzzle("sudoku-region-count", count=len(members), n=n)
    for cells in members.values():
        if len(cells) != n:
            raise InvalidPuzzle("sudoku-region-size", cells=tuple(cells), cell=cells[0], size=len(cells), n=n)
        todo, seen = [cells[0]], {cells[0]}
        inside = set(cells)
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in inside and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != n:
            raise InvalidPuzzle("sudoku-region-split", cells=tuple(cells), cell=cells[0])


def _units(n: int, ids: Grid) -> list[tuple[list[Cell], str]]:
    out: list[tuple[list[Cell], str]] = [([(r, c) for c in range(n)], "row") for r in range(n)]
    out += [([(r, c) for r in range(n)], "column") for c in range(n)]
    boxes: dict[int, list[Cell]] = {}
    for r in range(n):
        for c in range(n):
            boxes.setdefault(ids[r][c], []).append((r, c))
    out += [(cells, "box") for _, cells in sorted(boxes.items())]
    return out


def check_grid(cells: Sequence[Sequence[int]], regions: Sequence[Sequence[int]] | None,
               numbers: Sequence[Sequence[int]]) -> list[Violation]:
    """Every rule the answer breaks (empty: correct). Never raises; 0 in ``numbers`` = a blank cell."""
    n = len(cells)
    if len(numbers) != n or any(len(row) != n for row in numbers):
        return [Violation("sudoku-answer-size", params={"n": n})]
    broken: list[Violation] = []
    blank = [(r, c) for r in range(n) for c in range(n) if not 1 <= numbers[r][c] <= n]
    if blank:
        broken.append(Violation("sudoku-blank", cells=tuple(blank),
                                params={"cell": blank[0], "count": len(blank), "n": n}))
    changed = [(r, c) for r in range(n) for c in range(n) if cells[r][c] and numbers[r][c] != cells[r][c]]
    if changed:
        r, c = changed[0]
        broken.append(Violation("sudoku-given-changed", cells=tuple(changed),
                                params={"cell": (r, c), "digit": cells[r][c]}))
    try:
        ids = region_grid(n, regions)
    except InvalidPuzzle:
        return broken + [Violation("sudoku-needs-regions", params={"n": n})]
    for unit_cells, kind in _units(n, ids):
        where: dict[int, list[Cell]] = {}
        for r, c in unit_cells:
            if 1 <= numbers[r][c] <= n:
                where.setdefault(numbers[r][c], []).append((r, c))
        for digit, spots in sorted(where.items()):
            if len(spots) > 1:
                broken.append(Violation(f"sudoku-repeat-{kind}", cells=tuple(spots),
                                        params={"digit": digit, "cell": spots[0], "other_cell": spots[1]}))
    return broken


def validate(puzzle: Puzzle[int]) -> None:
    """The engine's gate (see :func:`validate_grid`)."""
    validate_grid(puzzle.cells, puzzle.regions)


def check(puzzle: Puzzle[int], solution: NumberSolution) -> list[Violation]:
    """The independent checker (see :func:`check_grid`); a missing number counts as blank."""
    numbers = [[v if isinstance(v, int) else 0 for v in row] for row in solution.numbers]
    return check_grid(puzzle.cells, puzzle.regions, numbers)
