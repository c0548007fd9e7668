"""Shikaku picture: dashed grid, clue numbers in white on dark discs, the rectangles as thick
borders over light tints (touching rectangles get different tints)."""

from __future__ import annotations

from collections.abc import Sequence

from solvers.drawing import DISC, GRID, PAPER, Drawing, tint
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import RectSolution


def rect_tints(ids: Sequence[Sequence[int]], count: int, tints: int) -> list[int]:
    """A tint index per rectangle, different from every touching rectangle's where ``tints`` allow."""
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
    chosen: dict[int, int] = {}
    for i in sorted(range(count), key=lambda j: first[j]):  # board order: two solutions colour alike
        taken = {chosen[j] for j in touching[i] if j in chosen}
        chosen[i] = next((t for t in range(tints) if t not in taken), i % tints)
    return [chosen[i] for i in range(count)]


def _on_board(solution: RectSolution, rows: int, cols: int) -> RectSolution:
    """The rectangles clipped to the board (a player's answer may stick out); empty ones dropped."""
    rects = []
    for top, left, h, w in solution.rects:
        t, l_, b, r = max(0, top), max(0, left), min(rows, top + h), min(cols, left + w)
        if b > t and r > l_:
            rects.append((t, l_, b - t, r - l_))
    return RectSolution(tuple(rects), rows, cols)


def draw(d: Drawing, puzzle: Puzzle[int], solution: RectSolution | None) -> None:
    rows, cols = puzzle.rows, puzzle.cols
    ids: list[list[int]] | None = None
    if solution is not None:
        clipped = _on_board(solution, rows, cols)
        ids = clipped.ids()
        tints = rect_tints(ids, len(clipped.rects), d.tint_colours)
        d.backgrounds({(r, c): tint(tints[i]) for r in range(rows) for c in range(cols) if (i := ids[r][c]) >= 0})
    else:
        d.backgrounds()
    d.grid(GRID, dashed=True)
    if ids is not None:
        d.region_borders(ids)
    for r, c, v in puzzle.clues():
        text = "?" if v == UNKNOWN else str(v)
        long = len(text) > 2  # 108, 144: a fuller disc, so the digits stay tall (the canvas narrows them)
        d.circle(r, c, DISC, DISC, radius=0.47 if long else 0.4)
        width = 0.8 if long else 0.66 if len(text) > 1 else 0.5
        d.text(r, c, text, PAPER, width=width, height=0.5 if long else 0.46, background=DISC)
    d.frame()
