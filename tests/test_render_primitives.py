"""The drawing primitives of the eleven new genres, read back from the pixels the Pillow drawing paints:
shaded and black cells, white numbers on black, arrow clues, split sum cells, stars, lights on lit
cells, bridges, answer digits, crosses, dots and thick region borders."""

from __future__ import annotations

import inspect
import math

import pytest
from PIL import Image

from rendering import palette as pal
from rendering.board import ROLE_COLORS, PillowDrawing
from rendering.geometry import Layout
from solvers.drawing import INK, LIT, PAPER, SHADED, Drawing, Role

RGB = tuple[int, int, int]


class Board:
    """A blank board drawn through :class:`PillowDrawing`, with pixel reading helpers."""

    def __init__(self, rows: int = 3, cols: int = 3, cell: int = 48,
                 highlights: dict[tuple[int, int], RGB] | None = None) -> None:
        margin = cell // 2
        self.lay = Layout(rows, cols, cell, margin, margin)
        self.image = pal.new_image(cols * cell + 2 * margin, rows * cell + 2 * margin)
        self.d = PillowDrawing(self.image, self.lay, highlights=highlights)
        self.cell = cell

    def rgb(self) -> Image.Image:
        return self.image.convert("RGB")

    def at(self, r: int, c: int, dx: float = 0.0, dy: float = 0.0) -> RGB:
        """The colour at the cell centre moved (dx, dy) cells."""
        x, y = self.lay.center(r, c)
        return self.rgb().getpixel((x + round(dx * self.cell), y + round(dy * self.cell)))  # type: ignore[return-value]

    def cell_pixels(self, r: int, c: int, inset: int = 2) -> dict[tuple[int, int], RGB]:
        """Every pixel inside the cell (clear of its grid lines by ``inset``), by (x, y) from its top-left."""
        img = self.rgb()
        left, top, right, bottom = self.lay.cell_box(r, c)
        return {(x - left, y - top): img.getpixel((x, y)) for x in range(left + inset, right - inset + 1)  # type: ignore[misc]
                for y in range(top + inset, bottom - inset + 1)}


def dark(color: RGB) -> bool:
    return sum(color) < 240


def runs(flags: list[bool]) -> int:
    """How many separate runs of True there are."""
    return sum(1 for i, f in enumerate(flags) if f and (i == 0 or not flags[i - 1]))


def test_the_protocol_and_the_pillow_drawing_have_the_same_methods() -> None:
    names = {"fill_cell", "answer_text", "arrow_clue", "sum_clue", "star", "light", "bridge", "cross", "dot_mark",
             "region_borders", "text"}
    for name in names:
        want = inspect.signature(getattr(Drawing, name))
        got = inspect.signature(getattr(PillowDrawing, name))
        assert list(want.parameters) == list(got.parameters), name
        assert [p.default for p in want.parameters.values()] == [p.default for p in got.parameters.values()], name


def test_new_roles_have_their_own_palette_colours() -> None:
    for role in (Role.SHADED, Role.LIT, Role.ANSWER):
        color = ROLE_COLORS[role]
        assert color in pal.palette_colors()
        assert list(ROLE_COLORS.values()).count(color) == 1, role
    assert len(pal.palette_colors()) <= 256
    assert ROLE_COLORS[Role.SHADED] != pal.INK  # a shaded answer cell is not a given black cell


def test_fill_cell_fills_exactly_the_cell() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.fill_cell(1, 1, SHADED)
    b.d.fill_cell(0, 2, INK)
    assert set(b.cell_pixels(1, 1, inset=1).values()) == {pal.SHADED}  # up to the grid lines round it
    assert set(b.cell_pixels(0, 2, inset=1).values()) == {pal.INK}
    for r, c in ((0, 1), (1, 0), (1, 2), (2, 1)):
        assert set(b.cell_pixels(r, c, inset=1).values()) == {pal.WHITE}, (r, c)


