"""The web player in a real browser (Debian's Chromium driven by Playwright): the page opened as
Telegram opens a Mini App (signed initData, ``window.Telegram.WebApp`` stubbed), the answer drawn
with real pointer events, submitted, and the fake Bot API sees the solve announced in the group."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.web import WebPlayer
from tests.fake_bot_api import FakeBotApi
from tests.web_support import (
    bot_and_browser,
    browser_missing,
    init_data,
    strokes,
    telegram_stub,
    typed,
)

MISSING = browser_missing()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
    pytest.mark.skipif(dt.datetime.now(dt.UTC).time() > dt.time(23, 55), reason="the day changes during the test"),
]
GENRES = ("masyu", "yinyang", "shikaku", "slitherlink", "numberlink")  # on corpus boards
GENRE_KINDS = {"akari": "mark", "starbattle": "mark", "sudoku": "number", "fillomino": "number", "kakuro": "number",
               "hashiwokakero": "bridge", "yajilin": "loop-shade", "hitori": "shade", "heyawake": "shade",
               "nurikabe": "shade", "lits": "shade"}
NEW_GENRES = tuple(GENRE_KINDS)  # on their /help examples


@pytest.fixture
def api() -> Iterator[FakeBotApi]:
    server = FakeBotApi()
    yield server
    server.close()


async def board_points(page: Any) -> Callable[[float, float], tuple[float, float]]:
    """``at(r, c)``: the CSS pixel of the board's point (row r, column c), in cell units."""
    m = await page.evaluate("(() => { const c = document.getElementById('board').getScreenCTM();"
                            " return [c.a, c.d, c.e, c.f]; })()")  # board units -> CSS pixels

    def at(r: float, c: float) -> tuple[float, float]:
        return m[2] + (20 + c * 40) * m[0], m[3] + (20 + r * 40) * m[1]
    return at


async def draw(page: Any, kind: str, solution: dict[str, Any], rows: int, cols: int) -> None:
    """Draw ``solution`` with the mouse (press, move through the points, release; a tap for a
    cell) and, for numbers, the keyboard; a loop with shaded cells in the line, then the shade mode."""
    at = await board_points(page)

    async def stroke(points: list[tuple[float, float]]) -> None:
        await page.mouse.move(*at(*points[0]))
        await page.mouse.down()
        for p in points[1:]:
            await page.mouse.move(*at(*p), steps=3)
        await page.mouse.up()

    if kind == "number":
        settings = await page.evaluate("JSON.parse(document.getElementById('settings').textContent)")
        for p, value in typed(solution, settings["numbers"]):
            await page.mouse.click(*at(*p))
            await page.keyboard.type(value)
        return
    if kind == "loop-shade":
        await page.click("#modes button[data-mode='0']")
        for points in strokes("cell-loop", {"loop": solution["loop"]}):
            await stroke(points)
        await page.click("#modes button[data-mode='1']")
        kind, solution = "shade", {"shaded": solution["shaded"]}
    for points in strokes(kind, solution):
        await stroke(points)


def ann_solved(chat_id: int, since: float) -> Callable[[Any], bool]:
    """The fake Bot API's call that tells the chat Ann solved it (after ``since``)."""
    return lambda c: bool(c.chat_id == chat_id and "Ann solved it" in c.text and c.at >= since)


async def open_player(browser: Any, url: str, init: str, width: int = 375) -> Any:
    context = await browser.new_context(viewport={"width": width, "height": 740}, device_scale_factor=2)
    page = await context.new_page()
    await page.add_init_script(telegram_stub(init))
    await page.goto(url)
    await page.wait_for_selector("body.ready")
    return page


async def group_link(player: WebPlayer, daily_chat: Any, genre: str, group_id: int) -> tuple[str, Any]:
    svc = daily_chat.service
    stored = await svc.making.make(svc.slot(svc.today(), genre, "easy"))
    (link,) = player.links(stored, ("telegram", group_id, True, None, ""), "en")
    return link.url, stored


async def on_example(api: FakeBotApi, tmp_path: Path, genre: str, play: Any, width: int = 375) -> Any:
    """Open the genre's /help example in the player (``width`` CSS pixels wide) and run
    ``play(page, at)``, ``at(r, c)`` giving the CSS pixel of board point (row r, column c) in cell units."""
    from tests.daily_support import example_maker

    ann = api.user(11, "Ann")
    async with bot_and_browser(api, tmp_path, example_maker) as (daily, player, browser):
        url, _ = await group_link(player, daily, genre, -1001)
        page = await open_player(browser, url, init_data(ann, api.token), width=width)
        return await play(page, await board_points(page))


