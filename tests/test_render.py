"""Rendering: read pixels of the pictures to prove what they show (own-corpus solutions + synthetic boards):
sizes, the one entry point and the drawing protocol, the views of several solutions and of problems, odd
solutions, and the layers. Genre by genre: test_render_genres.py; the picture for a verdict: test_pictures.py."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from rendering import MAX_CELL, MAX_SIDE, MIN_CELL, cell_size_for, fonts, render_png
from rendering import palette as pal
from rendering.views import _render
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.registry import GENRES, get_genre
from solvers.solution import ColorSolution, LinkSolution, LoopSolution, RectSolution
from tests.render_support import SYNTHETIC, colours, corpus, other_solution, pixel, rgb
from tests.synthetic import board

REPO = Path(__file__).resolve().parents[1]


# -- sizes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols"), [(1, 1), (2, 2), (5, 5), (10, 10), (5, 30), (30, 5), (1, 60), (60, 1), (40, 40), (60, 60)]
)
def test_cell_size_limits(rows: int, cols: int) -> None:
    for panels in (1, 2):
        for title in (False, True):
            cell = cell_size_for(rows, cols, panels=panels, title=title)
            assert MIN_CELL <= cell <= MAX_CELL


@pytest.mark.parametrize("genre", SYNTHETIC)
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (10, 10), (5, 30), (60, 60)])
def test_picture_fits_and_cells_in_range(genre: str, rows: int, cols: int) -> None:
    puzzle, solution = board(genre, rows, cols)
    for view, kw in (
        ("solution", {}),
        ("multiple", {"second_solution": solution}),
        ("problem", {"marks": [(0, 0)]}),
    ):
        pic = _render(puzzle, solution, view=view, title=f"{genre} {rows}x{cols}", **kw)  # type: ignore[arg-type]
        w, h = pic.image.size
        assert w <= MAX_SIDE and h <= MAX_SIDE, (view, w, h)
        for lay in pic.panels:
            assert MIN_CELL <= lay.cell <= MAX_CELL
            assert lay.x0 >= 0 and lay.y0 >= 0 and lay.x0 + lay.width < w and lay.y0 + lay.height < h


def test_small_boards_use_big_cells_and_big_boards_small_ones() -> None:
    assert cell_size_for(5, 5) == MAX_CELL
    assert cell_size_for(60, 60) < cell_size_for(20, 20)
    assert cell_size_for(60, 60, panels=2) == MIN_CELL


def test_a_puzzle_is_drawn_through_one_entry_point() -> None:
    """``render_png`` is the one way to draw (it forwarded to a public ``render`` of the same
    arguments, so there were two); its picture before encoding is private, for pixel tests."""
    import rendering

    assert not hasattr(rendering, "render") and "render" not in rendering.__all__


@pytest.mark.parametrize("genre", SYNTHETIC)
def test_png_under_1mb_at_60x60(genre: str) -> None:
    puzzle, solution = board(genre, 60, 60)
    data = render_png(puzzle, solution, title="60x60")
    assert data.startswith(b"\x89PNG")
    assert len(data) < 1_000_000
    img = Image.open(io.BytesIO(data))
    assert img.mode == "P" and max(img.size) <= MAX_SIDE


def test_png_decodes_to_the_drawn_picture() -> None:
    puzzle, solution = corpus("numberlink", 1)[0]
    pic = _render(puzzle, solution)
    back = Image.open(io.BytesIO(pic.png())).convert("RGB")
    assert back.size == pic.image.size
    assert back.tobytes() == rgb(pic).tobytes()


@pytest.mark.parametrize("name", sorted(GENRES))
def test_every_genre_draws_its_example(name: str) -> None:
    """Each registered genre draws its example board through the protocol: a framed or dotted board."""
    from solvers.reading import read_board

    puzzle = read_board(get_genre(name).example)
    img = rgb(_render(puzzle, view="puzzle", title=name))
    assert pal.INK in colours(img) and pal.WHITE in colours(img)


class StrictDrawing:
    """A Drawing that has exactly the protocol's methods and records every call (no Pillow behind it)."""

    path_colours = 3
    tint_colours = 2

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        import solvers.drawing

        if name.startswith("_") or not callable(getattr(solvers.drawing.Drawing, name, None)):
            raise AttributeError(f"{name} is not part of the Drawing protocol")

        def record(*args: Any, **kwargs: Any) -> bool:
            self.calls.append(name)
            for value in (*args, *kwargs.values()):
                if isinstance(value, solvers.drawing.Paint) and value.role.name in ("PATH", "TINT"):
                    limit = self.path_colours if value.role.name == "PATH" else self.tint_colours
                    assert 0 <= value.index < limit, (name, value)
            return False

        return record


