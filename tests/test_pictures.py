"""The picture for a verdict (bot/pictures.py): the view each verdict is drawn in, and its title in English and
Japanese (Japanese only with a CJK font)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.pictures import result_png, result_title, result_view
from rendering import fonts, render_png
from rendering import palette as pal
from solvers.verdict import SolveResult, Status
from tests.render_support import colours, corpus, other_solution


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
