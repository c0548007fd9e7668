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
        from solvers.kakuro.check import _part, _runs, _white

        cells = [[NOTATION.read(t, False) for t in row] for row in tokens]
        if any(v is None for row in cells for v in row):
            return frozenset()  # (cells of no Kakuro: no opinion)
        board: list[list[KCell]] = [[v for v in row if v is not None] for row in cells]
        rows, cols = len(board), len(board[0]) if board else 0
        out = {(r, c) for r, row in enumerate(board) for c, v in enumerate(row) if not _white(v)
               and ((_part(v, True) is not None and (r + 1 >= rows or not _white(board[r + 1][c])))
                    or (_part(v, False) is not None and (c + 1 >= cols or not _white(board[r][c + 1]))))}
        for run, before, down in _runs(board):
            total = _part(board[before[0]][before[1]], down) if before is not None else None
            n = len(run)
            if before is not None and total is not None and not n * (n + 1) // 2 <= total <= sum(range(10 - n, 10)):
                out.add(before)  # (a run over 9 cells: no sum at all)
        return frozenset(out)


GENRE = Kakuro()
