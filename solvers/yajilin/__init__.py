"""Yajilin (ヤジリン): shade cells (never two side by side) so that each arrow counts the shaded
cells it points at, and draw one loop through every other cell that holds no clue.

Cells are ``solvers.clues.Arrow`` (an arrow clue, a ``?`` arrow, or a grey clue cell) or 0 (a free
cell). The answer is a :class:`~solvers.yajilin.solution.YajilinSolution` (FORMATS.md ``loop`` and
``shaded``). Parts: ``url`` (puzz.link ``yajilin``), ``deduce`` + ``model`` (deductions, then
CP-SAT), ``check``, ``answer`` (typed answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from solvers.cell import Cell
from solvers.clues import Arrow
from solvers.genre import ClueKind, Genre, PlayKind
from solvers.puzzle import Regions
from solvers.yajilin import words
from solvers.yajilin.arrows import GREY, YCell
from solvers.yajilin.notation import ARROWS
from solvers.yajilin.solution import YajilinSolution


class Yajilin(Genre[YCell, YajilinSolution]):
    name = "yajilin"
    title = "Yajilin"
    own_names = ("yajirin",)
    aliases = ("arrow ring", "ヤジリン")
    url_pids = ("yajilin", "yajirin")
    notation = ARROWS
    picture_clues = frozenset({ClueKind.ARROW, ClueKind.BLOCK})  # arrows; grey cells without one
    solution_type = YajilinSolution
    example = ("yajilin\n. 1l . . . . .\n. . . 0r . . .\n. . . . . 1r .\n. 1l . 2d . . .\n"
               ". . . . . . .\n. . . . . 1l .\n. . . . . . .")
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (7, 7), "medium": (10, 10), "hard": (12, 12)}
    answer_help = "yajilin-answer-help"
    play = PlayKind.LOOP_SHADE  # its solution's key is "loop", but the answer has shaded cells too
    messages: ClassVar[dict[str, dict[str, Any]]] = {"en": words.EN, "ja": words.JA}


    def dropped(self, given: YCell) -> YCell:
        """A clue cell stays a grey clue cell without its number (an empty cell would need the loop)."""
        return GREY if isinstance(given, Arrow) else given

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """An arrow asking more shaded cells than fit, not touching, in the cells it points at."""
        rows, cols = len(tokens), len(tokens[0]) if tokens else 0
        out = set()
        for r, row in enumerate(tokens):
            for c, t in enumerate(row):
                v = self.notation.read(t, False)
                if isinstance(v, Arrow) and v.number is not None and v.direction is not None:
                    dr, dc = v.direction.delta
                    ahead = (rows - 1 - r if dr > 0 else r if dr < 0 else cols - 1 - c if dc > 0 else c)
                    if v.number > (ahead + 1) // 2:
                        out.add((r, c))
        return frozenset(out)


GENRE = Yajilin()
