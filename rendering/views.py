"""Views: the puzzle, the solution, two solutions side by side, the problem cells; and the title strip.

The genre draws each board panel through :class:`~rendering.board.PillowDrawing`; which view a
verdict gets, and the title's words, are the caller's business (the bot's ``bot.pictures``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw

from rendering import palette as pal
from rendering.board import PillowDrawing
from rendering.canvas import paste_text, sprite_of
from rendering.fonts import cjk_font, font, text_size
from rendering.geometry import GAP, MARGIN, MAX_SIDE, Layout, cell_size_for, title_font_size, title_height
from solvers.cell import Cell
from solvers.drawing import Drawing
from solvers.solution import Solution, differing_cells

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle

View = Literal["puzzle", "solution", "multiple", "problem"]
VIEWS: tuple[str, ...] = ("puzzle", "solution", "multiple", "problem")
PNG_LEVEL = 3  # zlib level: palette pictures stay small; level 6 costs ~50% more time for ~25% fewer bytes
MAX_ASPECT = 10  # pad very long thin boards so chat apps show them at a usable size


@dataclass
class Picture:
    """A rendered picture: the palette image and where each board panel sits on it."""

    image: Image.Image
    panels: list[Layout] = field(default_factory=list)
    highlighted: list[Cell] = field(default_factory=list)

    def png(self) -> bytes:
        return encode_png(self.image)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of a picture (palette images as they are: small and fast; others mapped first)."""
    p = image if image.mode == "P" else pal.to_palette(image)
    buf = io.BytesIO()
    p.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def _has_cjk(text: str) -> bool:
    return any(ord(ch) >= 0x2E80 for ch in text)


def can_write(text: str) -> bool:
    """True when the title fonts have the glyphs ``text`` needs (Japanese needs a CJK font)."""
    return not _has_cjk(text) or cjk_font(12) is not None


def _title_runs(text: str, size: int) -> list[tuple[str, Any]]:
    """``text`` cut into runs of one font each: Japanese in the CJK font, the rest (digits, ×, ·)
    in DejaVu, since a fallback CJK font such as Droid Sans Fallback has no Latin glyphs at all
    (the size in a Japanese title came out as empty boxes)."""
    cjk = cjk_font(size) if _has_cjk(text) else None
    runs: list[tuple[str, Any]] = []
    for ch in text:
        f = cjk if cjk is not None and _has_cjk(ch) else font(size)
        if runs and runs[-1][1] is f:
            runs[-1] = (runs[-1][0] + ch, f)
        else:
            runs.append((ch, f))
    return runs


def _title_width(text: str, size: int) -> int:
    runs = _title_runs(text, size)
    if len(runs) == 1:
        return text_size(text, runs[0][1])[0]
    return int(sum(f.getlength(t) for t, f in runs)) + 2


def _fit_title(title: str, size: int, max_width: int) -> str:
    """The title, shortened with an ellipsis if it must be to fit ``max_width`` at ``size``."""
    text = title
    while text and _title_width(text, size) > max_width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text


def _paste_title(image: Image.Image, width: int, title_h: int, text: str, size: int) -> None:
    """The title strip's text centred on the strip; one font unless it mixes scripts."""
    runs = _title_runs(text, size)
    if len(runs) == 1:
        paste_text(image, width / 2, title_h / 2, text, runs[0][1], pal.TITLE_INK, pal.TITLE_BG)
        return
    ascent = max(f.getmetrics()[0] for _, f in runs)
    w, h = int(sum(f.getlength(t) for t, f in runs)) + 4, ascent + max(f.getmetrics()[1] for _, f in runs) + 2
    coverage = Image.new("L", (w, h), 0)
    draw, x = ImageDraw.Draw(coverage), 1.0
    for t, f in runs:  # one baseline for every run
        draw.text((x, 1 + ascent), t, fill=255, font=f, anchor="ls")
        x += f.getlength(t)
    box = coverage.getbbox()
    if box is None:
        return
    coverage = coverage.crop(box)
    rgb = Image.new("RGB", coverage.size, pal.TITLE_BG)
    rgb.paste(pal.TITLE_INK, (0, 0, *coverage.size), coverage)
    sprite, mask = sprite_of(rgb, coverage)
    image.paste(sprite, (round((width - coverage.width) / 2), round((title_h - coverage.height) / 2)), mask)


def _cells_on_board(cells: Iterable[Any], rows: int, cols: int) -> list[Cell]:
    """The (row, col) pairs among ``cells`` that lie on the board; anything else is ignored."""
    out: list[Cell] = []
    for item in cells or ():
        try:
            r, c = (int(v) for v in item)
        except (TypeError, ValueError):
            continue
        if 0 <= r < rows and 0 <= c < cols and (r, c) not in out:
            out.append((r, c))
    return out


