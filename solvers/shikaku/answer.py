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

from solvers.answer_grid import answer_cells, where, where_ja
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.verdict import Solution

UNLABELLED = frozenset({".", "·", "?", "_"})


def parse_answer(puzzle: Puzzle, text: str) -> Solution:
    """The player's rectangles as ``{"rects": [[top, left, height, width], ...]}``."""
    cells = answer_cells(puzzle, text)
    regions: dict[str, list[tuple[int, int]]] = {}
    for r, row in enumerate(cells):
        for c, tok in enumerate(row):
            if tok in UNLABELLED:
                raise ParseError(
                    f"{where(r, c).capitalize()} has no region letter: give every cell the letter of its rectangle.",
                    f"{where_ja(r, c)} に文字がありません。すべてのマスに長方形の文字を書いてください。",
                    cells=((r, c),),
                )
            regions.setdefault(tok, []).append((r, c))
    rects = []
    for label, members in regions.items():
        top = min(r for r, _ in members)
        left = min(c for _, c in members)
        bottom = max(r for r, _ in members)
        right = max(c for _, c in members)
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                if cells[r][c] != label:
                    raise ParseError(
                        f"The cells marked '{label}' do not form one rectangle: {where(r, c)} lies between "
                        f"them but is marked '{cells[r][c]}'. Use a different letter for each rectangle.",
                        f"'{label}' のマスが 1 つの長方形になっていません ({where_ja(r, c)} が "
                        f"'{cells[r][c]}' です)。長方形ごとに別の文字を使ってください。",
                        cells=((r, c),),
                    )
        rects.append([top, left, bottom - top + 1, right - left + 1])
    rects.sort()
    return {"rects": rects}
