"""LITS (エルアイティーエス): one tetromino per room, all connected, no 2x2, equal shapes never touch.

Every room holds four shaded cells forming an L, I, T or S; two pieces of the same shape never
share an edge (rotations and reflections count as the same); all shaded cells are one area and
no 2x2 block is all shaded. The genre's identity; its parts are the folder's modules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from solvers.genre import ClueKind, Genre, RegionUse
from solvers.lits import words
from solvers.lits.notation import ROOMS_ONLY, read_board
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits


class Lits(Genre[int, ShadeSolution]):
    name = "lits"
    title = "LITS"
    own_names = ("nuruomino",)
    aliases = ("ヌルオミノ", "エルアイティーエス")
    url_pids = ("lits",)
    notation = ROOMS_ONLY
    regions = RegionUse.REQUIRED
    picture_clues = frozenset({ClueKind.REGION_BORDER})
    solution_type = ShadeSolution
    example = ("lits\n. . . . .\n. . . . .\n. . . . .\n"
               "a a b c c\na a b c c\na b b b c")
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (8, 8), "medium": (10, 10), "hard": (10, 10)}
    answer_help = "lits-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def read_rows(self, rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
        return read_board(rows, limits, params)


GENRE = Lits()
