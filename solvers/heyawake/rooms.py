"""A Heyawake board as plain data: the rooms, each room's number, and the runs the border rule watches.

``numbers[r][c]``: a room's number where it is written (None elsewhere); ``regions[r][c]``: any
id per room (FORMATS.md ``regions``). :class:`Rooms` renumbers the rooms 0.. in the order their
first cell comes (row by row), which is puzz.link's order too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from solvers.puzzle import Puzzle

Cell = tuple[int, int]
Numbers = Sequence[Sequence[int | None]]
Regions = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Rooms:
    """Rooms of a rows x cols board: ``of[i]`` the room of flat cell i, ``cells[k]`` room k's
    cells (flat, row-major), ``number[k]`` its number or None."""

    rows: int
    cols: int
    of: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    number: tuple[int | None, ...]
    windows: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "windows", tuple(_windows(self)))

    @classmethod
    def of_board(cls, numbers: Numbers, regions: Regions) -> Rooms:
        rows, cols = len(regions), len(regions[0])
        ids: dict[int, int] = {}
        of = []
        for line in regions:
            for rid in line:
                of.append(ids.setdefault(rid, len(ids)))
        cells: list[list[int]] = [[] for _ in ids]
        for i, k in enumerate(of):
            cells[k].append(i)
        number: list[int | None] = [None] * len(ids)
        for r, given in enumerate(numbers):
            for c, value in enumerate(given):
                if value is not None:
                    number[of[r * cols + c]] = value
        return cls(rows, cols, tuple(of), tuple(tuple(x) for x in cells), tuple(number))

    def cell(self, i: int) -> Cell:
        return divmod(i, self.cols)

    def number_cell(self, k: int) -> Cell:
        """Where puzz.link writes room k's number: its leftmost column, then topmost cell."""
        return min((self.cell(i) for i in self.cells[k]), key=lambda rc: (rc[1], rc[0]))


def numbers_of(puzzle: Puzzle[Any]) -> tuple[tuple[int | None, ...], ...]:
    """The puzzle's room numbers where written (cells hold number + 1; 0 and ``?`` are no number)."""
    return tuple(tuple(v - 1 if v > 0 else None for v in row) for row in puzzle.cells)


def regions_of(puzzle: Puzzle[Any]) -> tuple[tuple[int, ...], ...]:
    return puzzle.regions or tuple((1,) * puzzle.cols for _ in range(puzzle.rows))


def puzzle_of(numbers: Numbers, regions: Regions, id: str | None = None) -> Puzzle[int]:
    return Puzzle("heyawake", tuple(tuple(0 if v is None else v + 1 for v in row) for row in numbers),
                  regions=tuple(tuple(row) for row in regions), id=id)


def _windows(rooms: Rooms) -> list[tuple[int, ...]]:
    """The shortest straight runs crossing two room borders (flat cells): from the cell before one
    border to the cell after the next border in the same row or column. Each needs a shaded cell."""
    out = []
    rows, cols, of = rooms.rows, rooms.cols, rooms.of
    lines = [[r * cols + c for c in range(cols)] for r in range(rows)]
    lines += [[r * cols + c for r in range(rows)] for c in range(cols)]
    for line in lines:
        borders = [j for j in range(1, len(line)) if of[line[j]] != of[line[j - 1]]]
        for b1, b2 in zip(borders, borders[1:], strict=False):
            out.append(tuple(line[b1 - 1 : b2 + 1]))
    return out


def connected(rows: int, cols: int, cells: Sequence[int]) -> bool:
    """Whether the flat cells form one orthogonally connected area."""
    todo = set(cells)
    if not todo:
        return True
    stack = [todo.pop()]
    while stack:
        i = stack.pop()
        r, c = divmod(i, cols)
        for j in (i - cols if r else -1, i + cols if r + 1 < rows else -1, i - 1 if c else -1,
                  i + 1 if c + 1 < cols else -1):
            if j in todo:
                todo.remove(j)
                stack.append(j)
    return not todo