async def test_draw_and_submit_every_genre(api: FakeBotApi, tmp_path: Path) -> None:
    ann = api.user(11, "Ann")
    group = api.group(-1001)
    async with bot_and_browser(api, tmp_path) as (daily, player, browser):
        for genre in GENRES:
            url, stored = await group_link(player, daily, genre, group.id)
            page = await open_player(browser, url, init_data(ann, api.token))
            kind = await page.evaluate("JSON.parse(document.getElementById('settings').textContent).kind")
            solution = stored.solution.to_json()
            # Check on the empty board first: the server says nothing is in yet; nothing is said in the chat
            await page.click("#check")
            await page.wait_for_selector("#status.bad")
            assert await page.inner_text("#status") == "Nothing is filled in yet: put your answer on the board first."
            await draw(page, kind, solution, stored.rows, stored.cols)
            drawn = await page.evaluate("window.puzzlePlayer.solution()")
            assert drawn == solution, genre
            n = time.perf_counter()
            await page.click("#submit")
            await page.wait_for_selector("#status.ok")
            said = await api.wait_for(ann_solved(group.id, n))
            assert said[0].text.startswith("✅ Ann solved it in"), genre
            await page.context.close()


def _same(drawn: dict[str, Any], solution: dict[str, Any]) -> bool:
    """The drawn answer is the solution (bridges in any order)."""
    return {k: sorted(v) if k == "bridges" else v for k, v in drawn.items()} == {
        k: sorted(v) if k == "bridges" else v for k, v in solution.items()}


@pytest.mark.parametrize("genre", NEW_GENRES)
async def test_draw_and_submit_on_the_example(api: FakeBotApi, tmp_path: Path, genre: str) -> None:
    """The genres that came with no player code: the /help example as the daily puzzle, drawn with
    the input of its answer kind (marks, numbers, bridges, a loop and shading), submitted."""
    from tests.daily_support import example_maker

    ann = api.user(11, "Ann")
    group = api.group(-1001)
    async with bot_and_browser(api, tmp_path, example_maker) as (daily, player, browser):
        url, stored = await group_link(player, daily, genre, group.id)
        page = await open_player(browser, url, init_data(ann, api.token))
        kind = await page.evaluate("JSON.parse(document.getElementById('settings').textContent).kind")
        assert kind == GENRE_KINDS[genre]
        solution = stored.solution.to_json()
        await page.click("#check")  # an empty board: "nothing is filled in yet", nothing said in the chat
        await page.wait_for_selector("#status.bad")
        assert await page.inner_text("#status") == "Nothing is filled in yet: put your answer on the board first."
        await draw(page, kind, solution, stored.rows, stored.cols)
        drawn = await page.evaluate("window.puzzlePlayer.solution()")
        assert _same(drawn, solution), (genre, drawn, solution)
        n = time.perf_counter()
        await page.click("#submit")
        await page.wait_for_selector("#status.ok")
        said = await api.wait_for(ann_solved(group.id, n))
        assert said[0].text.startswith("✅ Ann solved it in")


async def test_shading_by_touch_on_a_phone(api: FakeBotApi, tmp_path: Path) -> None:
    ann = api.user(11, "Ann")
    group = api.group(-1001)
    async with bot_and_browser(api, tmp_path) as (daily, player, browser):
        url, stored = await group_link(player, daily, "yinyang", group.id)
        context = await browser.new_context(viewport={"width": 375, "height": 740}, device_scale_factor=2,
                                            has_touch=True, is_mobile=True)
        page = await context.new_page()
        await page.add_init_script(telegram_stub(init_data(ann, api.token)))
        await page.goto(url)
        await page.wait_for_selector("body.ready")
        at = await board_points(page)
        solution = stored.solution.to_json()
        for (r, c), in strokes("shade", solution):
            await page.touchscreen.tap(*at(r, c))
        assert await page.evaluate("window.puzzlePlayer.solution()") == solution
        n = time.perf_counter()
        await page.click("#submit")
        await page.wait_for_selector("#status.ok")
        await api.wait_for(lambda c: c.chat_id == group.id and "Ann solved it" in c.text and c.at >= n)


async def test_undo_redo_and_tampered_init_data(api: FakeBotApi, tmp_path: Path) -> None:
    ann = api.user(11, "Ann")
    group = api.group(-1001)
    async with bot_and_browser(api, tmp_path) as (daily, player, browser):
        url, stored = await group_link(player, daily, "masyu", group.id)
        forged = init_data(ann, api.token).replace("Ann", "Eve")  # the signature no longer matches
        page = await open_player(browser, url, forged, width=1280)
        solution = stored.solution.to_json()
        await draw(page, "cell-loop", solution, stored.rows, stored.cols)
        assert await page.evaluate("window.puzzlePlayer.solution()") == solution
        await page.click("#undo")
        assert await page.evaluate("window.puzzlePlayer.solution()") != solution
        await page.click("#redo")
        assert await page.evaluate("window.puzzlePlayer.solution()") == solution
        await page.click("#submit")
        await page.wait_for_selector("#status.bad")
        assert not api.find(lambda c: c.chat_id == group.id and "solved it" in c.text)


