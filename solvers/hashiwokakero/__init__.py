"""Hashiwokakero (橋をかけろ, Bridges): join the islands with single or double bridges.

Cells are ints: an island's number (1-8), 0 water. The solution is a
:class:`~solvers.solution.BridgeSolution`. Solved by human deductions (:mod:`deduce`), then
CP-SAT with lazy connectivity cuts (:mod:`model`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, Lattice
from solvers.hashiwokakero import words
from solvers.impossible import in_line, numbers, zero_or_over
from solvers.notation import NUMBERS, UNKNOWN
from solvers.puzzle import Regions
from solvers.solution import BridgeSolution


class Hashiwokakero(Genre[int, BridgeSolution]):
    name = "hashiwokakero"
    title = "Hashiwokakero"
    own_names = ("hashi", "hashikake")
    aliases = ("bridges", "chopsticks", "橋をかけろ", "はしをかけろ", "ハシヲカケロ")
    url_pids = ("hashi", "hashikake", "bridges")
    notation = NUMBERS
    picture_clues = frozenset({ClueKind.ISLAND})
    lattice = Lattice.NONE  # puzz.link and print draw the islands alone, no grid
    solution_type = BridgeSolution
    example = "hashiwokakero\n. . . . 2\n. . . . .\n2 . 5 . 6\n. . . . .\n. . 2 . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (7, 7), "medium": (10, 10), "hard": (13, 13)}
    answer_help = "hashiwokakero-answer-help"
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = {"en": words.EN, "ja": words.JA}

    def dropped(self, given: int) -> int:
        """A dropped number leaves a '?' island (any number of bridges): turned into water, the
        island would stop joining the others and block no bridge, which adds rules as well as
        taking one away, and the search blamed clues far from the typo."""
        return UNKNOWN if given > 0 else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """An island of 0 or over 8 bridges, or of more than two for each direction another island
        lies in (four at most in a corner)."""
        cramped = {(r, c) for r, c, v in numbers(tokens) if v > 2 * in_line(tokens, r, c)}
        return zero_or_over(tokens, 8) | cramped  # (8: two bridges each way)


GENRE = Hashiwokakero()
