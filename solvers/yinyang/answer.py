"""Yin-Yang answers typed in chat: one colour per cell, ``W`` or ``B`` (also ``○``/``●``).

Example (a 3x3 board)::

    WWW
    WBW
    BBB

Accepted for white: ``W w ○ ◯ ⚪ o O 白``; for black: ``B b ● ⚫ x X # 黒``. Every cell needs a
colour. Cells may be separated by spaces (``W B B``).
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells, where, where_ja
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.verdict import Solution

WHITE_TOKENS = frozenset("Ww○◯⚪oO白")
BLACK_TOKENS = frozenset("Bb●⚫xX#黒")


def parse_answer(puzzle: Puzzle, text: str) -> Solution:
    """The player's colouring as ``{"colors": ["WBBW", ...]}``; raises ParseError naming the cell."""
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        out = []
        for c, tok in enumerate(row):
            if tok in WHITE_TOKENS:
                out.append("W")
            elif tok in BLACK_TOKENS:
                out.append("B")
            elif tok in (".", "·", "?", "_"):
                raise ParseError(
                    f"{where(r, c).capitalize()} has no colour: write W or B for every cell.",
                    f"{where_ja(r, c)} に色がありません。すべてのマスに W か B を書いてください。",
                    cells=((r, c),),
                )
            else:
                raise ParseError(
                    f"'{tok}' at {where(r, c)} is not a colour: write W (white, ○) or B (black, ●).",
                    f"{where_ja(r, c)} の '{tok}' は色ではありません。W (白 ○) か B (黒 ●) を書いてください。",
                    cells=((r, c),),
                )
        rows.append("".join(out))
    return {"colors": rows}
