"""Nurikabe answers typed in chat (one character per cell, ``#`` shaded, ``.`` unshaded), and hints.

Example (a 3x3 board)::

    ..#
    ###
    .#.

Also accepted for shaded: ``x X ■ ● B b 黒``; for unshaded: ``o O _ - □ W w 白`` and the numbers
themselves (a clue cell may be written as its number). Cells may be separated by spaces.

Hints reveal cells in the order the deductions (:mod:`solvers.nurikabe.deduce`) decide them, each
with its rule in words (touching two islands, beside a finished island, out of every island's
reach, needed to join the shaded cells, a 2x2 block, ...), then the rest without a reason.
"""

from __future__ import annotations

from functools import lru_cache

from solvers.answer_grid import shading_answer
from solvers.connectivity import components
from solvers.genre import HintStep
from solvers.hinting import shuffled
from solvers.nurikabe.board import Contradiction, Step
from solvers.nurikabe.deduce import deduce
from solvers.nurikabe.words import EN
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset("#xX■●Bb黒")
UNSHADED = frozenset(".oO_-□Ww白?")
REASONED = frozenset(code for code in EN if code.startswith(("nurikabe-hint-shaded-", "nurikabe-hint-island-")))


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    return shading_answer(puzzle, text, "nurikabe-answer-token", SHADED, UNSHADED, digits_unshaded=True)


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    """One cell per hint: first the cells the deductions settle, in their order and with their rule
    (why the cell is shaded, or why it is unshaded and which numbered island takes it), then the
    rest of the board in a fixed shuffle, without a reason."""
    rows, cols = puzzle.rows, puzzle.cols
    clue_of = _island_clues(puzzle, solution)
    steps: list[HintStep] = []
    seen: set[tuple[int, int]] = set()
    for step in _deduced(puzzle.cells):
        cell = step.cell
        if cell in seen or step.shaded != solution.marked(*cell) or (not step.shaded and cell not in clue_of):
            continue
        code = f"nurikabe-hint-{'shaded' if step.shaded else 'island'}-{step.rule}"
        if code not in REASONED:  # a rule without words yet: the cell is still revealed below
            continue
        seen.add(cell)
        steps.append(_hint(puzzle, cell, clue_of, code))
    free = [(r, c) for r in range(rows) for c in range(cols) if puzzle.cells[r][c] == 0 and (r, c) not in seen]
    for cell in shuffled(puzzle, free):
        plain = "nurikabe-hint-shaded" if solution.marked(*cell) or cell not in clue_of else "nurikabe-hint-island"
        steps.append(_hint(puzzle, cell, clue_of, plain))
    return steps


@lru_cache(maxsize=16)
def _deduced(cells: tuple[tuple[int, ...], ...]) -> tuple[Step, ...]:
    """The deductions' steps from the bare board, kept for the board's next hint (each hint asks
    for the whole list again). No time limit: a deadline would make the hints depend on the
    machine's load, and every player and replica must get the same ones (hinted boards are daily
    puzzles, 10x10 at most: milliseconds; a 40x57 board in the web player takes about 3 s)."""
    try:
        return tuple(deduce(cells).steps)
    except Contradiction:  # the solution given is the judge; hints then come without reasons
        return ()


def _island_clues(puzzle: Puzzle[int], solution: ShadeSolution) -> dict[tuple[int, int], tuple[int, int]]:
    """The numbered cell of each unshaded cell's island in ``solution``."""
    white = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if not solution.marked(r, c)]
    clue_of: dict[tuple[int, int], tuple[int, int]] = {}
    for island in components(puzzle.rows, puzzle.cols, white):
        clue = next((cell for cell in island if puzzle.cells[cell[0]][cell[1]] != 0), None)
        if clue is not None:
            clue_of.update(dict.fromkeys(island, clue))
    return clue_of


def _hint(puzzle: Puzzle[int], cell: tuple[int, int], clue_of: dict[tuple[int, int], tuple[int, int]],
          code: str) -> HintStep:
    if code.startswith("nurikabe-hint-shaded"):
        return HintStep(code, {"cell": cell}, (cell,))
    clue = clue_of[cell]
    number = puzzle.cells[clue[0]][clue[1]]
    return HintStep(code, {"cell": cell, "clue_cell": clue, "number": "?" if number < 0 else number}, (cell,))
