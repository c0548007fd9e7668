"""Helpers for the web player's tests: a running bot with the player, and Telegram's initData signed
the way the WebApp spec says (written here from the spec, not with the bot's own code)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from bot.app import build_core
from bot.config import BotConfig, WebConfig
from bot.daily import DailyChat, install
from bot.daily.making import Maker
from bot.daily.slots import DailyConfig
from bot.pipeline import PipelineLimits
from bot.pool import PoolBackend
from bot.web import WebPlayer
from bot.web import install as install_web
from tests.daily_support import corpus_maker
from tests.fake_bot_api import FakeBotApi, FakeUser


def init_data(user: FakeUser, bot_token: str, *, age: float = 0, **extra: str) -> str:
    """initData as Telegram hands it to a Mini App: fields, then ``hash`` = hex HMAC-SHA256 of the
    sorted ``key=value`` lines under the key HMAC-SHA256("WebAppData", bot token)."""
    fields = {"auth_date": str(int(time.time() - age)), "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
              "user": json.dumps({"id": user.id, "first_name": user.first_name, "language_code": user.lang},
                                 separators=(",", ":")), **extra}
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    return urlencode({**fields, "hash": hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()})


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def play_button(buttons: list[dict[str, Any]]) -> dict[str, Any]:
    (button,) = [b for b in buttons if "web_app" in b or "url" in b]
    return button


@contextlib.asynccontextmanager
async def running_bot(api: FakeBotApi, db_url: str, maker: Maker = corpus_maker,
                      ) -> AsyncIterator[tuple[DailyChat, WebPlayer]]:
    """The real PTB bot polling the fake Bot API, the daily puzzle (small corpus boards, or what
    ``maker`` makes) and the web player on an ephemeral port of 127.0.0.1."""
    from bot.telegram_adapter import build_application, polling

    config = BotConfig(telegram_token=api.token, telegram_api_url=api.url, database_url=db_url,
                       limits=PipelineLimits(workers=1, time_limit=5),
                       web=WebConfig(url="http://127.0.0.1:0", port=0))
    core = build_core(config, backend=PoolBackend(config.limits), extensions=())
    daily = install(core, config=DailyConfig(tick_seconds=0.2, generate_workers=0, prepare_all=False),
                    maker=maker)
    player = install_web(core)
    assert player is not None
    api.app = build_application(core, config)
    async with polling(api.app):
        yield daily, player


# ---------------------------------------------------------------------- a real browser
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]


@contextlib.asynccontextmanager
async def bot_and_browser(api: FakeBotApi, tmp_path: Path, maker: Maker = corpus_maker,
                          ) -> AsyncIterator[tuple[DailyChat, WebPlayer, Any]]:
    """:func:`running_bot` with its database in ``tmp_path``, and Debian's Chromium (closed after)."""
    from playwright.async_api import async_playwright

    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", maker) as (daily, player), \
            async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield daily, player, browser
        finally:
            await browser.close()


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (None: they can)."""
    import os

    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[dev]')"
    return None


def telegram_stub(init: str) -> str:
    """``window.Telegram.WebApp`` as a Mini App sees it (the parts the player uses)."""
    web_app = ("{initData: " + json.dumps(init) + ", initDataUnsafe: {}, platform: 'android', version: '8.0',"
               " ready: function () {}, expand: function () {}, close: function () {},"
               " HapticFeedback: {notificationOccurred: function () {}}}")
    return "window.Telegram = {WebApp: " + web_app + "};"


Point = tuple[float, float]  # (row, col) in cells: a cell centre is (r + 0.5, c + 0.5), a grid point (r, c)


def _walks(masks: list[list[int]]) -> list[list[tuple[int, int]]]:
    """Each line of a mask grid as a walk of (row, col): paths from an end, then closed loops."""
    steps = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    cells = [(r, c) for r, row in enumerate(masks) for c, v in enumerate(row) if v]
    ends = [rc for rc in cells if bin(masks[rc[0]][rc[1]]).count("1") == 1]
    walks = []
    for start in ends + cells:
        walk = [start]
        here = start
        while True:
            nxt = None
            for bit, (dr, dc) in steps.items():
                there = (here[0] + dr, here[1] + dc)
                if masks[here[0]][here[1]] & bit and (here, there) not in seen:
                    nxt = there
                    break
            if nxt is None:
                break
            seen.update({(here, nxt), (nxt, here)})
            walk.append(nxt)
            here = nxt
        if len(walk) > 1:
            walks.append(walk)
    return walks


def strokes(kind: str, solution: dict[str, Any]) -> list[list[Point]]:
    """The pointer strokes that draw ``solution`` in the player: each a list of board positions
    (a one-point stroke is a tap). A number answer is typed (``typed``); a loop-and-shade answer
    is the loop's strokes in the line mode, then the shaded cells' in the shade mode."""
    if kind in ("cell-loop", "edge-loop"):
        key = "links" if "links" in solution else "loop"
        masks = [[int(v) for v in row.split()] for row in solution[key]]
        off = 0.5 if kind == "cell-loop" else 0.0
        return [[(r + off, c + off) for r, c in walk] for walk in _walks(masks)]
    if kind in ("shade", "mark"):
        key = next(k for k in ("colors", "shaded", "lights", "stars") if k in solution)
        mark = {"colors": "B", "shaded": "#", "lights": "*", "stars": "*"}[key]
        return [[(r + 0.5, c + 0.5)] for r, row in enumerate(solution[key]) for c, ch in enumerate(row) if ch == mark]
    if kind == "rect":
        return [[(t + 0.5, left + 0.5), (t + h - 0.5, left + w - 0.5)] for t, left, h, w in solution["rects"]]
    if kind == "bridge":  # a drag from island to island per bridge (twice for a double one)
        return [[(r1 + 0.5, c1 + 0.5), (r2 + 0.5, c2 + 0.5)]
                for r1, c1, r2, c2, n in solution["bridges"] for _ in range(n)]
    raise ValueError(kind)


def typed(solution: dict[str, Any], givens: dict[str, str]) -> list[tuple[Point, str]]:
    """A number answer as the player enters it: a tap on each cell that is not given, then its number."""
    return [((r + 0.5, c + 0.5), v) for r, row in enumerate(solution["numbers"]) for c, v in enumerate(row.split())
            if v != "." and f"{r},{c}" not in givens]
