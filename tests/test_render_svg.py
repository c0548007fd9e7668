"""The board as SVG (the web player's board): every genre draws through the same interface as the
PNGs; the SVG is well-formed, sized to the board, and shows the solution only when given one."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rendering.svg import CELL, MARGIN, SvgDrawing, board_svg
from solvers.drawing import Drawing
from solvers.engine import solve_puzzle
from solvers.reading import read_board
from solvers.registry import GENRES, get_genre
from solvers.verdict import SolveOptions

NS = "{http://www.w3.org/2000/svg}"


def test_svg_drawing_is_a_drawing() -> None:
    svg = SvgDrawing(2, 3)
    d: Drawing = svg  # mypy checks the protocol here
    d.backgrounds()
    d.grid()
    d.frame()
    root = ET.fromstring(svg.svg())
    assert root.get("viewBox") == f"0 0 {3 * CELL + 2 * MARGIN} {2 * CELL + 2 * MARGIN}"


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_every_genre_draws_its_board_and_solution(genre: str) -> None:
    puzzle = read_board(get_genre(genre).example, genre)
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).solution
    assert solution is not None
    board = ET.fromstring(board_svg(puzzle))
    solved = ET.fromstring(board_svg(puzzle, solution))
    assert board.get("data-rows") == str(puzzle.rows) and board.get("data-cols") == str(puzzle.cols)
    assert len(list(solved.iter())) > len(list(board.iter()))  # the solution adds to the picture
    clue_texts = [t.text for t in board.iter(f"{NS}text")]
    assert all(t for t in clue_texts)
