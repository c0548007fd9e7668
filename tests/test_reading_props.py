"""Property tests: no input makes reading raise anything but ParseError, and what it returns is sound.

They call ``read_board_strict`` (read_board without its last-resort guard), so a real bug shows up
as a failing example instead of hiding behind the guard's "internal error" message.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import has, say
from solvers.errors import ParseError
from solvers.notation import CIRCLES, UNKNOWN
from solvers.puzzle import Puzzle
from solvers.reading import AmbiguousGenre, ReadLimits, read_board, read_board_strict
from solvers.registry import GENRES, get_genre

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GENRE_ARG = st.sampled_from([None, "masyu", "yinyang", "numberlink", "shikaku", "flow", "ましゅ"])


def _sound(p: Puzzle[Any], limits: ReadLimits | None = None) -> None:
    limits = limits or ReadLimits()
    assert p.genre in GENRES
    assert 1 <= p.rows <= limits.max_rows and 1 <= p.cols <= limits.max_cols
    assert all(len(row) == p.cols for row in p.cells)
    circles = get_genre(p.genre).notation is CIRCLES
    allowed = (lambda v: v in (0, 1, 2)) if circles else (lambda v: not isinstance(v, int) or v >= 0 or v == UNKNOWN)
    assert all(allowed(v) for row in p.cells for v in row)
    assert p.variants <= {v.name for v in get_genre(p.genre).variants}


def _read(text: str, genre: str | None) -> None:
    try:
        p = read_board_strict(text, genre)
    except AmbiguousGenre as e:
        assert len(e.candidates) >= 2 and all(c in GENRES for c in e.candidates)
        for g in e.candidates:  # each candidate must then read
            _sound(read_board_strict(text, g))
    except ParseError as e:
        assert has(e.code), e.msg  # a code with words in the catalogue
        assert say(e.msg, "en") and say(e.msg, "ja")
    else:
        _sound(p)


@pytest.mark.slow
@SETTINGS
@given(text=st.text(max_size=400), genre=GENRE_ARG)
def test_arbitrary_text_raises_only_parse_error(text: str, genre: str | None) -> None:
    _read(text, genre)


@SETTINGS
@given(data=st.binary(max_size=400), enc=st.sampled_from(["utf-8", "latin-1", "shift_jis", "utf-16"]))
def test_arbitrary_bytes_as_text_raise_only_parse_error(data: bytes, enc: str) -> None:
    _read(data.decode(enc, errors="replace"), None)


SYMBOLS = list("0123456789.-_?WBwbOoXx○●・\u3000abcz") + ["10", "12", "35", "99999", ""]
SEPS = st.sampled_from(["", " ", "  ", ",", ", ", "\t"])
NOISE = st.sampled_from(["", "masyu", "yin-yang", "flow free", "numberlink 5x5", "shikaku", "```", "5x5",
                         "10 10", "Solve this:", "thanks!", "[", "]"])


@st.composite
def boards(draw: st.DrawFn) -> str:
    rows = draw(st.integers(1, 8))
    cols = draw(st.integers(1, 8))
    sym = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=6))
    sep = draw(SEPS)
    lines = []
    for _ in range(rows):
        width = cols if draw(st.integers(0, 9)) else draw(st.integers(0, 9))
        lines.append(sep.join(draw(st.sampled_from(sym)) for _ in range(width)))
    head = draw(st.lists(NOISE, max_size=2))
    tail = draw(st.lists(NOISE, max_size=2))
    newline = draw(st.sampled_from(["\n", "\r\n", "\n\n"]))
    return newline.join(head + lines + tail)


@pytest.mark.slow
@SETTINGS
@given(text=boards(), genre=GENRE_ARG)
def test_board_like_text_raises_only_parse_error(text: str, genre: str | None) -> None:
    _read(text, genre)


URL_BODY = st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyzA.-+=%/_:", max_size=60)


@SETTINGS
@given(
    pid=st.sampled_from(["mashu", "masyu", "pearl", "yinyang", "numlin", "numberlink", "shikaku", "slither", "x"]),
    cols=st.sampled_from(["1", "5", "10", "0", "61", "999999999", "", "a"]),
    rows=st.sampled_from(["1", "5", "10", "0", "61", "-3", ""]),
    body=URL_BODY,
    host=st.sampled_from(["https://puzz.link/p?", "puzz.link/p?", "http://pzv.jp/p.html?", "p?", ""]),
    genre=GENRE_ARG,
)
def test_url_like_text_raises_only_parse_error(pid: str, cols: str, rows: str, body: str, host: str,
                                               genre: str | None) -> None:
    _read(f"{host}{pid}/{cols}/{rows}/{body}", genre)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=50))
def test_guarded_read_board_raises_only_parse_error(text: str) -> None:
    with contextlib.suppress(ParseError):
        read_board(text * 3)


@SETTINGS
@given(
    cols=st.integers(0, 70),
    rows=st.integers(0, 70),
    body=st.text(alphabet="abczBW0123456789_xq", max_size=80),
    genre=GENRE_ARG,
)
def test_game_id_like_text_raises_only_parse_error(cols: int, rows: int, body: str, genre: str | None) -> None:
    _read(f"{cols}x{rows}:{body}", genre)
