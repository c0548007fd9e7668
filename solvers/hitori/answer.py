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

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.hitori.deduce import BLACK, Board, pattern_facts
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset("#■▪●Xx×Bb1黒")
UNSHADED = frozenset(".□・·_oOWw0白")


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        out = []
        for c, tok in enumerate(row):
            if tok in SHADED:
                out.append("#")
            elif tok in UNSHADED:
                out.append(".")
            else:
                raise ParseError("hitori-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
        rows.append("".join(out))
    return ShadeSolution(tuple(rows))


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    board = Board.of(puzzle.cells)
    cols = puzzle.cols
    order: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for i, v in pattern_facts(board):
        cell = divmod(i, cols)
        if cell not in seen and solution.marked(*cell) == (v == BLACK):
            seen.add(cell)
            order.append(cell)
    order += [(r, c) for r in range(puzzle.rows) for c in range(cols) if (r, c) not in seen]
    steps = []
    for r, c in order:
        code = "hitori-hint-shaded" if solution.marked(r, c) else "hitori-hint-unshaded"
        steps.append(HintStep(code, {"cell": (r, c)}, ((r, c),)))
    return steps
