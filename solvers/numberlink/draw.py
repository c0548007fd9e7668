"""Numberlink picture: light grid, each path in its own colour, clue numbers on white squares."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from solvers.drawing import GRID, INK, PAPER, STRAY, Drawing, Paint, path
from solvers.gridgraph import DIRECTIONS
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _neighbours(r: int, c: int, rows: int, cols: int) -> Iterator[tuple[int, int, int]]:
    """(side, row, col) of each on-board orthogonal neighbour."""
    for side, dr, dc in DIRECTIONS:
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            yield side, rr, cc


def _grid(masks: Sequence[Sequence[int]], rows: int, cols: int) -> list[list[int]]:
    """The masks as exactly rows x cols (missing entries 0)."""
    return [[masks[r][c] if r < len(masks) and c < len(masks[r]) else 0 for c in range(cols)] for r in range(rows)]


def path_paints(puzzle: Puzzle[int], masks: Sequence[Sequence[int]], colours: int) -> list[list[Paint]]:
    """The paint of every cell's path: from the number it joins, touching paths kept apart.

    Cells are grouped by their links (a one-sided bit counts, so a wrong answer still gets
    colours). A group holding clue n prefers path colour (n - 1) % ``colours``; when a touching
    group already has that colour the next free one is taken. Groups with no clue are STRAY.
    """
    rows, cols = puzzle.rows, puzzle.cols
    parent = list(range(rows * cols))
    for r in range(rows):
        for c in range(cols):
            for side, rr, cc in _neighbours(r, c, rows, cols):
                if masks[r][c] & side:
                    a, b = _find(parent, r * cols + c), _find(parent, rr * cols + cc)
                    if a != b:
                        parent[a] = b
    number: dict[int, int] = {}
    for r, c, v in puzzle.clues():
        root = _find(parent, r * cols + c)
        key = v if v > 0 else 10_000 + r * cols + c  # "?" clues: a colour of their own
        number[root] = min(number.get(root, key), key)
    touching: dict[int, set[int]] = {root: set() for root in number}
    for r in range(rows):
        for c in range(cols):
            a = _find(parent, r * cols + c)
            if a not in number or not masks[r][c] and puzzle.cells[r][c] == 0:
                continue
            for _side, rr, cc in _neighbours(r, c, rows, cols):
                b = _find(parent, rr * cols + cc)
                if b != a and b in number and (masks[rr][cc] or puzzle.cells[rr][cc]):
                    touching[a].add(b)
    chosen: dict[int, int] = {}
    for root in sorted(number, key=lambda g: number[g]):
        taken = {chosen[b] for b in touching[root] if b in chosen}
        start = (number[root] - 1) % colours
        chosen[root] = next(((start + i) % colours for i in range(colours) if (start + i) % colours not in taken),
                            start)
    out = [[STRAY] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            root = _find(parent, r * cols + c)
            if root in chosen:
                out[r][c] = path(chosen[root])
    return out


def draw(d: Drawing, puzzle: Puzzle[int], solution: LinkSolution | None) -> None:
    d.backgrounds()
    d.grid(GRID)
    paints: list[list[Paint]] | None = None
    masks: list[list[int]] | None = None
    if solution is not None:
        masks = _grid(solution.masks, puzzle.rows, puzzle.cols)
        paints = path_paints(puzzle, masks, d.path_colours)
        of = paints
        d.links(masks, lambda r, c: of[r][c])
    for r, c, v in puzzle.clues():
        outline = paints[r][c] if masks is not None and paints is not None and masks[r][c] != 0 else None
        text = "?" if v == UNKNOWN else str(v)
        wide, long = len(text) > 1, len(text) > 2  # 100+: nearly the whole cell (the canvas narrows the digits)
        if d.highlighted(r, c) or outline is not None:
            d.square(r, c, PAPER, size=0.9 if long else 0.84 if wide else 0.72, outline=outline)
        under = PAPER if outline is not None else None
        d.text(r, c, text, INK, width=0.86 if long else 0.78 if wide else 0.6, height=0.6, background=under)
    d.frame()
