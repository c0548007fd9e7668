"""Shikaku answers typed in chat: one region label per cell, same label = same rectangle.

Example (a 3x4 board)::

    aabb
    aabb
    cccc

Labels are any letters, digits or other symbols (case matters, so ``a`` and ``A`` differ);
each label must cover exactly one filled rectangle. Labels longer than one character need
tokens separated by spaces (``a1 a1 b2``).
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.shikaku.check import corners
from solvers.solution import Rect, RectSolution

UNLABELLED = frozenset({".", "·", "?", "_"})


def parse_answer(puzzle: Puzzle[int], text: str) -> RectSolution:
    """The player's rectangles (sorted); raises ParseError naming the cell."""
    cells = answer_cells(puzzle, text)
    regions: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(cells):
        for c, tok in enumerate(row):
            if tok in UNLABELLED:
                raise ParseError("shikaku-answer-unlabelled", cells=((r, c),), cell=(r, c))
            regions.setdefault(tok, []).append((r, c))
    rects: list[Rect] = []
    for label, members in regions.items():
        top = min(r for r, _ in members)
        left = min(c for _, c in members)
        bottom = max(r for r, _ in members)
        right = max(c for _, c in members)
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                if cells[r][c] != label:
                    raise ParseError("shikaku-answer-not-rectangle", cells=((r, c),),
                                     label=label, cell=(r, c), token=cells[r][c])
        rects.append((top, left, bottom - top + 1, right - left + 1))
    return RectSolution(tuple(sorted(rects)), puzzle.rows, puzzle.cols)


def hints(puzzle: Puzzle[int], solution: RectSolution) -> list[HintStep]:
    """One rectangle per hint: its number, size and place."""
    out = []
    for top, left, h, w in shuffled(puzzle, list(solution.rects)):
        area = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
        clue = next(((r, c) for r, c in area if puzzle.cells[r][c] != 0), (top, left))
        out.append(HintStep("shikaku-hint", {
            "number": puzzle.cells[clue[0]][clue[1]], "cell": clue, "height": h, "width": w,
            "span": corners((top, left, h, w))}, tuple(area)))
    return out