def _render(
    puzzle: Puzzle[Any],
    solution: Solution | None = None,
    *,
    view: str = "solution",
    second_solution: Solution | None = None,
    marks: Iterable[Cell] = (),
    title: str | None = None,
) -> Picture:
    """:func:`render_png`'s picture before encoding, with where each board panel sits (for the
    tests that read its pixels); everything else wants the PNG bytes."""

    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; use one of {', '.join(VIEWS)}")
    genre = puzzle.kind
    rows, cols = puzzle.rows, puzzle.cols
    drawn: list[Solution | None]
    highlights: dict[Cell, pal.RGB] = {}
    diff: list[Cell] = []
    mark_cells = _cells_on_board(marks, rows, cols)
    if view == "puzzle":
        drawn = [None]
    elif view == "multiple" and solution is not None and second_solution is not None:
        drawn = [solution, second_solution]
        diff = _cells_on_board(differing_cells(solution, second_solution), rows, cols)
        highlights = dict.fromkeys(diff, pal.DIFF_BG)
    else:
        drawn = [solution]
    if view == "problem":
        highlights = dict.fromkeys(mark_cells, pal.ERROR_BG)

    panels = len(drawn)
    cell = cell_size_for(rows, cols, panels=panels, title=bool(title))
    margin = round(MARGIN * cell)
    gap = round(GAP * cell)
    boards_w = panels * cols * cell + (panels - 1) * gap + 2 * margin
    boards_h = rows * cell + 2 * margin
    title_h = title_height(boards_w) if title else 0
    pad = title_h // 2
    title_size = title_font_size(boards_w)
    title_text = _fit_title(title or "", title_size, MAX_SIDE - 2 * pad)
    width = max(boards_w, _title_width(title_text, title_size) + 2 * pad if title_text else 0)
    height = boards_h + title_h
    width = max(width, -(-height // MAX_ASPECT))
    height = max(height, -(-width // MAX_ASPECT))

    image = pal.new_image(width, height)
    x_left = (width - boards_w) // 2 + margin
    y_top = title_h + (height - title_h - boards_h) // 2 + margin
    if title_text:
        ImageDraw.Draw(image).rectangle([0, 0, width - 1, title_h - 1], fill=pal.index_of(pal.TITLE_BG))
        _paste_title(image, width, title_h, title_text, title_size)

    layouts: list[Layout] = []
    for i, sol in enumerate(drawn):
        layout = Layout(rows, cols, cell, x_left + i * (cols * cell + gap), y_top)
        drawing: Drawing = PillowDrawing(image, layout, highlights=highlights)
        genre.draw(drawing, puzzle, sol)
        if view == "problem":
            marked = set(mark_cells)
            for r, c in mark_cells:
                drawing.mark(r, c, frozenset((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                                             if (dr or dc) and (r + dr, c + dc) in marked))
        layouts.append(layout)
    return Picture(image, layouts, diff or mark_cells)


def add_title(png: bytes, title: str) -> bytes:
    """A picture drawn without a title (by a solver worker, for every language) with the title strip
    on top, laid out as :func:`render_png` lays it out."""
    boards: Image.Image = Image.open(io.BytesIO(png))
    boards.load()
    boards_w, boards_h = boards.size
    title_h = title_height(boards_w)
    pad = title_h // 2
    title_size = title_font_size(boards_w)
    title_text = _fit_title(title, title_size, MAX_SIDE - 2 * pad)
    width = max(boards_w, _title_width(title_text, title_size) + 2 * pad if title_text else 0)
    height = boards_h + title_h
    width = max(width, -(-height // MAX_ASPECT))
    height = max(height, -(-width // MAX_ASPECT))
    image = pal.new_image(width, height)
    ImageDraw.Draw(image).rectangle([0, 0, width - 1, title_h - 1], fill=pal.index_of(pal.TITLE_BG))
    _paste_title(image, width, title_h, title_text, title_size)
    if boards.mode != "P":
        boards = pal.to_palette(boards.convert("RGB"))
    image.paste(boards, ((width - boards_w) // 2, title_h + (height - title_h - boards_h) // 2))
    return encode_png(image)


def render_png(
    puzzle: Puzzle[Any],
    solution: Solution | None = None,
    *,
    view: str = "solution",
    second_solution: Solution | None = None,
    marks: Iterable[Cell] = (),
    title: str | None = None,
) -> bytes:
    """PNG bytes of one view of a puzzle: the one way to draw a puzzle (the bot, the command line
    and the benchmarks all come here).

    view: ``puzzle`` givens only; ``solution`` givens + ``solution``; ``multiple`` two solutions
    side by side with the cells where they differ highlighted; ``problem`` the puzzle (and
    ``solution`` if given, e.g. a player's wrong answer) with ``marks`` flagged in red.
    Solutions are typed (:mod:`solvers.solution`), of the puzzle's genre.
    ``title``: an optional strip of text above the boards, drawn as given.
    """
    return _render(puzzle, solution, view=view, second_solution=second_solution, marks=marks, title=title).png()
