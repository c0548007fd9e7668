"""Kakuro rules in plain Python: the givens' form and the independent answer checker.

The rules: every white cell holds a digit 1-9; no digit repeats within a run (a maximal line of
white cells); the run right of (below) a clue adds up to the clue's right (down) part; every
clue part has such a run. Written without :mod:`board` or the solver.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solvers.errors import InvalidPuzzle
from solvers.kakuro.notation import KCell, White
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import Violation

Cell = tuple[int, int]


def _white(cell: KCell) -> bool:
    return isinstance(cell, White)


def _part(cell: KCell, down: bool) -> int | None:
    return None if isinstance(cell, White) else cell.down if down else cell.right


def _runs(cells: Sequence[Sequence[KCell]]) -> list[tuple[list[Cell], Cell | None, bool]]:
    """(cells of the run, the cell before it or None at the edge, down?) for every run."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    out: list[tuple[list[Cell], Cell | None, bool]] = []
    for r in range(rows):
        for c in range(cols):
            if not _white(cells[r][c]):
                continue
            if c == 0 or not _white(cells[r][c - 1]):
                run = [(r, k) for k in range(c, cols) if all(_white(cells[r][j]) for j in range(c, k + 1))]
                out.append((run, (r, c - 1) if c else None, False))
            if r == 0 or not _white(cells[r - 1][c]):
                run = [(k, c) for k in range(r, rows) if all(_white(cells[j][c]) for j in range(r, k + 1))]
                out.append((run, (r - 1, c) if r else None, True))
    return out


def sum_range(n: int) -> tuple[int, int]:
    """The least and the most ``n`` different digits 1-9 add up to (none when n > 9: low above high)."""
    return n * (n + 1) // 2, sum(range(10 - n, 10))


def runless(cells: Sequence[Sequence[KCell]]) -> Iterator[tuple[Cell, str, int]]:
    """Every clue part with no white run after it: its cell, ``down`` or ``right``, its sum (row by row)."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    for r in range(rows):
        for c in range(cols):
            v = cells[r][c]
            if isinstance(v, White):
                continue
            if v.down is not None and (r + 1 >= rows or not _white(cells[r + 1][c])):
                yield (r, c), "down", v.down
            if v.right is not None and (c + 1 >= cols or not _white(cells[r][c + 1])):
                yield (r, c), "right", v.right


def impossible_sums(cells: Sequence[Sequence[KCell]]) -> frozenset[Cell]:
    """The clue cells no Kakuro can hold whatever its other clues: a sum with no run after it, or
    one its run's length cannot make (what :func:`validate_grid` refuses of a clue; the picture
    reader asks these, :meth:`solvers.genre.Genre.impossible_clues`)."""
    out = {cell for cell, _, _ in runless(cells)}
    for run, before, down in _runs(cells):
        total = _part(cells[before[0]][before[1]], down) if before is not None else None
        low, high = sum_range(len(run))
        if before is not None and total is not None and not low <= total <= high:
            out.add(before)
    return frozenset(out)


def validate_grid(cells: Sequence[Sequence[KCell]]) -> None:
    """Raise InvalidPuzzle for a clue without a run, a run too long, or a sum its length cannot make."""
    if not any(_white(v) for row in cells for v in row):
        raise InvalidPuzzle("kakuro-no-white")
    for (r, c), part, given in runless(cells):  # (the first one found)
        raise InvalidPuzzle("kakuro-clue-no-run", cells=((r, c),), cell=(r, c), part=part, total=given)
    for run, before, down in _runs(cells):
        n = len(run)
        if n > 9:
            raise InvalidPuzzle("kakuro-run-too-long", cells=tuple(run), cell=run[0], length=n)
        total = _part(cells[before[0]][before[1]], down) if before is not None else None
        if total is not None:
            low, high = sum_range(n)
            if not low <= total <= high:
                raise InvalidPuzzle("kakuro-impossible-sum", cells=(before, *run) if before else tuple(run),
                                    cell=before, total=total, length=n, low=low, high=high)


def check_numbers(cells: Sequence[Sequence[KCell]], numbers: Sequence[Sequence[int]]) -> list[Violation]:
    """Every rule the answer breaks (empty: correct). ``numbers``: 0 where no digit. Never raises."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    if len(numbers) != rows or any(len(row) != cols for row in numbers):
        return [Violation("kakuro-answer-size", params={"rows": rows, "cols": cols})]
    broken: list[Violation] = []
    blank = [(r, c) for r in range(rows) for c in range(cols) if _white(cells[r][c]) and not 1 <= numbers[r][c] <= 9]
    if blank:
        broken.append(Violation("kakuro-blank", cells=tuple(blank), params={"cell": blank[0], "count": len(blank)}))
    stray = [(r, c) for r in range(rows) for c in range(cols) if not _white(cells[r][c]) and numbers[r][c]]
    if stray:
        broken.append(Violation("kakuro-digit-on-black", cells=tuple(stray), params={"cell": stray[0]}))
    for run, before, down in _runs(cells):
        seen: dict[int, Cell] = {}
        for r, c in run:
            v = numbers[r][c]
            if 1 <= v <= 9:
                if v in seen:
                    broken.append(Violation("kakuro-repeat", cells=(seen[v], (r, c)),
                                            params={"digit": v, "cell": seen[v], "other_cell": (r, c)}))
                seen[v] = (r, c)
        total = _part(cells[before[0]][before[1]], down) if before is not None else None
        if total is not None and not blank:
            got = sum(numbers[r][c] for r, c in run)
            if got != total:
                broken.append(Violation("kakuro-sum", cells=(before, *run) if before else tuple(run),
                                        params={"cell": before, "total": total, "got": got,
                                                "direction": "down" if down else "right"}))
    return broken


def validate(puzzle: Puzzle[KCell]) -> None:
    validate_grid(puzzle.cells)


def check(puzzle: Puzzle[KCell], solution: NumberSolution) -> list[Violation]:
    numbers = [[v if isinstance(v, int) else 0 for v in row] for row in solution.numbers]
    return check_numbers(puzzle.cells, numbers)
