"""Numberlink picture: light grid, each path in its own colour, clue numbers on white squares."""

from __future__ import annotations

from typing import Any

from rendering import palette as pal
from rendering.canvas import Canvas, neighbours
from rendering.shapes import mask_grid
from solvers.puzzle import UNKNOWN, Puzzle


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def path_colors(puzzle: Puzzle, masks: list[list[int]]) -> list[list[pal.RGB]]:
    """The colour of every cell's path: from the number it joins, touching paths kept apart.

    Cells are grouped by their links (a one-sided bit counts, so a wrong answer still gets
    colours). A group holding clue n prefers PATH_COLORS[(n - 1) % len]; when a touching group
    already has that colour the next free one is taken. Groups with no clue are grey.
    """
    rows, cols = puzzle.rows, puzzle.cols
    parent = list(range(rows * cols))
    for r in range(rows):
        for c in range(cols):
            for side, rr, cc in neighbours(r, c, rows, cols):
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
            for _side, rr, cc in neighbours(r, c, rows, cols):
                b = _find(parent, rr * cols + cc)
                if b != a and b in number and (masks[rr][cc] or puzzle.cells[rr][cc]):
                    touching[a].add(b)
    k = len(pal.PATH_COLORS)
    chosen: dict[int, int] = {}
    for root in sorted(number, key=lambda g: number[g]):
        taken = {chosen[b] for b in touching[root] if b in chosen}
        start = (number[root] - 1) % k
        idx = next(((start + i) % k for i in range(k) if (start + i) % k not in taken), start)
        chosen[root] = idx
    out = [[pal.STRAY] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            root = _find(parent, r * cols + c)
            if root in chosen:
                out[r][c] = pal.PATH_COLORS[chosen[root]]
    return out


def draw(canvas: Canvas, puzzle: Puzzle, solution: Any = None) -> None:
    canvas.backgrounds()
    canvas.grid(pal.GRID)
    colors: list[list[pal.RGB]] | None = None
    masks: list[list[int]] | None = None
    if solution is not None:
        masks = mask_grid(solution, "links", puzzle.rows, puzzle.cols)
        colors = path_colors(puzzle, masks)
        canvas.links(masks, lambda r, c: colors[r][c])
    for r, c, v in puzzle.clues():
        joined = masks is not None and colors is not None and masks[r][c] != 0
        outline = colors[r][c] if joined and colors is not None else None
        text = "?" if v == UNKNOWN else str(v)
        wide = len(text) > 1
        if (r, c) in canvas.highlights or outline is not None:
            canvas.square(r, c, pal.WHITE, size=0.84 if wide else 0.72, outline=outline)
        bg = pal.WHITE if outline is not None else None
        canvas.text(r, c, text, pal.INK, width=0.78 if wide else 0.6, height=0.6, background=bg)
