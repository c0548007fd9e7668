"""A Star Battle board as the solver, checker and generator see it: regions and a star count.

The puzzle is only its regions (``regions[r][c]``: a positive region number) and ``stars``, the
number of stars every row, column and region holds. Answers are rows of ``*`` (a star) and
``.``, as FORMATS.md ``solution.stars``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

Cell = tuple[int, int]
Regions = tuple[tuple[int, ...], ...]
STAR = "*"
NO_STAR = "."


def default_stars(size: int) -> int:
    """The star count a board of ``size`` rows usually has when none is given: 1 up to 8x8,
    2 up to 13x13, 3 up to 18x18, then 4 (published boards: 10x10 with 2, 14x14 with 3)."""
    if size <= 8:
        return 1
    if size <= 13:
        return 2
    if size <= 18:
        return 3
    return 4


def regions_of(lines: list[str] | tuple[str, ...]) -> Regions:
    """FORMATS.md ``regions`` rows (space-separated region numbers) as a grid of ints."""
    return tuple(tuple(int(t) for t in line.split()) for line in lines)


def cells_by_region(regions: Regions) -> dict[int, list[Cell]]:
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(regions):
        for c, k in enumerate(row):
            out.setdefault(k, []).append((r, c))
    return out


def renumber(regions: Regions | list[list[int]]) -> Regions:
    """Region numbers 1, 2, ... in the order their first cell appears (row by row)."""
    seen: dict[int, int] = {}
    for row in regions:
        for k in row:
            seen.setdefault(k, len(seen) + 1)
    return tuple(tuple(seen[k] for k in row) for row in regions)


@dataclass(frozen=True)
class StarSolution:
    """Where the stars stand (FORMATS.md ``stars``): one string per row, '*' star, '.' none.

    Phase A stand-in for the shared ``ShadeSolution`` subclass keyed ``stars``.
    """

    marks: tuple[str, ...]
    key: ClassVar[str] = "stars"

    @classmethod
    def of(cls, rows: int, cols: int, stars: set[Cell] | frozenset[Cell]) -> StarSolution:
        return cls(tuple("".join(STAR if (r, c) in stars else NO_STAR for c in range(cols)) for r in range(rows)))

    def cells(self) -> set[Cell]:
        return {(r, c) for r, row in enumerate(self.marks) for c, ch in enumerate(row) if ch == STAR}

    def to_json(self) -> dict[str, Any]:
        return {self.key: list(self.marks)}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.marks]
