"""Nurikabe (ぬりかべ): shade cells so that every island of unshaded cells holds one number, its
size; the shaded cells form one connected wall with no 2x2 block.

Cells are ints: a clue's number, ``UNKNOWN`` (-1) for ``?``, 0 empty. The solution is a
:class:`~solvers.solution.ShadeSolution`. Parts: ``url`` (puzz.link ``nurikabe``), ``model``
(deductions, then CP-SAT with lazy connectivity cuts), ``check`` (checker), ``answer``,
``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre
from solvers.impossible import zero_or_over
from solvers.notation import NUMBERS, UNKNOWN
from solvers.nurikabe import words
from solvers.puzzle import Regions
from solvers.solution import ShadeSolution


class Nurikabe(Genre[int, ShadeSolution]):
    name = "nurikabe"
    title = "Nurikabe"
    aliases = ("islands", "ぬりかべ", "ヌリカベ")
    url_pids = ("nurikabe",)
    notation = NUMBERS
    picture_clues = frozenset({ClueKind.NUMBER})
    solution_type = ShadeSolution
    example = "nurikabe\n3 . . . .\n. . . . .\n1 . 2 . .\n. . . . .\n. 2 . . 4"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (7, 7), "medium": (9, 9), "hard": (10, 10)}
    answer_help = "nurikabe-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}


    def dropped(self, given: int) -> int:
        """A dropped number stays a clue of unknown size (an island without any clue breaks a rule)."""
        return UNKNOWN if given > 0 else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """An island of 0 cells or one larger than the board (a ``0`` is an empty cell here)."""
        return zero_or_over(tokens, len(tokens) * (len(tokens[0]) if tokens else 0))


GENRE = Nurikabe()
