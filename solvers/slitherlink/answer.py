"""Slitherlink answers typed in chat, and hints: the loop drawn on the grid of dots.

A board of R x C cells has (R+1) x (C+1) dots; the answer is one line per row of dots, one
symbol per dot: ``─ │ ┌ ┐ └ ┘`` where the loop passes, ``·`` (or ``.``) where it does not.
The 2x2 board ``3 .`` / ``1 .`` whose loop goes round its top two cells is answered::

    ┌─┐
    └─┘
    ···

Rows of FORMATS.md masks (``6 10 12``) are read too (the shared reader, solvers.answer_grid).
"""

from __future__ import annotations

from solvers.answer_grid import MASK_CHAR, line_masks
from solvers.genre import HintStep
from solvers.hinting import DIRECTIONS, shuffled
from solvers.puzzle import Puzzle
from solvers.slitherlink.lattice import DotLoop


def parse_answer(puzzle: Puzzle[int], text: str) -> DotLoop:
    """The player's loop; raises ParseError naming the dot (row/column of the dot grid)."""
    dots = Puzzle(puzzle.genre, tuple((0,) * (puzzle.cols + 1) for _ in range(puzzle.rows + 1)))
    return DotLoop.from_masks(line_masks(dots, text, endpoints=False))


def hints(puzzle: Puzzle[int], solution: DotLoop) -> list[HintStep]:
    """One dot the loop passes per hint: its symbol and directions, in a fixed shuffled order."""
    masks = solution.masks
    dots = [(r, c) for r, row in enumerate(masks) for c, m in enumerate(row) if m]
    return [HintStep("slitherlink-hint", {"dot_cell": (r, c), "symbol": MASK_CHAR.get(masks[r][c], "?"),
                                          "dirs": tuple(w for b, w in DIRECTIONS if masks[r][c] & b)},
                     ((min(r, puzzle.rows - 1), min(c, puzzle.cols - 1)),))
            for r, c in shuffled(puzzle, dots)]
