"""Which picture a reply carries: the view each verdict gets and the words of its title strip.

This is bot policy; ``rendering/`` only draws what it is told. A solution is shown for
unique/solved/multiple/timeout verdicts; an ``error`` verdict (a solution that failed the
checker) never shows one; ``none``/``invalid`` verdicts about some cells mark them in red.
The title is in the chat's language when the picture's fonts can write it, else in English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.i18n import lang_of, t
from solvers.cell import Cell

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle
    from solvers.solution import Solution
    from solvers.verdict import SolveResult



@dataclass(frozen=True)
class View:
    """What to draw for a verdict: the view, its solutions and marks, and the verdict's message codes."""

    name: str  # a rendering view: puzzle, solution, multiple, problem
    words: tuple[str, ...]  # message codes of the verdict words, joined in the title
    solution: Solution | None = None
    second_solution: Solution | None = None
    marks: tuple[Cell, ...] = ()


def result_view(result: SolveResult) -> View:
    """The view that fits a solve result."""
    from solvers.verdict import Status

    st, sol = result.status, result.solution
    if st in (Status.UNIQUE, Status.SOLVED) and sol is not None:
        return View("solution", ("verdict-unique" if st == Status.UNIQUE else "verdict-solved",), sol)
    if st == Status.TIMEOUT and sol is not None:
        return View("solution", ("verdict-timeout-solution",), sol)
    if st == Status.MULTIPLE and sol is not None:
        if result.second_solution is not None:
            return View("multiple", ("verdict-multiple",), sol, result.second_solution)
        return View("solution", ("verdict-multiple-one",), sol)
    code = {Status.NONE: "verdict-none", Status.INVALID: "verdict-invalid", Status.TIMEOUT: "verdict-timeout",
            Status.MULTIPLE: "verdict-multiple"}.get(st, "verdict-error")
    cells = result.cells or (result.message.cells if result.message is not None else ())
    if st in (Status.NONE, Status.INVALID) and cells:
        return View("problem", (code, "verdict-marked"), marks=tuple(cells))
    return View("puzzle", (code,))


def result_title(puzzle: Puzzle[Any], view: View, lang: str = "en") -> str:
    """ "<genre> 10×10 · unique solution" in ``lang`` (the genre's name from the catalogue)."""
    verdict = "".join(t(lang, code) for code in view.words)
    return t(lang, "picture-title", genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, verdict=verdict)


def result_png(puzzle: Puzzle[Any], result: SolveResult, lang: str = "en") -> bytes:
    """The PNG for a solve result: the view that fits the verdict, with a title strip (genre, size, verdict)."""
    from rendering import can_write, render_png

    view = result_view(result)
    title = result_title(puzzle, view, lang_of(lang))
    if not can_write(title):  # no font for the language (Japanese needs a CJK font): English
        title = result_title(puzzle, view, "en")
    return render_png(puzzle, view.solution, view=view.name, second_solution=view.second_solution,
                      marks=view.marks, title=title)


def board_png(puzzle: Puzzle[Any], solution: Solution | None = None, *, title: str | None = None) -> bytes:
    """The PNG of a board alone (``solution`` None) or with its solution (daily puzzles, /example)."""
    from rendering import render_png

    return render_png(puzzle, solution, view="puzzle" if solution is None else "solution", title=title)
