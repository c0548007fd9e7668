"""Boards copied from puzzle sites (issue 26): pages and bare fragments read as FORMATS.md records,
the genre asked of the registry by name, what is missing said, hostile pages refused quickly."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.i18n import say
from solvers.errors import ParseError
from solvers.reading import DEFAULT_LIMITS, ReadLimits, read_board
from solvers.reading.sites import MAX_PAGE_CHARS, looks_like_page, read_page, sites, which_site
from solvers.registry import find_genre
from tests.corpus import REPO

DATA = REPO / "tests" / "data" / "sites"
EXPECTED: dict[str, dict] = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
BOARDS = sorted(name for name, want in EXPECTED.items() if "grid" in want)
FAILURES = sorted(name for name, want in EXPECTED.items() if "error" in want)


def page(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


# -- the site layer: tokens, rooms, parameters, whatever the registry holds -------------------------


@pytest.mark.parametrize("name", BOARDS)
def test_fixture_reads_as_its_published_board(name: str) -> None:
    want = EXPECTED[name]
    board = read_page(page(name), DEFAULT_LIMITS)
    rec = board.record(want["genre"])
    assert rec["grid"] == want["grid"]
    assert rec.get("regions") == want.get("regions")
    assert rec.get("stars") == want.get("stars")
    if board.site is not None:
        assert board.site.genre == want["genre"]


@pytest.mark.parametrize("name", BOARDS)
def test_fixture_gets_the_typed_boards_puzzle_or_says_the_genre_is_not_supported_yet(name: str) -> None:
    want = EXPECTED[name]
    if find_genre(want["genre"]) is None:
        with pytest.raises(ParseError) as e:
            read_board(page(name))
        assert e.value.code == "site-genre-unsupported"
        assert "isn't supported yet" in say(e.value.msg, "en") and "まだ対応していません" in say(e.value.msg, "ja")
        return
    from solvers.puzzle import Puzzle
    from solvers.reading import AmbiguousGenre

    try:
        got = read_board(page(name))
    except AmbiguousGenre as e:  # a fragment naming no site is read by content: the bot asks, as for a typed board
        assert want["genre"] in e.candidates
        got = e.board(want["genre"])
    assert got == Puzzle.from_record(want)


@pytest.mark.parametrize("name", FAILURES)
def test_fixture_without_a_whole_board_says_what_is_missing(name: str) -> None:
    with pytest.raises(ParseError) as e:
        read_board(page(name))
    assert e.value.code == EXPECTED[name]["error"]
    assert "{" not in say(e.value.msg, "en") and "{" not in say(e.value.msg, "ja")


def test_missing_trailing_cells_are_named_not_guessed() -> None:
    with pytest.raises(ParseError) as e:
        read_page(page("shikaku_truncated.html"), DEFAULT_LIMITS)
    assert e.value.params["count"] == 2 and e.value.params["first_cell"] == (6, 5)
    assert e.value.cells == ((6, 5), (6, 6))
    assert "2 cells are missing, from row 7, column 6" in say(e.value.msg, "en")


def test_a_missing_row_in_the_middle_is_a_gap_not_a_smaller_board() -> None:
    rows = [f'<div class="cell" style="top: {1 + 41.1 * r:.1f}px; left: {3 + 41.1 * c:.1f}px">{r + c}</div>'
            for r in range(5) if r != 2 for c in range(5)]
    text = '<link rel="canonical" href="https://www.puzzle-shikaku.com/">\n' + "\n".join(rows)
    with pytest.raises(ParseError) as e:
        read_page(text, DEFAULT_LIMITS)
    assert e.value.code == "site-row-missing" and e.value.params == {"after": 2, "count": 1}


def test_the_page_names_its_own_site_not_the_sister_sites_it_links_to() -> None:
    text = page("masyu_ja_page.html")
    assert text.count("puzzle-loop.com") and text.count("puzzle-shikaku.com")
    site = which_site(text)
    assert site is not None and site.host == "puzzle-masyu.com"


def test_cell_classes_attribute_order_and_positions_are_tolerated() -> None:
    text = """<div class="board-back">
      <div style="left:0.4px;top:0px" data-x="1" class="selectable loop-dot  dot-black extra"></div>
      <div class='loop-dot' STYLE='TOP: 0.6px; LEFT: 37.9px'></div>
      <div class="loop-dot dot-white"
           style="top: 37.2px; left: 1px;"></div>
      <div class="loop-dot" style="top:38px;left:38.3px" /></div>
    </div>"""
    board = read_page(text, DEFAULT_LIMITS)
    assert board.rows == (("B", "."), ("W", "."))


def test_cell_text_is_normalised_and_letters_are_numbers_over_nine() -> None:
    cells = ["&nbsp;", "\uff13", " 12 ", "B"]
    text = '<link rel="canonical" href="https://ja.puzzle-shikaku.com/">' + "".join(
        f'<div class="cell" style="top: {1 + 30 * (i // 2)}px; left: {1 + 30 * (i % 2)}px">{t}</div>'
        for i, t in enumerate(cells))
    assert read_page(text, DEFAULT_LIMITS).rows == ((".", "3"), ("12", "11"))
    with pytest.raises(ParseError) as e:
        read_page(text.replace(">B<", ">x2<"), DEFAULT_LIMITS)
    assert e.value.code == "site-cell-text" and e.value.cells == ((1, 1),)


def test_rooms_come_from_the_border_classes() -> None:
    text = page("heyawake_fragment.html")
    board = read_page(text, DEFAULT_LIMITS)
    assert board.regions is not None
    want = [row.split() for row in EXPECTED["heyawake_fragment.html"]["regions"]]
    assert [[str(v) for v in row] for row in board.regions] == want


def test_a_fragment_with_rooms_and_no_site_is_refused_unless_the_genre_is_named() -> None:
    text = page("heyawake_fragment.html").replace("<!-- copied from https://www.puzzle-heyawake.com/ -->", "")
    with pytest.raises(ParseError) as e:
        read_page(text, DEFAULT_LIMITS)
    assert e.value.code == "site-rooms-unknown"
    board = read_page(text, DEFAULT_LIMITS, genre="heyawake")
    assert board.site is not None and board.regions is not None


def test_a_bare_fragment_naming_no_site_is_read_by_its_content() -> None:
    text = page("shikaku_fragment.html")
    assert which_site(text) is None
    puzzle = read_board(text, "shikaku")  # its numbers also fit another genre: the player names it, or is asked
    assert puzzle.genre == "shikaku" and [" ".join(map(_tok, row)) for row in puzzle.cells] == \
        EXPECTED["shikaku_fragment.html"]["grid"]


def _tok(v: object) -> str:
    return "." if v in (None, 0) else str(v)


def test_the_site_table_is_data_and_names_registry_genres_by_string() -> None:
    table, markers = sites()
    hosts = {s.host for s in table}
    assert hosts >= {"puzzle-masyu.com", "puzzle-loop.com", "puzzle-shikaku.com", "puzzlemadness.co.uk"}
    assert all(h in hosts for _, h in markers)
    for s in table:
        g = find_genre(s.genre)
        assert g is None or g.name == s.genre  # a registered genre is named by its canonical name


def test_puzzledata_json_forms() -> None:
    want = EXPECTED["numberlink_puzzledata.txt"]["grid"]
    data = json.loads(page("numberlink_puzzledata.txt"))
    grid2d = [data["puzzleData"]["data"]["startingGrid"][r * 7:(r + 1) * 7] for r in range(7)]
    inner = {"gridWidth": 7, "gridHeight": 7, "data": {"startingGrid": grid2d}}
    for text in ('x = {"puzzleData": ' + json.dumps(inner) + "};",
                 "puzzledata: " + json.dumps(json.dumps(inner))):  # nested rows; JSON in a string
        assert looks_like_page(text)
        assert [" ".join(r) for r in read_page(text, DEFAULT_LIMITS).rows] == want
    short = {"gridWidth": 7, "gridHeight": 7, "data": {"startingGrid": data["puzzleData"]["data"]["startingGrid"][:45]}}
    with pytest.raises(ParseError) as e:
        read_page('{"puzzleData": ' + json.dumps(short) + "}", DEFAULT_LIMITS)
    assert e.value.code == "site-cells-missing" and e.value.params["count"] == 4
    with pytest.raises(ParseError) as e:
        read_page('{"puzzleData": {"gridWidth": 7', DEFAULT_LIMITS)
    assert e.value.code == "site-json-broken"


def test_board_size_limits_hold_for_pages() -> None:
    with pytest.raises(ParseError) as e:
        read_board(page("shikaku_20x20_page.html"), limits=ReadLimits(max_rows=10, max_cols=10))
    assert e.value.code == "site-too-many-cells" and "10 rows by 10 columns" in say(e.value.msg, "en")
    with pytest.raises(ParseError) as e:
        read_board(page("shikaku_20x20_page.html"), limits=ReadLimits(max_rows=19, max_cols=30))
    assert e.value.code == "board-too-big" and e.value.params["rows"] == 20


# -- bad input: a clear message, no traceback ----------------------------------------------------


def _hostile() -> dict[str, str]:
    board = page("shikaku_page.html")
    script = "<script>" + "var s = '<div class=\"cell\">' + x + '</div>'; if (a<b) { c(); }\n" * 12000 + "</script>"
    return {
        "five megabytes": board + "<!--" + "x" * 5_000_000 + "-->",
        "no board": "<html><body>" + "<p class='note'>nothing to see</p>\n" * 20000 + "</body></html>",
        "script heavy": "<html><head>" + script + "</head><body><div id='game'></div></body></html>",
        "unclosed tags": "<div class='cell' style='top>" * 30000,
        "endless cells": "<html>" + "<div class='cell x'>1</div>\n" * 30000,
        "broken json": '{"puzzleData": ' + "[" * 50000,
    }


@pytest.mark.parametrize("what", sorted(_hostile()))
def test_hostile_pages_get_a_clear_message(what: str) -> None:
    with pytest.raises(ParseError) as e:
        read_board(_hostile()[what])
    text = say(e.value.msg, "en")
    assert e.value.code != "read-internal-error" and "{" not in text
    if what == "five megabytes":
        assert e.value.code == "page-too-long" and str(MAX_PAGE_CHARS) in text


def test_cli_parse_reads_a_page_on_stdin() -> None:
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "parse", "-"], input=page("masyu_fragment.html"),
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["grid"] == EXPECTED["masyu_fragment.html"]["grid"]
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "parse", "-"], input=page("no_board.html"),
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and "no board in this HTML" in proc.stderr and "Traceback" not in proc.stderr


def test_html_attachments_are_text_with_a_page_sized_limit() -> None:
    from bot.attachments import DOCUMENT_LIMIT, PAGE_LIMIT, document_limit, is_text_file

    assert is_text_file("masyu.HTML", None) and is_text_file("board.htm", None)
    assert document_limit("page.html", None) == PAGE_LIMIT > DOCUMENT_LIMIT == document_limit("board.txt", None)
    assert document_limit(None, "text/html; charset=utf-8") == PAGE_LIMIT


# -- in a chat: a paste gets the reply the typed board gets ------------------------------------------


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    from bot.app import build_core
    from bot.config import BotConfig
    from bot.pipeline import PipelineLimits
    from bot.telegram_adapter import build_application, polling
    from tests.fake_bot_api import FakeBotApi

    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg)
    async with polling(app):
        yield SimpleNamespace(api=api)
    api.close()


@pytest.mark.asyncio(loop_scope="module")
async def test_pasted_fragment_and_html_file_get_the_typed_boards_reply(bot: SimpleNamespace) -> None:
    typed_by, pasted_by, filed_by = bot.api.user(301, "Typed"), bot.api.user(302, "Pasted"), bot.api.user(303, "Filed")
    want = EXPECTED["masyu_fragment.html"]
    bot.api.send_text(typed_by, "masyu\n" + "\n".join(want["grid"]))
    [typed] = await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == typed_by.id)
    bot.api.send_text(pasted_by, page("masyu_fragment.html"))
    [pasted] = await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == pasted_by.id)
    cached = typed.text.replace(" s\n", " s (from cache)\n")  # the same board: answered from the cache
    assert pasted.text == cached and "unique solution" in typed.text and "puzz.link" in typed.text
    assert pasted.photo == typed.photo
    bot.api.send_document(filed_by, "masyu.html", page("masyu_fragment.html").encode())
    [filed] = await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == filed_by.id)
    assert filed.text == cached and filed.photo == typed.photo


@pytest.mark.asyncio(loop_scope="module")
async def test_a_page_without_a_board_gets_a_one_line_reason(bot: SimpleNamespace) -> None:
    from tests.fake_bot_api import replies_to

    who = bot.api.user(304, "NoBoard")
    bot.api.send_document(who, "page.html", page("nurikabe_source.html").encode())
    [msg] = await bot.api.wait_for(replies_to(who.id))
    assert "developer tools" in msg.text and "Traceback" not in msg.text


@pytest.mark.parametrize("name", [n for n in BOARDS if which_site(page(n)) is not None])
def test_a_page_asked_as_another_genre_is_refused_naming_both(name: str) -> None:
    """`/nurikabe` (or parse --genre nurikabe) with a saved Akari page read the Akari cells as
    Nurikabe ones ("Unknown symbol '0'", or a wrong board solved), as typed boards no longer are."""
    site = which_site(page(name))
    assert site is not None
    other = "masyu" if site.genre != "masyu" else "akari"
    with pytest.raises(ParseError) as e:
        read_board(page(name), other)
    assert e.value.code == "site-other-genre"
    said = say(e.value.msg, "en")
    own, wanted = find_genre(site.genre), find_genre(other)
    assert own is not None and wanted is not None
    assert f"board is {own.title} ({site.host}), but you asked for {wanted.title}." in said
    assert site.host in say(e.value.msg, "ja")
    assert read_board(page(name), site.genre).kind.name == site.genre  # its own genre still reads


SAVED_PUZZLINK = ("<!DOCTYPE html>\n<!-- saved from url=(0044)https://puzz.link/p?mashu/5/5/i60026b00 -->\n"
                  "<html><head><title>puzz.link player</title></head><body><div id=\"divques\">"
                  "<canvas></canvas></div><script src=\"./p_files/pzpr.js\"></script></body></html>\n")


def test_a_saved_puzzlink_page_reads_the_board_of_its_address() -> None:
    """A puzz.link page saved from the browser draws its board by script, so its HTML holds no
    cells: it said "I found no board", or with --genre akari blamed puzzle-light-up.com, a site
    the page never named. Its own address (the "saved from url" line) is the board's URL."""
    got = read_board(SAVED_PUZZLINK)
    assert got.kind.name == "masyu" and got.rows == 5 and got.cols == 5
    with pytest.raises(ParseError) as e:
        read_board(SAVED_PUZZLINK, "akari")
    assert e.value.code == "url-other-genre" and "you asked for Akari" in say(e.value.msg)
