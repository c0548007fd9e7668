"""Reading boards from pictures (vision/): our own pictures of every genre, a printed-style grid,
simulated photos, bad inputs refused quickly with a reason, and the ``read-image`` command."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from rendering import render_png
from solvers.genre import ClueKind
from solvers.puzzle import Puzzle, Regions
from solvers.reading.regions import label_regions
from solvers.registry import GENRES
from tests.corpus import own
from vision import Unreadable, read_image
from vision.results import Reading

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
import samples  # noqa: E402
from photo import simulate  # noqa: E402


def tokens(p: Puzzle[Any]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split()) for line in p.grid_lines())


def rooms(regions: Regions | None) -> Regions | None:
    """Rooms numbered in reading order (a record may number them otherwise)."""
    return None if regions is None else label_regions([[str(v) for v in row] for row in regions])


def board_as(r: Reading, genre: str) -> Puzzle[Any]:
    """The board a sure reading becomes once ``genre`` is taken (Reading.taken, the one way there)."""
    taken, board = r.taken(genre)
    assert taken.sure and board is not None, (genre, taken.unsure)
    return board


def test_a_reading_becomes_a_board_only_through_taken() -> None:
    """No board is made from a reading but by Reading.taken, which asks the clues the genre drops or
    cannot hold (a public puzzle() and record() skipped them, called by tests alone)."""
    public = {name for name in vars(Reading) if not name.startswith("_") and callable(getattr(Reading, name))}
    assert public == {"regions_for", "grid_text", "text", "taken"}


def boards(genre: str) -> list[Puzzle[Any]]:
    return [Puzzle.from_record(r) for r in own(genre) if min(r["rows"], r["cols"]) >= 5]


# own boards whose clues no solution holds where they stand (solution null): the 2x2 of two colours crossed
IMPOSSIBLE = {"own-yinyang-16": {(1, 1), (1, 2), (2, 1), (2, 2)}}


@pytest.mark.slow
@pytest.mark.parametrize("genre", sorted(GENRES))
def test_our_own_pictures_read_back_exactly(genre: str) -> None:
    for p in boards(genre):
        r = read_image(render_png(p, None, view="puzzle"))
        assert (r.rows, r.cols) == (p.rows, p.cols), p.id
        assert r.tokens == tokens(p), p.id
        assert genre in r.genres and not r.unsure, (p.id, r.genres, r.unsure)
        taken, read = r.taken(genre)
        # (sure as read: nothing asked once taken, but the clues of a board written to hold none where
        # they stand, asked once its genre is taken: tests/test_vision_impossible.py)
        asked = {(u.row, u.col) for u in taken.unsure}
        assert read is not None and asked == IMPOSSIBLE.get(p.id, set()) and (taken is r) == (not asked), p.id
        assert read.cells == p.cells, p.id
        assert rooms(r.regions_for(genre)) == rooms(p.regions) == rooms(read.regions), p.id


def test_rooms_are_read_from_thick_borders_and_given_to_the_genres_with_rooms() -> None:
    p = next(q for q in boards("heyawake") if q.rows >= 6)
    r = read_image(render_png(p, None, view="puzzle"))
    assert rooms(r.regions) == rooms(p.regions) and r.genres == ("heyawake",)
    assert rooms(board_as(r, "heyawake").regions) == rooms(p.regions)
    assert r.regions_for("nurikabe") is None  # a genre without rooms takes none


def test_standard_boxes_are_no_rooms_of_their_own() -> None:
    p = next(q for q in boards("sudoku") if q.rows == 9 and q.regions is None)
    r = read_image(render_png(p, None, view="puzzle"))
    assert r.regions is not None and r.regions_for("sudoku") is None  # the boxes are read, and implied
    assert "sudoku" in r.genres and board_as(r, "sudoku").cells == p.cells


def test_numbers_alone_leave_the_genre_to_the_player() -> None:
    p = next(q for q in boards("nurikabe") if q.rows >= 7)
    r = read_image(render_png(p, None, view="puzzle"))
    assert "nurikabe" in r.genres and len(r.genres) > 1  # the bot asks with buttons
    assert all(ClueKind.NUMBER in GENRES[g].picture_clues for g in r.genres)


def test_each_new_kind_of_clue_names_its_genre() -> None:
    """Black cells with white numbers, split sum cells, arrows and islands each decide the genre."""
    for kind in (ClueKind.BLOCK, ClueKind.SUM, ClueKind.ARROW, ClueKind.ISLAND):
        genre = min(g.name for g in GENRES.values()
                    if kind in g.picture_clues and g.picture_clues <= {kind, ClueKind.BLOCK})
        p = next(q for q in boards(genre) if q.rows >= 6 and len(q.clues()) >= 3)
        r = read_image(render_png(p, None, view="puzzle"))
        assert r.genres == (genre,) and r.tokens == tokens(p), (kind, p.id, r.genres)


def test_the_genre_comes_from_the_picture_through_the_genre_interface() -> None:
    dots = next(g for g in GENRES.values() if g.lattice.value == "dots")
    p = boards(dots.name)[0]
    assert read_image(render_png(p, None, view="puzzle")).genres == (dots.name,)  # a dot lattice decides it
    circles = [g.name for g in GENRES.values() if ClueKind.CIRCLE in g.picture_clues]
    q = boards(circles[0])[2]
    r = read_image(render_png(q, None, view="puzzle"))
    assert set(r.genres) == set(circles)  # circles alone: the player is asked
    forced = read_image(render_png(q, None, view="puzzle"), genre=circles[0])
    assert forced.genres == (circles[0],) and board_as(forced, circles[0]).to_record()["genre"] == circles[0]


def test_reading_text_is_the_bots_own_notation_and_reads_back() -> None:
    from solvers.reading import read_board

    p = boards("shikaku")[3]
    r = read_image(render_png(p, None, view="puzzle"))
    text = r.text()
    assert text.splitlines()[0] == p.genre
    assert read_board(text).cells == p.cells


def printed(p: Puzzle[Any], cell: int = 36) -> bytes:
    """A plain printed-style grid drawn here (black lines, a different typeface from ours)."""
    img = Image.new("L", (p.cols * cell + 60, p.rows * cell + 60), 255)
    d = ImageDraw.Draw(img)
    from PIL import ImageFont

    try:
        font = ImageFont.truetype("DejaVuSerif-Bold.ttf", int(cell * 0.6))
    except OSError:
        font = ImageFont.load_default(int(cell * 0.6))
    for k in range(p.cols + 1):
        d.line([30 + k * cell, 30, 30 + k * cell, 30 + p.rows * cell], fill=0, width=3 if k in (0, p.cols) else 1)
    for k in range(p.rows + 1):
        d.line([30, 30 + k * cell, 30 + p.cols * cell, 30 + k * cell], fill=0, width=3 if k in (0, p.rows) else 1)
    for r, c, v in p.clues():
        tok = GENRES[p.genre].notation.write(v)
        x, y = 30 + c * cell, 30 + r * cell
        if tok in ("W", "B"):
            d.ellipse([x + 5, y + 5, x + cell - 5, y + cell - 5], outline=0, width=2, fill=0 if tok == "B" else 255)
        else:
            d.text((x + cell / 2, y + cell / 2), tok, font=font, fill=0, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize("genre", ["masyu", "numberlink"])
def test_a_printed_style_grid_is_read(genre: str) -> None:
    for p in boards(genre)[:4]:
        r = read_image(printed(p))
        assert r.tokens == tokens(p), p.id


@pytest.mark.slow
def test_simulated_photos_are_read_or_their_doubts_are_said() -> None:
    """Perspective, rotation, uneven light, blur, noise, JPEG 50: every cell right, or the wrong ones flagged,
    or a clear refusal; never a silent wrong board (on a fixed sample)."""
    exact = 0
    sample = boards("masyu")[:3] + boards("shikaku")[:3] + boards("numberlink")[:3]
    for n, p in enumerate(sample):
        rgb = np.asarray(Image.open(io.BytesIO(render_png(p, None, view="puzzle"))).convert("RGB"))[:, :, ::-1]
        try:
            r = read_image(simulate(np.ascontiguousarray(rgb), seed=n))
        except Unreadable:
            continue
        if (r.rows, r.cols) != (p.rows, p.cols):
            continue  # counted below: a wrong size must not pass as exact
        wrong = {(i, j) for i in range(p.rows) for j in range(p.cols) if r.tokens[i][j] != tokens(p)[i][j]}
        exact += not wrong
    assert exact >= 3, f"only {exact} of {len(sample)} simulated photos read exactly"


def crossword() -> bytes:
    return samples.crossword(np.random.default_rng(3))


@pytest.mark.parametrize("name, data, code", [
    ("text", b"this is not a picture\n" * 50, "not-an-image"),
    ("50 MB", b"\x89PNG\r\n\x1a\n" + bytes(50_000_000), "too-large"),
    ("blank", cv2.imencode(".png", np.full((400, 400), 255, np.uint8))[1].tobytes(), "blank"),
    ("blur", cv2.imencode(".png", cv2.GaussianBlur(np.asarray(Image.open(io.BytesIO(crossword()))), (0, 0), 25))[1]
     .tobytes(), "no-grid"),
    ("tiny", cv2.imencode(".png", np.zeros((20, 20), np.uint8))[1].tobytes(), "too-small"),
])
def test_bad_inputs_are_refused_quickly_with_a_reason(name: str, data: bytes, code: str) -> None:
    with pytest.raises(Unreadable) as e:  # (bench/ measures the 2 s goal; tests assert no timing)
        read_image(data)
    assert e.value.code == code and e.value.message.endswith(".")


def test_a_crossword_is_not_taken_for_a_circle_board() -> None:
    """Its black squares are black cells (a board of black cells without numbers is an Akari), never circles."""
    try:
        r = read_image(crossword())
    except Unreadable:
        return
    assert all(t in (".", "#") for row in r.tokens for t in row)
    assert all(ClueKind.BLOCK in GENRES[g].picture_clues for g in r.genres)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", "read-image", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=120)


@pytest.mark.slow
def test_read_image_command(tmp_path: Path) -> None:
    p = boards("shikaku")[5]
    picture = tmp_path / "board.png"
    picture.write_bytes(render_png(p, None, view="puzzle"))
    done = cli(str(picture))
    assert done.returncode == 0, done.stderr
    rec = json.loads(done.stdout)
    assert {k: rec[k] for k in ("genre", "rows", "cols", "grid")} == \
        {"genre": "shikaku", "rows": p.rows, "cols": p.cols, "grid": p.grid_lines()}
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    refused = cli(str(text))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith("puzzlebot read-image: ") and len(refused.stderr.strip().splitlines()) == 1
    assert cli(str(tmp_path / "missing.png")).returncode == 2


def test_line_removal_keeps_a_digit_stroke_touching_the_crops_side() -> None:
    """The foot of a wide 12's 2 runs to the crop's side: an opening counts what lies past the
    crop as ink, which made it a grid line; the real line beside it still goes."""
    from vision.cells import without_edge_lines

    ink = np.zeros((50, 52), np.uint8)
    ink[41:45, 30:52] = 1  # the foot, touching the right side
    ink[20:41, 44:47] = 1  # the stroke above it
    ink[49, :] = 1  # a grid line along the bottom
    out = without_edge_lines(ink)
    assert out[43, 35] == 1 and out[44, 40] == 1
    assert not out[49].any()


def test_room_borders_are_erased_where_they_lie() -> None:
    """Erasing a room border takes the border, not a digit's stroke pressed against it."""
    from vision.board import Board
    from vision.rooms import read_rooms

    side, n = 60, 4
    paper = np.ones((side * n + 1, side * n + 1), np.float32)
    for k in range(n + 1):
        paper[:, k * side] = paper[k * side, :] = 0.0
    paper[:, 2 * side - 3:2 * side + 4] = 0.0  # a thick border down the middle
    paper[20:40, 2 * side - 6:2 * side - 3] = 0.0  # a stroke pressed against its left side
    edges = np.arange(n + 1, dtype=float) * side
    board = Board(paper=paper, xs=edges, ys=edges, dots=False, clarity=3.0)
    rooms = read_rooms(board)
    assert rooms is not None and rooms.regions[0] == (1, 1, 2, 2)
    erased = rooms.erase(board)
    assert (erased[20:40, 2 * side - 6:2 * side - 4] == 0.0).all()
    assert (erased[45:55, 2 * side - 2:2 * side + 3] == 1.0).all()
