"""The puzz.link codec: the shared number16 encoding.

puzz.link plays ``numlin`` under the Nikoli rule (cells may stay empty). Its ``arukone`` takes the
same number16 body and by default asks that every cell be on a path (its ``e`` flag lifts that):
the Flow rule. So a board with the ``fill`` variant is written as an ``arukone`` URL (numbers up
to 52, shown there as letters), and an ``arukone`` URL is read with ``fill`` on unless flagged ``e``.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.puzzle import Puzzle
from solvers.puzzlink import decode_number_board, encode_number_board, split_url

PID = "numlin"
FLOW_PID = "arukone"  # puzz.link's Arukone: every cell on a path unless the URL carries the 'e' flag
FLOW_MAX = 52  # the largest number Arukone shows (as a letter)
NO_FILL_FLAG = "e"


def decode_url(url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[int]:
    puzzle = decode_number_board(url, "numberlink", max_rows=max_rows, max_cols=max_cols)
    link = split_url(url, max_rows=max_rows, max_cols=max_cols)
    if link.pid == FLOW_PID and NO_FILL_FLAG not in link.flag:
        return replace(puzzle, variants=frozenset({"fill"}))
    return puzzle


def encode_url(puzzle: Puzzle[int]) -> str:
    if "fill" in puzzle.variants and all(v <= FLOW_MAX for _, _, v in puzzle.clues()):
        return encode_number_board(puzzle, FLOW_PID)
    return encode_number_board(puzzle, PID)
