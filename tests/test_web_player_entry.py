"""The web player's number entry and Akari's light in a real browser (Debian's Chromium driven by
Playwright), on pages made for a board and served straight to the browser (no bot, no day):
numbers above 9 typed by key and tapped on the pad (Sudoku 16x16, Fillomino), a second digit that
would pass the genre's bound starting a new number (Sudoku 9x9), and the cells Akari's bulbs
light shown while playing, a bulb lit by another one in red."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.web.page import player_html, static_file
from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import GENRES
from solvers.verdict import SolveOptions
from tests.web_support import CHROMIUM, CHROMIUM_ARGS, browser_missing

MISSING = browser_missing()
NOTHING_YET_JA = "まだ何も書き込まれていません。先に盤面に答えを書き込んでください。"
pytestmark = [pytest.mark.slow, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]
SHOTS = Path(os.environ.get("PLAYER_SHOTS", "/tmp/player-shots"))  # screenshots, to look at
SUDOKU16 = Puzzle("sudoku", tuple(tuple((r * 4 + r // 4 + c) % 16 + 1 if (r + c) % 3 == 0 else 0 for c in range(16))
                                  for r in range(16)))


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        b = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            await b.close()


async def open_board(browser: Any, puzzle: Puzzle[Any], *, touch: bool = False, height: int = 740) -> Any:
    """The player page of ``puzzle`` (as "Play it" under a solved board shows it), its script and
    style served from the package."""
    html = player_html(puzzle, "b" + "0" * 32, "en")
    context = await browser.new_context(viewport={"width": 375, "height": height}, device_scale_factor=2,
                                        has_touch=touch, is_mobile=touch)
    page = await context.new_page()

    async def serve(route: Any) -> None:
        path = route.request.url.split("player.test/", 1)[1]
        if path.startswith("static/"):
            name = path.removeprefix("static/")
            kind = "text/css" if name.endswith(".css") else "application/javascript"
            await route.fulfill(body=static_file(name), content_type=kind)
        else:
            await route.fulfill(body=html, content_type="text/html")

    await page.route("http://player.test/**", serve)
    await page.goto("http://player.test/play")
    await page.wait_for_selector("body.ready")
    return page


async def cell_at(page: Any, r: int, c: int) -> tuple[float, float]:
    m = await page.evaluate("(() => { const s = document.getElementById('board'), c = s.getScreenCTM();"
                            " return [c.a, c.d, c.e, c.f, +s.dataset.cell, +s.dataset.margin]; })()")
    a, d, e, f, cell, margin = m
    return e + (margin + (c + 0.5) * cell) * a, f + (margin + (r + 0.5) * cell) * d


async def numbers(page: Any) -> list[list[str]]:
    got = await page.evaluate("window.puzzlePlayer.solution().numbers")
    return [row.split() for row in got]


async def test_numbers_above_nine_by_key_and_by_pad_on_a_16x16_sudoku(browser: Any) -> None:
    page = await open_board(browser, SUDOKU16)
    pad = await page.eval_on_selector_all("#digits button", "bs => bs.map(b => b.textContent)")
    assert pad == [str(n) for n in range(1, 17)] + ["⌫"]  # a button per number up to 16
    await page.mouse.click(*await cell_at(page, 0, 1))
    await page.keyboard.type("16")
    assert (await numbers(page))[0][1] == "16"
    await page.keyboard.press("7")  # 167 is past 16: a new number
    assert (await numbers(page))[0][1] == "7"
    await page.keyboard.type("10")
    assert (await numbers(page))[0][1] == "10"
    await page.mouse.click(*await cell_at(page, 0, 2))
    await page.keyboard.press("1")  # a new cell starts a new number, not "101"
    await page.click("#digits button:text-is('12')")
    await page.mouse.click(*await cell_at(page, 0, 4))
    await page.keyboard.type("5")
    await page.mouse.click(*await cell_at(page, 0, 1))
    await page.keyboard.press("2")  # selecting a cell again and typing replaces its number
    row = (await numbers(page))[0]
    assert row[1:5] == ["2", "12", "4", "5"]  # (0, 3) holds a given 4
    await page.keyboard.press("ArrowRight")  # the arrow keys move the selection
    await page.keyboard.press("Backspace")
    assert (await numbers(page))[0][2] == "."
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "sudoku16.png"))
    await page.context.close()


async def test_a_second_key_replaces_the_first_on_a_9x9_sudoku(browser: Any) -> None:
    page = await open_board(browser, read_board("sudoku\n" + "\n".join(
        ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5",
         "....8..79"])))
    pad = await page.eval_on_selector_all("#digits button", "bs => bs.map(b => b.textContent)")
    assert pad == [str(n) for n in range(1, 10)] + ["⌫"]
    await page.keyboard.press("ArrowDown")  # nothing selected: the first cell without a given
    await page.keyboard.press("4")
    assert (await numbers(page))[0][:3] == ["5", "3", "4"]
    await page.mouse.click(*await cell_at(page, 0, 2))
    await page.keyboard.type("53")
    assert (await numbers(page))[0][2] == "3"
    await page.context.close()


async def test_fillomino_sizes_over_nine_by_touch(browser: Any) -> None:
    """Above 16 the pad holds digits, tapped one after another into the selected cell."""
    page = await open_board(browser, read_board("fillomino\n" + "\n".join(". . . . ." for _ in range(5))), touch=True)
    pad = await page.eval_on_selector_all("#digits button", "bs => bs.map(b => b.textContent)")
    assert pad == [*"1234567890", "⌫"]
    await page.touchscreen.tap(*await cell_at(page, 1, 1))
    for digit in "12":
        await page.tap(f"#digits button:text-is('{digit}')")
    assert (await numbers(page))[1][1] == "12"
    await page.tap("#digits button:text-is('7')")  # 127 is more than the board's 25 cells
    assert (await numbers(page))[1][1] == "7"
    await page.touchscreen.tap(*await cell_at(page, 4, 4))
    for digit in "25":
        await page.tap(f"#digits button:text-is('{digit}')")
    assert (await numbers(page))[4][4] == "25"
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "fillomino.png"))
    await page.context.close()


async def test_akari_shows_the_cells_its_bulbs_light(browser: Any) -> None:
    # . # . . .
    # . 0 2 . .
    # . . . . .
    # . . 1 0 .
    # . . . 1 .
    page = await open_board(browser, read_board("akari\n. # . . .\n. 0 2 . .\n. . . . .\n. . 1 0 .\n. . . 1 ."))

    async def lit() -> set[tuple[int, int]]:
        rects = await page.eval_on_selector_all(
            "#marks rect.lit", "rs => rs.map(r => [+r.getAttribute('x'), +r.getAttribute('y')])")
        cell, margin = await page.evaluate("[+board.dataset.cell, +board.dataset.margin]")
        return {(round((y - 1 - margin) / cell), round((x - 1 - margin) / cell)) for x, y in rects}

    assert await lit() == set()
    await page.mouse.click(*await cell_at(page, 2, 0))  # a bulb: its row up to the edge, its column up to the #
    assert await lit() == {(2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (0, 0), (1, 0), (3, 0), (4, 0)}
    await page.mouse.click(*await cell_at(page, 0, 4))
    await page.mouse.click(*await cell_at(page, 0, 4))  # a cross lights nothing
    assert len(await lit()) == 9
    await page.mouse.click(*await cell_at(page, 2, 3))  # a second bulb in the same row: both red
    fills = await page.eval_on_selector_all("#marks circle", "cs => cs.map(c => c.getAttribute('fill'))")
    assert fills == ["#c00000", "#c00000"]
    assert (2, 3) in await lit() and (1, 3) in await lit() and (0, 3) in await lit() and (4, 3) not in await lit()
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "akari.png"))
    await page.context.close()


async def test_what_check_says_is_on_screen_under_a_big_board(browser: Any) -> None:
    """Under a 16x16 board, its pad and the buttons, the line that says what Check found was below a
    640-pixel-high screen: the tap seemed to do nothing but redden cells. The page brings it up now."""
    page = await open_board(browser, SUDOKU16, touch=True, height=640)
    said = "155 cells have no number 1-16, e.g. row 1, column 3."
    await page.route("**/api/check", lambda route: route.fulfill(
        json={"ok": False, "message": said, "cells": [[0, 2]]}))
    await page.mouse.click(*await cell_at(page, 0, 1))
    await page.keyboard.type("5")  # one number in: a board with nothing in is answered on the page
    await page.tap("#check")
    await page.wait_for_selector("#status.bad")
    top, bottom, height = await page.evaluate(
        "(() => { const r = document.getElementById('status').getBoundingClientRect();"
        " return [r.top, r.bottom, window.innerHeight]; })()")
    assert await page.inner_text("#status") == said
    assert top >= 0 and bottom <= height
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "check-on-screen.png"))
    await page.context.close()


@pytest.mark.parametrize("genre", sorted(GENRES))
async def test_check_and_submit_on_a_fresh_board_say_nothing_is_in(browser: Any, genre: str) -> None:
    """Check on a fresh board reddened every cell of a Shikaku (and every blank of a Sudoku): the
    player's server (a real one, on loopback) says nothing is filled in yet and marks nothing, from
    the genre's blank answer; the page no longer guesses what a blank is. A Yin-Yang's given black
    circles and a Sudoku's givens are part of the fresh board, not something filled in."""
    from aiohttp.test_utils import TestServer

    from bot.web.server import PlayerServer

    puzzle = read_board(GENRES[genre].example, genre)
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1)).solution
    assert solution is not None
    server = PlayerServer(None, b"k" * 32)  # type: ignore[arg-type]  # boards only: no daily chat
    name = server.remember(puzzle, solution)
    async with TestServer(server.app(), host="127.0.0.1") as http:
        context = await browser.new_context(viewport={"width": 375, "height": 740})
        page = await context.new_page()
        await page.goto(str(http.make_url(f"/play?puzzle={name}&lang=ja")))
        await page.wait_for_selector("body.ready")
        for button in ("#check", "#submit"):
            await page.click(button)
            await page.wait_for_selector("#status.bad")
            assert await page.inner_text("#status") == NOTHING_YET_JA
            assert await page.eval_on_selector_all("#marks rect[stroke='#c00000']", "ms => ms.length") == 0
            await page.evaluate("document.getElementById('status').className = ''")
        if genre == "shikaku":
            SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SHOTS / "fresh-check.png"))
        await context.close()


