"""Simple boards of any size with a drawable typed solution, for render tests and the render bench.

They look like real puzzles to the renderer (clues where a solution makes sense, every cell
used) but are not meant to be good or unique puzzles. Boards come in any size, so pictures can
be checked from 1x1 to 60x60 without solving anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solvers.gridgraph import DOWN, LEFT, RIGHT, UP
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution, LinkSolution, LoopSolution, RectSolution, Solution


def serpentine_loop(rows: int, cols: int) -> list[list[int]]:
    """Masks of one closed loop: through every cell when rows or cols is even (else the last row stays empty)."""
    if rows % 2 and cols % 2 == 0:
        swap = {UP: LEFT, LEFT: UP, DOWN: RIGHT, RIGHT: DOWN}
        t = serpentine_loop(cols, rows)
        return [[sum(swap[b] for b in swap if t[c][r] & b) for c in range(cols)] for r in range(rows)]
    m = [[0] * cols for _ in range(rows)]
    h = rows - rows % 2  # loop rows
    if h < 2 or cols < 2:
        return m

    def link(ra: int, ca: int, rb: int, cb: int) -> None:
        if ra == rb:
            m[ra][ca] |= RIGHT
            m[rb][cb] |= LEFT
        else:
            m[ra][ca] |= DOWN
            m[rb][cb] |= UP

    for r in range(h - 1):  # column 0: the way back up
        link(r, 0, r + 1, 0)
    link(0, 0, 0, 1)
    link(h - 1, 0, h - 1, 1)
    for r in range(h):  # the snake over columns 1..cols-1
        for c in range(1, cols - 1):
            link(r, c, r, c + 1)
        if r + 1 < h:
            turn = cols - 1 if r % 2 == 0 else 1
            link(r, turn, r + 1, turn)
    return m


def masyu(rows: int, cols: int) -> tuple[Puzzle[Any], Solution]:
    """A loop through every cell, with black pearls on some corners and white pearls on some straights."""
    m = serpentine_loop(rows, cols)
    cells = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if (r * 7 + c * 3) % 5:
                continue
            straight = m[r][c] in (UP | DOWN, LEFT | RIGHT)
            cells[r][c] = WHITE if straight else BLACK
    return Puzzle("masyu", tuple(map(tuple, cells))), LoopSolution.from_masks(m)


def yinyang(rows: int, cols: int) -> tuple[Puzzle[Any], Solution]:
    """Black top row and comb teeth, white elsewhere; every third cell given."""
    colors = [["W"] * cols for _ in range(rows)]
    for c in range(cols):
        colors[0][c] = "B"
    for r in range(1, rows - 1):
        for c in range(0, cols, 4):
            colors[r][c] = "B"
    cells = tuple(
        tuple((BLACK if colors[r][c] == "B" else WHITE) if (r + 2 * c) % 3 == 0 else 0 for c in range(cols))
        for r in range(rows)
    )
    return Puzzle("yinyang", cells), ColorSolution(tuple("".join(row) for row in colors))


def numberlink(rows: int, cols: int) -> tuple[Puzzle[Any], Solution]:
    """One path per row from the left edge to the right edge, numbered 1, 2, ..."""
    cells = [[0] * cols for _ in range(rows)]
    m = [[0] * cols for _ in range(rows)]
    if cols >= 2:
        for r in range(rows):
            cells[r][0] = cells[r][cols - 1] = r + 1
            for c in range(cols):
                m[r][c] = (RIGHT if c + 1 < cols else 0) | (LEFT if c > 0 else 0)
    return Puzzle("numberlink", tuple(map(tuple, cells)), variants=frozenset({"fill"})), LinkSolution.from_masks(m)


def shikaku(rows: int, cols: int, block: tuple[int, int] = (2, 3)) -> tuple[Puzzle[Any], Solution]:
    """The board cut into blocks (smaller at the edges), each numbered with its area."""
    bh, bw = block
    cells = [[0] * cols for _ in range(rows)]
    rects: list[tuple[int, int, int, int]] = []
    for top in range(0, rows, bh):
        for left in range(0, cols, bw):
            h, w = min(bh, rows - top), min(bw, cols - left)
            rects.append((top, left, h, w))
            cells[top + (h - 1) // 2][left + (w - 1) // 2] = h * w
    return Puzzle("shikaku", tuple(map(tuple, cells))), RectSolution(tuple(rects), rows, cols)


BOARDS: dict[str, Callable[[int, int], tuple[Puzzle[Any], Solution]]] = {
    "masyu": masyu, "yinyang": yinyang, "numberlink": numberlink, "shikaku": shikaku,
}


def board(genre: str, rows: int, cols: int) -> tuple[Puzzle[Any], Solution]:
    """A synthetic (puzzle, typed solution) of one genre and size."""
    return BOARDS[genre](rows, cols)
