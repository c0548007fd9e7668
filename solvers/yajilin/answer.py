"""Yajilin answers typed in chat, and hints that follow the deductions.

One line per row, one symbol per cell: ``─ │ ┌ ┐ └ ┘`` where the loop passes, ``#`` (or ``■``) a
shaded cell, ``.`` (or the clue itself) a clue cell; the loop may also be written as FORMATS.md's
mask numbers. Rows may be written without spaces when every cell is one character. A clue cell
shaded or on the loop is refused, naming the cell. The 3x4 board of FORMATS.md is answered::

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
from solvers.yajilin.arrows import GREY, YCell, cells_of
from solvers.yajilin.deduce import Contradiction, deduce
from solvers.yajilin.notation import GREYS
from solvers.yajilin.solution import YajilinSolution

SHADES = GREYS | {"x", "X"}


def parse_answer(puzzle: Puzzle[YCell], text: str) -> YajilinSolution:
    """The player's loop and shading; raises ParseError naming the cell (a clue cell shaded or on
    the loop is refused here, not read as a blank)."""
    grid = answer_cells(puzzle, text)
    masks, shaded = [], []
    for r, row in enumerate(grid):
        line, marks = [], []
        for c, tok in enumerate(row):
            clue = puzzle.cells[r][c]
            mask = _mask_of(tok, (r, c))
            if isinstance(clue, Arrow):
                if tok == str(clue.number):
                    mask = 0  # the clue's number written back
                if mask or (tok in SHADES and not (clue == GREY and tok in GREYS)):
                    raise ParseError("yajilin-answer-on-clue", cells=((r, c),), cell=(r, c), token=tok)
                line.append(0)
                marks.append(".")
            elif tok in SHADES:
                line.append(0)
                marks.append("#")
            else:
                line.append(mask or 0)
                marks.append(".")
        masks.append(tuple(line))
        shaded.append("".join(marks))
    return YajilinSolution(tuple(masks), tuple(shaded))


def _mask_of(tok: str, cell: tuple[int, int]) -> int | None:
    """The loop through a cell as a token writes it: a line symbol, or a mask number 0-15 as
    FORMATS.md writes the loop (up=1, right=2, down=4, left=8); None for any other token (an
    arrow clue written back, a shade, a blank)."""
    if len(tok) == 1 and tok in LINE_CHARS:
        return LINE_CHARS[tok]
    if tok.isascii() and tok.isdigit():
        if int(tok) > 15:
            raise ParseError("answer-bad-mask", cells=(cell,), cell=cell, mask=int(tok))
        return int(tok)
    if any(ch in LINE_CHARS and ch not in "-|" for ch in tok):
        raise ParseError("answer-line-symbol", cells=(cell,), cell=cell, token=tok)
    return None


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
