"""Fillomino answers typed in chat: one number per cell.

Example (a 2x3 board)::

    333
    122

Rows of digits when every number is below 10; otherwise numbers separated by spaces
(``10 10 3``). Every cell needs a number.
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.fillomino.check import areas
from solvers.genre import HintStep
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution


def parse_answer(puzzle: Puzzle[int], text: str) -> NumberSolution:
    """The player's numbers; raises ParseError naming the cell."""
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        out = []
        for c, tok in enumerate(row):
            if not (tok.isascii() and tok.isdigit()) or int(tok) < 1 or len(tok) > 6:
                raise ParseError("fillomino-answer-token", cells=((r, c),), cell=(r, c), token=tok)
            out.append(int(tok))
        rows.append(tuple(out))
    return NumberSolution(tuple(rows))


def hints(puzzle: Puzzle[int], solution: NumberSolution) -> list[HintStep]:
    """One whole area per hint: its cells and number."""
    numbers = [[v or 0 for v in row] for row in solution.numbers]
    out = []
    for area in shuffled(puzzle, areas(numbers)):
        if all(puzzle.cells[r][c] for r, c in area):
            continue  # nothing to reveal: every cell is given
        r, c = area[0]
        out.append(HintStep("fillomino-hint", {"cell": (r, c), "number": numbers[r][c]}, tuple(area)))
    return out
