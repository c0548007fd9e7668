"""Numberlink answers typed in chat: the paths as box-drawing characters or mask numbers.

Example (a 3x3 board with clues 1 . 1 / 2 . . / . . 2)::

    1─1
    2─┐
    ··2

One symbol per cell: ``─ │ ┌ ┐ └ ┘``, ``.`` for an empty cell, and the clue's number (or any
letter, ``o``, ``*``) at a path's end: the end's direction is taken from its neighbour's line.
Half lines ``╴ ╵ ╶ ╷`` spell an end explicitly. Numbers of two digits need tokens separated by
spaces (``12 ─ ─ 12``). Mask rows (``2 10 8`` with up=1, right=2, down=4, left=8) work too.
"""

from __future__ import annotations

from solvers.answer_grid import line_masks, masks_to_rows
from solvers.puzzle import Puzzle
from solvers.verdict import Solution


def parse_answer(puzzle: Puzzle, text: str) -> Solution:
    """The player's paths as ``{"links": [mask rows]}``; raises ParseError naming the cell."""
    return {"links": masks_to_rows(line_masks(puzzle, text, endpoints=True))}
