"""A photographed page whose whole picture is read as a coarse grid that fits no puzzle while the
board's own places were refused for their doubts (bench/README.md, "vpage8"): the board is shown
with its doubts and its size asked, not the grid of no puzzle; a place found twice (its frame's
inner and outer edge) is one place, so a further one is looked at."""

from __future__ import annotations

from dataclasses import replace

from solvers.errors import ParseError
from vision.choose import PLAIN_CELL, fitting, none_fits
from vision.locate import Spot, same_place
from vision.results import CellRead, Reading, Unclear


def _reading(rows: int, cols: int, genres: tuple[str, ...], cell: float, unsure: int = 0) -> Reading:
    tokens = tuple(tuple("1" if (i + j) % 3 == 0 else "." for j in range(cols)) for i in range(rows))
    doubts = tuple(CellRead(k // cols, k % cols, tokens[k // cols][k % cols], ("?",), 0.3) for k in range(unsure))
    return Reading(rows=rows, cols=cols, tokens=tokens, genres=genres, unsure=doubts, seconds=0.0,
                   size_unsure=not genres, cell=cell)


def test_a_grid_of_no_puzzle_gives_way_to_the_board_refused_for_its_doubts() -> None:
    coarse = (_reading(9, 7, (), 154.6, 1), 0.9)  # (the sheet and its surroundings read as a lattice)
    board = Unclear(_reading(6, 6, ("shikaku",), 19.8, 11), 19.8)  # (the place's crop: 11 of 36 in doubt)
    assert none_fits([coarse, board])
    got = fitting([coarse, board])
    assert [(r.rows, r.cols) for r, _ in got] == [(6, 6)]
    assert got[0][0].size_unsure  # (its count asked, as every board shown with its doubts)
    assert len(got[0][0].unsure) == 11


def test_a_reading_that_fits_or_a_small_board_is_kept_as_before() -> None:
    coarse = (_reading(9, 7, (), 154.6, 1), 0.9)
    fits = (_reading(5, 6, ("shikaku",), 20.0), 0.2)
    board = Unclear(_reading(6, 6, ("shikaku",), 19.8, 11), 19.8)
    assert not none_fits([coarse, fits, board])
    assert fitting([coarse, fits, board]) == [coarse, fits]
    tiny = Unclear(_reading(6, 6, ("shikaku",), PLAIN_CELL - 1, 11), PLAIN_CELL - 1)  # (no plain board: not shown)
    assert fitting([coarse, tiny]) == [coarse]
    assert not none_fits([board])  # (nothing read: refused as before, no place added)


def test_one_outline_found_twice_is_one_place() -> None:
    a = Spot((1130, 605, 1284, 774), 5, 6, 3.0, 0.8, 0.01)
    inner = Spot((1133, 610, 1281, 769), 5, 6, 3.2, 0.8, 0.01)
    other_count = Spot((1138, 615, 1276, 765), 6, 6, 3.0, 0.6, 0.01)
    far = Spot((1130, 705, 1284, 874), 5, 6, 3.0, 0.8, 0.01)
    assert same_place(a, inner) and same_place(inner, a)
    assert not same_place(other_count, a)
    assert not same_place(far, a)


def test_a_reading_listing_a_genre_its_clues_fail_is_not_swapped_for_an_unclear_board() -> None:
    """A right-size board with one digit in doubt whose areas do not sum (a ``problem``) is kept,
    its doubt asked, rather than a board of another size refused for its many doubts."""
    whole = (replace(_reading(10, 10, ("shikaku",), 20.0, 1), problem=ParseError("areas do not sum")), 0.9)
    other = Unclear(_reading(10, 9, ("shikaku",), 20.0, 30), 20.0)
    assert none_fits([whole, other])  # (further places are still looked for)
    assert fitting([whole, other]) == [whole]
