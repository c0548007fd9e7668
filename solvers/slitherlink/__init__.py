"""Slitherlink (スリザーリンク): one loop along the grid lines; each number counts its sides on it.

Cell values: a clue ``n`` (0-3) is stored as ``n + 1`` and 0 means no clue, because a 0 clue is
a real given (the shared ``DIGITS03`` notation translates: token ``0`` is value 1). The solution is
a :class:`~solvers.slitherlink.lattice.DotLoop` (a LoopSolution over the (rows+1) x (cols+1) grid
points, FORMATS.md) compared cell by cell.
Parts: ``url`` (puzz.link ``slither``), ``model`` (CP-SAT), ``check`` (checker), ``answer`` (typed
answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, Lattice, PlayKind
from solvers.impossible import numbers
from solvers.notation import DIGITS03
from solvers.puzzle import Puzzle, Regions
from solvers.slitherlink import words
from solvers.slitherlink.lattice import DotLoop


class Slitherlink(Genre[int, DotLoop]):
    name = "slitherlink"
    title = "Slitherlink"
    own_names = ("slither link",)
    aliases = ("slither", "loop the loop", "スリザーリンク")
    url_pids = ("slither",)
    notation = DIGITS03
    picture_clues = frozenset({ClueKind.NUMBER})
    lattice = Lattice.DOTS  # puzz.link and print draw only the grid points
    solution_type = DotLoop
    example = "slitherlink\n. . 1 3 2\n. 3 . 3 .\n. 1 . . .\n. 2 1 . .\n. 1 . 3 1"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "slitherlink-answer-help"
    play = PlayKind.EDGE_LOOP
    messages: ClassVar[dict[str, dict[str, str]]] = {"en": words.EN, "ja": words.JA}

    def solution_from_json(self, value: Any, puzzle: Puzzle[int]) -> DotLoop:
        """The loop is given on the (rows+1) x (cols+1) grid points, not on the cells."""
        return DotLoop.from_json(value, puzzle.rows + 1, puzzle.cols + 1)

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A number above 3 (four sides of one cell would be a loop of its own)."""
        return frozenset((r, c) for r, c, v in numbers(tokens) if v > 3)


GENRE = Slitherlink()
