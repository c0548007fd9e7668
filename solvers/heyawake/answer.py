"""Heyawake answers typed in chat, and hints that follow the deductions.

One line per row, one symbol per cell: ``#`` (or ``■``, ``x``) a shaded cell, ``.`` (or ``o``,
``・``, a number) an unshaded one; rows may be written without spaces. Hints reveal cells in the
order the deductions decide them, each naming the rule (a neighbour of a shaded cell, a room's
count, a run across two borders, a shading that would wall off white cells, a failed guess).
"""

from __future__ import annotations

from solvers.answer_grid import shading_answer
from solvers.genre import HintStep
from solvers.heyawake.deduce import Contradiction, deduce
from solvers.heyawake.rooms import Rooms, numbers_of, regions_of
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset({"#", "■", "█", "x", "X", "⬛"})
UNSHADED = frozenset({".", "o", "O", "・", "·", "_", "-", "○", "□"})


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    return shading_answer(puzzle, text, "heyawake-answer-symbol", SHADED, UNSHADED, digits_unshaded=True)


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    """Cells in the order deduction decides them (rule named), then the rest of the shading."""
    steps: list[HintStep] = []
    seen: set[tuple[int, int]] = set()
    try:
        found = deduce(Rooms.of_board(numbers_of(puzzle), regions_of(puzzle))).steps
    except Contradiction:
        found = []
    for step in found:
        if step.cell in seen or step.shaded != solution.marked(*step.cell):
            continue
        seen.add(step.cell)
        state = "shaded" if step.shaded else "white"
        steps.append(HintStep(f"heyawake-hint-{step.rule}-{state}", {"cell": step.cell}, (step.cell,)))
    rest = [cell for cell in solution.cells() if cell not in seen]
    return steps + [HintStep("heyawake-hint-shaded", {"cell": cell}, (cell,)) for cell in shuffled(puzzle, rest)]