async def test_a_blank_answer_is_still_judged(browser: Any) -> None:
    """A blank is sent all the same and the page says what the server says: it may find it right,
    refuse it for another reason, or judge it wrong (the page no longer puts its own guess of
    "nothing is filled in yet" over the server's words)."""
    page = await open_board(browser, read_board(GENRES["shikaku"].example, "shikaku"))
    wrong = {"ok": False, "message": "Every cell is wrong.", "cells": [[0, 0]]}
    await page.route("**/api/check", lambda route: route.fulfill(json=wrong))
    await page.click("#check")
    await page.wait_for_selector("#status.bad")
    assert await page.inner_text("#status") == "Every cell is wrong."
    await page.unroute("**/api/check")
    fine = {"ok": True, "message": "No broken rule so far."}
    await page.route("**/api/check", lambda route: route.fulfill(json=fine))
    await page.route("**/api/answer", lambda route: route.fulfill(
        status=429, json={"ok": False, "message": "Too many tries in a short time: wait a minute."}))
    await page.click("#check")
    await page.wait_for_selector("#status.ok")
    assert await page.inner_text("#status") == "No broken rule so far."
    await page.click("#submit")
    await page.wait_for_selector("#status.bad")
    assert await page.inner_text("#status") == "Too many tries in a short time: wait a minute."
    await page.context.close()


