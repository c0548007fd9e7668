"""What the web player draws, in a real browser (Debian's Chromium driven by Playwright): the shape
of a mark as the pictures draw it, and the board's frame over the player's shading."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from tests.fake_bot_api import FakeBotApi
from tests.test_web_player_browser import api, board_points, group_link, open_player  # noqa: F401 (api: a fixture)
from tests.web_support import CHROMIUM, CHROMIUM_ARGS, browser_missing, init_data, running_bot

MISSING = browser_missing()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
    pytest.mark.skipif(dt.datetime.now(dt.UTC).time() > dt.time(23, 55), reason="the day changes during the test"),
]


async def _on_example(api: FakeBotApi, tmp_path: Path, genre: str, play: Any) -> Any:  # noqa: F811
    """Open the genre's /help example in the player at a phone's width and run ``play(page, at)``,
    ``at(r, c)`` giving the CSS pixel of board point (row r, column c) in cell units."""
    from playwright.async_api import async_playwright

    from tests.daily_support import example_maker

    ann = api.user(11, "Ann")
    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", example_maker) as (daily, player), \
            async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            url, _ = await group_link(player, daily, genre, -1001)
            page = await open_player(browser, url, init_data(ann, api.token), width=360)
            return await play(page, await board_points(page))
        finally:
            await browser.close()


@pytest.mark.parametrize(("genre", "cell", "shape"), [("starbattle", (0, 0), "polygon"), ("akari", (2, 0), "circle")])
async def test_a_mark_is_drawn_as_the_pictures_draw_it(api: FakeBotApi, tmp_path: Path,  # noqa: F811
                                                       genre: str, cell: tuple[int, int], shape: str) -> None:
    """Star Battle's stars were blue dots, like Akari's lights: now a five-pointed star."""
    async def play(page: Any, at: Any) -> list[Any]:
        await page.mouse.click(*at(cell[0] + 0.5, cell[1] + 0.5))
        drawn: list[Any] = await page.evaluate(
            "[...document.getElementById('marks').children].map(e => [e.tagName,"
            " (e.getAttribute('points') || '').split(' ').filter(Boolean).length])")
        return drawn

    drawn = await _on_example(api, tmp_path, genre, play)
    tags = {tag for tag, _ in drawn}  # Akari also draws the cells its light reaches
    assert shape in tags and not {"polygon", "circle"} - {shape} & tags
    assert all(n == 10 for tag, n in drawn if tag == "polygon")  # five points and five notches


@pytest.mark.parametrize("genre", ["heyawake", "nurikabe"])
async def test_the_frame_stays_over_shading(api: FakeBotApi, tmp_path: Path, genre: str) -> None:  # noqa: F811
    """A shaded cell on the edge covered the inner half of the board's frame (rooms boards and
    plain ones): the frame is drawn over the player's shading."""
    async def play(page: Any, at: Any) -> list[str]:
        await page.mouse.click(*at(0.5, 0.5))  # shade the corner cell
        shaded = await page.evaluate("window.puzzlePlayer.solution()")
        assert next(iter(shaded.values()))[0][0] in "#B"
        # just inside the frame's line (4 units wide, 2 of them over the cells), row 0: left and top
        return [await page.evaluate("([x, y]) => document.elementFromPoint(x, y).getAttribute('class')", list(p))
                for p in (at(0.5, 0.03), at(0.03, 0.5))]

    assert await _on_example(api, tmp_path, genre, play) == ["frame", "frame"]
