"""Fillomino rules in plain Python: the givens' form and the independent answer checker.

The rules: every cell holds a positive number; every given keeps its number; every orthogonally
connected area of equal numbers has exactly as many cells as its number (so two areas of the
same size never touch: they would be one area).

No CP-SAT here: this module is written independently of :mod:`solvers.fillomino.model`.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.connectivity import neighbours
from solvers.errors import InvalidPuzzle, ParseError
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import NumberSolution
from solvers.verdict import Violation

Cell = tuple[int, int]


def validate_cells(cells: Sequence[Sequence[int]]) -> None:
    """Raise InvalidPuzzle when a given is not a positive number or cannot fit on the board."""
    rows, cols = len(cells), len(cells[0]) if cells else 0
    for r in range(rows):
        for c in range(cols):
            v = cells[r][c]
            if v < 0:
                raise InvalidPuzzle("fillomino-bad-number", cells=((r, c),), cell=(r, c),
                                    number="?" if v == UNKNOWN else str(v))
            if v > rows * cols:
                raise InvalidPuzzle("fillomino-too-big", cells=((r, c),), cell=(r, c), number=v,
                                    area=rows * cols)


def areas(numbers: Sequence[Sequence[int]]) -> list[list[Cell]]:
    """The orthogonally connected areas of equal numbers, each sorted, in reading order of first cell."""
    rows, cols = len(numbers), len(numbers[0])
    seen: set[Cell] = set()
    out = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in seen:
                continue
            seen.add((r, c))
            area, stack = [(r, c)], [(r, c)]
            while stack:
                for n in neighbours(rows, cols, stack.pop()):
                    if n not in seen and numbers[n[0]][n[1]] == numbers[r][c]:
                        seen.add(n)
                        area.append(n)
                        stack.append(n)
            out.append(sorted(area))
    return out


def check_cells(cells: Sequence[Sequence[int]], numbers: Sequence[Sequence[int]]) -> list[Violation]:
    """Every broken rule of the answer ``numbers`` (one positive int per cell), empty when it is right."""
    rows, cols = len(cells), len(cells[0])
    if len(numbers) != rows or any(len(row) != cols for row in numbers):
        return [Violation("fillomino-answer-size")]
    out: list[Violation] = []
    blank = sorted((r, c) for r in range(rows) for c in range(cols) if numbers[r][c] < 1)
    if blank:
        return [Violation("fillomino-blank", tuple(blank), {"cell": blank[0], "count": len(blank)})]
    changed = sorted((r, c) for r in range(rows) for c in range(cols)
                     if cells[r][c] > 0 and numbers[r][c] != cells[r][c])
    if changed:
        r, c = changed[0]
        out.append(Violation("fillomino-given-changed", tuple(changed), {"cell": (r, c), "number": cells[r][c]}))
    for area in areas(numbers):
        v = numbers[area[0][0]][area[0][1]]
        if v != len(area):
            rule = "fillomino-area-big" if len(area) > v else "fillomino-area-small"
            out.append(Violation(rule, tuple(area), {"number": v, "size": len(area), "cell": area[0]}))
    return out


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle when the givens break the genre's form."""
    check_rectangular(puzzle)
    validate_cells(puzzle.cells)


def check(puzzle: Puzzle[int], solution: NumberSolution) -> list[Violation]:
    """Every rule the answer breaks (empty: a correct answer). Never raises."""
    numbers = [[v if v is not None else 0 for v in row] for row in solution.numbers]
    return check_cells(puzzle.cells, numbers)


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens cannot be a Fillomino (for genre detection), or None: a bad number, equal
    givens joined into an area larger than their number, a given with no room for its area, or
    the look of a Numberlink board (the labels 1..k, k >= 4, each exactly twice: a Fillomino
    with that pattern must then be named, e.g. by a first line or a URL)."""
    try:
        validate_cells(puzzle.cells)
    except InvalidPuzzle as e:
        return ParseError(e.code, cells=e.cells, **e.params)
    cells = puzzle.cells
    counts: dict[int, int] = {}
    for r, c, v in puzzle.clues():
        counts[v] = counts.get(v, 0) + 1
        joined = _flood(cells, (r, c), {v})
        if len(joined) > v:
            return ParseError("fillomino-form-joined", cells=tuple(sorted(joined)), number=v, cell=min(joined))
        if len(_flood(cells, (r, c), {0, v}, limit=v)) < v:
            return ParseError("fillomino-form-no-room", cells=((r, c),), number=v, cell=(r, c))
    if len(counts) >= 4 and all(n == 2 for n in counts.values()) and sorted(counts) == list(range(1, len(counts) + 1)):
        return ParseError("fillomino-form-pairs")
    return None


def _flood(cells: Sequence[Sequence[int]], start: Cell, ok: set[int], limit: int = 0) -> set[Cell]:
    """Cells joined to ``start`` through cells whose given is in ``ok`` (stops at ``limit`` cells)."""
    rows, cols = len(cells), len(cells[0])
    seen, stack = {start}, [start]
    while stack and (not limit or len(seen) < limit):
        for n in neighbours(rows, cols, stack.pop()):
            if n not in seen and cells[n[0]][n[1]] in ok:
                seen.add(n)
                stack.append(n)
    return seen
