"""Health and metrics (PUZZLEBOT_METRICS_PORT): the real /healthz and /metrics endpoints of a running bot.

A Telegram bot (real PTB, polling the fake Bot API on 127.0.0.1) built by ``build_core`` with the
observability extension answers a board; the test scrapes the endpoints over HTTP and parses the
Prometheus text with the client library's own parser.
"""

from __future__ import annotations

import asyncio
import socket
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest
import pytest_asyncio
from prometheus_client.parser import text_string_to_metric_families

from bot.app import build_core
from bot.chat import Reply
from bot.config import BotConfig
from bot.observability import MeteredChannel, Observer
from bot.pipeline import PipelineLimits
from bot.taskiq_backend import TaskiqBackend
from bot.telegram_adapter import build_application, polling
from tests.fake_bot_api import FakeBotApi

in_module_loop = pytest.mark.asyncio(loop_scope="module")
MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return int(r.status), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(text: str, name: str, **labels: str) -> float:
    return samples(text).get((name, frozenset(labels.items())), 0.0)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    port = free_port()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url, metrics_port=port,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=("bot.observability",))
    app = build_application(core, cfg)
    async with polling(app):
        yield SimpleNamespace(api=api, core=core, port=port)
    api.close()
    with pytest.raises(OSError):  # the server went away with the bot
        get(port, "/healthz")


@pytest.mark.slow
@in_module_loop
async def test_healthz_is_200_while_the_bot_can_take_boards(bot: SimpleNamespace) -> None:
    status, body = await asyncio.to_thread(get, bot.port, "/healthz")
    assert (status, body) == (200, "ok\n")


@in_module_loop
async def test_metrics_count_a_board_its_solve_and_the_reply(bot: SimpleNamespace) -> None:
    _, before = await asyncio.to_thread(get, bot.port, "/metrics")
    ann = bot.api.user(401, "Ann")
    bot.api.send_text(ann, MASYU_5)
    await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == ann.id, timeout=60)
    photos = lambda text: value(text, "puzzlebot_replies_sent_total", platform="telegram", kind="photo")  # noqa: E731
    for _ in range(300):  # the fake has the photo before the bot hears back and counts it: scrape until it has
        status, after = await asyncio.to_thread(get, bot.port, "/metrics")
        if photos(after) > photos(before) and value(after, "puzzlebot_queue_length") == 0:
            break
        await asyncio.sleep(0.1)
    assert status == 200

    def grew(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew("puzzlebot_boards_received_total", platform="telegram") == 1
    assert grew("puzzlebot_boards_answered_total", genre="masyu", verdict="unique", source="solved") == 1
    assert grew("puzzlebot_solve_seconds_count", genre="masyu", verdict="unique") == 1
    assert grew("puzzlebot_render_seconds_count", genre="masyu", verdict="unique") == 1
    assert grew("puzzlebot_replies_sent_total", platform="telegram", kind="photo") == 1
    assert value(after, "puzzlebot_healthy") == 1 and value(after, "puzzlebot_solver_workers_alive") == 1
    assert value(after, "puzzlebot_queue_length") == 0
    families = {f.name for f in text_string_to_metric_families(after)}
    assert {"puzzlebot_send_failures", "puzzlebot_daily_posts_sent", "puzzlebot_queue_waiting",
            "puzzlebot_boards_refused", "puzzlebot_board_seconds"} <= families


@in_module_loop
async def test_a_send_that_fails_is_counted(bot: SimpleNamespace) -> None:
    class Broken:
        async def send(self, reply: Reply) -> int:
            raise ConnectionError("network down")

    _, before = await asyncio.to_thread(get, bot.port, "/metrics")
    with pytest.raises(ConnectionError):
        await MeteredChannel(Broken(), "telegram").send(Reply("hello"))
    _, after = await asyncio.to_thread(get, bot.port, "/metrics")
    assert (value(after, "puzzlebot_send_failures_total", platform="telegram")
            - value(before, "puzzlebot_send_failures_total", platform="telegram")) == 1


@in_module_loop
async def test_healthz_is_503_when_no_solver_worker_is_alive() -> None:
    """The taskiq backend with nothing behind it (Redis unreachable): the process cannot take boards."""
    core = build_core(BotConfig(), TaskiqBackend(f"redis://127.0.0.1:{free_port()}/0"), extensions=())
    observer = Observer(core, "127.0.0.1", 0)
    await core.backend.start()
    await observer.start()
    try:
        status, body = await asyncio.to_thread(get, observer.port, "/healthz")
        assert (status, body) == (503, "starting\n")
        observer.started = True
        status, body = await asyncio.to_thread(get, observer.port, "/healthz")
        assert status == 503 and "no solver worker alive" in body
        _, metrics = await asyncio.to_thread(get, observer.port, "/metrics")
        assert value(metrics, "puzzlebot_healthy") == 0 and value(metrics, "puzzlebot_solver_workers_alive") == 0
    finally:
        await observer.stop()
        await core.backend.close()
