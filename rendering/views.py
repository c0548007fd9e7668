"""Views: the puzzle, the solution, two solutions side by side, the problem cells; and the title strip."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from PIL import Image, ImageDraw

from rendering import palette as pal
from rendering.canvas import Canvas, paste_text
from rendering.fonts import cjk_font, cjk_font_file, font, text_size
from rendering.geometry import GAP, MARGIN, MAX_SIDE, Cell, Layout, cell_size_for, title_font_size, title_height
from rendering.shapes import differing_cells

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle
    from solvers.verdict import SolveResult

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


def _fit_title(title: str, size: int, max_width: int) -> tuple[str, Any]:
    """The title (shortened with an ellipsis if it must be) and its font."""
    f = (cjk_font(size) if _has_cjk(title) else None) or font(size)
    text = title
    while text and text_size(text, f)[0] > max_width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text, f


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


def render(
    puzzle: Puzzle,
    solution: Any = None,
    *,
    view: str = "solution",
    second_solution: Any = None,
    marks: Iterable[Cell] = (),
    title: str | None = None,
) -> Picture:
    """Draw one view of a puzzle (see :func:`render_png`) and return the image with its geometry."""
    from solvers.registry import get_genre

    if view not in VIEWS:
        raise ValueError(f"unknown view {view!r}; use one of {', '.join(VIEWS)}")
    genre = get_genre(puzzle.genre)
    rows, cols = puzzle.rows, puzzle.cols
    drawn: list[Any]
    highlights: dict[Cell, pal.RGB] = {}
    diff: list[Cell] = []
    mark_cells = _cells_on_board(marks, rows, cols)
    if view == "puzzle":
        drawn = [None]
    elif view == "multiple" and second_solution is not None:
        drawn = [solution, second_solution]
        diff = differing_cells(genre.solution_key, solution, second_solution, rows, cols)
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
    title_text, title_font = _fit_title(title or "", title_font_size(boards_w), MAX_SIDE - 2 * pad)
    width = max(boards_w, text_size(title_text, title_font)[0] + 2 * pad if title_text else 0)
    height = boards_h + title_h
    width = max(width, -(-height // MAX_ASPECT))
    height = max(height, -(-width // MAX_ASPECT))

    image = pal.new_image(width, height)
    x_left = (width - boards_w) // 2 + margin
    y_top = title_h + (height - title_h - boards_h) // 2 + margin
    if title_text:
        ImageDraw.Draw(image).rectangle([0, 0, width - 1, title_h - 1], fill=pal.index_of(pal.TITLE_BG))
        paste_text(image, width / 2, title_h / 2, title_text, title_font, pal.TITLE_INK, pal.TITLE_BG)

    draw_part = genre.part("draw").draw
    layouts: list[Layout] = []
    for i, sol in enumerate(drawn):
        layout = Layout(rows, cols, cell, x_left + i * (cols * cell + gap), y_top)
        canvas = Canvas(image, layout, highlights=highlights)
        draw_part(canvas, puzzle, sol)
        canvas.frame()
        if view == "problem":
            for r, c in mark_cells:
                canvas.mark(r, c)
        layouts.append(layout)
    return Picture(image, layouts, diff or mark_cells)


def render_png(
    puzzle: Puzzle,
    solution: Any = None,
    *,
    view: str = "solution",
    second_solution: Any = None,
    marks: Iterable[Cell] = (),
    title: str | None = None,
) -> bytes:
    """PNG bytes of one view of a puzzle.

    view: ``puzzle`` givens only; ``solution`` givens + ``solution``; ``multiple`` two solutions
    side by side with the cells where they differ highlighted; ``problem`` the puzzle (and
    ``solution`` if given, e.g. a player's wrong answer) with ``marks`` flagged in red.
    ``title``: an optional strip of text above the boards (genre, size, verdict).
    """
    return render(puzzle, solution, view=view, second_solution=second_solution, marks=marks, title=title).png()


WORDS: dict[str, tuple[str, str]] = {  # verdict words in the title strip: (English, Japanese)
    "unique": ("unique solution", "唯一解"),
    "solved": ("a solution", "解"),
    "timeout-solution": ("a solution (time ran out before uniqueness was proven)", "解（時間内に唯一性は未確認）"),
    "multiple": ("not unique: two solutions, differences highlighted", "複数解：2つの解と異なるマス"),
    "multiple-one": ("not unique: one of several solutions", "複数解：そのうちの1つ"),
    "none": ("no solution", "解なし"),
    "invalid": ("invalid puzzle", "問題が不正です"),
    "timeout": ("time limit reached", "時間切れ"),
    "error": ("internal error", "内部エラー"),
    "marked": (" (see the marked cells)", "（印のマス）"),
}


def result_view(puzzle: Puzzle, result: SolveResult, lang: str = "en") -> tuple[str, dict[str, Any], str]:
    """(view, render keyword arguments, verdict words in ``lang``) for a solve result.

    A solution is shown only for unique/solved/multiple/timeout verdicts; an ``error`` verdict
    (a solution that failed the checker) never shows one.
    """
    from solvers.verdict import Status

    ja = lang.startswith("ja")

    def say(*keys: str) -> str:
        return "".join(WORDS[k][1 if ja else 0] for k in keys)

    st = result.status
    if st in (Status.UNIQUE, Status.SOLVED) and result.solution is not None:
        return "solution", {"solution": result.solution}, say("unique" if st == Status.UNIQUE else "solved")
    if st == Status.TIMEOUT and result.solution is not None:
        return "solution", {"solution": result.solution}, say("timeout-solution")
    if st == Status.MULTIPLE and result.solution is not None:
        if result.second_solution is not None:
            kw = {"solution": result.solution, "second_solution": result.second_solution}
            return "multiple", kw, say("multiple")
        return "solution", {"solution": result.solution}, say("multiple-one")
    key = {Status.NONE: "none", Status.INVALID: "invalid", Status.TIMEOUT: "timeout", Status.MULTIPLE: "multiple"}
    words = say(key.get(st, "error"))
    if st in (Status.NONE, Status.INVALID) and result.cells:
        return "problem", {"marks": tuple(result.cells)}, words + say("marked")
    return "puzzle", {}, words


def result_title(puzzle: Puzzle, words: str, lang: str = "en") -> str:
    """ "Masyu 10×10 · unique solution" (the genre's Japanese name for ``lang`` ja)."""
    from solvers.registry import get_genre

    g = get_genre(puzzle.genre)
    name = g.title_ja if lang.startswith("ja") else g.title
    return f"{name} {puzzle.rows}×{puzzle.cols} · {words}"


def render_result(puzzle: Puzzle, result: SolveResult, *, lang: str = "en") -> bytes:
    """PNG for the bot: the view that fits the verdict, with a title strip (genre, size, verdict).

    With ``lang`` ja the title is Japanese when a CJK font is available (see rendering.fonts),
    else English; the chat message around the picture carries the localised words anyway.
    """
    lang = "ja" if lang.startswith("ja") and cjk_font_file() else "en"
    view, kw, words = result_view(puzzle, result, lang)
    return render_png(puzzle, view=view, title=result_title(puzzle, words, lang), **kw)
