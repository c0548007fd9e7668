"""Masyu answers typed in chat: the loop as box-drawing characters or FORMATS.md mask numbers.

Example (a 3x3 board)::

    ┌─┐
    │·│
    └─┘

One symbol per cell: ``─ │ ┌ ┐ └ ┘`` (heavy, double and rounded variants and ASCII ``-``/``|``
too), ``.`` or ``·`` for a cell the loop skips. A pearl may be written as ``o``/``W``/``B``: its
lines are then taken from its neighbours. Mask rows (``6 10 12`` with up=1, right=2, down=4,
left=8) are accepted as well.
"""

from __future__ import annotations

from solvers.answer_grid import line_masks
from solvers.genre import HintStep
from solvers.hinting import line_hints
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution


def parse_answer(puzzle: Puzzle[int], text: str) -> LoopSolution:
    """The player's loop; raises ParseError naming the cell."""
    return LoopSolution.from_masks(line_masks(puzzle, text, endpoints=False))


def hints(puzzle: Puzzle[int], solution: LoopSolution) -> list[HintStep]:
    return line_hints(puzzle, solution.masks, "masyu-hint")
