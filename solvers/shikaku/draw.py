"""Shikaku picture: dashed grid, clue numbers in white on dark discs, the rectangles as thick
borders over light tints (touching rectangles get different tints)."""

from __future__ import annotations

from typing import Any

from rendering import palette as pal
from rendering.canvas import Canvas
from rendering.shapes import rect_ids, rect_list
from solvers.puzzle import UNKNOWN, Puzzle


def rect_tints(ids: list[list[int]], count: int) -> list[pal.RGB]:
    """A tint per rectangle, different from every touching rectangle's where the palette allows."""
    rows, cols = len(ids), len(ids[0]) if ids else 0
    touching: list[set[int]] = [set() for _ in range(count)]
    first: list[tuple[int, int]] = [(rows, cols)] * count
    for r in range(rows):
        row, below = ids[r], ids[r + 1] if r + 1 < rows else None
        for c in range(cols):
            a = row[c]
            if a < 0:
                continue
            if first[a] == (rows, cols):
                first[a] = (r, c)
            if c + 1 < cols and (b := row[c + 1]) != a and b >= 0:
                touching[a].add(b)
                touching[b].add(a)
            if below is not None and (b := below[c]) != a and b >= 0:
                touching[a].add(b)
                touching[b].add(a)
    k = len(pal.TINTS)
    chosen: dict[int, int] = {}
    for i in sorted(range(count), key=lambda j: first[j]):  # board order: two solutions colour alike
        taken = {chosen[j] for j in touching[i] if j in chosen}
        chosen[i] = next((t for t in range(k) if t not in taken), i % k)
    return [pal.TINTS[chosen[i]] for i in range(count)]


def draw(canvas: Canvas, puzzle: Puzzle, solution: Any = None) -> None:
    rows, cols = puzzle.rows, puzzle.cols
    ids: list[list[int]] | None = None
    if solution is not None:
        rects = rect_list(solution, rows, cols)
        ids = rect_ids(rects, rows, cols)
        tints = rect_tints(ids, len(rects))
        canvas.backgrounds({(r, c): tints[i] for r in range(rows) for c in range(cols) if (i := ids[r][c]) >= 0})
    else:
        canvas.backgrounds()
    canvas.grid(pal.GRID, dashed=True)
    if ids is not None:
        canvas.region_borders(ids)
    for r, c, v in puzzle.clues():
        canvas.circle(r, c, pal.DISC, pal.DISC, radius=0.4)
        text = "?" if v == UNKNOWN else str(v)
        wide = len(text) > 1
        canvas.text(r, c, text, pal.WHITE, width=0.66 if wide else 0.5, height=0.46, background=pal.DISC)
