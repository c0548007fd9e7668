"""Rendering: read pixels of the pictures to prove what they show (own-corpus solutions + synthetic boards)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.pictures import result_png, result_title, result_view
from rendering import MAX_CELL, MAX_SIDE, MIN_CELL, Picture, PillowDrawing, cell_size_for, fonts, render_png
from rendering import palette as pal
from rendering.geometry import DIRECTIONS, DOWN, LEFT, OPPOSITE, RIGHT, UP, Layout
from rendering.views import _render
from solvers.errors import ParseError
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.registry import GENRES, get_genre
from solvers.solution import ColorSolution, LinkSolution, LoopSolution, RectSolution, Solution
from solvers.verdict import SolveResult, Status
from tests import corpus as shared
from tests.synthetic import BOARDS, board

REPO = Path(__file__).resolve().parents[1]
SYNTHETIC = tuple(BOARDS)  # the genres tests/synthetic.py can make boards of


def corpus(genre: str, limit: int = 6) -> list[tuple[Puzzle[Any], Any]]:
    """A spread of own-corpus records (small to large) with their typed solutions; synthetic boards
    of a few sizes for a genre that has no own corpus file."""
    if genre not in shared.own_genres():
        return [board(genre, r, c) for r, c in ((5, 5), (8, 10), (12, 9))][:limit]
    recs = sorted(shared.solved(genre), key=lambda r: r["rows"] * r["cols"])
    step = max(1, len(recs) // limit)
    out = []
    for rec in recs[::step][:limit]:
        puzzle = Puzzle.from_record(rec)
        out.append((puzzle, get_genre(puzzle.genre).solution_from_json(rec["solution"], puzzle)))
    return out


def rgb(picture: Picture) -> Image.Image:
    return picture.image.convert("RGB")


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(xy)  # type: ignore[return-value]


def colours(img: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _n, c in img.getcolors(1 << 22) or ()}


def pairs(rows: int, cols: int) -> Iterator[tuple[tuple[int, int], tuple[int, int], int]]:
    """Every pair of orthogonally adjacent cells, with the side of the first facing the second."""
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                yield (r, c), (r, c + 1), RIGHT
            if r + 1 < rows:
                yield (r, c), (r + 1, c), DOWN


def linked(masks: tuple[tuple[int, ...], ...], a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when both cells (or points) point at each other (a real link)."""
    (ra, ca), (rb, cb) = a, b
    for side, (dr, dc) in DIRECTIONS.items():
        if (ra + dr, ca + dc) == (rb, cb):
            return bool(masks[ra][ca] & side) and bool(masks[rb][cb] & OPPOSITE[side])
    return False


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


# -- Masyu ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("masyu"))
def test_masyu_pearls_and_loop(puzzle: Puzzle[Any], solution: LoopSolution) -> None:
    pic = _render(puzzle, solution)
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
    joined = 0
    for a, b, _side in pairs(puzzle.rows, puzzle.cols):
        color = pixel(img, lay.midpoint(a, b))
        if linked(solution.masks, a, b):
            joined += 1
            assert color == pal.LINE, (a, b, color)
        else:
            assert color != pal.LINE, (a, b, color)
    assert joined > 0


def test_masyu_puzzle_view_has_no_loop() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    assert pal.LINE not in colours(rgb(_render(puzzle, solution, view="puzzle")))
    assert pal.LINE in colours(rgb(_render(puzzle, solution, view="solution")))


