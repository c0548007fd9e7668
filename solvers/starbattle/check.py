"""Star Battle rules in plain Python: the givens' form and the independent answer checker.

Written apart from the model (which uses 2x2 windows and cardinality constraints): this one
counts per line and region and looks at every star's eight neighbours. Rules, one message code
each: ``starbattle-row``, ``starbattle-column``, ``starbattle-region`` (a wrong number of
stars, with the count) and ``starbattle-touch`` (two stars side by side or corner to corner).
"""

from __future__ import annotations

from solvers.errors import InvalidPuzzle
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import STAR, Regions, cells_by_region, regions_and_stars
from solvers.verdict import Violation

Cell = tuple[int, int]


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless the board can be a Star Battle (see :func:`validate_board`);
    its cells hold no givens."""
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v:
                raise InvalidPuzzle("starbattle-given", cells=((r, c),), cell=(r, c))
    validate_board(*regions_and_stars(puzzle))


def check(puzzle: Puzzle[int], solution: StarSolution) -> list[Violation]:
    """Every rule the stars break; [] for a correct answer."""
    regions, stars = regions_and_stars(puzzle)
    return check_marks(regions, stars, solution.marks)


def validate_board(regions: Regions, stars: int) -> None:
    """Raise InvalidPuzzle unless the board can be a Star Battle: square, a positive star count,
    as many regions as rows, each region one connected area."""
    if not regions or not regions[0]:
        raise InvalidPuzzle("empty-board")
    rows, cols = len(regions), len(regions[0])
    for r, row in enumerate(regions):
        if len(row) != cols:
            raise InvalidPuzzle("not-rectangle", row=r + 1, got=len(row), width=cols)
    if rows != cols:
        raise InvalidPuzzle("starbattle-not-square", rows=rows, cols=cols)
    if stars < 1 or 2 * stars - 1 > rows:
        raise InvalidPuzzle("starbattle-bad-stars", stars=stars, size=rows)
    most = (rows + 1) // 2  # two neighbouring rows: one star per 2x2 block across them at most
    if rows > 1 and 2 * stars > most:
        raise InvalidPuzzle("starbattle-stars-touch", stars=stars, size=rows, need=2 * stars, most=most)
    groups = cells_by_region(regions)
    if len(groups) != rows:
        raise InvalidPuzzle("starbattle-region-count", regions=len(groups), size=rows)
    for k, cells in sorted(groups.items()):
        if not _connected(cells):
            raise InvalidPuzzle("starbattle-region-split", cells=tuple(cells[:1]), region=k, cell=cells[0])


def _connected(cells: list[Cell]) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if n in members and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(members)


def check_marks(regions: Regions, stars: int, marks: tuple[str, ...]) -> list[Violation]:
    """Every rule the answer ``marks`` (rows of '*' and '.') breaks; [] for a correct answer."""
    rows, cols = len(regions), len(regions[0])
    if len(marks) != rows or any(len(m) != cols for m in marks):
        return [Violation("starbattle-answer-size", params={"rows": rows, "cols": cols})]
    placed = {(r, c) for r in range(rows) for c in range(cols) if marks[r][c] == STAR}
    broken: list[Violation] = []
    for r in range(rows):
        got = [(r, c) for c in range(cols) if (r, c) in placed]
        if len(got) != stars:
            broken.append(Violation("starbattle-row", tuple(got) or ((r, 0),),
                                    {"row": r + 1, "got": len(got), "stars": stars}))
    for c in range(cols):
        got = [(r, c) for r in range(rows) if (r, c) in placed]
        if len(got) != stars:
            broken.append(Violation("starbattle-column", tuple(got) or ((0, c),),
                                    {"column": c + 1, "got": len(got), "stars": stars}))
    for k, cells in sorted(cells_by_region(regions).items()):
        got = [cell for cell in cells if cell in placed]
        if len(got) != stars:
            broken.append(Violation("starbattle-region", tuple(got) or (cells[0],),
                                    {"region": k, "cell": cells[0], "got": len(got), "stars": stars}))
    for r, c in sorted(placed):
        for n in ((r, c + 1), (r + 1, c - 1), (r + 1, c), (r + 1, c + 1)):
            if n in placed:
                broken.append(Violation("starbattle-touch", ((r, c), n), {"cell": (r, c), "other_cell": n}))
    return broken
