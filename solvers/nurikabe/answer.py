"""Nurikabe answers typed in chat: one character per cell, ``#`` shaded, ``.`` unshaded.

Example (a 3x3 board)::

    ..#
    ###
    .#.

Also accepted for shaded: ``x X ■ ● B b 黒``; for unshaded: ``o O _ - □ W w 白`` and the numbers
themselves (a clue cell may be written as its number). Cells may be separated by spaces.
"""

from __future__ import annotations

from solvers.answer_grid import shading_answer
from solvers.connectivity import components
from solvers.genre import HintStep
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset("#xX■●Bb黒")
UNSHADED = frozenset(".oO_-□Ww白?")


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    return shading_answer(puzzle, text, "nurikabe-answer-token", SHADED, UNSHADED, digits_unshaded=True)


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    """One cell per hint: shaded, or which numbered island it belongs to."""
    rows, cols = puzzle.rows, puzzle.cols
    white = [(r, c) for r in range(rows) for c in range(cols) if not solution.marked(r, c)]
    clue_of: dict[tuple[int, int], tuple[int, int]] = {}
    for island in components(rows, cols, white):
        clue = next((cell for cell in island if puzzle.cells[cell[0]][cell[1]] != 0), None)
        for cell in island:
            if clue is not None:
                clue_of[cell] = clue
    out = []
    free = [(r, c) for r in range(rows) for c in range(cols) if puzzle.cells[r][c] == 0]
    for r, c in shuffled(puzzle, free):
        if solution.marked(r, c) or (r, c) not in clue_of:
            out.append(HintStep("nurikabe-hint-shaded", {"cell": (r, c)}, ((r, c),)))
        else:
            clue = clue_of[(r, c)]
            number = puzzle.cells[clue[0]][clue[1]]
            out.append(HintStep("nurikabe-hint-island", {"cell": (r, c), "clue_cell": clue,
                                                         "number": "?" if number < 0 else number}, ((r, c),)))
    return out
