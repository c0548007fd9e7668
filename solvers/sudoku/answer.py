"""Sudoku answers typed in chat, and hints in the order a person finds the digits.

An answer is one line per row: the row's digits (``534678912``), or numbers separated by spaces
(``5 3 4 6 7 8 9 1 2``; needed for 10-16). ``.``, ``0`` or ``_`` leave a cell blank (the checker
then says which cells are missing).
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.sudoku.check import region_grid
from solvers.sudoku.layout import layout
from solvers.sudoku.logic import Technique, deduce

BLANKS = frozenset({".", "0", "_", "-", "·"})
HINT_AFTER = {Technique.INTERSECTIONS: "sudoku-hint-intersections", Technique.SUBSETS: "sudoku-hint-subsets",
              Technique.FISH: "sudoku-hint-fish"}
UNIT_KIND = ("row", "column", "box")


def parse_answer(puzzle: Puzzle[int], text: str) -> NumberSolution:
    """The player's digits; raises ParseError naming the cell."""
    n = puzzle.rows
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        vals: list[int | None] = []
        for c, tok in enumerate(row):
            if tok in BLANKS:
                vals.append(None)
            elif tok.isascii() and tok.isdigit() and 1 <= int(tok) <= n:
                vals.append(int(tok))
            else:
                raise ParseError("sudoku-read-cell", cells=((r, c),), cell=(r, c), token=tok, n=n)
        rows.append(tuple(vals))
    return NumberSolution(tuple(rows))


def hints(puzzle: Puzzle[int], solution: NumberSolution) -> list[HintStep]:
    """The digits in the order logic places them (easiest technique first), each saying why; any
    cell logic does not reach is revealed after them, in reading order."""
    n = puzzle.rows
    lay = layout(n, region_grid(n, puzzle.regions))
    found = deduce(lay, [v for row in puzzle.cells for v in row])
    steps: list[HintStep] = []
    told: set[tuple[int, int]] = set()
    for p in found.placements:
        cell = divmod(p.cell, n)
        if solution.numbers[cell[0]][cell[1]] != p.digit:
            break  # the player's solution is not the board's: stop teaching from logic
        told.add(cell)
        params = {"cell": cell, "digit": p.digit}
        if p.hardest in HINT_AFTER:
            steps.append(HintStep(HINT_AFTER[p.hardest], params, (cell,)))
        elif p.how == "naked":
            steps.append(HintStep("sudoku-hint-naked", params, (cell,)))
        else:
            kind = UNIT_KIND[p.unit // n]
            steps.append(HintStep(f"sudoku-hint-hidden-{kind}", {**params, "index": p.unit % n + 1}, (cell,)))
    for r in range(n):
        for c in range(n):
            v = solution.numbers[r][c]
            if not puzzle.cells[r][c] and (r, c) not in told and v is not None:
                steps.append(HintStep("sudoku-hint-reveal", {"cell": (r, c), "digit": v}, ((r, c),)))
    return steps
