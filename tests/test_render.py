"""Rendering: read pixels of the pictures to prove what they show (own-corpus solutions + synthetic boards)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import MAX_CELL, MAX_SIDE, MIN_CELL, cell_size_for, render, render_png, render_result
from rendering import palette as pal
from rendering.geometry import DOWN, RIGHT, Layout
from rendering.shapes import linked, mask_grid, rect_ids, rect_list
from rendering.synthetic import board
from solvers.puzzle import BLACK, WHITE, Puzzle
from solvers.verdict import SolveResult, Status
from tests.corpus import GENRES, solved


def corpus(genre: str, limit: int = 6) -> list[tuple[Puzzle, dict]]:
    """A spread of own-corpus records (small to large) with their solutions."""
    recs = sorted(solved(genre), key=lambda r: r["rows"] * r["cols"])
    step = max(1, len(recs) // limit)
    return [(Puzzle.from_record(r), r["solution"]) for r in recs[::step][:limit]]


def rgb(picture) -> Image.Image:
    return picture.image.convert("RGB")


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(xy)


def pairs(rows: int, cols: int):
    """Every pair of orthogonally adjacent cells, with the side of the first facing the second."""
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                yield (r, c), (r, c + 1), RIGHT
            if r + 1 < rows:
                yield (r, c), (r + 1, c), DOWN


def brightness(color: tuple[int, int, int]) -> int:
    return sum(color)


# -- sizes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "cols"), [(1, 1), (2, 2), (5, 5), (10, 10), (5, 30), (30, 5), (1, 60), (60, 1), (40, 40), (60, 60)]
)
def test_cell_size_limits(rows: int, cols: int) -> None:
    for panels in (1, 2):
        for title in (False, True):
            cell = cell_size_for(rows, cols, panels=panels, title=title)
            assert MIN_CELL <= cell <= MAX_CELL


@pytest.mark.parametrize("genre", GENRES)
@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (10, 10), (5, 30), (60, 60)])
def test_picture_fits_and_cells_in_range(genre: str, rows: int, cols: int) -> None:
    puzzle, solution = board(genre, rows, cols)
    for view, kw in (
        ("solution", {}),
        ("multiple", {"second_solution": solution}),
        ("problem", {"marks": [(0, 0)]}),
    ):
        pic = render(puzzle, solution, view=view, title=f"{genre} {rows}x{cols}", **kw)
        w, h = pic.image.size
        assert w <= MAX_SIDE and h <= MAX_SIDE, (view, w, h)
        for lay in pic.panels:
            assert MIN_CELL <= lay.cell <= MAX_CELL
            assert lay.x0 >= 0 and lay.y0 >= 0 and lay.x0 + lay.width < w and lay.y0 + lay.height < h


def test_small_boards_use_big_cells_and_big_boards_small_ones() -> None:
    assert cell_size_for(5, 5) == MAX_CELL
    assert cell_size_for(60, 60) < cell_size_for(20, 20)
    assert cell_size_for(60, 60, panels=2) == MIN_CELL


@pytest.mark.parametrize("genre", GENRES)
def test_png_under_1mb_at_60x60(genre: str) -> None:
    puzzle, solution = board(genre, 60, 60)
    data = render_png(puzzle, solution, title="60x60")
    assert data.startswith(b"\x89PNG")
    assert len(data) < 1_000_000
    img = Image.open(io.BytesIO(data))
    assert img.mode == "P" and max(img.size) <= MAX_SIDE


def test_png_decodes_to_the_drawn_picture() -> None:
    puzzle, solution = corpus("numberlink", 1)[0]
    pic = render(puzzle, solution)
    back = Image.open(io.BytesIO(pic.png())).convert("RGB")
    assert back.size == pic.image.size
    assert back.tobytes() == rgb(pic).tobytes()


# -- Masyu ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("masyu"))
def test_masyu_pearls_and_loop(puzzle: Puzzle, solution: dict) -> None:
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    for r, c, v in puzzle.clues():
        centre = pixel(img, lay.center(r, c))
        if v == BLACK:
            assert brightness(centre) < 100, (r, c, centre)
        elif v == WHITE:
            assert brightness(centre) > 700, (r, c, centre)
            # the ring: dark pixels just inside the pearl's edge, left of the centre
            x, y = lay.center(r, c)
            ring = [pixel(img, (x - round(0.4 * lay.cell) + k, y)) for k in range(4)]
            assert min(brightness(p) for p in ring) < 200
    masks = mask_grid(solution, "loop", puzzle.rows, puzzle.cols)
    joined = 0
    for a, b, _side in pairs(puzzle.rows, puzzle.cols):
        color = pixel(img, lay.midpoint(a, b))
        if linked(masks, a, b):
            joined += 1
            assert color == pal.LINE, (a, b, color)
        else:
            assert color != pal.LINE, (a, b, color)
    assert joined > 0


def test_masyu_puzzle_view_has_no_loop() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    img = rgb(render(puzzle, solution, view="puzzle"))
    assert pal.LINE not in {c for _n, c in img.getcolors(1 << 20)}
    img = rgb(render(puzzle, solution, view="solution"))
    assert pal.LINE in {c for _n, c in img.getcolors(1 << 20)}


# -- Yin-Yang ------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("yinyang"))
def test_yinyang_every_cell_has_its_circle(puzzle: Puzzle, solution: dict) -> None:
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    for r, row in enumerate(solution["colors"]):
        for c, letter in enumerate(row):
            centre = pixel(img, lay.center(r, c))
            given = puzzle.cells[r][c]
            if letter == "B":
                assert brightness(centre) < 300, (r, c, centre)
                # givens pure black, deduced circles dark grey: a player sees what was given
                assert (centre == pal.BLACK) == (given == BLACK), (r, c, centre)
            else:
                assert brightness(centre) > 700, (r, c, centre)
            # every cell has a circle: its edge (0.3 cell left of the centre) is not background
            x, y = lay.center(r, c)
            edge = [pixel(img, (x - round(0.36 * lay.cell) + k, y)) for k in range(-1, 3)]
            assert min(brightness(p) for p in edge) < 500, (r, c, edge)


def test_yinyang_givens_have_a_thicker_ring_than_deduced_white() -> None:
    puzzle, solution = board("yinyang", 8, 8)
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]

    def dark_run(r: int, c: int) -> int:
        x, y = lay.center(r, c)
        return sum(1 for dx in range(int(lay.cell * 0.45)) if brightness(pixel(img, (x - dx, y))) < 200)

    given = [(r, c) for r, c, v in puzzle.clues() if v == WHITE]
    deduced = [
        (r, c)
        for r, row in enumerate(solution["colors"])
        for c, ch in enumerate(row)
        if ch == "W" and not puzzle.cells[r][c]
    ]
    assert given and deduced
    assert min(dark_run(*rc) for rc in given) >= 2  # a bold black ring
    assert max(dark_run(*rc) for rc in deduced) < min(dark_run(*rc) for rc in given)  # a light grey one


# -- Numberlink ----------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("numberlink"))
def test_numberlink_links_and_path_colours(puzzle: Puzzle, solution: dict) -> None:
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    masks = mask_grid(solution, "links", puzzle.rows, puzzle.cols)
    path_colors = set(pal.PATH_COLORS)
    for a, b, _side in pairs(puzzle.rows, puzzle.cols):
        color = pixel(img, lay.midpoint(a, b))
        if linked(masks, a, b):
            assert color in path_colors, (a, b, color)
        else:
            assert color not in path_colors, (a, b, color)
    # one colour per path: the links next to the two clues of a number share it; numbers differ
    by_number: dict[int, set] = {}
    for r, c, v in puzzle.clues():
        for a, b, _side in pairs(puzzle.rows, puzzle.cols):
            if (r, c) in (a, b) and linked(masks, a, b):
                by_number.setdefault(v, set()).add(pixel(img, lay.midpoint(a, b)))
    for v, colors in by_number.items():
        assert len(colors) == 1, (v, colors)
    if len(by_number) <= len(pal.PATH_COLORS):
        firsts = [next(iter(c)) for c in by_number.values()]
        assert len(set(firsts)) == len(firsts), "two paths share a colour"


def test_numberlink_touching_paths_differ_beyond_the_palette() -> None:
    puzzle, solution = board("numberlink", 60, 12)  # 60 paths, each touching the next
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    colors = [pixel(img, lay.midpoint((r, 4), (r, 5))) for r in range(60)]
    assert all(c in pal.PATH_COLORS for c in colors)
    assert all(colors[r] != colors[r + 1] for r in range(59))


def test_numberlink_clue_numbers_are_drawn() -> None:
    puzzle, solution = corpus("numberlink", 1)[0]
    pic = render(puzzle, None, view="puzzle")
    img, lay = rgb(pic), pic.panels[0]
    for r, c, _v in puzzle.clues():
        left, top, right, bottom = lay.cell_box(r, c)
        inner = img.crop((left + 3, top + 3, right - 2, bottom - 2))
        assert min(brightness(p) for _n, p in inner.getcolors(1 << 16)) < 150  # dark digit ink


# -- Shikaku -------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("shikaku"))
def test_shikaku_borders_exactly_on_region_boundaries(puzzle: Puzzle, solution: dict) -> None:
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    ids = rect_ids(rect_list(solution, puzzle.rows, puzzle.cols), puzzle.rows, puzzle.cols)
    for a, b, _side in pairs(puzzle.rows, puzzle.cols):
        x, y = lay.midpoint(a, b)
        # sample the boundary a little off its middle too (clear of clue discs)
        off = lay.cell // 4
        spots = [(x, y), (x, y - off)] if a[0] == b[0] else [(x, y), (x - off, y)]
        boundary = ids[a[0]][a[1]] != ids[b[0]][b[1]]
        for spot in spots:
            color = pixel(img, spot)
            assert (color == pal.INK) == boundary, (a, b, spot, color)


def test_shikaku_clues_white_on_dark_discs_and_tinted_regions() -> None:
    puzzle, solution = corpus("shikaku", 1)[0]
    pic = render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    for r, c, _v in puzzle.clues():
        x, y = lay.center(r, c)
        disc = pixel(img, (x, y + round(0.3 * lay.cell)))  # below the digit, inside the disc
        assert disc == pal.DISC
        left, top, right, bottom = lay.cell_box(r, c)
        inner = img.crop((left + 3, top + 3, right - 2, bottom - 2))
        assert max(brightness(p) for _n, p in inner.getcolors(1 << 16)) > 700  # white digit
    tints = {pixel(img, inside_corner(lay, r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)}
    assert len(tints & set(pal.TINTS)) >= 2


# -- views ---------------------------------------------------------------------------------


def inside_corner(lay: Layout, r: int, c: int) -> tuple[int, int]:
    """A background pixel of a cell (clear of circles, lines and grid)."""
    left, top, _right, _bottom = lay.cell_box(r, c)
    return left + max(3, lay.cell // 8), top + max(3, lay.cell // 8)


@pytest.mark.parametrize("genre", GENRES)
def test_multiple_view_highlights_differing_cells(genre: str) -> None:
    puzzle, solution = corpus(genre, 1)[0]
    other = {
        "masyu": lambda: {"loop": ["0 " * puzzle.cols] * puzzle.rows},
        "numberlink": lambda: {"links": ["0 " * puzzle.cols] * puzzle.rows},
        "yinyang": lambda: {"colors": [row[:-1] + ("W" if row[-1] == "B" else "B") for row in solution["colors"]]},
        "shikaku": lambda: {"rects": [list(x) for x in solution["rects"][1:]]},
    }[genre]()
    pic = render(puzzle, solution, view="multiple", second_solution=other)
    assert len(pic.panels) == 2 and pic.highlighted
    img = rgb(pic)
    left_panel, right_panel = pic.panels
    assert right_panel.x0 >= left_panel.x0 + left_panel.width
    differ = set(pic.highlighted)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            for lay in pic.panels:
                left, top, right, bottom = lay.cell_box(r, c)
                colors = {p for _n, p in img.crop((left + 1, top + 1, right, bottom)).getcolors(1 << 16)}
                assert (pal.DIFF_BG in colors) == ((r, c) in differ), (genre, r, c)


def test_multiple_view_of_identical_solutions_highlights_nothing() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    pic = render(puzzle, solution, view="multiple", second_solution=solution)
    assert pic.highlighted == []
    assert pal.DIFF_BG not in {c for _n, c in rgb(pic).getcolors(1 << 20)}


@pytest.mark.parametrize("genre", GENRES)
def test_problem_view_marks_cells_in_red(genre: str) -> None:
    puzzle, _solution = corpus(genre, 1)[0]
    marks = [(0, 0), (puzzle.rows - 1, puzzle.cols - 2)]
    pic = render(puzzle, view="problem", marks=marks)
    img, lay = rgb(pic), pic.panels[0]
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            left, top, right, bottom = lay.cell_box(r, c)
            colors = {p for _n, p in img.crop((left + 2, top + 2, right - 1, bottom - 1)).getcolors(1 << 16)}
            assert (pal.ERROR in colors) == ((r, c) in marks), (r, c)


def test_odd_solutions_never_crash() -> None:
    puzzle, _ = corpus("masyu", 1)[0]
    for bad in (None, {}, {"loop": None}, {"loop": ["15 15 x", 3]}, {"loop": [[99, -1, "8"]]}, {"colors": 5}):
        assert render_png(puzzle, bad).startswith(b"\x89PNG")
    # a mask pointing off the board draws half a link up to the frame, nothing more
    c0 = puzzle.cells[0].index(0)  # a cell of the top row with no pearl
    pic = render(puzzle, {"loop": [" ".join("1" if c == c0 else "0" for c in range(puzzle.cols))]})
    img, lay = rgb(pic), pic.panels[0]
    x, y = lay.center(0, c0)
    assert pixel(img, (x, y - lay.cell // 3)) == pal.LINE
    sk, _ = corpus("shikaku", 1)[0]
    for bad in ({"rects": [[0, 0, 99, 99], [1], "x", [-5, -5, 6, 6]]}, {"rects": "no"}):
        assert render_png(sk, bad).startswith(b"\x89PNG")
    yy, _ = corpus("yinyang", 1)[0]
    assert render_png(yy, {"colors": ["WBX?", None]}).startswith(b"\x89PNG")
    nl, _ = corpus("numberlink", 1)[0]
    assert render_png(nl, {"links": ["2 8 2 8 2", "4"]}).startswith(b"\x89PNG")
    assert render_png(nl, view="problem", marks=[(-1, 0), (99, 99)]).startswith(b"\x89PNG")
    assert render_png(nl, view="problem", marks=[None, "ab", (1,), [0, 0]]).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="unknown view"):
        render_png(nl, view="nope")


# -- render_result ---------------------------------------------------------------------------


def test_render_result_picks_the_view() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    unique = render_png(puzzle, solution, view="solution", title="Masyu 5×5 · unique solution")
    got = render_result(puzzle, SolveResult(Status.UNIQUE, solution=solution))
    assert got == unique
    other = {"loop": ["0 " * puzzle.cols] * puzzle.rows}
    multi = Image.open(io.BytesIO(render_result(puzzle, SolveResult(Status.MULTIPLE, solution, other))))
    single = Image.open(io.BytesIO(got))
    assert multi.size[0] > 1.6 * single.size[0]
    none = render_result(puzzle, SolveResult(Status.NONE, cells=((1, 1),), error="no loop"))
    img = Image.open(io.BytesIO(none)).convert("RGB")
    assert pal.ERROR in {c for _n, c in img.getcolors(1 << 20)}
    err = render_result(puzzle, SolveResult(Status.ERROR, solution=solution))  # never shows a solution
    img = Image.open(io.BytesIO(err)).convert("RGB")
    assert pal.LINE not in {c for _n, c in img.getcolors(1 << 20)}
    timeout = render_result(puzzle, SolveResult(Status.TIMEOUT, solution=solution), lang="ja")
    img = Image.open(io.BytesIO(timeout)).convert("RGB")
    assert pal.LINE in {c for _n, c in img.getcolors(1 << 20)}


def test_japanese_titles_only_with_a_cjk_font(monkeypatch: pytest.MonkeyPatch) -> None:
    from rendering import fonts
    from rendering.views import result_title, result_view

    puzzle, solution = corpus("masyu", 1)[0]
    result = SolveResult(Status.UNIQUE, solution=solution)
    _view, _kw, words = result_view(puzzle, result, "ja")
    assert result_title(puzzle, words, "ja") == "ましゅ 5×5 · 唯一解"
    monkeypatch.setattr(fonts, "CJK_CANDIDATES", ())
    monkeypatch.delenv("PUZZLEBOT_CJK_FONT", raising=False)
    fonts.cjk_font_file.cache_clear()
    try:
        english = render_png(puzzle, solution, title=result_title(puzzle, "unique solution"))
        assert render_result(puzzle, result, lang="ja") == english  # no CJK font: the English title
        monkeypatch.setenv("PUZZLEBOT_CJK_FONT", str(fonts.FONT_FILE))  # any font file takes the Japanese path
        fonts.cjk_font_file.cache_clear()
        fonts.cjk_font.cache_clear()
        assert render_result(puzzle, result, lang="ja") != english
    finally:
        fonts.cjk_font_file.cache_clear()
        fonts.cjk_font.cache_clear()
