"""Numberlink (ナンバーリンク): join equal numbers by non-crossing paths (Nikoli or Flow rule)."""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import HintStep, Symbols, Variant
from solvers.hinting import line_hints
from solvers.legacy import LegacyGenre
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution


class Numberlink(LegacyGenre):
    name = "numberlink"
    title = "Numberlink"
    aliases = ("numlin", "arukone", "flow", "flowfree", "ナンバーリンク", "アルコネ")
    url_pids = ("numlin", "numberlink")
    symbols = Symbols.NUMBERS
    variants = (Variant("fill", ("fill", "flow", "flowfree", "flow free"), "numberlink-fill-help"),)
    solution_type = LinkSolution
    example = "numberlink\n1 . . . .\n2 . . 3 .\n. . . . .\n. 1 . . 2\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "numberlink-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "numberlink-answer-help": "draw the paths with ─ │ ┌ ┐ └ ┘, the number at each end, · for an empty cell",
        "numberlink-hint": "{cell} is {symbol}: the path goes {dirs}.",
        "numberlink-fill-help": "/numberlink fill: the Flow rule (every cell on a path)",
    }
    package = __name__

    def hints(self, puzzle: Puzzle, solution: LinkSolution) -> list[HintStep]:
        return line_hints(puzzle, solution.masks, "numberlink-hint")


GENRE = Numberlink()
