"""Tolerant readers of FORMATS.md solution shapes, for drawing.

A picture may show a player's wrong answer, so nothing here assumes the solution passed the
checker: odd tokens read as empty, short rows are padded, rectangles are clipped to the board.
"""

from __future__ import annotations

from typing import Any

from rendering.geometry import DIRECTIONS, OPPOSITE, Cell

Grid = list[list[int]]


def _tokens(row: Any) -> list[Any]:
    if isinstance(row, str):
        return row.split()
    if isinstance(row, (list, tuple)):
        return list(row)
    return []


def _int(tok: Any) -> int:
    try:
        v = int(tok)
    except (TypeError, ValueError):
        return 0
    return v if 0 <= v <= 15 else 0


def mask_grid(solution: Any, key: str, rows: int, cols: int) -> Grid:
    """The ``loop``/``links`` mask grid as rows x cols ints (0 where unreadable)."""
    raw = solution.get(key) if isinstance(solution, dict) else None
    lines = raw if isinstance(raw, (list, tuple)) else []
    grid = [[0] * cols for _ in range(rows)]
    for r, line in enumerate(lines[:rows]):
        for c, tok in enumerate(_tokens(line)[:cols]):
            grid[r][c] = _int(tok)
    return grid


def linked(masks: Grid, a: Cell, b: Cell) -> bool:
    """True when both cells point at each other (a real link)."""
    (ra, ca), (rb, cb) = a, b
    for side, (dr, dc) in DIRECTIONS.items():
        if (ra + dr, ca + dc) == (rb, cb):
            return bool(masks[ra][ca] & side) and bool(masks[rb][cb] & OPPOSITE[side])
    return False


def color_grid(solution: Any, rows: int, cols: int) -> list[list[str | None]]:
    """Yin-Yang ``colors`` as rows x cols of 'W', 'B' or None (unreadable/missing)."""
    raw = solution.get("colors") if isinstance(solution, dict) else None
    lines = raw if isinstance(raw, (list, tuple)) else []
    grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    for r, line in enumerate(lines[:rows]):
        letters = "".join(line.split()) if isinstance(line, str) else "".join(str(x) for x in _tokens(line))
        for c, ch in enumerate(letters[:cols]):
            up = ch.upper()
            grid[r][c] = up if up in ("W", "B") else None
    return grid


def rect_list(solution: Any, rows: int, cols: int) -> list[tuple[int, int, int, int]]:
    """Shikaku ``rects`` as (top, left, height, width), clipped to the board; unreadable ones dropped."""
    raw = solution.get("rects") if isinstance(solution, dict) else None
    out: list[tuple[int, int, int, int]] = []
    for item in raw if isinstance(raw, (list, tuple)) else []:
        try:
            top, left, h, w = (int(v) for v in item)
        except (TypeError, ValueError):
            continue
        t, l_ = max(0, top), max(0, left)
        b, r = min(rows, top + h), min(cols, left + w)
        if b > t and r > l_:
            out.append((t, l_, b - t, r - l_))
    return out


def rect_ids(rects: list[tuple[int, int, int, int]], rows: int, cols: int) -> list[list[int]]:
    """Which rectangle (index) covers each cell; -1 where none. Overlaps: the later one wins."""
    ids = [[-1] * cols for _ in range(rows)]
    for i, (top, left, h, w) in enumerate(rects):
        for r in range(top, top + h):
            for c in range(left, left + w):
                ids[r][c] = i
    return ids


def cell_signature(genre_key: str, solution: Any, rows: int, cols: int) -> list[list[Any]]:
    """A per-cell value that differs exactly where two solutions differ in that cell."""
    if genre_key in ("loop", "links"):
        return mask_grid(solution, genre_key, rows, cols)  # type: ignore[return-value]
    if genre_key == "colors":
        return color_grid(solution, rows, cols)  # type: ignore[return-value]
    if genre_key == "rects":
        rects = rect_list(solution, rows, cols)
        ids = rect_ids(rects, rows, cols)
        return [[rects[i] if i >= 0 else None for i in row] for row in ids]
    return [[None] * cols for _ in range(rows)]


def differing_cells(genre_key: str, a: Any, b: Any, rows: int, cols: int) -> list[Cell]:
    """Cells where solutions ``a`` and ``b`` differ, row by row."""
    sa, sb = cell_signature(genre_key, a, rows, cols), cell_signature(genre_key, b, rows, cols)
    return [(r, c) for r in range(rows) for c in range(cols) if sa[r][c] != sb[r][c]]
