"""Yajilin answers typed in chat, and hints that follow the deductions.

One line per row, one symbol per cell: ``─ │ ┌ ┐ └ ┘`` where the loop passes, ``#`` (or ``■``) a
shaded cell, ``.`` (or the clue itself) a clue cell. Rows may be written without spaces when
every cell is one character. The 3x4 board of FORMATS.md is answered::

    #┌─┐
    .│#│
    #└─┘

Hints reveal shaded and unshaded cells in the order the deductions find them, each naming the
rule that decides it (the arrow's count, a cell with no way on, a neighbour of a shaded cell,
a loop that would close too early, a guess that fails), then the loop cell by cell.
"""

from __future__ import annotations

from solvers.answer_grid import LINE_CHARS, answer_cells
from solvers.clues import Arrow
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.hinting import line_hints, shuffled
from solvers.puzzle import Puzzle
from solvers.yajilin.arrows import YCell, cells_of
from solvers.yajilin.deduce import Contradiction, deduce
from solvers.yajilin.notation import GREYS
from solvers.yajilin.solution import YajilinSolution

SHADES = GREYS | {"x", "X"}


def parse_answer(puzzle: Puzzle[YCell], text: str) -> YajilinSolution:
    """The player's loop and shading; raises ParseError naming the cell."""
    grid = answer_cells(puzzle, text)
    masks, shaded = [], []
    for r, row in enumerate(grid):
        line, marks = [], []
        for c, tok in enumerate(row):
            if tok in SHADES and not isinstance(puzzle.cells[r][c], Arrow):
                line.append(0)
                marks.append("#")
            elif len(tok) == 1 and tok in LINE_CHARS:
                line.append(LINE_CHARS[tok])
                marks.append(".")
            elif any(ch in LINE_CHARS and ch not in "-|" for ch in tok):
                raise ParseError("answer-line-symbol", cells=((r, c),), cell=(r, c), token=tok)
            else:
                line.append(0)
                marks.append(".")
        masks.append(tuple(line))
        shaded.append("".join(marks))
    return YajilinSolution(tuple(masks), tuple(shaded))


def hints(puzzle: Puzzle[YCell], solution: YajilinSolution) -> list[HintStep]:
    """Cells in the order deduction decides them (rule named), the rest of the shading, then the loop."""
    steps: list[HintStep] = []
    seen: set[tuple[int, int]] = set()
    try:
        found = deduce(cells_of(puzzle)).steps
    except Contradiction:
        found = []
    for step in found:
        r, c = step.cell
        if step.edge is not None or step.cell in seen or step.value != solution.is_shaded(r, c):
            continue
        seen.add(step.cell)
        if step.value:
            steps.append(HintStep(f"yajilin-hint-{step.rule}-shaded", {"cell": step.cell}, (step.cell,)))
    rest = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)
            if solution.is_shaded(r, c) and (r, c) not in seen]
    steps += [HintStep("yajilin-hint-shaded", {"cell": cell}, (cell,)) for cell in shuffled(puzzle, rest)]
    return steps + line_hints(puzzle, solution.masks, "yajilin-hint-line")
