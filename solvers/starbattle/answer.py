"""Star Battle answers typed in chat, and hints in the order the deductions place the stars.

An answer marks the stars, one row per line::

    .*..
    ...*
    *...
    ..*.

A star is ``*`` (also ``☆ ★ o O ● s S``); any other cell is ``.`` (also ``- _ x + ·``). Cells
may be separated by spaces.
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.board import Cell, Regions, regions_and_stars
from solvers.starbattle.deduce import Deductions

STAR_TOKENS = frozenset({"*", "☆", "★", "o", "O", "●", "s", "S"})
EMPTY_TOKENS = frozenset({".", "-", "_", "x", "X", "+", "·", "・", "0"})


def parse_answer(puzzle: Puzzle[int], text: str) -> StarSolution:
    """The player's stars; raises ParseError naming the cell of an unknown symbol."""
    placed: list[Cell] = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        for c, tok in enumerate(row):
            if tok in STAR_TOKENS:
                placed.append((r, c))
            elif tok not in EMPTY_TOKENS:
                raise ParseError("starbattle-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
    return StarSolution.from_cells(puzzle.rows, puzzle.cols, placed)


def hints(puzzle: Puzzle[int], solution: StarSolution) -> list[HintStep]:
    return hint_order(*regions_and_stars(puzzle), solution)


def hint_order(regions: Regions, stars: int, solution: StarSolution) -> list[HintStep]:
    """Every star of ``solution``: first those the deductions (:mod:`solvers.starbattle.deduce`)
    force from the stars shown so far (``starbattle-hint-forced``), and when none is forced the
    star of the row with the fewest open cells (``starbattle-hint-reveal``), until all are shown."""
    board = Deductions(regions, stars)
    cols = len(regions[0])
    answer = set(solution.cells())
    shown = 0
    order: list[HintStep] = []
    while len(order) < len(answer):
        state = board.propagate(shown, 0)
        forced = [(i // cols, i % cols) for i in range(len(regions) * cols)
                  if state is not None and state[0] >> i & 1 and not shown >> i & 1]
        forced = [cell for cell in forced if cell in answer]
        if forced:
            cell, code = forced[0], "starbattle-hint-forced"
        else:
            banned = state[1] if state is not None else 0
            cell = min((cell for cell in answer if not shown >> (cell[0] * cols + cell[1]) & 1),
                       key=lambda rc: ((board.rows_mask[rc[0]] & ~(shown | banned)).bit_count(), rc))
            code = "starbattle-hint-reveal"
        order.append(HintStep(code, {"cell": cell}, (cell,)))
        shown |= 1 << (cell[0] * cols + cell[1])
    return order
