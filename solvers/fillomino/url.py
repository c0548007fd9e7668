"""The puzz.link codec: the shared number16 encoding."""

from __future__ import annotations

from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_number_board, encode_number_board

PID = "fillomino"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    return decode_number_board(url, PID, max_rows=max_rows, max_cols=max_cols)


def encode_url(puzzle: Puzzle[int]) -> str:
    return encode_number_board(puzzle, PID)
