"""Akari (Light Up, 美術館): lights on white cells light their row and column up to a black cell;
every white cell lit, no light on another, each number the lights around its black cell.

Cells: :data:`~solvers.akari.notation.WHITE` or a :class:`~solvers.clues.Block` (black, with its
number or none). The solution is a :class:`~solvers.solution.LightSolution`. Parts: ``url``
(puzz.link ``akari``/``lightup``), ``model`` (deductions, a small search, CP-SAT), ``check``,
``answer`` (typed answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from typing import ClassVar

from solvers.akari import words
from solvers.akari.notation import NOTATION, Given
from solvers.clues import Block
from solvers.genre import ClueKind, Genre
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


GENRE = Akari()