# -- Yin-Yang ------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("yinyang"))
def test_yinyang_every_cell_has_its_circle(puzzle: Puzzle[Any], solution: ColorSolution) -> None:
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    for r, row in enumerate(solution.colors):
        for c, letter in enumerate(row):
            centre = pixel(img, lay.center(r, c))
            given = puzzle.cells[r][c]
            if letter == "B":
                assert brightness(centre) < 300, (r, c, centre)
                # givens pure black, deduced circles dark grey: a player sees what was given
                assert (centre == pal.BLACK) == (given == BLACK), (r, c, centre)
            else:
                assert brightness(centre) > 700, (r, c, centre)
            # every cell has a circle: its edge (0.36 cell left of the centre) is not background
            x, y = lay.center(r, c)
            edge = [pixel(img, (x - round(0.36 * lay.cell) + k, y)) for k in range(-1, 3)]
            assert min(brightness(p) for p in edge) < 500, (r, c, edge)


def test_yinyang_givens_have_a_thicker_ring_than_deduced_white() -> None:
    puzzle, solution = board("yinyang", 8, 8)
    assert isinstance(solution, ColorSolution)
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]

    def dark_run(r: int, c: int) -> int:
        x, y = lay.center(r, c)
        return sum(1 for dx in range(int(lay.cell * 0.45)) if brightness(pixel(img, (x - dx, y))) < 200)

    given = [(r, c) for r, c, v in puzzle.clues() if v == WHITE]
    deduced = [
        (r, c)
        for r, row in enumerate(solution.colors)
        for c, ch in enumerate(row)
        if ch == "W" and not puzzle.cells[r][c]
    ]
    assert given and deduced
    assert min(dark_run(*rc) for rc in given) >= 2  # a bold black ring
    assert max(dark_run(*rc) for rc in deduced) < min(dark_run(*rc) for rc in given)  # a light grey one


# -- Numberlink ----------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("numberlink"))
def test_numberlink_links_and_path_colours(puzzle: Puzzle[Any], solution: LinkSolution) -> None:
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    masks = solution.masks
    path_colors = set(pal.PATH_COLORS)
    for a, b, _side in pairs(puzzle.rows, puzzle.cols):
        color = pixel(img, lay.midpoint(a, b))
        if linked(masks, a, b):
            assert color in path_colors, (a, b, color)
        else:
            assert color not in path_colors, (a, b, color)
    # one colour per path: the links next to the two clues of a number share it; numbers differ
    by_number: dict[int, set[tuple[int, int, int]]] = {}
    for r, c, v in puzzle.clues():
        for a, b, _side in pairs(puzzle.rows, puzzle.cols):
            if (r, c) in (a, b) and linked(masks, a, b):
                by_number.setdefault(v, set()).add(pixel(img, lay.midpoint(a, b)))
    for v, cols in by_number.items():
        assert len(cols) == 1, (v, cols)
    if len(by_number) <= len(pal.PATH_COLORS):
        firsts = [next(iter(c)) for c in by_number.values()]
        assert len(set(firsts)) == len(firsts), "two paths share a colour"


def test_numberlink_touching_paths_differ_beyond_the_palette() -> None:
    puzzle, solution = board("numberlink", 60, 12)  # 60 paths, each touching the next
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    cols = [pixel(img, lay.midpoint((r, 4), (r, 5))) for r in range(60)]
    assert all(c in pal.PATH_COLORS for c in cols)
    assert all(cols[r] != cols[r + 1] for r in range(59))


def test_numberlink_clue_numbers_are_drawn() -> None:
    puzzle, _solution = corpus("numberlink", 1)[0]
    pic = _render(puzzle, None, view="puzzle")
    img, lay = rgb(pic), pic.panels[0]
    for r, c, _v in puzzle.clues():
        left, top, right, bottom = lay.cell_box(r, c)
        inner = img.crop((left + 3, top + 3, right - 2, bottom - 2))
        assert min(brightness(p) for p in colours(inner)) < 150  # dark digit ink


