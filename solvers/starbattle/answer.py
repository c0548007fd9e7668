"""Star Battle answers typed in chat, and hints in the order the deductions place the stars.

An answer marks the stars, one row per line::

    .*..
    ...*
    *...
    ..*.

A star is ``*`` (also ``☆ ★ o O ●``); any other cell is ``.`` (also ``- _ x + ·``). Cells may
be separated by spaces.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.akari.answer import answer_tokens
from solvers.errors import ParseError
from solvers.starbattle.board import Cell, Regions, StarSolution
from solvers.starbattle.search import StarBoard

STAR_TOKENS = frozenset({"*", "☆", "★", "o", "O", "●", "s", "S"})
EMPTY_TOKENS = frozenset({".", "-", "_", "x", "X", "+", "·", "・", "0"})


def parse_stars(regions: Regions, text: str) -> StarSolution:
    """The player's stars; raises ParseError naming the cell of an unknown symbol."""
    rows, cols = len(regions), len(regions[0])
    placed: set[Cell] = set()
    for r, row in enumerate(answer_tokens(rows, cols, text)):
        for c, tok in enumerate(row):
            if tok in STAR_TOKENS:
                placed.add((r, c))
            elif tok not in EMPTY_TOKENS:
                raise ParseError("starbattle-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
    return StarSolution.of(rows, cols, placed)


@dataclass(frozen=True)
class Hint:
    """One star to reveal and why (a message code and its facts)."""

    code: str
    params: dict[str, object]
    cell: Cell


def hint_order(regions: Regions, stars: int, solution: StarSolution) -> list[Hint]:
    """Every star of ``solution``: first those the line rules force from the stars shown so far
    (``starbattle-hint-forced``), and when none is forced the one star of the line with the
    fewest open cells (``starbattle-hint-reveal``), until all are shown."""
    board = StarBoard(regions, stars)
    cols = len(regions[0])
    answer = solution.cells()
    shown = 0
    order: list[Hint] = []
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
                       key=lambda rc: (_open_in_row(board, rc, shown, banned), rc))
            code = "starbattle-hint-reveal"
        order.append(Hint(code, {"cell": cell}, cell))
        shown |= 1 << (cell[0] * cols + cell[1])
    return order


def _open_in_row(board: StarBoard, cell: Cell, shown: int, banned: int) -> int:
    return (board.rows_mask[cell[0]] & ~(shown | banned)).bit_count()
