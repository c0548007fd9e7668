"""Webhook mode end to end: the real PTB webhook server on 127.0.0.1, the fake Bot API posting updates to it.

The fake Bot API records ``setWebhook`` (URL and secret token) and from then on delivers every update
by POSTing it to the bot, as Telegram does. A request with a missing or wrong secret is refused (403)
and never reaches the core.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.app import build_core
from bot.config import BotConfig, ConfigError, WebhookConfig, load_config
from bot.pipeline import PipelineLimits
from bot.telegram_adapter import build_application, webhook
from tests.fake_bot_api import FakeBotApi, handled_all, replies_to

in_module_loop = pytest.mark.asyncio(loop_scope="module")

REPO = Path(__file__).resolve().parents[1]
MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
SECRET = "s3cret-for_the-webhook"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    port = free_port()
    hook = WebhookConfig(url=f"http://127.0.0.1:{port}/telegram/hook", secret=SECRET, listen="127.0.0.1", port=port)
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url, webhook=hook,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg)
    async with webhook(app, hook):
        yield SimpleNamespace(api=api, core=core, hook=hook, app=app)
    api.close()


@in_module_loop
async def test_set_webhook_is_called_with_the_url_and_the_secret(bot: SimpleNamespace) -> None:
    [call] = bot.api.find(lambda c: c.method == "setWebhook")
    assert call.params["url"] == bot.hook.url and call.params["secret_token"] == SECRET
    assert not bot.api.find(lambda c: c.method == "getUpdates")  # no polling in webhook mode


@in_module_loop
async def test_a_board_posted_to_the_webhook_comes_back_as_a_photo(bot: SimpleNamespace) -> None:
    ann = bot.api.user(201, "Ann")
    bot.api.send_text(ann, MASYU_5)  # delivered by POST to the bot's webhook, with the secret
    [photo] = await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == ann.id, timeout=60)
    assert photo.photo[2].startswith(b"\x89PNG") and photo.text.startswith("Masyu 5×5: unique solution")
    assert 200 in bot.api.deliveries


@in_module_loop
@pytest.mark.parametrize(("user_id", "secret"), [(202, None), (203, "wrong-secret"), (204, SECRET + "x")])
async def test_a_request_without_the_right_secret_is_refused_and_never_reaches_the_core(
        bot: SimpleNamespace, user_id: int, secret: str | None) -> None:
    eve = bot.api.user(user_id, "Eve")
    requests = bot.core.backend.stats["requests"]
    msg = bot.api._message(bot.api.chats[eve.id], eve, text=MASYU_5)
    status = await asyncio.to_thread(bot.api.post_webhook, {"update_id": 10_000 + eve.id, "message": msg}, secret)
    assert status == 403
    bot.api.send_text(eve, "/help")  # a marker through the real path: once answered, the refused one would be too
    await bot.api.wait_for(replies_to(eve.id), timeout=30)
    await handled_all(bot.api, bot.app)
    assert [c.method for c in bot.api.find(replies_to(eve.id))] == ["sendMessage"]
    assert bot.core.backend.stats["requests"] == requests


def test_webhook_mode_without_a_secret_refuses_to_start() -> None:
    env = {"TELEGRAM_TOKEN": "123:abc", "TELEGRAM_WEBHOOK_URL": "https://bot.example.org/tg"}
    with pytest.raises(ConfigError, match="TELEGRAM_WEBHOOK_SECRET is required"):
        load_config(None, env)
    cfg = load_config(None, {**env, "TELEGRAM_WEBHOOK_SECRET": SECRET})
    assert cfg.webhook == WebhookConfig("https://bot.example.org/tg", SECRET, "0.0.0.0", 8443)
    assert SECRET not in repr(cfg) and SECRET not in str(cfg.redacted())
    assert load_config(None, {"TELEGRAM_TOKEN": "123:abc"}).webhook is None  # polling stays the default
    with pytest.raises(ConfigError, match="only 1-256 characters"):
        load_config(None, {**env, "TELEGRAM_WEBHOOK_SECRET": "has spaces!"})


@pytest.mark.slow
def test_puzzlebot_run_serves_the_webhook_when_the_url_is_set(tmp_path: Path) -> None:
    """`puzzlebot run` itself: webhook mode chosen from the settings, a board answered, the secret never logged."""
    api = FakeBotApi()
    port = free_port()
    env = dict(os.environ, TELEGRAM_TOKEN=api.token, TELEGRAM_API_URL=api.url, PUZZLEBOT_POOL_SIZE="1",
               TELEGRAM_WEBHOOK_URL=f"http://127.0.0.1:{port}/hook", TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
               TELEGRAM_WEBHOOK_PORT=str(port), TELEGRAM_WEBHOOK_SECRET=SECRET,
               DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", PUZZLEBOT_LOG_LEVEL="DEBUG")
    log = tmp_path / "bot.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                                cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while api.webhook_url is None:
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.1)
        time.sleep(0.5)  # setWebhook comes right before the server's first accept
        ann = api.user(301, "Ann")
        api.send_text(ann, MASYU_5)
        photos = asyncio.run(api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == ann.id, timeout=60))
        assert photos[0].text.startswith("Masyu 5×5")
        assert not api.find(lambda c: c.method == "getUpdates")
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()
            api.close()
    text = log.read_text()
    assert SECRET not in text and api.token not in text, "a secret reached the log"
