"""Readings that must not pass as sure: a crossword is no puzzle; and the picture sets' builder
draws the board its record holds (bench/imagesets/build.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import cv2
import numpy as np
import pytest

from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from tests.test_vision_speed import disc_board
from vision import CellRead, Reading, Unreadable, glyphs, read_image
from vision.bend import unbend
from vision.board import Board
from vision.cells import CellGuess, number
from vision.choose import size_rivalled
from vision.doubts import discs_read_as_numbers, lost_clues, ragged
from vision.reading import SURE

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
import samples  # noqa: E402
from build import pzprjs_shot  # noqa: E402


@pytest.mark.parametrize("seed", [3, 7])
def test_a_crossword_of_black_squares_is_refused_as_holding_no_clues(seed: int) -> None:
    with pytest.raises(Unreadable) as e:
        read_image(samples.crossword(np.random.default_rng(seed)))
    assert e.value.code == "no-clues"



def test_a_crossword_with_its_numbers_is_never_read_as_a_sure_board() -> None:
    """Its small corner numbers beside black squares fit no genre: refused, or asked about."""
    try:
        r = read_image(samples.numbered_crossword(np.random.default_rng(1)))
    except Unreadable:
        return
    assert not r.sure and not r.genres


def test_a_small_board_with_a_few_plain_blocks_is_still_read() -> None:
    p = next(Puzzle.from_record(r) for r in own("akari") if set(" ".join(r["grid"]).split()) <= {".", "#"})
    r = read_image(render_png(p, None, view="puzzle"))
    assert r.tokens == tuple(tuple(line.split()) for line in p.grid_lines()) and "akari" in r.genres


FAKE_PZPRJS = textwrap.dedent("""
    import json, sys
    for line in sys.stdin:
        job = json.loads(line)
        print("a warning pzprjs printed", flush=True)
        print(json.dumps({"rows": 7, "cols": 7, "svg": "<svg xmlns='http://www.w3.org/2000/svg' width='10' "
                          "height='10'/>"}), flush=True)