# -- Shikaku -------------------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "solution"), corpus("shikaku"))
def test_shikaku_borders_exactly_on_region_boundaries(puzzle: Puzzle[Any], solution: RectSolution) -> None:
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    ids = solution.ids()
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
    pic = _render(puzzle, solution)
    img, lay = rgb(pic), pic.panels[0]
    for r, c, _v in puzzle.clues():
        x, y = lay.center(r, c)
        disc = pixel(img, (x, y + round(0.3 * lay.cell)))  # below the digit, inside the disc
        assert disc == pal.DISC
        left, top, right, bottom = lay.cell_box(r, c)
        inner = img.crop((left + 3, top + 3, right - 2, bottom - 2))
        assert max(brightness(p) for p in colours(inner)) > 700  # white digit
    tints = {pixel(img, inside_corner(lay, r, c)) for r in range(puzzle.rows) for c in range(puzzle.cols)}
    assert len(tints & set(pal.TINTS)) >= 2


# -- grid points: dots and lines along the grid (Slitherlink-style boards) ------------------


def point_picture(rows: int, cols: int, masks: list[list[int]]) -> tuple[Image.Image, Layout]:
    lay = Layout(rows, cols, 30, 15, 15)
    image = pal.new_image(cols * 30 + 30, rows * 30 + 30)
    d = PillowDrawing(image, lay)
    d.backgrounds()
    d.point_links(masks)
    d.dots()
    return image.convert("RGB"), lay


def test_dots_on_every_grid_point_and_nowhere_else() -> None:
    img, lay = point_picture(3, 4, [[0] * 5 for _ in range(4)])
    for r in range(4):
        for c in range(5):
            assert pixel(img, lay.point(r, c)) == pal.INK, (r, c)
    for r in range(3):
        for c in range(4):
            x, y = lay.center(r, c)
            assert pixel(img, (x, y)) == pal.WHITE
            assert pixel(img, (x, lay.point(r, c)[1])) == pal.WHITE  # middle of a cell side: no line
    assert colours(img) == {pal.INK, pal.WHITE}


