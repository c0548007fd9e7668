"""Akari answers typed in chat, and hints in the order a solver finds the lights.

An answer is the board with the lights marked, one row per line::

    *.#
    1.*
    .*2

A light is ``*`` (also ``o O L l ● 💡 ○``); any other cell is ``.`` (also ``- _ x + ·``). Black
cells may be copied from the board (``#`` or their number) or written like an empty cell.
Cells may be separated by spaces.
"""

from __future__ import annotations

from solvers.akari.board import Grid, Layout
from solvers.akari.model import constraints
from solvers.akari.notation import Given
from solvers.answer_grid import answer_cells
from solvers.cardinality import Conflict
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.puzzle import Puzzle
from solvers.solution import LightSolution

LIGHT_TOKENS = frozenset({"*", "o", "O", "L", "l", "●", "💡", "○", "◯", "☆", "★"})
EMPTY_TOKENS = frozenset({".", "-", "_", "x", "X", "+", "·", "・", "#", "0", "1", "2", "3", "4", "■", "□"})

Cell = tuple[int, int]


def parse_answer(puzzle: Puzzle[Given], text: str) -> LightSolution:
    """The player's lights; raises ParseError naming the cell of an unknown symbol."""
    lights: list[Cell] = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        for c, tok in enumerate(row):
            if tok in LIGHT_TOKENS:
                lights.append((r, c))
            elif tok not in EMPTY_TOKENS:
                raise ParseError("akari-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
    return LightSolution.from_cells(puzzle.rows, puzzle.cols, lights)


def hints(puzzle: Puzzle[Given], solution: LightSolution) -> list[HintStep]:
    """Every light of ``solution`` in the order the deductions place it (see :func:`hint_order`)."""
    return hint_order(puzzle.cells, solution)


def hint_order(grid: Grid, solution: LightSolution) -> list[HintStep]:
    """``akari-hint-forced``: the light follows from the numbers and cells with a single candidate;
    ``akari-hint-trial``: it follows once a light (or none) at ``trial_cell`` is seen to break a
    rule; ``akari-hint-reveal``: the deductions alone do not place it."""
    layout = Layout(grid)
    lights = set(solution.cells())
    order: list[HintStep] = []
    placed: set[Cell] = set()
    try:
        card = constraints(layout)
        card.probe()
    except Conflict:
        card = None
    if card is not None:
        fixes = card.fixes
        k = 0
        trial: Cell | None = None
        for pos, v in enumerate(card.trail):
            while k < len(fixes) and fixes[k][0] <= pos:
                fv = fixes[k][1]
                trial = layout.white[fv] if fv < len(layout.white) else None
                k += 1
            if v >= len(layout.white) or card.value[v] != 1 or layout.white[v] not in lights:
                continue
            cell = layout.white[v]
            if trial is None:
                order.append(HintStep("akari-hint-forced", {"cell": cell}, (cell,)))
            else:
                order.append(HintStep("akari-hint-trial", {"cell": cell, "trial_cell": trial}, (cell,)))
            placed.add(cell)
    for cell in sorted(lights - placed):
        order.append(HintStep("akari-hint-reveal", {"cell": cell}, (cell,)))
    return order