async def test_the_walls_between_rooms_show_over_shaded_cells(browser: Any) -> None:
    """Shading covered the wall between two shaded cells of different rooms (LITS): a player could no
    longer see where the rooms were. The walls are drawn over the shading now."""
    page = await open_board(browser, read_board("lits\nA A B B\nA A B B\nC C D D\nC C D D"))
    for c in (1, 2):
        await page.mouse.click(*await cell_at(page, 0, c))
    assert (await page.evaluate("window.puzzlePlayer.solution()"))["shaded"][0] == ".##."
    (x1, y), (x2, _) = await cell_at(page, 0, 1), await cell_at(page, 0, 2)
    on_top = await page.evaluate(f"document.elementFromPoint({(x1 + x2) / 2}, {y}).getAttribute('class')")
    assert on_top == "rooms"
    on_shade = await page.evaluate(f"document.elementFromPoint({x1}, {y}).getAttribute('fill')")
    assert on_shade == "#404040"  # the cell itself is shaded
    SHOTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(SHOTS / "lits-walls.png"))
    await page.context.close()


async def test_the_timer_is_green_only_once_solved(browser: Any) -> None:
    """The timer turns green with the solved state, not before (a style rule once made it green
    from the start)."""
    page = await open_board(browser, read_board("starbattle 1\nA A B\nA B B\nC C B"))
    colour = "getComputedStyle(document.getElementById('timer')).color"
    assert await page.evaluate(colour) != "rgb(26, 127, 55)"
    await page.evaluate("document.body.classList.add('solved')")
    assert await page.evaluate(colour) == "rgb(26, 127, 55)"
    await page.context.close()
