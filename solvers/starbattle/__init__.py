"""Star Battle (スターバトル): place stars so that every row, column and region holds the same
number of them and no two stars touch, not even diagonally.

Cells are all empty (``int`` 0): the puzzle is its regions (``Puzzle.regions``) and the star count
(param ``stars``; a text board without one gets the count its size usually has, see
:func:`~solvers.starbattle.board.default_stars`). The solution is a
:class:`~solvers.solution.StarSolution`. Parts: ``url`` (puzz.link ``starbattle``), ``model``
(bitboard search, CP-SAT), ``check``, ``answer`` (typed answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from solvers.genre import ClueKind, Genre, Param, RegionUse
from solvers.solution import StarSolution
from solvers.starbattle import words
from solvers.starbattle.notation import NOTATION

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits


class StarBattle(Genre[int, StarSolution]):
    name = "starbattle"
    title = "Star Battle"
    aliases = ("star battle", "stars", "two not touch", "スターバトル")
    url_pids = ("starbattle",)
    notation = NOTATION
    regions = RegionUse.REQUIRED
    params = (Param("stars", 1, 1, 12, rule="starbattle-param-stars"),)
    picture_clues = frozenset({ClueKind.REGION_BORDER})
    solution_type = StarSolution
    example = "starbattle 1\nA A B B C\nA B B C C\nD D B C C\nD E E E C\nD D E E E"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "starbattle-answer-help"
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def read_rows(self, rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
        """The region grid alone, or a blank grid followed by it (or ``grid | regions``); the star
        count from the header, else the one the board's size suggests."""
        from solvers.puzzle import Puzzle
        from solvers.reading.regions import label_regions, split_regions
        from solvers.starbattle.board import default_stars

        blank = all(NOTATION.read_token(tok) is not None for row in rows[: len(rows) // 2] for tok in row)
        if any("|" in row for row in rows) or (len(rows) % 2 == 0 and blank):
            _, regions = split_regions(rows)
        else:
            regions = label_regions(rows)
        size = len(regions)
        given = dict(params)
        given.setdefault("stars", default_stars(size))
        cells = tuple((0,) * len(regions[0]) for _ in regions)
        return Puzzle(self.name, cells, regions=regions, params=self.params_of(given))


GENRE = StarBattle()
