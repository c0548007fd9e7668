"""Fillomino (フィルオミノ): write a number in every cell so that each area of equal numbers has
exactly that many cells (areas of the same size never touch); empty cells form new areas too.

Cells are ints: a given number, 0 empty. The solution is a :class:`~solvers.solution.NumberSolution`.
Parts: ``url`` (puzz.link ``fillomino``), ``model`` (deductions, a search by independent groups,
CP-SAT for a group the search finds long), ``check``,
``answer``, ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.fillomino import words
from solvers.genre import ClueKind, Genre
from solvers.impossible import zero_or_over
from solvers.notation import NUMBERS
from solvers.puzzle import Regions
from solvers.solution import NumberSolution


class Fillomino(Genre[int, NumberSolution]):
    name = "fillomino"
    title = "Fillomino"
    own_names = ("fillia",)
    aliases = ("フィルオミノ",)
    url_pids = ("fillomino",)
    notation = NUMBERS
    picture_clues = frozenset({ClueKind.NUMBER})
    max_side = 64  # published boards go up to 50x64 (janko.at), beyond the reader's 60x60 for text
    solution_type = NumberSolution
    example = "fillomino\n8 8 8 4 .\n. 8 8 . 4\n8 8 5 5 3\n1 5 5 5 .\n. 4 4 4 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (7, 7), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "fillomino-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """An area of 0 or one larger than the board (a ``0`` is an empty cell here)."""
        return zero_or_over(tokens, len(tokens) * (len(tokens[0]) if tokens else 0))


GENRE = Fillomino()