""")


def test_pzprjs_pictures_come_back_on_the_pipe_and_another_size_is_dropped() -> None:
    node = subprocess.Popen([sys.executable, "-c", FAKE_PZPRJS], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert pzprjs_shot(node, "https://puzz.link/p?fillomino/9/6/4g45", 24, (6, 9)) is None  # 7x7 drawn
        assert pzprjs_shot(node, None, 24, (7, 7)) is None
        if shutil.which("rsvg-convert"):
            png = pzprjs_shot(node, "https://puzz.link/p?heyawake/7/7/863p", 24, (7, 7))
            assert png is not None and png.startswith(b"\x89PNG")
    finally:
        node.kill()
        node.wait()



def stray_board(n: int, missing: set[tuple[int, int]], strays: dict[tuple[int, int], int]) -> Board:
    """An n x n board whose inner lines, followed in 8 bands, lie 2 pixels right of their edges,
    but for stretches (band, line) missing or seen this far off (a split cell's diagonal beside it)."""
    cell = 875 / n
    edges = np.array([9.0 + cell * k for k in range(n + 1)])
    band = (edges[-1] - edges[0]) / 8
    upright = np.ones((900, 900), np.float32)
    for j in range(8):
        y0, y1 = int(edges[0] + j * band), int(edges[0] + (j + 1) * band)
        for k, e in enumerate(edges[1:-1]):
            if (j, k) not in missing:
                x = int(e) + strays.get((j, k), 2)
                cv2.line(upright, (x, y0), (x, y1), 0.0, 3)
    return Board(paper=np.minimum(upright, upright.T), xs=edges, ys=edges, dots=False, clarity=3.0)


def test_a_small_flat_board_is_not_bowed_by_a_few_stray_stretches() -> None:
    """Stretches seen off their lines where split cells' diagonals lie beside them are no curl
    (puzz.link's 5x5 and 6x6 sum boards were bowed so, and their cells took in their neighbours'
    ink): two or three stretches, or a column of split cells by one line."""
    assert unbend(stray_board(5, {(2, 2), (4, 1), (5, 3), (7, 0), (7, 2)},
                              {(3, 1): -17, (5, 0): -17, (6, 0): -16})).bend is None
    assert unbend(stray_board(6, {(1, 4), (2, 0), (2, 4), (4, 2), (4, 3), (6, 0)},
                              {(0, 0): -6, (1, 0): -21, (3, 0): -21, (4, 0): -21, (5, 0): -21, (7, 0): -5,
                               (7, 1): -15})).bend is None


def test_a_reading_no_genre_fits_asks_about_the_size_too() -> None:
    """Numbers and circles side by side fit no genre: the reading is wrong somewhere (maybe its
    rows and columns: a grid in clutter), so it is never sure."""
    cell, m = 60, 10
    img = np.full((2 * m + 6 * cell, 2 * m + 6 * cell), 255, np.uint8)
    for k in range(7):
        cv2.line(img, (m + k * cell, m), (m + k * cell, m + 6 * cell), 0, 2)
        cv2.line(img, (m, m + k * cell), (m + 6 * cell, m + k * cell), 0, 2)
    for r, c in ((0, 1), (2, 4), (4, 2)):
        cv2.circle(img, (m + c * cell + cell // 2, m + r * cell + cell // 2), cell // 3, 0, 3)
    for (r, c), text in (((1, 3), "3"), ((3, 0), "5"), ((5, 5), "2")):
        cv2.putText(img, text, (m + c * cell + 18, m + r * cell + 45), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 0, 3)
    r = read_image(cv2.imencode(".png", img)[1].tobytes())
    assert not r.genres and r.size_unsure and not r.sure


def _digit(text: str) -> np.ndarray:
    img = np.zeros((40, 30), np.uint8)
    cv2.putText(img, text, (4, 34), cv2.FONT_HERSHEY_SIMPLEX, 1.2, 1, 3)
    return img


@pytest.mark.parametrize(("learned", "sure"), [(0.45, False), (0.9, True)])
def test_two_readers_agreeing_is_no_confidence_when_the_learned_one_is_torn(
        monkeypatch: pytest.MonkeyPatch, learned: float, sure: bool) -> None:
    """A 5 both readers call 5 stays sure only if the learned reader is not split between 5 and 6
    (a face neither was trained on): torn, it is asked about, with 6 offered."""
    assert glyphs.classify([_digit("5")])[0].char == "5"

    def judge(x: np.ndarray) -> np.ndarray:  # (5 first, 6 a close second when torn, the rest even)
        second = min(learned - 0.05, 1.0 - learned)
        p = np.full((len(x), len(glyphs.CLASSES)), (1.0 - learned - second) / (len(glyphs.CLASSES) - 2), np.float32)
        p[:, glyphs.CLASSES.index("5")], p[:, glyphs.CLASSES.index("6")] = learned, second
        return p

    monkeypatch.setattr(glyphs, "probabilities", judge)
    guess = number([_digit("5")], 1.0)
    assert guess.token == "5"
    assert (guess.confidence >= SURE) == sure
    if not sure:
        assert "6" in guess.alternatives


def _reading(rows: int, cols: int, *, size_unsure: bool = False, unsure: int = 0) -> Reading:
    tokens = tuple(tuple("W" if (r + c) % 3 == 0 else "." for c in range(cols)) for r in range(rows))
    doubts = tuple(CellRead(0, k, tokens[0][k], ("B",), 0.4) for k in range(unsure))
    return Reading(rows, cols, tokens, ("masyu",), doubts, 0.1, size_unsure=size_unsure)


def test_a_board_of_another_size_read_sure_of_its_count_puts_the_size_in_doubt() -> None:
    """A crop read as 8x7 with no doubt, where the whole picture was read as 8x8 sure of its count
    though one cell was unsure: a column may be lost, so the size is asked."""
    best = _reading(8, 7)
    assert size_rivalled(best, [_reading(8, 8, unsure=1), best], set())


def test_a_board_no_other_reading_contradicts_keeps_its_size_sure() -> None:
    best = _reading(8, 8)
    assert not size_rivalled(best, [_reading(8, 8, unsure=2), best], {(8, 8)})
    # (another size whose own count was in doubt, a grid in clutter: no rival)
    assert not size_rivalled(best, [_reading(13, 20, size_unsure=True), best], set())


def _grid(xs: list[float], ys: list[float]) -> Board:
    return Board(paper=np.ones((int(ys[-1]) + 1, int(xs[-1]) + 1), np.float32), xs=np.array(xs), ys=np.array(ys),
                 dots=False, clarity=3.0)


def test_an_outline_off_the_lines_puts_the_size_in_doubt() -> None:
    """Outer cells much narrower than the rest: the outline is not the frame (a carpet's weave or
    part of a larger grid read as the board)."""
    assert ragged(_grid([0, 169, 444, 735, 1030, 1327, 1630, 1760], [0, 181, 445, 724, 962, 1226]))
    assert not ragged(_grid([0, 50, 100, 150, 200, 250], [2, 50, 99, 150, 198, 247, 300]))
    assert not ragged(_grid([0, 46, 92, 138, 184], [0, 44, 92, 138, 182]))  # (an outline on a thick frame's inside)


def _clue_board(faint: float, noise: float, seed: int = 0) -> tuple[Board, list[list[CellGuess]]]:
    """A 6x6 board of 40-pixel cells with six dark digits, one digit as dark as ``faint`` at (4, 1)
    (read as empty, sure), and paper grain of this spread; the guesses as the cell reader gives them."""
    cell, n = 40, 6
    dark = np.zeros((cell * n + 1, cell * n + 1), np.float32)
    for k in range(n + 1):
        dark[:, min(k * cell, cell * n)] = dark[min(k * cell, cell * n), :] = 0.9
    guesses = [[CellGuess(".", 1.0) for _ in range(n)] for _ in range(n)]
    for r, c, level in ((0, 0, 0.9), (1, 3, 0.9), (2, 5, 0.9), (3, 2, 0.9), (5, 4, 0.9), (4, 1, faint)):
        ink = np.zeros((cell, cell), np.uint8)
        cv2.putText(ink, "3", (12, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 1, 2)
        dark[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell] += level * ink
        if level > 0.5:
            guesses[r][c] = CellGuess("3", 1.0)
    dark += np.random.default_rng(seed).normal(0.0, noise, dark.shape).astype(np.float32)
    edges = np.arange(n + 1, dtype=float) * cell
    return Board(paper=np.clip(1.0 - dark, 0.0, 1.0), xs=edges, ys=edges, dots=False, clarity=3.0), guesses


def test_a_clue_washed_out_below_the_ink_levels_is_asked_about_not_read_as_sure_empty() -> None:
    board, guesses = _clue_board(0.22, 0.02)
    assert lost_clues(board, guesses, SURE) == {(4, 1)}


@pytest.mark.parametrize("noise", [0.0, 0.03])
def test_empty_cells_of_clean_or_grainy_paper_are_not_asked_about(noise: float) -> None:
    board, guesses = _clue_board(0.0, noise)
    assert lost_clues(board, guesses, SURE) == frozenset()


def test_a_faint_small_digit_in_a_cell_is_named_not_read_as_sure_empty() -> None:
    """A small digit printed light grey (darkness 0.25, below the reader's ink levels) near the
    middle of a cell of a rendered board: read as empty, but named (main read the board sure);
    the plain render stays sure."""
    p = next(Puzzle.from_record(r) for r in own("numberlink") if r["rows"] >= 7)
    png = render_png(p, None, view="puzzle")
    assert read_image(png).sure
    img = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    cell = (img.shape[1] - 2 * 21) / p.cols
    grid = [line.split() for line in p.grid_lines()]
    r0, c0 = next((r, c) for r in range(2, p.rows) for c in range(2, p.cols) if grid[r][c] == ".")
    mark = np.zeros(img.shape, np.uint8)
    cv2.putText(mark, "7", (int(21 + (c0 + 0.35) * cell), int(21 + (r0 + 0.65) * cell)), cv2.FONT_HERSHEY_SIMPLEX,
                cell / 90, 1, max(1, int(cell / 30)))
    r = read_image(cv2.imencode(".png", np.where(mark > 0, 190, img).astype(np.uint8))[1].tobytes())
    assert r.tokens[r0][c0] == "." and (r0, c0) in {(u.row, u.col) for u in r.unsure}


def test_a_blurred_disc_read_as_a_sure_number_is_asked_about_and_a_plain_digit_is_not() -> None:
    """Both cells read as a sure 8: the blurred black disc is doubted (the kind judge calls it a
    disc), the drawn 8 is not."""
    board, n = disc_board(), 5  # (its faint 2 in (0, 4) is read empty here: no number to doubt)
    guesses = [[CellGuess(".", 1.0) for _ in range(n)] for _ in range(n)]
    guesses[1][1] = guesses[3][3] = CellGuess("8", 1.0)
    assert discs_read_as_numbers(board, guesses, SURE) == {(1, 1)}


def test_a_faint_speck_is_named_only_on_a_reading_asked_about_anyway() -> None:
    """Two faint pixels in one cell of clean paper (too little to doubt a sure reading by itself),
    where no other empty cell holds any: named when the reading has other doubts."""
    board, guesses = _clue_board(0.0, 0.0)
    board.paper[3 * 40 + 20, 4 * 40 + 20:4 * 40 + 22] = 0.7
    assert lost_clues(board, guesses, SURE) == frozenset()
    assert lost_clues(board, guesses, SURE, asked=True) == {(3, 4)}