def test_a_highlighted_shaded_cell_keeps_a_rim_of_its_highlight() -> None:
    b = Board(highlights={(1, 1): pal.DIFF_BG})
    b.d.backgrounds()
    b.d.fill_cell(1, 1, SHADED)
    assert b.at(1, 1) == pal.SHADED
    assert b.at(1, 1, -0.47, -0.47) == pal.DIFF_BG


@pytest.mark.parametrize("background", [None, INK])
def test_white_text_on_a_black_cell_is_light_on_dark(background: object) -> None:
    b = Board()
    b.d.backgrounds()
    b.d.fill_cell(1, 1, INK)
    b.d.text(1, 1, "12", PAPER, background=background)  # type: ignore[arg-type]
    pixels = list(b.cell_pixels(1, 1).values())
    assert all(max(p) - min(p) <= 8 for p in pixels)  # greys (or as near as the palette has): no coloured fringe
    light = sum(1 for p in pixels if sum(p) > 700)
    assert light > 0.05 * len(pixels)  # the digits are there, white
    assert sum(1 for p in pixels if p == pal.INK) > 0.5 * len(pixels)  # on black


@pytest.mark.parametrize("cell", [16, 32, 48])
@pytest.mark.parametrize("text", ["7", "12", "123"])
def test_text_scales_to_the_cell(cell: int, text: str) -> None:
    b = Board(cell=cell)
    b.d.backgrounds()
    b.d.text(1, 1, text)
    ink = [xy for xy, p in b.cell_pixels(1, 1, inset=1).items() if dark(p)]
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    assert width <= 0.8 * cell and height <= 0.65 * cell
    assert height >= (0.22 if len(text) == 3 else 0.3) * cell, (width, height)  # multi-digit numbers stay legible
    assert set(b.cell_pixels(1, 0, inset=0).values()) == {pal.WHITE}  # nothing spills into the neighbours
    assert set(b.cell_pixels(1, 2, inset=0).values()) == {pal.WHITE}


def test_answer_digits_are_in_the_answer_colour() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.answer_text(1, 1, "8")
    b.d.text(1, 2, "8")
    answer = set(b.cell_pixels(1, 1).values())
    assert pal.ANSWER in answer and pal.INK not in answer
    assert pal.INK in set(b.cell_pixels(1, 2).values())


def ink_box(pixels: dict[tuple[int, int], RGB]) -> tuple[int, int, int, int]:
    ink = [xy for xy, p in pixels.items() if dark(p)]
    return min(x for x, _ in ink), min(y for _, y in ink), max(x for x, _ in ink), max(y for _, y in ink)


@pytest.mark.parametrize("direction", ["u", "d", "l", "r", "up", "left"])
def test_arrow_clue_puts_its_arrow_beside_the_number_pointing_its_way(direction: str) -> None:
    b = Board()
    b.d.backgrounds()
    b.d.arrow_clue(1, 1, direction, "3")
    px = b.cell_pixels(1, 1)
    cell = b.cell
    key = direction[0]
    if key in "ud":  # the arrow: a column right of the number, its head (the widest rows) at the tip's end
        strip = {xy: p for xy, p in px.items() if xy[0] > 0.7 * cell}
        number = {xy: p for xy, p in px.items() if xy[0] < 0.6 * cell}
        widths = {y: sum(1 for (x, yy), p in strip.items() if yy == y and dark(p)) for y in range(cell)}
    else:  # a row above the number, its head at the left or the right
        strip = {xy: p for xy, p in px.items() if xy[1] < 0.3 * cell}
        number = {xy: p for xy, p in px.items() if xy[1] > 0.36 * cell}
        widths = {x: sum(1 for (xx, y), p in strip.items() if xx == x and dark(p)) for x in range(cell)}
    assert any(dark(p) for p in strip.values()) and any(dark(p) for p in number.values())
    head = max(widths.values())
    heads = [k for k, w in widths.items() if w >= head - 1]
    tip_first = key in "ul"  # up: the head is in the upper half; left: in the left half
    assert all((k < cell / 2) == tip_first for k in heads), (direction, heads)
    shaft = [k for k, w in widths.items() if 0 < w <= 4]
    assert len(shaft) > 0.2 * cell  # a thin shaft behind the head


