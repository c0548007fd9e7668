"""Numberlink (ナンバーリンク): join equal numbers by non-crossing paths (Nikoli or Flow rule).

The genre's identity and the rule variant ``fill``; its parts are the folder's modules (``check``, ``model``,
``generate``, ``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, PlayKind, Variant
from solvers.impossible import zero_or_over
from solvers.notation import NUMBERS
from solvers.numberlink import words
from solvers.puzzle import Regions
from solvers.solution import LinkSolution


class Numberlink(Genre[int, LinkSolution]):
    name = "numberlink"
    title = "Numberlink"
    own_names = ("numlin", "arukone", "flowfree")
    aliases = ("flow", "ナンバーリンク", "アルコネ")
    url_pids = ("numlin", "numberlink", "arukone")  # arukone: the Flow rule (url.py)
    notation = NUMBERS
    picture_clues = frozenset({ClueKind.NUMBER})
    variants = (Variant("fill", ("fill", "flow", "flowfree", "flow free"), "numberlink-fill-help",
                        "numberlink-fill-rule"),)
    solution_type = LinkSolution
    example = "numberlink\n1 . . . .\n2 . . 3 .\n. . . . .\n. 1 . . 2\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "numberlink-answer-help"
    play = PlayKind.CELL_LOOP
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A ``0``: the pairs are numbered from 1 (a ``0`` is an empty cell here)."""
        return zero_or_over(tokens, None)


GENRE = Numberlink()
