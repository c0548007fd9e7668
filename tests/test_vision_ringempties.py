"""Thin rings read empty with no doubt (issue 23, branch vring31): a print's hairline rings,
photographed small and broken into blocks by the photo's compression, read empty with full
confidence where no ink level or ring profile finds them whole; the kind judge still calls them
rings. On a reading asked about anyway they are named, on clear paper only (a shadow's edge on a
grey cell is called a ring as surely)."""

from __future__ import annotations

from tests.faintpaper import RING_N, RINGS, ringed_photo
from vision.board import Board
from vision.cellreads import darkened, faint_rings, read_all
from vision.cells import SURE
from vision.doubts import ring_empties

N = RING_N


def _read(board: Board) -> tuple[list[list], dict]:
    blocks: list[list] = [[None] * N for _ in range(N)]
    guesses, kinds, _ = read_all(board, blocks)
    return faint_rings(darkened(board, board), guesses), kinds


def test_a_ring_read_sure_empty_is_named_on_a_reading_asked_about_anyway() -> None:
    board = ringed_photo()
    guesses, kinds = _read(board)
    missed = {(r, c) for r, c in RINGS if guesses[r][c].token == "." and guesses[r][c].confidence >= SURE}
    assert (4, 3) in missed  # (the reader's own tests see no ring there)
    named = ring_empties(board, guesses, SURE, kinds, asked=True)
    assert (4, 3) in named and named <= RINGS  # (no truly empty cell)
    assert ring_empties(board, guesses, SURE, kinds, asked=False) == frozenset()


def test_rings_under_a_grey_wash_are_not_named() -> None:
    """The same cells on paper darker than kindnet.CLEAR: the judge's rings there may be a shadow's edge."""
    board = ringed_photo(wash=0.06)
    guesses, kinds = _read(board)
    assert ring_empties(board, guesses, SURE, kinds, asked=True) == frozenset()

