"""LITS puzz.link URLs: ``lits/<cols>/<rows>/<borders>`` (:func:`solvers.puzzlink.decode_borders`)."""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_borders, encode_borders, genre_link, make_url

PID = "lits"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    link = genre_link(url, "lits", max_rows=max_rows, max_cols=max_cols)
    regions = decode_borders(link.body, link.rows, link.cols)
    return Puzzle("lits", tuple((0,) * link.cols for _ in range(link.rows)), regions=regions)


def encode_url(puzzle: Puzzle[int]) -> str:
    if puzzle.regions is None:
        raise ParseError("regions-missing", genre="lits")
    return make_url(PID, puzzle.cols, puzzle.rows, encode_borders(puzzle.regions))
