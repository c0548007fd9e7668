"""Hitori (ひとりにしてくれ): shade cells so no number repeats in a line among the unshaded ones.

No two shaded cells touch, and the unshaded cells stay one connected area. The genre's identity;
its parts are the folder's modules (``check``, ``model``, ``url``, ``answer``, ``draw``,
``generate``), imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre
from solvers.hitori import words
from solvers.hitori.notation import HITORI_NUMBERS
from solvers.impossible import zero_or_over
from solvers.puzzle import Regions
from solvers.solution import ShadeSolution


class Hitori(Genre[int, ShadeSolution]):
    name = "hitori"
    title = "Hitori"
    own_names = ("hitorinishitekure",)
    aliases = ("hitori ni shite kure", "ひとりにしてくれ", "ひとり")
    url_pids = ("hitori",)
    notation = HITORI_NUMBERS
    picture_clues = frozenset({ClueKind.NUMBER})
    solution_type = ShadeSolution
    example = "hitori\n3 3 1 4\n4 3 2 2\n1 3 4 2\n3 4 3 2"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "hitori-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A ``0``: every cell holds a number from 1."""
        return zero_or_over(tokens, None)


GENRE = Hitori()
