"""Sending under faults (issue 9 item 9), with the real PTB stack against the fake Bot API and the
real discord.py HTTP client against a fake Discord REST API, both on 127.0.0.1.

- RetryAfter (Telegram) and 429 (Discord) are waited out, in replies and in the daily fan-out;
- a request that never left (connection refused) is sent again with back-off;
- a request whose answer was lost (Telegram may have posted it) is never sent again: the fan-out
  records it as ``maybe_sent``;
- ChatMigrated moves the chat's subscription and records to the new chat id; "not enough rights"
  keeps the subscription (the post is tried again at the next round); only blocked/kicked ends it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import socket
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from aiohttp import web
from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut

from bot import sending
from bot.app import build_core
from bot.chat import Reply
from bot.config import BotConfig
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from bot.discord_replies import DiscordChannel, DiscordPlatform
from bot.pipeline import PipelineLimits
from bot.sending import Failure, classify, delivery_status
from bot.telegram_adapter import TelegramPlatform, build_application, polling, send_reply
from tests.daily_support import corpus_maker
from tests.fake_bot_api import FakeBotApi, handled_all, replies_to

NOON = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
DAY = NOON.date()
PNG = (Path(__file__).resolve().parents[1] / "docs" / "masyu-puzzle.png").read_bytes()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


# ---------------------------------------------------------------------- classification (real exception objects)
def test_every_failure_has_one_meaning() -> None:
    import httpx

    def wrapped(cause: BaseException, outer: type[NetworkError] = NetworkError) -> NetworkError:
        try:
            raise outer(f"httpx.{type(cause).__name__}: {cause}") from cause
        except NetworkError as e:
            return e

    request = httpx.Request("POST", "http://127.0.0.1/")
    cases: list[tuple[BaseException, Failure]] = [
        (RetryAfter(3), Failure.RATE_LIMITED),
        (ChatMigrated(-1001234), Failure.MIGRATED),
        (Forbidden("Forbidden: bot was blocked by the user"), Failure.GONE),
        (Forbidden("Forbidden: bot was kicked from the group chat"), Failure.GONE),
        (BadRequest("Bad Request: chat not found"), Failure.GONE),
        (BadRequest("Bad Request: not enough rights to send photos to the chat"), Failure.TRANSIENT),
        (Forbidden("Forbidden: not enough rights to send text messages to the chat"), Failure.TRANSIENT),
        (BadRequest("Bad Request: message is too long"), Failure.FAILED),
        (wrapped(httpx.ConnectError("refused", request=request)), Failure.NOT_SENT),
        (wrapped(httpx.ConnectTimeout("slow", request=request), TimedOut), Failure.NOT_SENT),
        (wrapped(httpx.PoolTimeout("busy", request=request), TimedOut), Failure.NOT_SENT),
        (wrapped(httpx.ReadTimeout("late", request=request), TimedOut), Failure.MAYBE_SENT),
        (wrapped(httpx.ReadError("reset", request=request)), Failure.MAYBE_SENT),
        (wrapped(httpx.RemoteProtocolError("Server disconnected", request=request)), Failure.MAYBE_SENT),
        (TimedOut(), Failure.MAYBE_SENT),
        (NetworkError("Bad Gateway"), Failure.MAYBE_SENT),
        (RuntimeError("This HTTPXRequest is not initialized!"), Failure.CLOSED),
        (ConnectionRefusedError(111, "refused"), Failure.NOT_SENT),
        (ValueError("a bug"), Failure.FAILED),
    ]
    for exc, want in cases:
        assert classify(exc).failure is want, (exc, classify(exc), want)
    assert classify(RetryAfter(dt.timedelta(seconds=4))).retry_after == 4.0
    assert sending.migrated_to(ChatMigrated(-1001234)) == -1001234
    assert delivery_status(Forbidden("Forbidden: bot was blocked by the user")) == "gone"
    assert delivery_status(BadRequest("Bad Request: not enough rights to send photos to the chat")) == "retry"
    assert delivery_status(TimedOut()) == "maybe_sent"
    assert delivery_status(ChatMigrated(-100)) == "migrated"


# ---------------------------------------------------------------------- Telegram replies
@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def tg() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg, rate_limiter=False)  # our own layer must honour RetryAfter
    async with polling(app):
        yield SimpleNamespace(api=api, app=app)
    api.close()


@pytest.mark.slow
@pytest.mark.asyncio(loop_scope="module")
async def test_a_reply_waits_out_retry_after_and_arrives_once(tg: SimpleNamespace) -> None:
    user = tg.api.user(801, "Ann")
    tg.api.fail("sendMessage", "retry_after", chat_id=user.id, retry_after=1)
    tg.api.send_text(user, "/help")
    [reply] = await tg.api.wait_for(replies_to(user.id), timeout=20)
    [refused] = [c for c in tg.api.refused if c.chat_id == user.id]
    assert reply.at - refused.at >= 0.9  # sent again only after the second Telegram asked for
    await handled_all(tg.api, tg.app)  # the bot is done with it: no later copy
    assert len(tg.api.find(replies_to(user.id))) == 1


@pytest.mark.asyncio(loop_scope="module")
async def test_a_reply_whose_answer_was_lost_is_not_sent_twice(tg: SimpleNamespace,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    user = tg.api.user(802, "Ben")
    tg.api.fail("sendMessage", "drop", chat_id=user.id)
    with caplog.at_level(logging.INFO):
        tg.api.send_text(user, "/help")
        await tg.api.wait_for(replies_to(user.id), timeout=20)
        for _ in range(200):  # the bot gives up on that reply and says so (bounded wait)
            if any("not sent (maybe_sent)" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.05)
    assert any("not sent (maybe_sent)" in r.getMessage() for r in caplog.records)
    assert len(tg.api.find(replies_to(user.id))) == 1  # posted once; not sent again
    assert errors_logged(caplog) == []  # a warning, no traceback


@pytest.mark.asyncio(loop_scope="module")
async def test_a_reply_to_a_user_who_blocked_the_bot_is_a_warning_not_a_traceback(
        tg: SimpleNamespace, caplog: pytest.LogCaptureFixture) -> None:
    user = tg.api.user(803, "Cy")
    tg.api.fail("sendMessage", "blocked", chat_id=user.id)
    with caplog.at_level(logging.INFO):
        tg.api.send_text(user, "/help")
        for _ in range(200):
            if any("not sent (gone)" in r.getMessage() for r in caplog.records):
                break
            await asyncio.sleep(0.05)
    assert any("not sent (gone)" in r.getMessage() for r in caplog.records)
    assert errors_logged(caplog) == [] and tg.api.find(replies_to(user.id)) == []


async def test_a_request_that_never_left_is_sent_again_with_back_off() -> None:
    """The Bot API is not there yet (connection refused), then it is: one message, no duplicate."""
    port = free_port()
    token = "123456:TEST-token-for-the-fake-server"
    bot = Bot(token, base_url=f"http://127.0.0.1:{port}/bot")
    task = asyncio.create_task(send_reply(bot, 42, Reply("hello")))
    await asyncio.sleep(0.2)
    api = FakeBotApi(token, port=port)
    try:
        message_id = await asyncio.wait_for(task, timeout=20)
        sent = api.find(replies_to(42))
        assert len(sent) == 1 and sent[0].text == "hello" and message_id == sent[0].result["message_id"]
    finally:
        api.close()
        await bot.shutdown()


async def test_a_request_refused_every_time_gives_up_within_the_attempts() -> None:
    bot = Bot("123456:TEST-token-for-the-fake-server", base_url=f"http://127.0.0.1:{free_port()}/bot")
    with pytest.raises(NetworkError):
        await asyncio.wait_for(send_reply(bot, 42, Reply("hello")), timeout=20)
    await bot.shutdown()


# ---------------------------------------------------------------------- the daily fan-out
async def test_daily_fan_out_under_every_fault(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Six subscribed chats, each meeting one fault at the first round, through the real PTB Bot."""
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url)
    app = build_application(build_core(cfg, extensions=()), cfg, rate_limiter=False)
    await app.initialize()
    service = DailyService(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}",
                           DailyConfig(generate_workers=0, prepare_all=False), maker=corpus_maker)
    platform = TelegramPlatform(app)
    moved, rights, blocked, dropped, limited, fine, supergroup = -11, -12, -13, -14, -15, -16, -10011
    try:
        store = await service.ready()
        for chat in (moved, rights, blocked, dropped, limited, fine):
            await store.subscribe("telegram", str(chat), "masyu", "easy", "09:00")
        slot = service.slot(DAY, "masyu", "easy")
        await service.making.request(slot)
        daily = await service.making.get(slot, make=False)
        assert daily is not None
        await store.play("telegram", str(moved), "7", daily.id, user_name="Ann")  # a record to move along

        async def send(sub: Any, d: Any) -> Any:
            return await platform.send_to(int(sub.chat_id), Reply(f"daily {d.id}", image=PNG, filename="daily.png"))

        api.fail("sendPhoto", "migrated", chat_id=moved, new_chat_id=supergroup)
        api.fail("sendPhoto", "no_rights", chat_id=rights)
        api.fail("sendPhoto", "blocked", chat_id=blocked)
        api.fail("sendPhoto", "drop", chat_id=dropped)
        api.fail("sendPhoto", "retry_after", chat_id=limited, retry_after=1)
        with caplog.at_level(logging.INFO):
            first = await asyncio.wait_for(service.delivery.deliver_due("telegram", send, now=NOON), timeout=30)
            assert sorted(first.sent) == sorted([str(limited), str(fine)])  # RetryAfter waited out in the round
            state = {d.chat_id: d.status for d in await store.deliveries("telegram")}
            assert state == {str(supergroup): "retry", str(rights): "retry", str(blocked): "failed",
                             str(dropped): "maybe_sent", str(limited): "sent", str(fine): "sent"}
            subscribed = {s.chat_id for s in await store.subscriptions("telegram")}
            assert subscribed == {str(supergroup), str(rights), str(dropped), str(limited), str(fine)}
            plays = await store.leaderboard("telegram", str(supergroup), DAY)
            assert [p.user_id for p, _ in plays] == ["7"]  # the chat's records moved with it

            second = await asyncio.wait_for(service.delivery.deliver_due("telegram", send, now=NOON), timeout=30)
            assert sorted(second.sent) == sorted([str(supergroup), str(rights)])
        photos = api.find(lambda c: c.method == "sendPhoto")
        per_chat = {chat: sum(1 for c in photos if c.chat_id == chat)
                    for chat in (supergroup, rights, blocked, dropped, limited, fine, moved)}
        assert per_chat == {supergroup: 1, rights: 1, blocked: 0, dropped: 1, limited: 1, fine: 1, moved: 0}
        third = await service.delivery.deliver_due("telegram", send, now=NOON)
        assert third.sent == [] and third.failed == []  # nothing left: the maybe-sent post is not re-sent
        assert (await store.latest_post("telegram", str(supergroup), DAY)) is not None
        assert errors_logged(caplog) == []
    finally:
        await service.close()
        await app.shutdown()
        api.close()


