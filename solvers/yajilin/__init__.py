"""Yajilin (ヤジリン): shade cells (never two side by side) so that each arrow counts the shaded
cells it points at, and draw one loop through every other cell that holds no clue.

Cells are ``solvers.clues.Arrow`` (an arrow clue, a ``?`` arrow, or a grey clue cell) or 0 (a free
cell). The answer is a :class:`~solvers.yajilin.solution.YajilinSolution` (FORMATS.md ``loop`` and
``shaded``). Parts: ``url`` (puzz.link ``yajilin``), ``deduce`` + ``model`` (deductions, then
CP-SAT), ``check``, ``answer`` (typed answers, hints), ``generate``, ``draw``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from solvers.clues import Arrow
from solvers.genre import ClueKind, Genre, PlayKind
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


GENRE = Yajilin()
