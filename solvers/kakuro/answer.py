"""Kakuro answers typed in chat, and hints.

An answer is one line per row of the whole grid (clue row and column included), one character per
cell: a digit in every white cell and anything else (``.``, ``#``, ``x``) in the black ones, e.g.
``...`` / ``.21`` / ``.13`` for the 3x3 example; rows may also be space-separated.
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.kakuro.board import board_of
from solvers.kakuro.deduce import Contradiction, propagate, start
from solvers.kakuro.notation import KCell, White
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution

BLANKS = frozenset({".", "_", "-", "0", "·", "?"})


def parse_answer(puzzle: Puzzle[KCell], text: str) -> NumberSolution:
    """The player's digits (None in black cells and blanks); raises ParseError naming the cell."""
    out = []
    for r, row in enumerate(_cells(puzzle, text)):
        vals: list[int | None] = []
        for c, tok in enumerate(row):
            white = isinstance(puzzle.cells[r][c], White)
            if white and len(tok) == 1 and "1" <= tok <= "9":
                vals.append(int(tok))
            elif white and tok not in BLANKS:
                raise ParseError("kakuro-answer-cell", cells=((r, c),), cell=(r, c), token=tok)
            else:
                vals.append(None)
        out.append(tuple(vals))
    return NumberSolution(tuple(out))


def _cells(puzzle: Puzzle[KCell], text: str) -> list[list[str]]:
    """The answer's cell tokens; an answer of the wrong size is told in the size players know the
    board by (its caption, as puzz.link, leaves out the clue row and column the answer includes)."""
    try:
        return answer_cells(puzzle, text)
    except ParseError as e:
        rows, cols = puzzle.rows, puzzle.cols
        if e.code == "answer-row-count":
            raise ParseError("kakuro-answer-rows", got=e.params["got"], named_rows=rows - 1, named_cols=cols - 1,
                             rows=rows) from None
        if e.code == "answer-row-length":
            raise ParseError("kakuro-answer-row-length", cells=e.cells, row=e.params["row"], got=e.params["got"],
                             named_rows=rows - 1, named_cols=cols - 1, cols=cols) from None
        raise


def hints(puzzle: Puzzle[KCell], solution: NumberSolution) -> list[HintStep]:
    """First the cells the run sums settle, in the order the deductions settle them, then the rest
    in reading order."""
    board = board_of(puzzle.cells)
    settled: list[int] = []
    try:
        propagate(board, start(board), trace=settled)
    except Contradiction:
        settled = []
    known = set(settled)
    steps = []
    for i in settled + [i for i in range(len(board.white)) if i not in known]:
        r, c = board.white[i]
        v = solution.numbers[r][c]
        if v is None:
            continue
        code = "kakuro-hint-sets" if i in known else "kakuro-hint-reveal"
        steps.append(HintStep(code, {"cell": (r, c), "digit": v}, ((r, c),)))
    return steps
