"""Yin-Yang rules in plain Python: the givens' form and the independent answer checker.

The rules as the bot applies them (as pzprjs / puzz.link judge them):

* every cell is white (W) or black (B) and the given circles keep their colour;
* all white cells form one orthogonally connected area, and so do all black cells
  (a colour with no cell at all counts as connected; that only happens on 1-row or 1-column boards);
* no 2x2 block is all white or all black.

No CP-SAT here: this module is written independently of :mod:`solvers.yinyang.model`.
"""

from __future__ import annotations

from solvers.cell import Cell
from solvers.errors import InvalidPuzzle, PuzzleError
from solvers.notation import BLACK, EMPTY, WHITE
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import ColorSolution
from solvers.verdict import Violation

LETTER = {WHITE: "W", BLACK: "B"}
NAME = {"W": "white", "B": "black"}


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle of empty cells and W/B givens."""
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v not in (EMPTY, WHITE, BLACK):
                raise InvalidPuzzle("yinyang-bad-cell", cells=((r, c),), row=r + 1, col=c + 1, value=v)
    two_by_two_givens(puzzle)


def _block(r: int, c: int) -> tuple[tuple[Cell, ...], dict[str, int]]:
    """The cells of the 2x2 block at (r, c) and its 1-based rows and columns (message params)."""
    return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)), {"top": r + 1, "bottom": r + 2, "left": c + 1,
                                                               "right": c + 2}


def two_by_two_givens(puzzle: Puzzle[int]) -> None:
    """A 2x2 block of four givens of one colour can never be part of a solution: say where it is."""
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            block = {puzzle.cells[r + i][c + j] for i in (0, 1) for j in (0, 1)}
            if len(block) == 1 and EMPTY not in block:
                cells, params = _block(r, c)
                raise InvalidPuzzle(f"yinyang-{NAME[LETTER[block.pop()]]}-2x2-given", cells=cells, **params)


def form_problem(puzzle: Puzzle[int]) -> PuzzleError | None:
    """A given 2x2 block of one colour: these circles cannot be a Yin-Yang board."""
    try:
        two_by_two_givens(puzzle)
    except InvalidPuzzle as e:
        return e
    return None


def check(puzzle: Puzzle[int], solution: ColorSolution) -> list[Violation]:
    """Every rule the colouring breaks (empty list: a correct answer). Never raises."""
    malformed = _shape_problem(puzzle, solution)
    if malformed is not None:
        return [malformed]
    grid = list(solution.colors)
    broken: list[Violation] = []
    for r, c, given in puzzle.clues():
        if LETTER.get(given) != grid[r][c]:
            broken.append(Violation(f"yinyang-{NAME[LETTER[given]]}-given", cells=((r, c),),
                                    params={"row": r + 1, "col": c + 1}))
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            block = {grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1]}
            if len(block) == 1:
                cells, params = _block(r, c)
                broken.append(Violation(f"yinyang-{NAME[block.pop()]}-2x2", cells=cells, params=params))
    for letter in "WB":
        areas = _areas(grid, letter)
        if len(areas) > 1:
            small = min(areas, key=len)
            broken.append(Violation(f"yinyang-{NAME[letter]}-split", cells=tuple(sorted(small)),
                                    params={"count": len(areas), "cell": min(small)}))
    return broken


def _shape_problem(puzzle: Puzzle[int], solution: object) -> Violation | None:
    """A violation when the value is not a colouring of this board's size, else None."""
    if not isinstance(solution, ColorSolution):
        return Violation("yinyang-format")
    lines = solution.colors
    if len(lines) != puzzle.rows:
        return Violation("yinyang-row-count", params={"got": len(lines), "rows": puzzle.rows})
    for r, line in enumerate(lines):
        if not isinstance(line, str) or len(line) != puzzle.cols:
            n = len(line) if isinstance(line, str) else 0
            return Violation("yinyang-row-length", cells=((r, 0),),
                             params={"row": r + 1, "got": n, "cols": puzzle.cols})
        for c, ch in enumerate(line):
            if ch not in "WB":
                return Violation("yinyang-not-colour", cells=((r, c),),
                                 params={"row": r + 1, "col": c + 1, "token": ch})
    return None


def _areas(grid: list[str], letter: str) -> list[set[Cell]]:
    """The orthogonally connected areas of one colour."""
    rows, cols = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    areas = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != letter or (r, c) in seen:
                continue
            area = {(r, c)}
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < rows and 0 <= nx < cols and (ny, nx) not in seen and grid[ny][nx] == letter:
                        seen.add((ny, nx))
                        area.add((ny, nx))
                        stack.append((ny, nx))
            areas.append(area)
    return areas
