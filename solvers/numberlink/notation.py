"""numberlink puzz.link codec: decode_url(url) -> Puzzle, encode_url(puzzle) -> str (see solvers.puzzlink)."""

from __future__ import annotations

from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_puzzle, encode_puzzle

GENRE = "numberlink"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
    """The board of a puzz.link URL of this genre; raises ParseError naming what is wrong."""
    return decode_puzzle(url, GENRE, max_rows=max_rows, max_cols=max_cols)


def encode_url(puzzle: Puzzle) -> str:
    """The canonical https://puzz.link/p?... URL that opens this board."""
    return encode_puzzle(puzzle)
