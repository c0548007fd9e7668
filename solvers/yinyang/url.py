"""The puzz.link codec: the shared base-27 circle encoding."""

from __future__ import annotations

from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_circle_board, encode_circle_board

PID = "yinyang"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    return decode_circle_board(url, "yinyang", max_rows=max_rows, max_cols=max_cols)


def encode_url(puzzle: Puzzle[int]) -> str:
    return encode_circle_board(puzzle, PID)