def test_arrow_clue_in_white_on_a_black_cell_and_without_a_number() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.fill_cell(1, 1, INK)
    b.d.arrow_clue(1, 1, "r", "2", PAPER, INK)
    assert any(sum(p) > 700 for xy, p in b.cell_pixels(1, 1).items() if xy[1] < 0.3 * b.cell)  # the white arrow
    assert any(sum(p) > 700 for xy, p in b.cell_pixels(1, 1).items() if xy[1] > 0.4 * b.cell)  # the white number
    b.d.arrow_clue(0, 0, "d", None)
    left, _top, right, _bottom = ink_box(b.cell_pixels(0, 0))
    assert left > 0.6 * b.cell  # the arrow alone, where it stands beside a number
    with pytest.raises(ValueError, match="direction"):
        b.d.arrow_clue(2, 2, "x", "1")


def test_sum_clue_grey_cell_diagonal_and_numbers_in_their_triangles() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.sum_clue(1, 1, "17", "3")
    b.d.sum_clue(0, 0, None, None)
    cell = b.cell
    assert b.at(1, 1) == pal.INK  # the diagonal passes through the centre
    for k in range(3, cell - 2, 5):  # ... from the top-left corner to the bottom-right one
        left, top, _, _ = b.lay.cell_box(0, 0)
        assert dark(b.rgb().getpixel((left + k, top + k))), k  # type: ignore[arg-type]
    assert b.at(0, 0, 0.3, -0.2) == pal.SUM_CELL and b.at(0, 0, -0.3, 0.2) == pal.SUM_CELL  # grey both sides
    above = below = 0
    for (x, y), p in b.cell_pixels(1, 1).items():
        if dark(p) and abs(x - y) > 3:  # number ink, off the diagonal
            if x > y:
                above += 1
            else:
                below += 1
    assert above > 10 and below > 10  # "3" top-right, "17" bottom-left
    b2 = Board()
    b2.d.backgrounds()
    b2.d.sum_clue(1, 1, "45", None)
    assert not any(dark(p) and x - y > 3 for (x, y), p in b2.cell_pixels(1, 1).items())  # nothing top-right


def test_star_is_ink_at_the_centre_with_five_points() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.star(1, 1)
    assert b.at(1, 1) == pal.INK
    assert b.at(1, 1, 0, -0.3) == pal.INK  # the top point
    assert b.at(1, 1, 0, 0.36) == pal.WHITE  # between the two lower points
    ring = [dark(b.at(1, 1, 0.3 * math.sin(t / 180 * math.pi), -0.3 * math.cos(t / 180 * math.pi)))
            for t in range(0, 360, 3)]
    while ring[0]:  # start the circle between two points
        ring = ring[1:] + ring[:1]
    assert runs(ring) == 5


def test_light_on_a_lit_cell() -> None:
    b = Board()
    b.d.backgrounds({(1, 1): LIT, (1, 2): LIT})
    b.d.light(1, 1)
    assert b.at(1, 1) == pal.INK and b.at(1, 1, 0.25, 0) == pal.INK
    assert b.at(1, 1, 0.45, 0.45) == pal.LIT  # the corner is lit
    assert b.at(1, 2) == pal.LIT and b.at(0, 1) == pal.WHITE
    assert not any(p not in (pal.LIT, pal.INK) and sum(p) > sum(pal.LIT) for p in b.cell_pixels(1, 1).values())


