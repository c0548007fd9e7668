"""Reading boards the way players write them: text notations, puzz.link URLs, genre detection.

``read_board(text, genre=None, *, variants=None, limits=None) -> Puzzle`` is the one entry point;
it raises only :class:`~solvers.errors.ParseError` (or its subclass :class:`AmbiguousGenre`,
whose ``candidates`` name the genres the board fits, best first).
"""

from solvers.reading.ambiguous import AmbiguousGenre
from solvers.reading.board import read_board, read_board_strict, read_cells
from solvers.reading.limits import DEFAULT_LIMITS, ReadLimits
from solvers.reading.normalise import genre_named

__all__ = ["DEFAULT_LIMITS", "AmbiguousGenre", "ReadLimits", "genre_named", "read_board", "read_board_strict",
           "read_cells"]
