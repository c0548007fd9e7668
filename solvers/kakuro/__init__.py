"""Kakuro (カックロ): digits 1-9 in the white cells, different within each run, adding up to the
clues.

Cells are :class:`~solvers.clues.Sum` (black cells, with their down and right sums) or
:data:`~solvers.kakuro.notation.WHITE`; the grid includes the clue row and column. Solved by the
run-combination deductions (:mod:`deduce`), then CP-SAT on what they leave (:mod:`model`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from solvers.cell import Cell
from solvers.clues import Sum
from solvers.genre import ClueKind, Genre
from solvers.kakuro import words
from solvers.kakuro.notation import BLACK, NOTATION, KCell
from solvers.puzzle import Regions
from solvers.solution import NumberSolution

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle


class Kakuro(Genre[KCell, NumberSolution]):
    name = "kakuro"
    title = "Kakuro"
    own_names = ("kakkuro",)
    aliases = ("cross sums", "cross sum", "カックロ", "かっくろ")
    url_pids = ("kakuro",)
    notation = NOTATION
    picture_clues = frozenset({ClueKind.SUM, ClueKind.BLOCK})
    solution_type = NumberSolution
    example = "kakuro\n# 4\\ 3\\\n\\3 . .\n\\4 . ."
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "kakuro-answer-help"
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = {"en": words.EN, "ja": words.JA}

    def named_size(self, rows: int, cols: int) -> tuple[int, int]:
        """Without the clue row and column, as puzz.link names it: ``kakuro/5/5`` is a 6x6 grid."""
        return rows - 1, cols - 1

    def answer_max(self, puzzle: Puzzle[KCell]) -> int:
        return 9


    def dropped(self, given: KCell) -> KCell:
        """A sum cell stays a black cell without its sums (a white cell there would join two runs)."""
        return BLACK if isinstance(given, Sum) else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A sum with no run after it, or one its run's length cannot make with digits 1-9 used once."""
        from solvers.kakuro.check import impossible_sums

        cells = [[NOTATION.read(t, False) for t in row] for row in tokens]
        if any(v is None for row in cells for v in row):
            return frozenset()  # (cells of no Kakuro: no opinion)
        return impossible_sums([[v for v in row if v is not None] for row in cells])


GENRE = Kakuro()