# ---------------------------------------------------------------------- Discord
def _json(obj: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it (discord.py wants exactly ``application/json``, no charset)."""
    return web.Response(body=json.dumps(obj).encode(), status=status, headers=headers,
                        content_type="application/json")


class FakeDiscord:
    """A minimal Discord REST API on 127.0.0.1 (``/api/v10``): login, channels, messages, and faults."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.faults: list[str] = []  # for the next POSTs of a message: "429", "drop", "403:<code>"
        self.runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, port: int = 0) -> None:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get("/api/v10/channels/{id}", self.channel)
        app.router.add_get("/api/v10/oauth2/applications/@me", self.application)
        app.router.add_post("/api/v10/channels/{id}/messages", self.post)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", port)
        await site.start()
        self.port = port or site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    async def me(self, request: web.Request) -> web.Response:
        return _json({"id": "100", "username": "puzzlebot", "discriminator": "0", "avatar": None,
                                  "bot": True})

    async def application(self, request: web.Request) -> web.Response:
        owner = {"id": "999", "username": "owner", "discriminator": "0", "avatar": None}
        return _json({"id": "100", "name": "puzzlebot", "icon": None, "description": "", "bot_public": True,
                      "bot_require_code_grant": False, "owner": owner, "verify_key": "00", "flags": 0})

    async def channel(self, request: web.Request) -> web.Response:
        return _json({"id": request.match_info["id"], "type": 1, "last_message_id": None,
                                  "recipients": [{"id": "300", "username": "ann", "discriminator": "0",
                                                  "avatar": None}]})

    async def post(self, request: web.Request) -> web.StreamResponse:
        await request.read()
        fault = self.faults.pop(0) if self.faults else ""
        if fault == "429":
            return _json({"message": "You are being rate limited.", "retry_after": 0.5, "global": False},
                                     status=429, headers={"Retry-After": "0.5", "X-RateLimit-Scope": "user"})
        if fault.startswith("403:"):
            return _json({"message": "Missing Permissions", "code": int(fault[4:])}, status=403)
        message = {"id": str(5000 + len(self.messages)), "channel_id": request.match_info["id"], "content": "",
                   "author": {"id": "100", "username": "puzzlebot", "discriminator": "0", "avatar": None},
                   "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
                   "mention_everyone": False, "tts": False, "type": 0, "timestamp": "2026-11-21T12:00:00+00:00",
                   "edited_timestamp": None, "flags": 0, "components": []}
        self.messages.append(message)
        if fault == "drop":  # posted, but the answer never comes
            assert request.transport is not None
            request.transport.close()
            return web.Response()
        return _json(message)


