"""Which picture a reply carries: the view each verdict gets and the words of its title strip.

This is bot policy; ``rendering/`` only draws what it is told. A solution is shown for
unique/solved/multiple/timeout verdicts; an ``error`` verdict (a solution that failed the
checker) never shows one; ``none``/``invalid`` verdicts about some cells mark them in red.
The title is in the chat's language when the picture's fonts can write it, else in English.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from bot.i18n import lang_of, named_size, t
from solvers.cell import Cell

if TYPE_CHECKING:
    from bot.worker import JobResult
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


def result_view(result: SolveResult | JobResult) -> View:
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


class Board(Protocol):
    """What a title names: the genre and the size (a puzzle, or a solver's answer about one)."""

    @property
    def genre(self) -> str: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...


def result_title(board: Board, view: View, lang: str = "en") -> str:
    """ "<genre> 10×10 · unique solution" in ``lang`` (the genre's name from the catalogue), or in
    English when the picture's fonts cannot write ``lang`` (Japanese needs a CJK font)."""
    from rendering import can_write

    for language in (lang_of(lang), "en"):
        verdict = "".join(t(language, code) for code in view.words)
        title = t(language, "picture-title", genre=board.genre, **named_size(board.genre, board.rows, board.cols),
                  verdict=verdict)
        if can_write(title):
            break
    return title


def result_png(puzzle: Puzzle[Any], result: SolveResult, lang: str = "en", *, title: bool = True) -> bytes:
    """The PNG for a solve result: the view that fits the verdict, with a title strip (genre, size,
    verdict) unless ``title`` is False (a solver worker draws for every language: see :func:`titled`)."""
    from rendering import render_png

    view = result_view(result)
    return render_png(puzzle, view.solution, view=view.name, second_solution=view.second_solution,
                      marks=view.marks, title=result_title(puzzle, view, lang) if title else None)


def titled(result: JobResult, lang: str) -> JobResult:
    """The solver's answer with its picture's title strip in ``lang`` (one solve serves every language)."""
    from rendering import add_title

    if result.png is None:
        return result
    return replace(result, png=add_title(result.png, result_title(result, result_view(result), lang)))


def board_png(puzzle: Puzzle[Any], solution: Solution | None = None, *, title: str | None = None) -> bytes:
    """The PNG of a board alone (``solution`` None) or with its solution (daily puzzles, /example)."""
    from rendering import render_png

    return render_png(puzzle, solution, view="puzzle" if solution is None else "solution", title=title)
