"""Yin-Yang answers typed in chat: one colour per cell, ``W`` or ``B`` (also ``○``/``●``).

Example (a 3x3 board)::

    WWW
    WBW
    BBB

Accepted for white: ``W w ○ ◯ ⚪ o O 白``; for black: ``B b ● ⚫ x X # 黒``. Every cell needs a
colour. Cells may be separated by spaces (``W B B``).
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution

WHITE_TOKENS = frozenset("Ww○◯⚪oO白")
BLACK_TOKENS = frozenset("Bb●⚫xX#黒")


def parse_answer(puzzle: Puzzle[int], text: str) -> ColorSolution:
    """The player's colouring; raises ParseError naming the cell."""
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        out = []
        for c, tok in enumerate(row):
            if tok in WHITE_TOKENS:
                out.append("W")
            elif tok in BLACK_TOKENS:
                out.append("B")
            elif tok in (".", "·", "?", "_"):
                raise ParseError("yinyang-no-colour", cells=((r, c),), row=r + 1, col=c + 1)
            else:
                raise ParseError("yinyang-not-a-colour", cells=((r, c),), cell=(r, c), token=tok)
        rows.append("".join(out))
    return ColorSolution(tuple(rows))


def hints(puzzle: Puzzle[int], solution: ColorSolution) -> list[HintStep]:
    free = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.cells[r][c] == 0]
    return [HintStep("yinyang-hint-black" if solution.black(r, c) else "yinyang-hint-white", {"cell": (r, c)},
                     ((r, c),)) for r, c in shuffled(puzzle, free)]
