"""Shared helpers of the rendering tests: own-corpus boards with their solutions, and pixel reading."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PIL import Image

from rendering import Picture
from rendering.geometry import DIRECTIONS, DOWN, OPPOSITE, RIGHT, Layout
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.solution import ColorSolution, LinkSolution, LoopSolution, RectSolution, Solution
from tests import corpus as shared
from tests.synthetic import BOARDS, board

SYNTHETIC = tuple(BOARDS)  # the genres tests/synthetic.py can make boards of


def corpus(genre: str, limit: int = 6) -> list[tuple[Puzzle[Any], Any]]:
    """A spread of own-corpus records (small to large) with their typed solutions; synthetic boards
    of a few sizes for a genre that has no own corpus file."""
    if genre not in shared.own_genres():
        return [board(genre, r, c) for r, c in ((5, 5), (8, 10), (12, 9))][:limit]
    recs = sorted(shared.solved(genre), key=lambda r: r["rows"] * r["cols"])
    step = max(1, len(recs) // limit)
    out = []
    for rec in recs[::step][:limit]:
        puzzle = Puzzle.from_record(rec)
        out.append((puzzle, get_genre(puzzle.genre).solution_from_json(rec["solution"], puzzle)))
    return out


def rgb(picture: Picture) -> Image.Image:
    return picture.image.convert("RGB")


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(xy)  # type: ignore[return-value]


def colours(img: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _n, c in img.getcolors(1 << 22) or ()}


def pairs(rows: int, cols: int) -> Iterator[tuple[tuple[int, int], tuple[int, int], int]]:
    """Every pair of orthogonally adjacent cells, with the side of the first facing the second."""
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                yield (r, c), (r, c + 1), RIGHT
            if r + 1 < rows:
                yield (r, c), (r + 1, c), DOWN


def linked(masks: tuple[tuple[int, ...], ...], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when both cells (or points) point at each other (a real link)."""
    (ra, ca), (rb, cb) = a, b
    for side, (dr, dc) in DIRECTIONS.items():
        if (ra + dr, ca + dc) == (rb, cb):
            return bool(masks[ra][ca] & side) and bool(masks[rb][cb] & OPPOSITE[side])
    return False


def brightness(color: tuple[int, int, int]) -> int:
    return sum(color)


def inside_corner(lay: Layout, r: int, c: int) -> tuple[int, int]:
    """A background pixel of a cell (clear of circles, lines and grid)."""
    left, top, _right, _bottom = lay.cell_box(r, c)
    return left + max(3, lay.cell // 8), top + max(3, lay.cell // 8)


def other_solution(genre: str, puzzle: Puzzle[Any], solution: Any) -> Solution:
    """A second solution that differs from ``solution`` in some cells."""
    empty = tuple((0,) * puzzle.cols for _ in range(puzzle.rows))
    if genre == "yinyang":
        flip = {"B": "W", "W": "B"}
        return ColorSolution(tuple(row[:-1] + flip[row[-1]] for row in solution.colors))
    if genre == "shikaku":
        return RectSolution(solution.rects[1:], puzzle.rows, puzzle.cols)
    return LinkSolution(empty) if genre == "numberlink" else LoopSolution(empty)
