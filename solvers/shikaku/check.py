"""Shikaku rules in plain Python: the givens' form and the independent answer checker.

The rules as the bot applies them: cut the whole board into rectangles (squares included) that
do not overlap; each rectangle holds exactly one number, equal to its area in cells. A ``?``
clue (UNKNOWN) is a number whose value is not shown: its rectangle may have any area.

No CP-SAT here: this module is written independently of :mod:`solvers.shikaku.model`. Every
finding is a message code of the genre (English in ``Shikaku.messages``) with its facts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solvers.cell import Cell
from solvers.errors import InvalidPuzzle, ParseError
from solvers.notation import EMPTY, UNKNOWN
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import Rect, RectSolution
from solvers.verdict import Violation

ClueCounter = Callable[[int, int, int, int], int]  # clues in the rectangle (top, left, height, width)


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens cannot be a Shikaku (for genre detection), or None."""
    area = puzzle.rows * puzzle.cols
    total = unknown = clues = 0
    for r, c, v in puzzle.clues():
        if v == UNKNOWN:
            unknown += 1
        elif v > 0:
            clues += 1
            total += v
            if v > area:
                return ParseError("shikaku-form-too-big", cells=((r, c),), number=v, cell=(r, c), area=area)
    if clues + unknown == 0:
        return ParseError("shikaku-form-no-numbers")
    if unknown == 0 and total != area:
        return ParseError("shikaku-form-total", total=total, area=area)
    if unknown and total + unknown > area:
        return ParseError("shikaku-form-total-unknown", total=total, unknown=unknown, area=area)
    return None


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle when the numbers cannot tile the board: wrong total, a number with no room."""
    check_rectangular(puzzle)
    rows, cols = puzzle.rows, puzzle.cols
    area = rows * cols
    clues = puzzle.clues()
    for r, c, v in clues:
        if v != UNKNOWN and v < 1:
            raise InvalidPuzzle("shikaku-bad-number", cells=((r, c),), cell=(r, c), number=v)
    if not clues:
        raise InvalidPuzzle("shikaku-no-numbers")
    known = sum(v for _, _, v in clues if v != UNKNOWN)
    unknown = sum(1 for _, _, v in clues if v == UNKNOWN)
    if unknown == 0 and known != area:
        raise InvalidPuzzle("shikaku-total", total=known, rows=rows, cols=cols, area=area)
    if unknown and known + unknown > area:
        raise InvalidPuzzle("shikaku-total-unknown", total=known, unknown=unknown, area=area)
    count = clue_counter(puzzle)
    for r, c, v in clues:
        if v != UNKNOWN and not _has_room(r, c, v, rows, cols, count):
            raise InvalidPuzzle("shikaku-no-room", cells=((r, c),), number=v, cell=(r, c))


def clue_counter(puzzle: Puzzle[int]) -> ClueCounter:
    """count(top, left, h, w): how many clues a rectangle holds (2-D prefix sums)."""
    rows, cols = puzzle.rows, puzzle.cols
    pre = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        for c in range(cols):
            pre[r + 1][c + 1] = pre[r][c + 1] + pre[r + 1][c] - pre[r][c] + (puzzle.cells[r][c] != EMPTY)

    def count(top: int, left: int, h: int, w: int) -> int:
        return pre[top + h][left + w] - pre[top][left + w] - pre[top + h][left] + pre[top][left]

    return count


def _has_room(r: int, c: int, v: int, rows: int, cols: int, count: ClueCounter) -> bool:
    for h in range(1, min(v, rows) + 1):
        if v % h or v // h > cols:
            continue
        w = v // h
        for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
            for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                if count(top, left, h, w) == 1:
                    return True
    return False


def corners(rect: Rect) -> tuple[Cell, Cell]:
    """A rectangle's top-left and bottom-right cells: a ``span`` the words write as "rows 1-2, column 3"."""
    top, left, h, w = rect
    return (top, left), (top + h - 1, left + w - 1)


def check(puzzle: Puzzle[int], solution: RectSolution) -> list[Violation]:
    """Every rule the answer breaks (empty list: a correct answer). Never raises."""
    rows, cols = puzzle.rows, puzzle.cols
    for n, rect in enumerate(solution.rects, 1):
        top, left, h, w = rect
        if h < 1 or w < 1 or top < 0 or left < 0 or top + h > rows or left + w > cols:
            return [Violation("shikaku-rect-outside", params={
                "index": n, "rect": str(list(rect)), "rows": rows, "cols": cols})]
    broken: list[Violation] = []
    owner: list[list[int]] = [[-1] * cols for _ in range(rows)]
    for k, rect in enumerate(solution.rects):
        top, left, h, w = rect
        clues = []
        for r in range(top, top + h):
            for c in range(left, left + w):
                if owner[r][c] >= 0:
                    other = solution.rects[owner[r][c]]
                    params: dict[str, Any] = {"cell": (r, c), "span": corners(rect), "other_span": corners(other)}
                    broken.append(Violation("shikaku-overlap", cells=((r, c),), params=params))
                    return broken
                owner[r][c] = k
                if puzzle.cells[r][c] != EMPTY:
                    clues.append((r, c, puzzle.cells[r][c]))
        if len(clues) != 1:
            broken.append(Violation("shikaku-one-number", cells=tuple((r, c) for r, c, _ in clues) or corners(rect),
                                    params={"count": len(clues), "span": corners(rect)}))
        elif clues[0][2] != UNKNOWN and clues[0][2] != h * w:
            r, c, v = clues[0]
            broken.append(Violation("shikaku-area", cells=((r, c),),
                                    params={"number": v, "cell": (r, c), "size": h * w, "span": corners(rect)}))
    if not solution.rects:  # the player's Check on a fresh board: nothing to mark, say so
        return [Violation("shikaku-no-rectangles")]
    empty = [(r, c) for r in range(rows) for c in range(cols) if owner[r][c] < 0]
    unboxed = [(r, c) for r, c in empty if puzzle.cells[r][c] != EMPTY]
    if unboxed:  # the numbers still waiting for their rectangle, not every cell around them
        broken.append(Violation("shikaku-unboxed", cells=tuple(unboxed), params={"count": len(unboxed),
                                                                                 "cell": unboxed[0]}))
    elif empty:
        broken.append(Violation("shikaku-tiling", cells=tuple(empty), params={"count": len(empty), "cell": empty[0]}))
    return broken