@pytest.mark.parametrize("name", sorted(GENRES))
def test_every_genre_draws_only_through_the_protocol(name: str) -> None:
    from solvers.reading import read_board
    from solvers.verdict import SolveOptions

    genre = get_genre(name)
    puzzle = read_board(genre.example)
    solution = genre.solve(puzzle, SolveOptions(time_limit=20, workers=1)).solution
    assert solution is not None
    for sol in (None, solution):
        d = StrictDrawing(puzzle.rows, puzzle.cols)
        genre.draw(d, puzzle, sol)
        assert d.calls and d.calls[0] == "backgrounds", d.calls  # backgrounds first: nothing is painted over


# -- views ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("genre", SYNTHETIC)
def test_multiple_view_highlights_differing_cells(genre: str) -> None:
    puzzle, solution = corpus(genre, 1)[0]
    other = other_solution(genre, puzzle, solution)
    pic = _render(puzzle, solution, view="multiple", second_solution=other)
    assert len(pic.panels) == 2 and pic.highlighted
    img = rgb(pic)
    left_panel, right_panel = pic.panels
    assert right_panel.x0 >= left_panel.x0 + left_panel.width
    differ = set(pic.highlighted)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            for lay in pic.panels:
                left, top, right, bottom = lay.cell_box(r, c)
                cols = colours(img.crop((left + 1, top + 1, right, bottom)))
                assert (pal.DIFF_BG in cols) == ((r, c) in differ), (genre, r, c)


def test_multiple_view_of_identical_solutions_highlights_nothing() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    pic = _render(puzzle, solution, view="multiple", second_solution=solution)
    assert pic.highlighted == []
    assert pal.DIFF_BG not in colours(rgb(pic))


@pytest.mark.parametrize("genre", SYNTHETIC)
def test_problem_view_marks_cells_in_red(genre: str) -> None:
    puzzle, _solution = corpus(genre, 1)[0]
    marks = [(0, 0), (puzzle.rows - 1, puzzle.cols - 2)]
    pic = _render(puzzle, view="problem", marks=marks)
    img, lay = rgb(pic), pic.panels[0]
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            left, top, right, bottom = lay.cell_box(r, c)
            cols = colours(img.crop((left + 2, top + 2, right - 1, bottom - 1)))
            assert (pal.ERROR in cols) == ((r, c) in marks), (r, c)


def test_a_marked_group_is_outlined_round_not_cell_by_cell() -> None:
    """A Star Battle band of rows without answer was marked by one red box a cell, which buried the
    region borders inside it; one outline runs round the group (its inner cell edges stay clear)
    and a lone marked cell keeps its four sides."""
    from solvers.reading import read_board

    puzzle = read_board("starbattle 1\n1 1 1 1 1\n1 1 1 2 2\n3 3 1 1 2\n3 3 1 1 1\n4 4 5 5 5")
    band = [(r, c) for r in range(2) for c in range(5)]
    pic = _render(puzzle, view="problem", marks=[*band, (4, 4)])
    img, lay = rgb(pic), pic.panels[0]
    left, top, right, bottom = lay.cell_box(0, 1)
    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    assert pal.ERROR in colours(img.crop((mid_x - 1, top, mid_x + 2, top + 4)))  # the group's outer side
    assert pal.ERROR not in colours(img.crop((mid_x - 1, bottom - 4, mid_x + 2, bottom + 5)))  # row 1 | row 2
    assert pal.ERROR not in colours(img.crop((right - 4, mid_y - 1, right + 5, mid_y + 2)))  # column 2 | column 3
    left, top, right, bottom = lay.cell_box(4, 4)
    mid_x, mid_y = (left + right) // 2, (top + bottom) // 2
    for box in ((mid_x, top, mid_x + 1, top + 4), (mid_x, bottom - 4, mid_x + 1, bottom),
                (left, mid_y, left + 4, mid_y + 1), (right - 4, mid_y, right, mid_y + 1)):
        assert pal.ERROR in colours(img.crop(box)), box