@pytest.mark.parametrize("genre", ["akari", "sudoku", "hashiwokakero", "yajilin"])
async def test_the_input_of_each_answer_kind(api: FakeBotApi, tmp_path: Path, genre: str) -> None:
    """What each input does on a genre's /help example: a mark and a cross, not on a given cell
    (Akari); a number by key and by the pad, none on a given (Sudoku); a double bridge and a third
    drag removing it (Hashiwokakero); a line, then shading a cell on it takes the line away (and a
    line drawn into a shaded cell its shading), the dot mode shades nothing, a clue cell is never
    shaded (Yajilin)."""
    async def play(page: Any, at: Callable[[float, float], tuple[float, float]]) -> None:
        async def drag(*points: tuple[float, float]) -> None:
            await page.mouse.move(*at(*points[0]))
            await page.mouse.down()
            for p in points[1:]:
                await page.mouse.move(*at(*p), steps=4)
            await page.mouse.up()

        async def answer() -> dict[str, Any]:
            got: dict[str, Any] = await page.evaluate("window.puzzlePlayer.solution()")
            return got

        if genre == "akari":  # black cells at (0,1), (1,1), (1,2), ...
            await page.mouse.click(*at(2.5, 0.5))  # a light
            await page.mouse.click(*at(0.5, 4.5))
            await page.mouse.click(*at(0.5, 4.5))  # a cross: no light
            await page.mouse.click(*at(1.5, 1.5))  # a given cell: nothing
            assert (await answer())["lights"] == [".....", ".....", "*....", ".....", "....."]
        elif genre == "sudoku":  # givens 1 at (0,0), 1 at (1,2), 4 at (2,1), 2 at (3,3)
            await page.mouse.click(*at(0.5, 1.5))
            await page.keyboard.press("3")
            await page.mouse.click(*at(1.5, 0.5))
            await page.click("#digits button:text('4')")
            await page.mouse.click(*at(3.5, 3.5))  # a given: not selected, the key does nothing
            await page.keyboard.press("1")
            await page.mouse.click(*at(2.5, 2.5))
            await page.keyboard.press("2")
            await page.keyboard.press("Backspace")
            assert (await answer())["numbers"] == ["1 3 . .", "4 . 1 .", ". 4 . .", ". . . 2"]
        elif genre == "hashiwokakero":  # islands at (0,4), (2,0), (2,2), (2,4), (4,2), (4,4)
            for _ in range(2):
                await drag((2.5, 0.5), (2.5, 2.5))
            await drag((4.5, 4.5), (4.5, 3.5))  # towards the next island: reaches it
            await drag((0.5, 0.5), (0.5, 3.5))  # from water: nothing
            for _ in range(3):  # a third time removes it
                await drag((0.5, 4.5), (2.5, 4.5))
            assert sorted((await answer())["bridges"]) == [[2, 0, 2, 2, 2], [4, 2, 4, 4, 1]]
        else:  # clues at (0,1), (1,3), (2,5), (3,1), (3,3), (5,5)
            await drag((4.5, 0.5), (4.5, 2.5), (6.5, 2.5))
            await page.click("#modes button[data-mode='1']")
            await page.mouse.click(*at(4.5, 1.5))  # shading a cell on the line cuts the line there
            await page.mouse.click(*at(0.5, 1.5))  # a clue cell: nothing
            await page.mouse.click(*at(6.5, 0.5))  # a shaded cell, to be drawn through below
            await page.click("#modes button[data-mode='2']")
            await page.mouse.click(*at(6.5, 6.5))  # a dot: not shaded
            got = await answer()
            assert got["shaded"] == [".......", ".......", ".......", ".......", ".#.....", ".......",
                                     "#......"]
            assert got["loop"][4].split() == ["0", "0", "4", "0", "0", "0", "0"]
            assert got["loop"][5].split()[2] == "5" and got["loop"][6].split()[2] == "1"
            await page.click("#modes button[data-mode='0']")
            await drag((5.5, 0.5), (6.5, 0.5), (6.5, 1.5))  # a line through it takes the shading out
            got = await answer()
            assert got["shaded"][6] == "......." and got["loop"][6].split()[:2] == ["3", "8"]

    await on_example(api, tmp_path, genre, play)
