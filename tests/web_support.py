"""Helpers for the web player's tests: a running bot with the player, and Telegram's initData signed
the way the WebApp spec says (written here from the spec, not with the bot's own code)."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from bot.app import build_core
from bot.config import BotConfig, WebConfig
from bot.daily import DailyChat, install
from bot.daily.slots import DailyConfig
from bot.pipeline import PipelineLimits, PoolBackend
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
async def running_bot(api: FakeBotApi, db_url: str) -> AsyncIterator[tuple[DailyChat, WebPlayer]]:
    """The real PTB bot polling the fake Bot API, the daily puzzle (small corpus boards) and the
    web player on an ephemeral port of 127.0.0.1."""
    from bot.telegram_adapter import build_application, polling

    config = BotConfig(telegram_token=api.token, telegram_api_url=api.url, database_url=db_url,
                       limits=PipelineLimits(workers=1, time_limit=5),
                       web=WebConfig(url="http://127.0.0.1:0", port=0))
    core = build_core(config, backend=PoolBackend(config.limits), extensions=())
    daily = install(core, config=DailyConfig(tick_seconds=0.2, generate_workers=0, prepare_all=False),
                    maker=corpus_maker)
    player = install_web(core)
    assert player is not None
    async with polling(build_application(core, config)):
        yield daily, player