def test_the_problem_marks_keep_clear_of_the_cells_content() -> None:
    """The red outline stays in the outer 0.08 of a marked cell, which content keeps clear: a
    Kakuro sum (0.08 of a cell from its corner) stays readable (a wider outline hid its digits)."""
    from rendering.canvas import MARK_WIDTH
    from solvers.reading import read_board

    kakuro = read_board("kakuro\n# 4\\ 3\\\n\\3 . .\n\\7 . .")
    marks = [(0, 1), (0, 2), (2, 0)]
    pic = _render(kakuro, view="problem", marks=marks)
    img, lay = rgb(pic), pic.panels[0]
    edge = -(-MARK_WIDTH * lay.cell // 1) + 1  # whole pixels, and one for the rounding
    for r, c in marks:
        left, top, right, bottom = lay.cell_box(r, c)
        assert pal.ERROR in colours(img.crop((left, top, right, bottom)))
        inner = img.crop((left + edge, top + edge, right - edge, bottom - edge))
        assert pal.ERROR not in colours(inner) and pal.INK in colours(inner), (r, c)  # the sum's digits


def test_odd_solutions_never_crash() -> None:
    """A player's wrong answer is drawn as it is: one-sided bits, rectangles off the board, short rows."""
    puzzle, _ = corpus("masyu", 1)[0]
    rows, cols = puzzle.rows, puzzle.cols
    for odd in (LoopSolution(()), LoopSolution(((15,) * (cols + 3),)), LoopSolution(((15, 15),) * (rows + 2))):
        assert render_png(puzzle, odd).startswith(b"\x89PNG")
    # a mask pointing off the board draws half a link up to the frame, nothing more
    c0 = puzzle.cells[0].index(0)  # a cell of the top row with no pearl
    pic = _render(puzzle, LoopSolution((tuple(1 if c == c0 else 0 for c in range(cols)),)))
    img, lay = rgb(pic), pic.panels[0]
    x, y = lay.center(0, c0)
    assert pixel(img, (x, y - lay.cell // 3)) == pal.LINE
    sk, _ = corpus("shikaku", 1)[0]
    bad = RectSolution(((0, 0, 99, 99), (-5, -5, 6, 6), (3, 3, 0, 2)), sk.rows, sk.cols)
    assert render_png(sk, bad).startswith(b"\x89PNG")
    yy, _ = corpus("yinyang", 1)[0]
    assert render_png(yy, ColorSolution(("WB", ""))).startswith(b"\x89PNG")
    nl, _ = corpus("numberlink", 1)[0]
    assert render_png(nl, LinkSolution(((2, 8, 2, 8, 2), (4,)))).startswith(b"\x89PNG")
    assert render_png(nl, view="problem", marks=[(-1, 0), (99, 99)]).startswith(b"\x89PNG")
    assert render_png(nl, view="problem", marks=[None, "ab", (1,), [0, 0]]).startswith(b"\x89PNG")  # type: ignore[list-item]
    with pytest.raises(ValueError, match="unknown view"):
        render_png(nl, view="nope")
    # text that is not a solution of the board's shape is refused where it comes in
    with pytest.raises(ParseError):
        get_genre("masyu").solution_from_json({"loop": ["15 15 x", 3]}, puzzle)


# -- layers ----------------------------------------------------------------------------------


def test_rendering_names_no_genre_and_draw_files_import_no_pillow() -> None:
    names = {name for g in GENRES.values() for name in (g.name, g.title)}
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    for path in sorted((REPO / "rendering").glob("*.py")):
        found = pattern.findall(path.read_text(encoding="utf-8"))
        assert not found, (path.name, found)
    for path in sorted((REPO / "solvers").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) (rendering|bot|PIL)\b", text, re.MULTILINE), path


@pytest.mark.skipif(fonts.cjk_font_file() is None, reason="no CJK font on this machine")
def test_a_japanese_title_draws_its_digits() -> None:
    """A fallback CJK font (Droid Sans Fallback) has no Latin glyphs: the size in a Japanese title
    used to come out as empty boxes, the same for every size."""
    from rendering.geometry import title_height

    puzzle = Puzzle.from_record({"genre": "masyu", "grid": ["W . .", ". . .", ". . B"]})

    def strip(title: str) -> bytes:
        img = rgb(_render(puzzle, view="puzzle", title=title))
        return img.crop((0, 0, img.width, title_height(img.width) - 1)).tobytes()

    assert strip("ましゅ 3×3 · 唯一解") != strip("ましゅ 8×8 · 唯一解")
    assert strip("Masyu 3×3") != strip("Masyu 8×8")
