"""Rendering, genre by genre: pearls and loops, circles, numbered paths, rectangles, grid points, clue digits and
room borders, read back from the pixels (own-corpus solutions + synthetic boards)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from rendering import PillowDrawing
from rendering import palette as pal
from rendering.geometry import DOWN, LEFT, RIGHT, UP, Layout
from rendering.views import _render
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.registry import GENRES
from solvers.solution import ColorSolution, LinkSolution, LoopSolution, RectSolution
from tests.render_support import brightness, colours, corpus, inside_corner, linked, pairs, pixel, rgb
from tests.synthetic import board

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


@pytest.mark.parametrize("name", ["lits", "heyawake"])
def test_room_borders_stand_out_on_shaded_cells(name: str) -> None:
    """A black room border on a dark shaded cell was seen on its white side only (the LITS and
    Heyawake solutions): a shaded cell keeps a paper strip inside each side along a border or the
    frame, its middle stays shaded, and a side inside its room stays shaded to the grid line."""
    from rendering.svg import board_svg
    from solvers.engine import solve_puzzle
    from solvers.heyawake.rooms import numbers_of, regions_of
    from solvers.reading import read_board
    from solvers.verdict import SolveOptions

    puzzle = read_board(GENRES[name].example, name)
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).solution
    assert solution is not None
    pic = _render(puzzle, solution, view="solution")
    (lay,) = pic.panels
    image = pic.image.convert("RGB")
    shaded = set(solution.cells())
    rooms = puzzle.regions if puzzle.regions is not None else regions_of(puzzle)
    h, hf = lay.line_width // 2, lay.frame_width // 2
    seen = 0
    for r, c in sorted(shaded):
        left, top, right, _ = lay.cell_box(r, c)
        cx, cy = lay.center(r, c)
        if name == "lits" or numbers_of(puzzle)[r][c] is None:  # (a number on a shaded cell is white)
            assert pixel(image, (cx, cy)) == pal.SHADED
        if c + 1 < puzzle.cols and rooms[r][c] != rooms[r][c + 1]:
            assert pixel(image, (right - h - 1, cy)) == pal.WHITE, (r, c)
            seen += 1
        if c + 1 < puzzle.cols and rooms[r][c] == rooms[r][c + 1] and (r, c + 1) in shaded:
            assert pixel(image, (right - h - 1, cy)) == pal.SHADED, (r, c)
        if r == 0:
            assert pixel(image, (cx, top + hf + 1)) == pal.WHITE, (r, c)
            seen += 1
    assert seen
    assert 'stroke="#fff"' in board_svg(puzzle, solution) and 'stroke="#fff"' not in board_svg(puzzle, None)


def test_the_svg_room_borders_and_their_paper_strips_share_one_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The paper strips round the borders on shaded cells rebuilt the borders' path in a second copy of
    the loop; the path is built once and both draw it (the pictures are byte-identical to before)."""
    import re

    from rendering.svg import SvgDrawing, board_svg
    from solvers.engine import solve_puzzle
    from solvers.reading import read_board
    from solvers.verdict import SolveOptions

    puzzle = read_board(GENRES["lits"].example, "lits")
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).solution
    built: list[str] = []
    path = SvgDrawing._border_path
    monkeypatch.setattr(SvgDrawing, "_border_path", lambda self, ids: built.append(path(self, ids)) or built[-1])
    svg = board_svg(puzzle, solution)
    assert len(built) == 1 and built[0]
    strips = re.search(r'stroke="#fff">.*?<path d="([^"]*)"', svg)
    rooms = re.search(r'<path class="rooms" d="([^"]*)"', svg)
    assert strips is not None and rooms is not None and strips.group(1) == rooms.group(1) == built[0]
