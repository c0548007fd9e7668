"""Numberlink rules in plain Python: is the board well-formed, and do the drawn paths obey every rule?

Rules: join the two cells of each number by a path of orthogonal steps through cell centres;
paths never cross, branch or share a cell; a numbered cell is the end of exactly one path.
Nikoli rule (default): cells may stay empty, and lines that join no numbers (stray loops) are
not allowed. Flow rule (``"fill" in puzzle.variants``): every cell is on a path.

Written independently of :mod:`solvers.numberlink.model`. Every finding is a message code of the
genre (English in ``Numberlink.messages``) with its facts as parameters.
"""

from __future__ import annotations

from solvers.cell import Cell
from solvers.errors import InvalidPuzzle, ParseError
from solvers.gridgraph import DIR_NAMES, DIRECTIONS, OPPOSITE, inside
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import LinkSolution
from solvers.verdict import Violation

STEP = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}  # FORMATS.md mask bits: up, right, down, left
BACK = {1: 4, 2: 8, 4: 1, 8: 2}
MAX_VIOLATIONS = 50


def _numbers(puzzle: Puzzle[int]) -> dict[int, list[Cell]]:
    where: dict[int, list[Cell]] = {}
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v > 0:
                where.setdefault(v, []).append((r, c))
    return where


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens are not Numberlink pairs (for genre detection), or None."""
    where = _numbers(puzzle)
    if not where:
        return ParseError("numberlink-form-no-numbers")
    for v, spots in where.items():
        if len(spots) == 1:
            return ParseError("numberlink-form-once", cells=spots, number=v, clue_cells=spots)
        if len(spots) != 2:
            return ParseError("numberlink-form-times", cells=spots, number=v, times=len(spots), clue_cells=spots)
    return None


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless every number appears exactly twice and there is no '?' clue."""
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN:
                raise InvalidPuzzle("numberlink-unknown-clue", cells=((r, c),), cell=(r, c))
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise InvalidPuzzle("numberlink-bad-value", cells=((r, c),), cell=(r, c), value=repr(v))
    where = _numbers(puzzle)
    if not where:
        raise InvalidPuzzle("numberlink-no-numbers")
    for v, spots in where.items():
        if len(spots) == 1:
            raise InvalidPuzzle("numberlink-once", cells=spots, number=v, clue_cells=spots)
        if len(spots) != 2:
            raise InvalidPuzzle("numberlink-times", cells=spots, number=v, times=len(spots), clue_cells=spots)


def _shape_problems(puzzle: Puzzle[int], masks: tuple[tuple[int, ...], ...]) -> list[Violation]:
    """The solution's size and mask values, then lines leaving the board or not connecting back."""
    rows, cols = puzzle.rows, puzzle.cols
    if len(masks) != rows:
        return [Violation("solution-row-count", params={"key": "links", "got": len(masks), "rows": rows})]
    for r, row in enumerate(masks):
        if len(row) != cols:
            return [Violation("solution-row-length",
                              params={"key": "links", "row": r + 1, "got": len(row), "cols": cols})]
        for c, m in enumerate(row):
            if not 0 <= m <= 15:
                return [Violation("solution-mask", cells=((r, c),), params={"cell": (r, c), "token": str(m)})]
    out: list[Violation] = []
    for r in range(rows):
        for c in range(cols):
            for bit, dr, dc in DIRECTIONS:
                if not masks[r][c] & bit:
                    continue
                nr, nc = r + dr, c + dc
                if not inside(rows, cols, nr, nc):
                    out.append(Violation("numberlink-off-board", cells=((r, c),),
                                         params={"cell": (r, c), "dir": DIR_NAMES[bit]}))
                elif not masks[nr][nc] & OPPOSITE[bit]:
                    out.append(Violation("numberlink-mismatch", cells=((r, c), (nr, nc)),
                                         params={"cell": (r, c), "dir": DIR_NAMES[bit], "to_cell": (nr, nc)}))
    return out


def check(puzzle: Puzzle[int], solution: LinkSolution) -> list[Violation]:
    """Every broken rule of ``solution`` on ``puzzle``; [] when correct. Never raises."""
    masks = solution.masks
    problems = _shape_problems(puzzle, masks)
    if problems:
        return problems[:MAX_VIOLATIONS]
    rows, cols = puzzle.rows, puzzle.cols
    grid = puzzle.cells
    out: list[Violation] = []
    for r in range(rows):
        for c in range(cols):
            n = bin(masks[r][c]).count("1")
            here = {"cell": (r, c)}
            if grid[r][c] > 0:
                if n != 1:
                    out.append(Violation("numberlink-endpoint", cells=((r, c),),
                                         params={**here, "number": grid[r][c], "count": n}))
            elif n == 1:
                out.append(Violation("numberlink-dead-end", cells=((r, c),), params=here))
            elif n > 2:
                out.append(Violation("numberlink-branch", cells=((r, c),), params=here))
            elif n == 0 and "fill" in puzzle.variants:
                out.append(Violation("numberlink-fill", cells=((r, c),), params=here))
    if any(v.rule != "numberlink-fill" for v in out):
        return out[:MAX_VIOLATIONS]

    visited = [[False] * cols for _ in range(rows)]
    for r, c, v in puzzle.clues():
        if visited[r][c]:
            continue
        path = _trace(masks, (r, c))
        for pr, pc in path:
            visited[pr][pc] = True
        er, ec = path[-1]
        if grid[er][ec] != v:
            out.append(Violation("numberlink-wrong-pair", cells=((r, c), (er, ec)), params={
                "number": v, "cell": (r, c), "other": grid[er][ec], "end_cell": (er, ec)}))
    for r in range(rows):
        for c in range(cols):
            if masks[r][c] and not visited[r][c]:
                loop = _trace(masks, (r, c))
                for pr, pc in loop:
                    visited[pr][pc] = True
                out.append(Violation("numberlink-stray-loop", cells=tuple(loop[:1]), params={"cell": (r, c)}))
    return out[:MAX_VIOLATIONS]


def _trace(masks: tuple[tuple[int, ...], ...], start: Cell) -> list[Cell]:
    """The cells met walking from ``start`` along the line (masks are consistent, degrees <= 2)
    until a cell with no way on or back at ``start`` (a loop)."""
    path = [start]
    came = 0  # the bit of the way we came in by
    r, c = start
    while True:
        ways = [b for b in STEP if masks[r][c] & b and b != came]
        if not ways or (len(path) > 1 and (r, c) == start):
            break
        bit = ways[0]
        r, c = r + STEP[bit][0], c + STEP[bit][1]
        came = BACK[bit]
        if (r, c) == start:
            break
        path.append((r, c))
    return path
