"""Every genre gets a player: the page of its example board (a solved board's "Play it") shows the
genre's own picture and names the answer kind the genre's solution implies; the solved answer in
the FORMATS.md shape comes back ok through POST /api/check; a wrong one names the checker's first
broken rule and its cells (the player's code knows no genre, only answer kinds)."""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator
from functools import cache
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import say, t
from bot.web.server import PlayerServer
from solvers.engine import solve_puzzle
from solvers.genre import PlayKind
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import GENRES
from solvers.solution import Solution
from solvers.verdict import SolveOptions

# The input mode each genre's answer needs (what FORMATS.md says its solution is).
KINDS = {
    "masyu": PlayKind.CELL_LOOP, "numberlink": PlayKind.CELL_LOOP, "slitherlink": PlayKind.EDGE_LOOP,
    "yinyang": PlayKind.SHADE, "hitori": PlayKind.SHADE, "lits": PlayKind.SHADE, "nurikabe": PlayKind.SHADE,
    "heyawake": PlayKind.SHADE, "akari": PlayKind.MARK, "starbattle": PlayKind.MARK,
    "fillomino": PlayKind.NUMBER, "sudoku": PlayKind.NUMBER, "kakuro": PlayKind.NUMBER,
    "shikaku": PlayKind.RECT, "hashiwokakero": PlayKind.BRIDGE, "yajilin": PlayKind.LOOP_SHADE,
}


@cache
def solved_example(genre: str) -> tuple[Puzzle[Any], Solution]:
    puzzle = read_board(GENRES[genre].example, genre)
    result = solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1))
    assert result.solution is not None, genre
    return puzzle, result.solution


def _cut_loop(rows: list[str]) -> list[str]:
    """A mask grid with its first horizontal step cut (both ends of the edge)."""
    masks = [[int(v) for v in row.split()] for row in rows]
    for row in masks:
        for c, v in enumerate(row):
            if v & 2:
                row[c] &= ~2
                row[c + 1] &= ~8
                return [" ".join(map(str, r)) for r in masks]
    raise AssertionError("no horizontal step")


