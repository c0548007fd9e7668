"""A count read sure but a row or column short is asked about (issue 23, branch vsize2): the
lattice's lines running on through a strip of the outline it left out show the strip is part of
the board; a window's menu bar inside the outline (no lines running on) asks nothing."""

from __future__ import annotations

import numpy as np

from tests.test_vision_sight import CELL, _board, _paper
from vision import CellRead, Reading
from vision.board import Board
from vision.locate import Spot
from vision.reading import _past_place, _suspected
from vision.sight import left_out, runs_beyond


def test_a_column_left_out_whose_lines_run_on_puts_the_count_in_doubt_on_its_own() -> None:
    """A 6x9 frame straightened whole, its lines counted from the second column only: the rows'
    lines run on across the first column, so it is the board's (before: only asked with other doubts)."""
    paper = _paper(6, 9)
    edges = np.arange(10, dtype=float) * CELL + 1
    rows = np.arange(7, dtype=float) * CELL + 1
    assert left_out(_board(paper, edges[1:], rows))
    assert left_out(_board(paper, edges, rows[:-1]))  # (the last row left out)
    assert not left_out(_board(paper, edges, rows))


def test_a_menu_bar_inside_the_outline_is_no_row_left_out() -> None:
    """A 6x8 board under a strip of text a cell and a quarter high, inside one frame: the strip is
    wider than a cell but no line of the lattice runs through it."""
    grid = _paper(6, 8)
    bar = round(1.25 * CELL)
    paper = np.ones((grid.shape[0] + bar, grid.shape[1]), np.float32)
    paper[bar:] = grid
    paper[:2, :] = paper[:, :2] = paper[:, -2:] = 0.2  # (the window's frame)
    rng = np.random.default_rng(3)
    for x in range(6, paper.shape[1] - 20, 14):  # (words: blobs of ink along the bar's middle)
        if rng.random() < 0.7:
            paper[bar // 2 - 6:bar // 2 + 6, x:x + 9] = 0.1
    edges = np.arange(9, dtype=float) * CELL + 1
    rows = np.arange(7, dtype=float) * CELL + 1 + bar
    assert not left_out(_board(paper, edges, rows))


def test_lines_running_on_past_the_outline_put_the_count_in_doubt() -> None:
    """A 7x7 grid drawn on a page, its outline found on the first inner line (the top row outside
    it): the columns' lines run on above it. The whole grid's outline, or a 6x7 grid alone on the
    page, keeps the count."""
    page = np.ones((7 * CELL + 202, 7 * CELL + 202), np.float32)
    page[100:100 + 7 * CELL + 2, 100:100 + 7 * CELL + 2] = _paper(7, 7)
    edges = np.arange(8, dtype=float) * CELL + 1

    def straightened(picture: np.ndarray, top: int, rows: int) -> Board:
        shift = np.array([[1.0, 0.0, -100.0], [0.0, 1.0, -100.0 - top * CELL], [0.0, 0.0, 1.0]])
        paper = picture[100 + top * CELL:100 + 7 * CELL + 2, 100:100 + 7 * CELL + 2]
        return Board(paper=paper, xs=edges, ys=edges[:rows + 1], dots=False, clarity=3.0, transform=shift)

    assert runs_beyond(straightened(page, 1, 6), page)
    assert not runs_beyond(straightened(page, 0, 7), page)
    alone = page.copy()
    alone[100:100 + CELL, :] = 1.0  # (the top row gone: a 6x7 grid)
    assert not runs_beyond(straightened(alone, 1, 6), alone)


def test_a_board_of_cells_under_ten_pixels_read_sure_is_asked() -> None:
    """A reading sure of its cells and count whose cells are 9 pixels of the picture: its count and
    every empty cell asked (before: solved at once; a ring of 9-pixel cells is lost with no mark,
    and only a place's count of such cells was asked, not a whole picture's). At 10.2 pixels (a
    clean 5x5 rendering read exact) it stays sure."""
    tokens = tuple(tuple("B" if (r, c) in ((1, 1), (4, 5)) else "W" if (r, c) == (2, 3) else "." for c in range(7))
                   for r in range(7))
    tiny = _suspected(Reading(7, 7, tokens, ("masyu",), (), 0.1, small=True, cell=9.0))
    empties = {(r, c) for r, row in enumerate(tokens) for c, t in enumerate(row) if t == "."}
    assert tiny.size_unsure and empties <= {(u.row, u.col) for u in tiny.unsure}
    assert _suspected(Reading(7, 7, tokens, ("masyu",), (), 0.1, small=True, cell=10.2)).sure
    assert _suspected(Reading(7, 7, tokens, ("masyu",), (), 0.1)).sure  # (cell not known)


def test_a_small_board_asked_about_has_its_clues_asked_too() -> None:
    """Cells of 7-13 pixels asked about anyway: a clue read with confidence is asked with the empty
    cells (a digit of a 10.5-pixel board misread so, 46 of its 49 cells named but not it: a wrong
    reading unflagged; before, only empty cells were added). A large board keeps its one doubt."""
    tokens = tuple(tuple("3" if (r, c) == (4, 3) else "1" if (r, c) == (0, 1) else "." for c in range(7))
                   for r in range(7))
    doubt = (CellRead(2, 2, ".", ("1",), 0.5),)
    small = _suspected(Reading(7, 7, tokens, ("numberlink",), doubt, 0.1, small=True, cell=10.5))
    assert {(4, 3), (0, 1), (2, 2)} <= {(u.row, u.col) for u in small.unsure} and len(small.unsure) == 49
    large = _suspected(Reading(7, 7, tokens, ("numberlink",), doubt, 0.1, cell=30.0))
    assert {(u.row, u.col) for u in large.unsure} == {(2, 2)}


def test_a_place_whose_box_ends_at_an_outline_rows_short_is_looked_past() -> None:
    """A 7x7 grid of 40-pixel cells drawn in a picture, a place found on its top 5 rows, its box
    ending a few pixels below that outline: a board read there sure of its 5x7 count is asked
    (the rows below are outside the place's box, so the read board saw paper past its outline).
    The whole grid's place keeps the count."""
    picture = np.full((7 * CELL + 202, 7 * CELL + 202), 255, np.uint8)
    picture[100:100 + 7 * CELL + 2, 100:100 + 7 * CELL + 2] = (_paper(7, 7, 0.9) * 255).astype(np.uint8)
    full = picture  # (grey, as decode_full gives it)
    tokens5 = tuple(tuple("1" if (r, c) == (2, 3) else "." for c in range(7)) for r in range(5))
    tokens7 = tuple(tuple("1" if (r, c) == (2, 3) else "." for c in range(7)) for r in range(7))

    def place(rows: int) -> Spot:
        bottom = 100 + rows * CELL + 1
        corners = ((101.0, 101.0), (101.0 + 7 * CELL, 101.0), (101.0 + 7 * CELL, bottom), (101.0, bottom))
        return Spot((90, 90, 112 + 7 * CELL, bottom + 6), rows, 7, 3.0, 1.0, 0.3, corners)

    short = _past_place((Reading(5, 7, tokens5, ("numberlink",), (), 0.1), 0.3), full, place(5))
    assert isinstance(short, tuple) and short[0].size_unsure
    whole = _past_place((Reading(7, 7, tokens7, ("numberlink",), (), 0.1), 0.3), full, place(7))
    assert isinstance(whole, tuple) and not whole[0].size_unsure
