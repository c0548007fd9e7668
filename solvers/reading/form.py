"""The givens' form: what a board needs to be the genre at all (the genre's ``form_problem``),
then the genre's own ``validate``; either's error becomes a ParseError naming what is wrong.
"""

from __future__ import annotations

import logging
from typing import Any

from solvers.errors import ParseError, PuzzleError
from solvers.puzzle import Puzzle, check_regions

log = logging.getLogger(__name__)


def check_form(puzzle: Puzzle[Any]) -> None:
    """Raise ParseError when the givens cannot be the genre at all (its form_problem, then its validate)."""

    g = puzzle.kind
    try:
        check_regions(puzzle)
    except PuzzleError as e:
        raise ParseError(e.code, cells=e.cells, **e.params) from e
    problem = g.form_problem(puzzle)
    if problem is not None:
        raise ParseError(problem.code, cells=problem.cells, **problem.params)
    try:
        g.validate(puzzle)
    except ParseError:
        raise
    except PuzzleError as e:
        raise ParseError(e.code, cells=e.cells, **e.params) from e
