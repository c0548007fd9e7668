"""Heyawake (へやわけ): shade cells, never two side by side, keeping the unshaded cells connected;
a room's number is its count of shaded cells, and no straight run of unshaded cells crosses two
room borders.

Cells hold a room's number + 1 where it is written (0: none; the number may sit in any cell of
its room, and that cell may be shaded); the rooms are ``Puzzle.regions``. The answer is a
:class:`~solvers.solution.ShadeSolution`. Parts: ``url`` (puzz.link ``heyawake``), ``deduce`` +
``model`` (deductions, then CP-SAT with lazy connectivity cuts), ``check``, ``answer`` (typed
answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from solvers.cell import Cell
from solvers.genre import ClueKind, Genre, RegionUse
from solvers.heyawake import words
from solvers.heyawake.notation import ROOM_NUMBERS
from solvers.puzzle import Puzzle, Regions
from solvers.solution import ShadeSolution

if TYPE_CHECKING:
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits


class Heyawake(Genre[int, ShadeSolution]):
    name = "heyawake"
    title = "Heyawake"
    own_names = ("heyawacky",)
    aliases = ("heya", "へやわけ")
    url_pids = ("heyawake",)
    notation = ROOM_NUMBERS
    regions = RegionUse.REQUIRED
    picture_clues = frozenset({ClueKind.NUMBER, ClueKind.REGION_BORDER})
    solution_type = ShadeSolution
    example = "heyawake\n2 . . | a a b\n. . . | a a b\n. . . | c c c"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "heyawake-answer-help"
    messages: ClassVar[dict[str, dict[str, Any]]] = {"en": words.EN, "ja": words.JA}

    def read_rows(self, rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[int]:
        """The number grid and the room grid, stacked or side by side (``|``)."""
        from solvers.reading.regions import rooms, split_rows

        clues, labels = split_rows(rows)
        cells = self.notation.read_grid(clues, self.name, limits)  # a wrong clue is named before missing rooms
        return Puzzle(self.name, cells, regions=rooms(labels))

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """A room's number above the most of its cells that can be shaded, none side by side."""
        from solvers.heyawake.check import most_apart

        cols = len(tokens[0]) if tokens else 0
        if regions is None or len(regions) != len(tokens) or any(len(row) != cols for row in regions):
            return frozenset()  # (no rooms read, or not of the board: no opinion)
        rooms: dict[int, list[int]] = {}
        for r, row in enumerate(regions):
            for c, k in enumerate(row):
                rooms.setdefault(k, []).append(r * cols + c)
        return frozenset((r, c) for r, row in enumerate(tokens) for c, t in enumerate(row)
                         if t.isascii() and t.isdigit() and int(t) > most_apart(rooms[regions[r][c]], cols))


GENRE = Heyawake()
