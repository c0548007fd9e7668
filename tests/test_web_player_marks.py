"""What the web player draws, in a real browser (Debian's Chromium driven by Playwright): the shape
of a mark as the pictures draw it, and the board's frame over the player's shading."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from tests.fake_bot_api import FakeBotApi
from tests.test_web_player_browser import api, on_example  # noqa: F401 (api: a fixture)
from tests.web_support import browser_missing

MISSING = browser_missing()
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
    pytest.mark.skipif(dt.datetime.now(dt.UTC).time() > dt.time(23, 55), reason="the day changes during the test"),
]


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

    drawn = await on_example(api, tmp_path, genre, play, width=360)
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

    assert await on_example(api, tmp_path, genre, play, width=360) == ["frame", "frame"]
