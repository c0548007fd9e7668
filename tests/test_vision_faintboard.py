"""A board whose white rings are at the edge of sight (issue 23, branch vprint32): a hairline ring
photographed small is missed as often as it is seen, so on a board where most rings seen were seen
only faintly (asked), the empty cells read with confidence are asked too; a board whose rings read
plainly keeps its empty cells sure. (A 10x10 print page read with 5 such rings sure and empty, no
question on them, in bench/README.md "vprint32".)"""

from __future__ import annotations

from tests.faintpaper import RING_N, RINGS, ringed_photo
from vision.board import Board
from vision.cellreads import darkened, faint_rings, read_all
from vision.cells import SURE, CellGuess
from vision.suspects import suspects

N = RING_N


def _suspected(board: Board) -> tuple[list[list[CellGuess]], set[tuple[int, int]]]:
    """The guesses as the reader makes them, and every cell asked about (unsure or suspected)."""
    guesses, kinds, hairline = read_all(board, [[None] * N for _ in range(N)])
    guesses = faint_rings(darkened(board, board), guesses)
    tokens = tuple(tuple(g.token for g in row) for row in guesses)
    named = {(r, c) for r, row in enumerate(guesses) for c, g in enumerate(row) if g.confidence < SURE}
    found, _ = suspects(board, board, guesses, kinds, hairline, tokens, None, (), False, named, asked=bool(named))
    return guesses, named | {(u.row, u.col) for u in found}


def test_every_ring_of_a_faint_board_is_asked() -> None:
    guesses, asked = _suspected(ringed_photo(225))
    missed = {(r, c) for r, c in RINGS if guesses[r][c].token == "." and guesses[r][c].confidence >= SURE}
    assert missed  # (the reader's own tests see no ring there)
    assert {(r, c) for r, c in RINGS if guesses[r][c].token != "W" or guesses[r][c].confidence < SURE} <= asked


def test_a_board_of_plain_rings_keeps_its_empty_cells_sure() -> None:
    guesses, asked = _suspected(ringed_photo(150))
    assert all(guesses[r][c].token == "W" for r, c in RINGS)
    assert not asked
    # (one ring asked among several read plainly: the board's other empty cells stay sure)
    guesses[0][5] = CellGuess(".", SURE - 0.1, ("W",))
    from vision.doubts import faint_ring_board  # (new in vprint32)
    assert faint_ring_board(guesses, SURE) == frozenset()


def test_three_faint_rings_and_no_plain_one_put_the_empty_cells_in_doubt() -> None:
    from vision.doubts import faint_ring_board  # (new in vprint32)

    guesses = [[CellGuess(".", 1.0) for _ in range(N)] for _ in range(N)]
    for r, c in ((0, 0), (1, 1), (2, 2)):
        guesses[r][c] = CellGuess(".", SURE - 0.1, ("W",))
    assert len(faint_ring_board(guesses, SURE)) == N * N - 3
    guesses[2][2] = CellGuess(".", 1.0)
    assert faint_ring_board(guesses, SURE) == frozenset()
