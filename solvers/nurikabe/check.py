"""Nurikabe rules in plain Python: the givens' form and the independent answer checker.

The rules: clue cells stay unshaded; the shaded cells form one orthogonally connected area; no
2x2 block is all shaded; every area of unshaded cells (an island) holds exactly one clue, and a
numbered clue equals its island's size (a ``?`` clue, UNKNOWN, allows any size).

No CP-SAT here: this module is written independently of :mod:`solvers.nurikabe.model`. Every
finding is a message code of the genre with the cells at fault.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.connectivity import components
from solvers.errors import InvalidPuzzle, ParseError
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import ShadeSolution
from solvers.verdict import Violation

UNKNOWN = -1  # a "?" clue
Cell = tuple[int, int]


def validate_cells(cells: Sequence[Sequence[int]]) -> None:
    """Raise InvalidPuzzle when the givens cannot be a Nurikabe: no clue, a bad number, clues too big."""
    rows, cols = len(cells), len(cells[0]) if cells else 0
    clues = [(r, c, v) for r in range(rows) for c in range(cols) if (v := cells[r][c]) != 0]
    if not clues:
        raise InvalidPuzzle("nurikabe-no-clues")
    for r, c, v in clues:
        if v != UNKNOWN and v < 1:
            raise InvalidPuzzle("nurikabe-bad-number", cells=((r, c),), cell=(r, c), number=v)
    total = sum(v for _, _, v in clues if v > 0) + sum(1 for _, _, v in clues if v == UNKNOWN)
    if total > rows * cols:
        raise InvalidPuzzle("nurikabe-too-many", total=total, area=rows * cols)


def check_cells(cells: Sequence[Sequence[int]], shaded: Sequence[str]) -> list[Violation]:
    """Every broken rule of the answer ``shaded`` (rows of ``#``/``.``), empty when it is right."""
    rows, cols = len(cells), len(cells[0])
    if len(shaded) != rows or any(len(row) != cols for row in shaded):
        return [Violation("nurikabe-answer-size")]
    black = {(r, c) for r in range(rows) for c in range(cols) if shaded[r][c] == "#"}
    out: list[Violation] = []
    on_clue = sorted(cell for cell in black if cells[cell[0]][cell[1]] != 0)
    if on_clue:
        out.append(Violation("nurikabe-shaded-clue", tuple(on_clue), {"cell": on_clue[0]}))
    parts = components(rows, cols, black)
    if len(parts) > 1:
        cut = sorted(set().union(*parts[1:]))
        out.append(Violation("nurikabe-shaded-split", tuple(cut), {"cell": cut[0], "count": len(cut)}))
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
            if all(cell in black for cell in block):
                out.append(Violation("nurikabe-pool", block, {"cell": (r, c)}))
    white = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in black]
    for island in components(rows, cols, white):
        clues = sorted(cell for cell in island if cells[cell[0]][cell[1]] != 0)
        if not clues:
            out.append(Violation("nurikabe-island-no-clue", tuple(sorted(island)), {"cell": min(island)}))
        elif len(clues) > 1:
            # the two numbers the message names are the two marked: an empty board boxed every number
            out.append(Violation("nurikabe-island-clues", tuple(clues[:2]), {"cell": clues[0], "other_cell": clues[1]}))
        else:
            v = cells[clues[0][0]][clues[0][1]]
            if v != UNKNOWN and v != len(island):
                out.append(Violation("nurikabe-island-size", tuple(sorted(island)),
                                     {"number": v, "size": len(island), "cell": clues[0]}))
    return out


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle when the givens break the genre's form."""
    check_rectangular(puzzle)
    validate_cells(puzzle.cells)


def check(puzzle: Puzzle[int], solution: ShadeSolution) -> list[Violation]:
    """Every rule the answer breaks (empty: a correct answer). Never raises."""
    return check_cells(puzzle.cells, solution.marks)


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens cannot be a Nurikabe (for genre detection), or None: no clue, a bad
    number, or two clues side by side (they would share an island; a Numberlink board often has them)."""
    try:
        validate_cells(puzzle.cells)
    except InvalidPuzzle as e:
        return ParseError(e.code, cells=e.cells, **e.params)
    cells = puzzle.cells
    for r, c, _ in puzzle.clues():
        for r2, c2 in ((r, c + 1), (r + 1, c)):
            if r2 < puzzle.rows and c2 < puzzle.cols and cells[r2][c2] != 0:
                return ParseError("nurikabe-form-touching", cells=((r, c), (r2, c2)), cell=(r, c),
                                  other_cell=(r2, c2))
    return None
