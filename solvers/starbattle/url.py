"""Star Battle puzz.link URLs: ``starbattle/<cols>/<rows>/<stars>/<borders>``.

The borders part is puzz.link's border encoding (:func:`solvers.puzzlink.decode_borders`).
"""

from __future__ import annotations

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_borders, encode_borders, make_url, split_url
from solvers.starbattle.board import regions_and_stars

PID = "starbattle"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    """The board of a Star Battle URL: its regions and star count."""
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid != PID:
        raise ParseError("starbattle-url-genre", pid=link.pid)
    parts = link.body.split("/")
    if not parts[0].isdigit() or int(parts[0]) < 1:
        raise ParseError("starbattle-url-stars")
    regions = decode_borders(parts[1] if len(parts) > 1 else "", link.rows, link.cols)
    cells = tuple((0,) * link.cols for _ in range(link.rows))
    return Puzzle(PID, cells, regions=regions, params=(("stars", int(parts[0])),))


def encode_url(puzzle: Puzzle[int]) -> str:
    regions, stars = regions_and_stars(puzzle)
    return make_url(PID, len(regions[0]), len(regions), f"{stars}/{encode_borders(regions)}")
