"""Doubts from how well a board's own lines are seen (vision/sight.py, branch vflag4): a lattice short
of its outline puts the size in doubt; empty cells whose lines are washed out are asked about."""

from __future__ import annotations

import cv2
import numpy as np

from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from vision import CellRead, Reading, read_image
from vision.board import Board
from vision.cells import CellGuess
from vision.reading import SURE, _suspected
from vision.sight import partial_numbers, short_of_outline, unseen_empties

CELL = 40


def _paper(rows: int, cols: int, line: float = 0.8) -> np.ndarray:
    """A drawn grid of ``rows`` x ``cols`` cells of :data:`CELL` pixels, lines 2 pixels wide (0 ink .. 1 paper)."""
    paper = np.ones((rows * CELL + 2, cols * CELL + 2), np.float32)
    for k in range(cols + 1):
        paper[:, k * CELL:k * CELL + 2] = 1.0 - line
    for k in range(rows + 1):
        paper[k * CELL:k * CELL + 2, :] = 1.0 - line
    return paper


def _board(paper: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> Board:
    return Board(paper=paper, xs=xs, ys=ys, dots=False, clarity=3.0, transform=np.eye(3))


def test_a_lattice_a_column_short_of_its_outline_puts_the_size_in_doubt() -> None:
    """A 6x9 frame straightened whole, its lines counted from the second column only (the first
    column's lines too faint): a column of the board is left out, so the count is asked."""
    paper = _paper(6, 9)
    edges = np.arange(10, dtype=float) * CELL + 1
    assert short_of_outline(_board(paper, edges[1:], np.arange(7, dtype=float) * CELL + 1))
    assert not short_of_outline(_board(paper, edges, np.arange(7, dtype=float) * CELL + 1))


def test_a_thick_frame_or_a_margin_of_a_fraction_of_a_cell_keeps_the_count() -> None:
    """The outline taken on a thick frame's outer side (a third of a cell outside the lattice) and
    a board laid out from its dots are not judged short."""
    paper = np.ones((6 * CELL + 30, 6 * CELL + 30), np.float32)
    edges = np.arange(7, dtype=float) * CELL + 14
    assert not short_of_outline(_board(paper, edges, edges))
    dots = Board(paper=paper, xs=edges + 60, ys=edges, dots=True, clarity=3.0, transform=np.eye(3))
    assert not short_of_outline(dots)


def test_a_size_suspect_is_asked_once_the_reading_is_chosen_with_other_doubts() -> None:
    """A lattice short of its outline asks the size of a reading with a cell asked about; alone
    (a window's menu bar inside the outline) it asks nothing."""
    tokens = tuple(tuple("W" if (r + c) % 4 == 0 else "." for c in range(8)) for r in range(6))
    doubt = (CellRead(3, 6, "W", ("B",), 0.5),)
    assert _suspected(Reading(6, 8, tokens, ("masyu",), doubt, 0.1, size_suspect=True)).size_unsure
    assert not _suspected(Reading(6, 8, tokens, ("masyu",), doubt, 0.1)).size_unsure
    assert not _suspected(Reading(6, 8, tokens, ("masyu",), (), 0.1, size_suspect=True)).size_unsure


def _guesses(rows: int, cols: int) -> list[list[CellGuess]]:
    guesses = [[CellGuess(".", 1.0) for _ in range(cols)] for _ in range(rows)]
    guesses[0][0] = CellGuess("W", 1.0)
    return guesses


def test_empty_cells_whose_lines_are_washed_out_are_asked_about() -> None:
    """A 7x7 grid whose bottom-right 2x2 cells are blown to white (glare on a slanted photo): its
    lines gone, a faint ring there would be gone too, so the empty cells are named; the ring read
    in the top-left corner is not."""
    paper = _paper(7, 7)
    paper[5 * CELL + 3:, 5 * CELL + 3:] = 1.0
    edges = np.arange(8, dtype=float) * CELL + 1
    got = unseen_empties(_board(paper, edges, edges), _guesses(7, 7), SURE)
    # (the corner cell (5, 5) keeps its top and left lines: half its edges seen)
    assert got == {(5, 6), (6, 5), (6, 6)}


def test_a_grid_of_faint_but_even_lines_names_no_cell() -> None:
    """Light grey lines all over (a hairline print) and lines a little fainter in one corner (uneven
    light): each cell is seen as well as the board's usual, so none is named."""
    paper = _paper(7, 7, line=0.25)
    paper[4 * CELL:, 4 * CELL:] = np.maximum(paper[4 * CELL:, 4 * CELL:], 0.85)  # (lines 0.15 dark there)
    edges = np.arange(8, dtype=float) * CELL + 1
    assert unseen_empties(_board(paper, edges, edges), _guesses(7, 7), SURE) == frozenset()


def test_a_board_of_rooms_read_sure_keeps_its_cells_sure() -> None:
    """The cells walled in by thick room borders are seen by those borders (the rooms' borders are
    erased from the paper the cells are read from, not from the one their lines are judged on)."""
    p = Puzzle.from_record(next(r for r in own("heyawake") if r["rows"] == 5))
    assert read_image(render_png(p, None, view="puzzle")).sure


def _numbers_board() -> tuple[Board, list[list[CellGuess]]]:
    """A 6x6 grid of 60-pixel cells: a 13 drawn in the middle of (1, 1) with its 3 washed out to a
    light grey (read as a sure 1), a plain 1 in the middle of (3, 3), a 5 drawn whole in the top
    left corner of (4, 1) (as some boards place a room's number)."""
    cell, n = 60, 6
    dark = np.zeros((n * cell + 2, n * cell + 2), np.float32)
    for k in range(n + 1):
        dark[:, k * cell:k * cell + 2] = dark[k * cell:k * cell + 2, :] = 0.8
    for (r, c), text, x, level in (((1, 1), "1", 8, 0.9), ((1, 1), "3", 30, 0.22), ((3, 3), "1", 22, 0.9),
                                   ((4, 1), "5", 5, 0.9)):
        ink = np.zeros((cell, cell), np.uint8)
        cv2.putText(ink, text, (x, 42 if level < 0.5 or r != 4 else 24), cv2.FONT_HERSHEY_SIMPLEX,
                    0.9 if r != 4 else 0.6, 1, 2)
        dark[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] = np.maximum(
            dark[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell], level * ink)
    guesses = [[CellGuess(".", 1.0) for _ in range(n)] for _ in range(n)]
    guesses[1][1] = guesses[3][3] = CellGuess("1", 1.0)
    guesses[4][1] = CellGuess("5", 1.0)
    edges = np.arange(n + 1, dtype=float) * cell + 1
    return _board(1.0 - dark, edges, edges), guesses


def test_a_number_read_from_part_of_its_ink_is_asked_about() -> None:
    """The 13 read as 1 (its ink off to the left, its faint ink in the middle) is named; the plain 1
    and the 5 drawn whole in a corner are not."""
    board, guesses = _numbers_board()
    assert partial_numbers(board, guesses, SURE) == {(1, 1)}


def test_a_split_cells_sums_off_the_middle_are_not_asked_about() -> None:
    """A split cell's sum sits in its corner, its faint diagonal across the middle: not a plain
    number, so not judged (a Kakuro screenshot's was asked about)."""
    board, guesses = _numbers_board()
    guesses[1][1] = CellGuess("\\13", 1.0)
    assert partial_numbers(board, guesses, SURE) == frozenset()
