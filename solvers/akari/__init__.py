"""Akari (Light Up, 美術館): lights on white cells light their row and column up to a black cell;
every white cell lit, no light on another, each number the lights around its black cell.

Cells: :data:`~solvers.akari.notation.WHITE` or a :class:`~solvers.clues.Block` (black, with its
number or none). The solution is a :class:`~solvers.solution.LightSolution`. Parts: ``url``
(puzz.link ``akari``/``lightup``), ``model`` (deductions, a small search, CP-SAT), ``check``,
``answer`` (typed answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.akari import words
from solvers.akari.notation import NOTATION, Given
from solvers.cell import Cell
from solvers.clues import Block
from solvers.genre import ClueKind, Genre
from solvers.puzzle import Regions
from solvers.solution import LightSolution


class Akari(Genre[Given, LightSolution]):
    name = "akari"
    title = "Akari"
    own_names = ("bijutsukan",)
    aliases = ("light up", "lightup", "美術館", "あかり")
    url_pids = ("akari", "lightup", "bijutsukan")
    notation = NOTATION
    picture_clues = frozenset({ClueKind.BLOCK})
    max_side = 100  # published boards go up to 100x100 and solve in about a second
    solution_type = LightSolution
    example = "akari\n. # . . .\n. 0 2 . .\n. . . . .\n. . 1 0 .\n. . . 1 ."
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (7, 7), "medium": (10, 10), "hard": (12, 12)}
    answer_help = "akari-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}


    def dropped(self, given: Given) -> Given:
        """A wall stays a wall without its number (a white cell would have to be lit)."""
        return Block(None) if isinstance(given, Block) else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A numbered block with more lights asked than cells beside it that are not blocks."""
        rows, cols = len(tokens), len(tokens[0]) if tokens else 0
        cells = [[NOTATION.read(t, False) for t in row] for row in tokens]
        out = set()
        for r, row in enumerate(cells):
            for c, v in enumerate(row):
                if isinstance(v, Block) and v.number is not None:
                    room = sum(1 for i, j in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                               if 0 <= i < rows and 0 <= j < cols and not isinstance(cells[i][j], Block))
                    if v.number > room:
                        out.add((r, c))
        return frozenset(out)


GENRE = Akari()
