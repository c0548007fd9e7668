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

from solvers.answer_grid import line_masks
from solvers.genre import HintStep
from solvers.hinting import line_hints
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution


def parse_answer(puzzle: Puzzle[int], text: str) -> LinkSolution:
    """The player's paths; raises ParseError naming the cell."""
    return LinkSolution.from_masks(line_masks(puzzle, text, endpoints=True))


def hints(puzzle: Puzzle[int], solution: LinkSolution) -> list[HintStep]:
    return line_hints(puzzle, solution.masks, "numberlink-hint")
