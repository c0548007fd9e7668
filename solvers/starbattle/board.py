"""A Star Battle board as the solver, checker and generator see it: regions and a star count.

The puzzle is only its regions (``regions[r][c]``: a positive region number) and ``stars``, the
number of stars every row, column and region holds. Answers are rows of ``*`` (a star) and
``.``, as FORMATS.md ``solution.stars``.
"""

from __future__ import annotations

from solvers.puzzle import Puzzle

Cell = tuple[int, int]
Regions = tuple[tuple[int, ...], ...]
STAR = "*"


def regions_and_stars(puzzle: Puzzle[int]) -> tuple[Regions, int]:
    """The board's regions (every cell its own region when it has none: the form check refuses
    that) and its star count."""
    regions = puzzle.regions or tuple(tuple(r * puzzle.cols + c + 1 for c in range(puzzle.cols))
                                      for r in range(puzzle.rows))
    return regions, puzzle.param("stars", default_stars(puzzle.rows))


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
