"""The independent Yajilin checker (plain Python, no solver) and the form gate of the givens.

Rules: clue cells (arrows and grey cells) are neither shaded nor on the loop; shaded cells are
not on the loop and never orthogonally adjacent; every other cell is on the loop; the loop is
one closed cycle; each arrow's number equals the shaded cells in its direction, counted to the
edge of the board (other clue cells on the way do not stop the count).
"""

from __future__ import annotations

from solvers.clues import Arrow
from solvers.errors import InvalidPuzzle
from solvers.gridgraph import DIRECTIONS, OPPOSITE, degree
from solvers.puzzle import Puzzle, check_rectangular
from solvers.verdict import Violation
from solvers.yajilin.arrows import Cells, YCell, cells_of, ray
from solvers.yajilin.solution import YajilinSolution

Cell = tuple[int, int]


def validate(puzzle: Puzzle[YCell]) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle whose arrows could be satisfied: a
    number never exceeds the shaded cells that fit in its direction (:func:`room`)."""
    check_rectangular(puzzle)
    cells = cells_of(puzzle)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v is None or v.number is None:
                continue
            if v.direction is None:  # a number needs an arrow (an arrow without one is a "?" clue)
                raise InvalidPuzzle("yajilin-bad-clue", cells=((r, c),), cell=(r, c))
            if v.number < 0 or v.number > room(cells, (r, c), v):
                raise InvalidPuzzle("yajilin-clue-too-big", cells=((r, c),), cell=(r, c), clue=v.number)


def room(cells: Cells, cell: Cell, arrow: Arrow) -> int:
    """The most shaded cells that fit in the arrow's direction (runs of free cells between clue
    cells, every other cell of each)."""
    assert arrow.direction is not None
    total = run = 0
    for r, c in ray(len(cells), len(cells[0]), cell, arrow.direction):
        if cells[r][c] is None:
            run += 1
        else:
            total, run = total + (run + 1) // 2, 0
    return total + (run + 1) // 2


def check(puzzle: Puzzle[YCell], solution: YajilinSolution) -> list[Violation]:
    """Every broken rule, one message code each, with the cells at fault."""
    return problems(cells_of(puzzle), solution)


def problems(cells: Cells, solution: YajilinSolution) -> list[Violation]:
    """:func:`check` on a board of ``Arrow | None`` cells."""
    rows, cols = len(cells), len(cells[0])
    masks, shaded = solution.masks, solution.shaded
    if len(masks) != rows or any(len(m) != cols for m in masks) or len(shaded) != rows or any(
            len(s) != cols for s in shaded):
        return [Violation("yajilin-size", params={"rows": rows, "cols": cols})]
    out: list[Violation] = []

    def bad(rule: str, *at: Cell, **params: object) -> None:
        out.append(Violation(rule, cells=at, params={"cell": at[0], **params} if at else dict(params)))

    for r in range(rows):
        for c in range(cols):
            m, dark, clue = masks[r][c], shaded[r][c] == "#", cells[r][c] is not None
            for bit, dr, dc in DIRECTIONS:
                if m & bit:
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < rows and 0 <= cc < cols):
                        bad("yajilin-off-board", (r, c))
                    elif not masks[rr][cc] & OPPOSITE[bit]:
                        bad("yajilin-mismatch", (r, c), (rr, cc), other_cell=(rr, cc))
            if clue and (dark or m):
                bad("yajilin-clue-used", (r, c))
            elif dark:
                if m:
                    bad("yajilin-shaded-on-loop", (r, c))
                for rr, cc in ((r + 1, c), (r, c + 1)):
                    if rr < rows and cc < cols and shaded[rr][cc] == "#":
                        bad("yajilin-adjacent", (r, c), (rr, cc), other_cell=(rr, cc))
            elif not clue:
                d = degree(m)
                if d == 0:
                    bad("yajilin-unvisited", (r, c))
                elif d == 1:
                    bad("yajilin-dead-end", (r, c))
                elif d > 2:
                    bad("yajilin-branch", (r, c))
    pieces = _pieces(masks)
    if pieces == 0:
        bad("yajilin-no-loop")
    elif pieces > 1:
        bad("yajilin-loops", count=pieces)
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if isinstance(v, Arrow) and v.number is not None and v.direction is not None:
                got = sum(1 for q in ray(rows, cols, (r, c), v.direction) if shaded[q[0]][q[1]] == "#")
                if got != v.number:
                    bad("yajilin-count", (r, c), clue=v.number, got=got)
    return out


def _pieces(masks: tuple[tuple[int, ...], ...]) -> int:
    """How many separate pieces the drawn line forms."""
    rows, cols = len(masks), len(masks[0])
    seen = [[False] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if masks[r][c] and not seen[r][c]:
                count += 1
                seen[r][c] = True
                stack = [(r, c)]
                while stack:
                    y, x = stack.pop()
                    for bit, dr, dc in DIRECTIONS:
                        ny, nx = y + dr, x + dc
                        if masks[y][x] & bit and 0 <= ny < rows and 0 <= nx < cols and not seen[ny][nx]:
                            seen[ny][nx] = True
                            stack.append((ny, nx))
    return count