@pytest_asyncio.fixture
async def discord_client(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[SimpleNamespace]:
    port = free_port()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    fake = FakeDiscord()
    client = discord.Client(intents=discord.Intents.none())
    yield SimpleNamespace(fake=fake, client=client, port=port)
    await client.close()
    await fake.close()


async def test_discord_connection_errors_are_retried(discord_client: SimpleNamespace) -> None:
    """Discord cannot be reached at first (connection refused): the post goes out once it can."""
    fake, client = discord_client.fake, discord_client.client
    await fake.start(discord_client.port)
    await client.login("discord-test-token")
    await fake.close()  # Discord goes away for a moment
    platform = DiscordPlatform(client)
    task = asyncio.create_task(platform.send_to(700, Reply("hello")))
    await asyncio.sleep(0.2)
    fake.runner = None
    await fake.start(discord_client.port)
    assert await asyncio.wait_for(task, timeout=20) == 5000
    assert len(fake.messages) == 1


async def test_discord_rate_limits_are_waited_out_and_a_lost_answer_is_not_resent(
        discord_client: SimpleNamespace, caplog: pytest.LogCaptureFixture) -> None:
    fake, client = discord_client.fake, discord_client.client
    await fake.start(discord_client.port)
    await client.login("discord-test-token")
    platform = DiscordPlatform(client)
    fake.faults = ["429", "429"]
    assert await asyncio.wait_for(platform.send_to(700, Reply("after the limit")), timeout=20) is not None
    assert len(fake.messages) == 1
    fake.faults = ["drop"]
    with pytest.raises((aiohttp.ClientError, OSError)) as lost:
        await asyncio.wait_for(platform.send_to(700, Reply("lost answer")), timeout=20)
    assert classify(lost.value).failure is Failure.MAYBE_SENT
    assert len(fake.messages) == 2  # posted once, not again
    channel = DiscordChannel(client.get_partial_messageable(700), is_group=False, admin=False)
    fake.faults = ["403:50013"]  # Missing Permissions: a warning, not a traceback; transient for the fan-out
    with caplog.at_level(logging.INFO):
        assert await channel.send(Reply("no rights")) is None
    assert any("not sent (transient)" in r.getMessage() for r in caplog.records)
    assert errors_logged(caplog) == [] and len(fake.messages) == 2