def test_point_links_follow_the_grid_lines() -> None:
    # the loop round cell (0, 0) and cell (0, 1) of a 2x3 board: points (0,0)-(0,2)-(1,2)-(1,0)
    m = [[0] * 4 for _ in range(3)]
    m[0][0], m[0][1], m[0][2] = RIGHT | DOWN, LEFT | RIGHT, LEFT | DOWN
    m[1][0], m[1][1], m[1][2] = UP | RIGHT, LEFT | RIGHT, UP | LEFT
    m[2][3] = UP  # a one-sided bit: half a side, from point (2, 3) up
    img, lay = point_picture(2, 3, m)
    masks = tuple(tuple(row) for row in m)
    for r in range(3):
        for c in range(4):
            for side, (dr, dc) in ((RIGHT, (0, 1)), (DOWN, (1, 0))):
                rr, cc = r + dr, c + dc
                if rr > 2 or cc > 3:
                    continue
                (xa, ya), (xb, yb) = lay.point(r, c), lay.point(rr, cc)
                mid = ((xa + xb) // 2, (ya + yb) // 2)
                assert (pixel(img, mid) == pal.LINE) == linked(masks, (r, c), (rr, cc)), (r, c, side)
    x, y = lay.point(2, 3)
    assert pixel(img, (x, y - lay.cell // 4)) == pal.LINE  # the half side drawn
    assert pixel(img, (x, y - 3 * lay.cell // 4)) != pal.LINE  # and no further
    assert pixel(img, lay.point(0, 0)) == pal.INK  # dots drawn over the line's corners


# -- views ---------------------------------------------------------------------------------


def inside_corner(lay: Layout, r: int, c: int) -> tuple[int, int]:
    """A background pixel of a cell (clear of circles, lines and grid)."""
    left, top, _right, _bottom = lay.cell_box(r, c)
    return left + max(3, lay.cell // 8), top + max(3, lay.cell // 8)


def other_solution(genre: str, puzzle: Puzzle[Any], solution: Any) -> Solution:
    """A second solution that differs from ``solution`` in some cells."""
    empty = tuple((0,) * puzzle.cols for _ in range(puzzle.rows))
    if genre == "yinyang":
        flip = {"B": "W", "W": "B"}
        return ColorSolution(tuple(row[:-1] + flip[row[-1]] for row in solution.colors))
    if genre == "shikaku":
        return RectSolution(solution.rects[1:], puzzle.rows, puzzle.cols)
    return LinkSolution(empty) if genre == "numberlink" else LoopSolution(empty)


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


# -- the picture for a verdict (bot/pictures.py) -----------------------------------------------


def test_result_png_picks_the_view() -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    size = f"{puzzle.rows}×{puzzle.cols}"
    unique = render_png(puzzle, solution, view="solution", title=f"Masyu {size} · unique solution")
    got = result_png(puzzle, SolveResult(Status.UNIQUE, solution=solution))
    assert got == unique
    other = other_solution("masyu", puzzle, solution)
    multi = Image.open(io.BytesIO(result_png(puzzle, SolveResult(Status.MULTIPLE, solution, other))))
    single = Image.open(io.BytesIO(got))
    assert multi.size[0] > 1.6 * single.size[0]
    none = result_png(puzzle, SolveResult(Status.NONE, cells=((1, 1),)))
    assert pal.ERROR in colours(Image.open(io.BytesIO(none)).convert("RGB"))
    err = result_png(puzzle, SolveResult(Status.ERROR, solution=solution))  # never shows a solution
    assert pal.LINE not in colours(Image.open(io.BytesIO(err)).convert("RGB"))
    timeout = result_png(puzzle, SolveResult(Status.TIMEOUT, solution=solution), "ja")
    assert pal.LINE in colours(Image.open(io.BytesIO(timeout)).convert("RGB"))


def _fonts_changed() -> None:
    """Forget the CJK font found so far (it is looked up once)."""
    fonts.cjk_font_file.cache_clear()
    fonts.cjk_font.cache_clear()


@pytest.fixture
def any_cjk_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Titles in Japanese whatever fonts this machine has: any font file takes the Japanese path."""
    monkeypatch.setenv("PUZZLEBOT_CJK_FONT", str(fonts.FONT_FILE))
    _fonts_changed()
    yield
    _fonts_changed()


@pytest.fixture
def no_cjk_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No CJK font found, whatever fonts this machine has."""
    monkeypatch.setattr(fonts, "CJK_CANDIDATES", ())
    monkeypatch.delenv("PUZZLEBOT_CJK_FONT", raising=False)
    _fonts_changed()
    yield
    _fonts_changed()


@pytest.mark.parametrize(
    ("status", "second", "cells", "view", "en", "ja"),
    [
        (Status.UNIQUE, False, (), "solution", "unique solution", "唯一解"),
        (Status.SOLVED, False, (), "solution", "a solution", "解"),
        (Status.TIMEOUT, False, (), "solution", "a checked solution (uniqueness not settled in time)",
         "解（時間内に唯一性は未確認）"),
        (Status.MULTIPLE, True, (), "multiple", "not unique: two solutions, differences highlighted",
         "複数解：2つの解と異なるマス"),
        (Status.MULTIPLE, False, (), "solution", "not unique: one of several solutions", "複数解：そのうちの1つ"),
        (Status.NONE, False, ((0, 1),), "problem", "no solution (see the marked cells)", "解なし（印のマス）"),
        (Status.INVALID, False, (), "puzzle", "invalid puzzle", "問題が不正です"),
        (Status.ERROR, False, (), "puzzle", "internal error", "内部エラー"),
    ],
)
def test_result_view_and_title_words(status: Status, second: bool, cells: tuple[tuple[int, int], ...],
                                     view: str, en: str, ja: str, any_cjk_font: None) -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    with_solution = status not in (Status.NONE, Status.INVALID)  # an error verdict may carry one: never shown
    other = other_solution("masyu", puzzle, solution) if second else None
    v = result_view(SolveResult(status, solution if with_solution else None, other, cells=cells))
    assert v.name == view
    size = f"{puzzle.rows}×{puzzle.cols}"
    assert result_title(puzzle, v, "en") == f"Masyu {size} · {en}"
    assert result_title(puzzle, v, "ja") == f"ましゅ {size} · {ja}"


def test_japanese_titles_only_with_a_cjk_font(monkeypatch: pytest.MonkeyPatch, no_cjk_font: None) -> None:
    puzzle, solution = corpus("masyu", 1)[0]
    result = SolveResult(Status.UNIQUE, solution=solution)
    view = result_view(result)
    english = render_png(puzzle, solution, title=result_title(puzzle, view, "en"))
    assert result_png(puzzle, result, "ja") == english  # no CJK font: the English title
    monkeypatch.setenv("PUZZLEBOT_CJK_FONT", str(fonts.FONT_FILE))  # any font file takes the Japanese path
    _fonts_changed()
    assert result_png(puzzle, result, "ja-JP") != english


def test_board_png_is_the_puzzle_or_its_solution() -> None:
    from bot.pictures import board_png

    puzzle, solution = corpus("shikaku", 1)[0]
    assert board_png(puzzle) == render_png(puzzle, view="puzzle")
    assert board_png(puzzle, solution, title="t") == render_png(puzzle, solution, title="t")


def _ink_height(img: Image.Image, lay: Layout, r: int, c: int, ink: Any) -> int:
    """Rows of ink in the middle band of a cell (clear of grid lines and, for discs, of the disc's edge)."""
    left, top, right, _ = lay.cell_box(r, c)
    w = right - left
    crop = img.crop((left + round(0.3 * w), top + round(0.15 * w), left + round(0.7 * w), top + round(0.85 * w)))
    rows = [y for y in range(crop.height) if any(ink(crop.getpixel((x, y))) for x in range(crop.width))]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize(("genre", "ink"), [("shikaku", lambda px: sum(px) > 600),  # white digits on a disc
                                            ("numberlink", lambda px: sum(px) < 200)])
def test_three_digit_clues_are_nearly_as_tall_as_one_digit(genre: str, ink: Any) -> None:
    cells = [[0] * 30 for _ in range(30)]
    cells[3][3] = cells[3][9] = 144
    cells[6][6] = cells[6][9] = 7
    pic = _render(Puzzle(genre, tuple(tuple(row) for row in cells)), None, view="puzzle")
    img, lay = rgb(pic), pic.panels[0]
    long, short = _ink_height(img, lay, 3, 3, ink), _ink_height(img, lay, 6, 6, ink)
    assert long >= 0.75 * short
    assert long * min(1.0, 1280 / max(img.size)) >= 15  # still ~15 px after Telegram's resize to 1280 px


@pytest.mark.parametrize("name", ["starbattle", "heyawake", "lits"])
def test_room_borders_stop_at_the_frame(name: str) -> None:
    """Room borders are thicker than the frame, and where one met the frame its end stuck out past
    the board by a pixel or two (the Star Battle and Heyawake pictures). Nothing is drawn just
    outside the frame now."""
    from solvers.reading import read_board

    puzzle = read_board(GENRES[name].example, name)
    pic = _render(puzzle, None, view="puzzle")
    (lay,) = pic.panels
    image = pic.image.convert("RGB")
    out = lay.frame_width // 2
    left, top = lay.x0 - out, lay.y0 - out
    right, bottom = lay.x0 + lay.width + out, lay.y0 + lay.height + out
    ring = [(x, top - 1) for x in range(left - 1, right + 2)] + [(x, bottom + 1) for x in range(left - 1, right + 2)]
    ring += [(left - 1, y) for y in range(top, bottom + 1)] + [(right + 1, y) for y in range(top, bottom + 1)]
    assert [p for p in ring if image.getpixel(p) != image.getpixel((0, image.height - 1))] == []


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
