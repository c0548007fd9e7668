"""Sudoku (数独): every row, column and box holds each digit once.

Boards of 4x4 to 25x25 with standard boxes (h x N/h, h the largest divisor of N not above its
square root) or jigsaw regions (``Puzzle.regions``). Cells are ints, 0 empty. Solved by a fast
propagate-and-branch search (:mod:`search`); graded and hinted by the techniques a person uses
(:mod:`logic`), as Simon Tatham's Solo does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, RegionUse
from solvers.impossible import zero_or_over
from solvers.solution import NumberSolution
from solvers.sudoku import words
from solvers.sudoku.notation import NOTATION

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle, Regions
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits


class Sudoku(Genre[int, NumberSolution]):
    name = "sudoku"
    title = "Sudoku"
    own_names = ("nanpure",)
    aliases = ("number place", "jigsaw sudoku", "irregular sudoku", "数独", "ナンプレ", "ナンバープレース")
    url_pids = ("sudoku",)
    notation = NOTATION
    regions = RegionUse.OPTIONAL
    picture_clues = frozenset({ClueKind.NUMBER, ClueKind.REGION_BORDER})
    solution_type = NumberSolution
    example = "sudoku\n1 . . .\n. . 1 .\n. 4 . .\n. . . 2"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (9, 9), "medium": (9, 9), "hard": (9, 9)}
    answer_help = "sudoku-answer-help"
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = {"en": words.EN, "ja": words.JA}

    def answer_max(self, puzzle: Puzzle[int]) -> int:
        return puzzle.rows

    def read_rows(self, rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
        from solvers.sudoku.notation import read_rows

        return read_rows(rows, limits)

    def implied_regions(self, rows: int, cols: int) -> Regions | None:
        """Square boards' standard boxes (drawn with thick lines when no jigsaw rooms are given)."""
        from solvers.sudoku.layout import standard_regions

        boxes = standard_regions(rows) if rows == cols else None
        return None if boxes is None else tuple(tuple(v + 1 for v in row) for row in boxes)

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A ``0`` or a digit above the side (a ``0`` is an empty cell here)."""
        return zero_or_over(tokens, max(len(tokens), len(tokens[0]) if tokens else 0))


GENRE = Sudoku()
