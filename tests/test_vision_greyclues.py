"""Small grey digits below every ink level (issue 23, branch vprint32): a Shikaku-style page printed
in grey and photographed small read as a grid with no clue at all and was refused (``no-clues``);
read again darkened as a faint grid is, its digits are found, each asked about."""

from __future__ import annotations

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from rendering.fonts import FONT_FILE
from vision.board import Board
from vision.cellreads import read_all
from vision.cells import SURE

N, SMALL, BIG = 6, 18, 88  # cells a side; pixels a cell as photographed, and as straightened to be read
CLUES = {(0, 2): "2", (1, 1): "4", (1, 5): "3", (2, 3): "2", (3, 2): "3", (4, 4): "2", (5, 0): "3"}


def photographed(ink: int) -> Board:
    """A 6x6 hairline grid with digits of grey ``ink`` (0-255) on paper 235, drawn at 4x, shrunk to
    :data:`SMALL` pixels a cell, blurred, saved as a JPEG and blown up to :data:`BIG` pixels a cell."""
    f = 4
    cell = SMALL * f
    img = Image.new("L", (N * cell + 2 * f, N * cell + 2 * f), 235)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(FONT_FILE), int(cell * 0.45))
    for k in range(N + 1):
        d.line([f + k * cell, f, f + k * cell, f + N * cell], fill=215, width=f)
        d.line([f, f + k * cell, f + N * cell, f + k * cell], fill=215, width=f)
    for (r, c), v in CLUES.items():
        d.text((f + c * cell + cell / 2, f + r * cell + cell / 2), v, font=font, fill=ink, anchor="mm")
    big = np.asarray(img)
    small = cv2.resize(big, (big.shape[1] // f, big.shape[0] // f), interpolation=cv2.INTER_AREA)
    shot = cv2.GaussianBlur(small, (0, 0), 0.8)
    shot = cv2.imdecode(cv2.imencode(".jpg", shot, [cv2.IMWRITE_JPEG_QUALITY, 60])[1], 0)
    up = cv2.resize(shot.astype(np.float32) / 255.0, None, fx=BIG / SMALL, fy=BIG / SMALL,
                    interpolation=cv2.INTER_CUBIC)
    edges = (1 + np.arange(N + 1) * SMALL) * BIG / SMALL
    return Board(paper=np.clip(up, 0.0, 1.0).astype(np.float32), xs=edges, ys=edges, dots=False, clarity=3.0)


def test_grey_digits_read_as_no_clue_are_found_and_asked() -> None:
    from vision.cellreads import grey_clues  # (new in vprint32)

    board = photographed(185)
    blocks: list[list] = [[None] * N for _ in range(N)]
    guesses = read_all(board, blocks)[0]
    assert all(g.token == "." for row in guesses for g in row)  # (below every ink level: no clue)
    again = grey_clues(board, blocks, guesses)
    found = {(r, c) for r, row in enumerate(again) for c, g in enumerate(row) if g.token != "."}
    assert found and found <= set(CLUES)  # (no clue where the paper is empty)
    assert all(again[r][c].confidence < SURE for r, c in found)  # (each asked)


def test_an_empty_grid_darkened_finds_no_clue() -> None:
    """Darkening raises the paper's grain and the JPEG's blocks too: an empty grid still has none."""
    from vision.cellreads import grey_clues  # (new in vprint32)

    board = photographed(235)
    blocks: list[list] = [[None] * N for _ in range(N)]
    guesses = read_all(board, blocks)[0]
    assert grey_clues(board, blocks, guesses) is guesses
