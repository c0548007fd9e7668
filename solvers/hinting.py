"""Shared hint steps: the same shuffled order for everyone, one revealed cell or region per hint."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

from solvers.genre import HintStep
from solvers.puzzle import Puzzle

T = TypeVar("T")
DIRECTIONS = ((1, "up"), (2, "right"), (4, "down"), (8, "left"))


def shuffled(puzzle: Puzzle[Any], items: list[T]) -> list[T]:
    """``items`` in an order fixed by the puzzle itself (the same hints for every player)."""
    random.Random(puzzle.key()).shuffle(items)
    return items


def line_hints(puzzle: Puzzle[Any], masks: Sequence[Sequence[int]], code: str) -> list[HintStep]:
    """One hint per cell a line passes: the cell, its box-drawing symbol and the directions."""
    from solvers.answer_grid import MASK_CHAR

    cells = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if masks[r][c]]
    return [HintStep(code, {"cell": (r, c), "symbol": MASK_CHAR.get(masks[r][c], "?"),
                            "dirs": tuple(w for b, w in DIRECTIONS if masks[r][c] & b)}, ((r, c),))
            for r, c in shuffled(puzzle, cells)]