def wrong(puzzle: Puzzle[Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The right answer with one thing changed, as a player would get it wrong (any answer kind)."""
    out = copy.deepcopy(answer)
    givens = {(r, c) for r, c, _ in puzzle.clues()}
    if set(out) in ({"loop"}, {"links"}):
        (key,) = out
        out[key] = _cut_loop(out[key])
    elif set(out) == {"loop", "shaded"}:  # a loop and shaded cells (Yajilin): one more cell shaded beside the loop
        for r, row in enumerate(out["shaded"]):
            c = row.find(".")
            if c >= 0 and (r, c) not in givens:
                out["shaded"][r] = row[:c] + "#" + row[c + 1:]
                return out
    elif "rects" in out:
        out["rects"] = out["rects"][1:]
    elif "bridges" in out:
        out["bridges"] = out["bridges"][1:]
    elif "numbers" in out:  # one free cell's number changed
        rows = [row.split() for row in out["numbers"]]
        r, c = next((r, c) for r, row in enumerate(rows) for c, v in enumerate(row)
                    if v != "." and (r, c) not in givens)
        rows[r][c] = str(int(rows[r][c]) % 9 + 1)
        out["numbers"] = [" ".join(row) for row in rows]
    else:  # marks or colours: the first free cell flipped
        (key,) = out
        on, off = {"colors": ("B", "W"), "shaded": ("#", "."), "lights": ("*", "."), "stars": ("*", ".")}[key]
        cells = [(r, c) for r, row in enumerate(out[key]) for c, _ in enumerate(row)]
        r, c = next((rc for rc in cells if rc not in givens), cells[0])  # Hitori: every cell is a given
        ch = out[key][r][c]
        out[key][r] = out[key][r][:c] + (off if ch == on else on) + out[key][r][c + 1:]
    return out


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    server = PlayerServer(None, b"k" * 32)  # type: ignore[arg-type]  # boards only: no daily chat
    async with TestClient(TestServer(server.app())) as http:
        http.player = server  # type: ignore[attr-defined]
        yield http


def test_every_genre_has_its_kind() -> None:
    assert set(KINDS) == set(GENRES)
    assert {name: g.play_kind() for name, g in GENRES.items()} == KINDS


@pytest.mark.parametrize("genre", sorted(GENRES))
async def test_the_example_plays_through_the_api(client: Any, genre: str) -> None:
    puzzle, solution = solved_example(genre)
    name = client.player.remember(puzzle, solution)
    res = await client.get(f"/play?puzzle={name}")
    page = await res.text()
    assert res.status == 200 and "<svg" in page and '<g id="marks"></g>' in page
    start = page.index('<script id="settings" type="application/json">')
    settings = json.loads(page[page.index(">", start) + 1: page.index("</script>", start)])
    assert settings["kind"] == KINDS[genre].value and (settings["rows"], settings["cols"]) == (puzzle.rows, puzzle.cols)
    answer = solution.to_json()
    assert not any(json.dumps(rows) in page for rows in answer.values())  # the answer is not on the page

    res = await client.post("/api/check", json={"puzzle": name, "solution": answer})
    assert res.status == 200 and await res.json() == {"ok": True, "message": "Right! That is the solution."}

    bad = wrong(puzzle, answer)
    broken = GENRES[genre].check(puzzle, GENRES[genre].solution_from_json(bad, puzzle))
    assert broken, genre
    res = await client.post("/api/check", json={"puzzle": name, "solution": bad})
    out = await res.json()
    assert res.status == 200 and out["ok"] is False
    assert out["message"] == say(broken[0].msg, "en") and out["cells"] == [list(c) for c in broken[0].cells]


@pytest.mark.parametrize("genre", sorted(GENRES))
async def test_check_on_a_fresh_board_says_nothing_is_filled_in(client: Any, genre: str) -> None:
    """Check before drawing anything reddened every cell of a Shikaku ("25 cells are in no
    rectangle"); the server says nothing is filled in yet and marks nothing, from the genre's blank
    answer (the page used to guess it), in the player's language."""
    puzzle, solution = solved_example(genre)
    name = client.player.remember(puzzle, solution)
    fresh = GENRES[genre].blank_answer(puzzle).to_json()
    res = await client.post("/api/check", json={"puzzle": name, "solution": fresh, "lang": "ja"})
    assert await res.json() == {"ok": False, "cells": [],
                                "message": "まだ何も書き込まれていません。先に盤面に答えを書き込んでください。"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_kind_has_its_help(lang: str) -> None:
    from bot.i18n import catalogue

    texts = catalogue(lang).TEXTS
    assert [k for k in PlayKind if f"web_help_{k.value}" not in texts] == []


def test_a_number_answer_is_bounded_by_the_genre_not_the_solution() -> None:
    """The page's ``max`` (how far the player lets a second digit go) is the genre's bound: the
    side of a Sudoku, 9 in Kakuro, every cell in Fillomino (nothing about the solution's sizes)."""
    from bot.web.page import settings

    for genre, want in (("sudoku", 4), ("kakuro", 9), ("fillomino", 25), ("akari", 0)):
        assert settings(read_board(GENRES[genre].example, genre), "b0", "en", None)["max"] == want, genre
    sudoku16 = read_board("sudoku\n" + "\n".join(" ".join(["."] * 16) for _ in range(16)))
    assert settings(sudoku16, "b0", "en", None)["max"] == 16


async def test_a_link_that_opens_no_puzzle_says_so_on_a_phone_in_its_language(client: Any) -> None:
    """A stale or forged link answered in plain English text, which a phone shows as a tiny line
    at the top of a desktop-wide page. Now: a page sized for the phone, in the link's language,
    that says where to open the puzzle again."""
    res = await client.get("/play?puzzle=b" + "0" * 32 + "&t=AAAA&lang=ja")
    page = await res.text()
    assert res.status == 403 and res.content_type == "text/html"
    assert 'name="viewport"' in page and "このリンクは（もう）有効ではありません。" in page and "/daily" in page
    res = await client.get("/play?puzzle=b" + "0" * 32)
    page = await res.text()
    assert res.status == 404 and res.content_type == "text/html"
    assert "This puzzle does not exist (any more)." in page and "Open the puzzle again" in page


def test_the_page_says_how_many_stars_a_star_battle_takes() -> None:
    """A Star Battle's star count is not on its grid: the player showed a 15x15 board with no word
    of the 3 stars each line takes. The page says it under the title now, in the player's language
    (a genre's params each have a rule to say; a board without any says nothing more)."""
    from bot.web.page import player_html

    board = read_board("starbattle 2\n" + "\n".join(" ".join("ABCDEFGHIJ"[r] * 10) for r in range(10)))
    page = player_html(board, "b" + "0" * 32, "en")
    assert '<p id="rules">★ 2 in every row, column and region</p>' in page
    assert "各行・各列・各ブロックに★ 2 個" in player_html(board, "b" + "0" * 32, "ja")
    assert 'id="rules"' not in player_html(solved_example("masyu")[0], "b" + "0" * 32, "en")


@pytest.mark.parametrize(("asked", "want"), [("fr", "en"), ("xx-YY", "en"), ("", "en"), ("ja-JP", "ja"),
                                             ("JA", "ja"), ("ja_JP", "ja"), ("EN-gb", "en")])
async def test_a_language_asked_for_opens_the_page_in_it_or_in_english(client: Any, asked: str, want: str) -> None:
    """``lang=`` as browsers and Telegram write it (ja-JP, JA) got the English page and English
    answers; a language the bot does not speak still opens the puzzle, in English (not a refusal)."""
    puzzle, solution = solved_example("masyu")
    name = client.player.remember(puzzle, solution)
    res = await client.get(f"/play?puzzle={name}&lang={asked}")
    page = await res.text()
    assert res.status == 200 and f'<html lang="{want}">' in page
    res = await client.post("/api/check", json={"puzzle": name, "solution": solution.to_json(), "lang": asked})
    assert (await res.json())["message"] == t(want, "web_board_solved")
    res = await client.get("/play?puzzle=b" + "0" * 32 + f"&lang={asked}")
    assert res.status == 404 and f'<html lang="{want}">' in await res.text()
