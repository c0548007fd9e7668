"""Hitori answers typed in chat, and hints.

An answer is one line per row, ``#`` for a shaded cell and ``.`` for an unshaded one (also ``■``,
``x``, ``B``/``b``, ``1`` for shaded and ``□``, ``o``, ``W``/``w``, ``0``, ``_`` for unshaded)::

    #..
    ..#
    #..

Hints come in the order a solver finds them: first the cells the number patterns settle
(a number between two equal numbers stays unshaded; beside a pair of equal numbers every other
copy in that line is shaded), then the rest row by row.
"""

from __future__ import annotations

from solvers.answer_grid import shading_answer
from solvers.genre import HintStep
from solvers.hitori.deduce import BLACK, Board, pattern_reasons
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset("#■▪●Xx×Bb1黒")
UNSHADED = frozenset(".□・·_oOWw0白")


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    return shading_answer(puzzle, text, "hitori-answer-symbol", SHADED, UNSHADED)


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    board = Board.of(puzzle.cells)
    cols = puzzle.cols
    steps: list[HintStep] = []
    seen: set[tuple[int, int]] = set()
    for i, v, rule, (a, b) in pattern_reasons(board):
        cell = divmod(i, cols)
        if cell in seen or solution.marked(*cell) != (v == BLACK):
            continue
        seen.add(cell)
        params = {"cell": cell, "number": puzzle.cells[a // cols][a % cols], "first_cell": divmod(a, cols),
                  "second_cell": divmod(b, cols)}
        steps.append(HintStep(f"hitori-hint-{rule}", params, (cell,)))
    for r in range(puzzle.rows):
        for c in range(cols):
            if (r, c) not in seen:
                code = "hitori-hint-shaded" if solution.marked(r, c) else "hitori-hint-unshaded"
                steps.append(HintStep(code, {"cell": (r, c)}, ((r, c),)))
    return steps