@pytest.mark.parametrize("cell", [16, 48])
@pytest.mark.parametrize("count", [1, 2])
def test_bridges_single_and_double_stop_at_the_circles(cell: int, count: int) -> None:
    b = Board(rows=3, cols=4, cell=cell)
    b.d.backgrounds()
    b.d.bridge(0, 0, 0, 3, count)
    b.d.bridge(2, 1, 0, 1, count)  # given bottom to top: the same bridge
    img = b.rgb()
    x, y = b.lay.midpoint((0, 0), (0, 3))
    across = [img.getpixel((x, y + k)) == pal.LINE for k in range(-cell // 2, cell // 2)]
    assert runs(across) == count
    x, y = b.lay.center(1, 1)
    y += cell // 4
    across = [img.getpixel((x + k, y)) == pal.LINE for k in range(-cell // 2, cell // 2)]
    assert runs(across) == count
    x0, y0 = b.lay.center(0, 0)
    offset = 0 if count == 1 else round(1.5 * b.lay.line_width)
    assert img.getpixel((x0 + round(0.3 * cell), y0 + offset)) == pal.WHITE  # inside the island circle: clear
    assert img.getpixel((x0 + round(0.45 * cell), y0 + offset)) == pal.LINE  # from its edge on
    with pytest.raises(ValueError, match="row or column"):
        b.d.bridge(0, 0, 1, 1, 1)


def test_cross_and_dot_marks() -> None:
    b = Board()
    b.d.backgrounds()
    b.d.cross(1, 1)
    b.d.dot_mark(0, 0)
    assert b.at(1, 1) == pal.INK
    for dx, dy in ((0.2, 0.2), (-0.2, 0.2), (0.2, -0.2), (-0.2, -0.2)):
        assert dark(b.at(1, 1, dx, dy)), (dx, dy)
    for dx, dy in ((0.2, 0), (0, 0.2), (-0.2, 0), (0, -0.2)):
        assert b.at(1, 1, dx, dy) == pal.WHITE, (dx, dy)
    assert b.at(0, 0) == pal.INK
    assert b.at(0, 0, 0.15, 0) == pal.WHITE and b.at(0, 0, 0, 0.15) == pal.WHITE  # small
    ink = sum(1 for p in b.cell_pixels(0, 0).values() if dark(p))
    assert 4 <= ink <= 0.05 * b.cell**2


def test_region_borders_draw_the_boxes_thick_over_a_thin_grid() -> None:
    b = Board(rows=9, cols=9, cell=32)
    b.d.backgrounds()
    b.d.grid()
    b.d.region_borders([[(r // 3) * 3 + c // 3 for c in range(9)] for r in range(9)])
    b.d.frame()
    img = b.rgb()
    _, y = b.lay.center(4, 4)
    row = [img.getpixel((x, y)) for x in range(b.lay.x0, b.lay.x0 + b.lay.width)]
    thick = [x for x, p in enumerate(row) if p == pal.INK]
    grid = [x for x, p in enumerate(row) if p == pal.GRID]
    for k in (3, 6):  # box lines: a thick run centred on the grid line
        assert sum(1 for x in thick if abs(x - k * 32) <= 3) >= 3, k
    for k in (1, 2, 4, 5, 7, 8):  # inside a box: the thin grid line
        assert k * 32 in grid and k * 32 not in thick, k


def test_room_sides_and_strip_cells_are_the_one_geometry_of_both_drawings() -> None:
    """The PNG canvas and the SVG each walked the rooms' sides and filtered the strip cells on their
    own (two copies of _clear_strips' geometry); both take them from rendering.geometry now."""
    import rendering.canvas as canvas
    import rendering.svg as svg
    from rendering.geometry import room_sides, strip_cells

    region = [[0, 0, 1], [2, 2, 1]]
    assert sorted(room_sides(region)) == [(0, 0, False), (0, 1, False), (0, 1, True), (1, 1, True)]
    assert strip_cells([(1, 1), (0, 0), (5, 0), (0, 2)], 2, 3, {(0, 2)}) == [(0, 0), (1, 1)]
    assert canvas.room_sides is svg.room_sides and canvas.strip_cells is svg.strip_cells
