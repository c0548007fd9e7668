"""Shikaku (四角に切れ): divide the board into rectangles, one number each, its area.

The genre's identity; its parts are the folder's modules (``check``, ``model``, ``generate``, ``answer``,
``draw``), imported when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, PlayKind
from solvers.impossible import numbers, zero_or_over
from solvers.notation import NUMBERS, UNKNOWN
from solvers.puzzle import Regions
from solvers.shikaku import words
from solvers.solution import RectSolution


class Shikaku(Genre[int, RectSolution]):
    name = "shikaku"
    title = "Shikaku"
    own_names = ("sikaku",)
    aliases = ("rect", "rects", "shikaku ni kire", "四角に切れ", "シカク")
    url_pids = ("shikaku",)
    notation = NUMBERS
    picture_clues = frozenset({ClueKind.NUMBER})
    solution_type = RectSolution
    example = "shikaku\n. . . . .\n2 2 2 . 4\n. 2 . . 4\n4 . 2 . .\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "shikaku-answer-help"
    play = PlayKind.RECT
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def dropped(self, given: int) -> int:
        """A dropped number stays a '?' clue (a rectangle of any area): a blank cell would have to
        join another number's rectangle, and the numbers left would no longer fill the board."""
        return UNKNOWN if given > 0 else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """An area of 0, one larger than the board, or one no rectangle of the board has (a prime
        longer than both sides): a held-out photo's ``2`` was read ``0`` with full confidence."""
        rows, cols = len(tokens), len(tokens[0]) if tokens else 0
        shapeless = {(r, c) for r, c, v in numbers(tokens)
                     if v and not any(v % h == 0 and v // h <= cols for h in range(1, min(rows, v) + 1))}
        return zero_or_over(tokens, rows * cols) | shapeless


GENRE = Shikaku()
