"""The daily puzzle end to end: the real PTB Application polling a fake Bot API on 127.0.0.1,
puzzles from the real generator, state in a SQLite file, the tick shortened to a fraction of a second."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import time

import pytest

from bot.app import build_core
from bot.config import BotConfig
from bot.daily import install
from bot.daily.slots import DailyConfig
from bot.pipeline import PipelineLimits
from bot.pool import PoolBackend
from bot.storage import Database, Store
from tests.daily_support import broken_answer, typed_answer
from tests.fake_bot_api import FakeBotApi, replies_to

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    dt.datetime.now(dt.UTC).time() > dt.time(23, 58), reason="the day changes during the test")]

TICK = 0.2


@pytest.fixture
def api():
    server = FakeBotApi()
    yield server
    server.close()


def _config(api: FakeBotApi, db_url: str) -> BotConfig:
    return BotConfig(telegram_token=api.token, telegram_api_url=api.url, database_url=db_url,
                     limits=PipelineLimits(workers=1, time_limit=5))


@contextlib.asynccontextmanager
async def running_bot(api: FakeBotApi, db_url: str):
    from bot.telegram_adapter import build_application, polling

    config = _config(api, db_url)
    core = build_core(config, backend=PoolBackend(config.limits), extensions=())
    daily = install(core, config=DailyConfig(tick_seconds=TICK, generate_workers=0, prepare_all=False))
    async with polling(build_application(core, config)):
        yield daily


async def _ticks(daily, n: int = 3, timeout: float = 60.0) -> None:
    """Wait until ``n`` more fan-out rounds of the scheduled post have run to their end: a post
    that would go out twice would have by then (a positive event, not a sleep)."""
    delivery = daily.service.delivery
    deliver_due, done = delivery.deliver_due, asyncio.Event()
    rounds = 0

    async def counted(*args, **kw):
        nonlocal rounds
        try:
            return await deliver_due(*args, **kw)
        finally:
            rounds += 1
            if rounds >= n:
                done.set()

    delivery.deliver_due = counted
    try:
        await asyncio.wait_for(done.wait(), timeout)
    finally:
        del delivery.deliver_due  # the class's method again


def _photos(api: FakeBotApi, chat_id: int):
    return api.find(lambda c: c.method == "sendPhoto" and c.chat_id == chat_id)


async def _reply_text(api: FakeBotApi, chat_id: int, after: float, needle: str) -> str:
    calls = await api.wait_for(lambda c: replies_to(chat_id)(c) and needle in c.text
                               and c.at >= after, timeout=60)
    return calls[-1].text


async def test_subscribe_post_play_and_restart_without_duplicates(api, tmp_path):
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    ann, bob = api.user(11, "Ann"), api.user(12, "Bob")
    group = api.group(-1001, admins={ann.id})

    async with running_bot(api, db_url) as chat:
        # a non-admin may not subscribe the group
        n = time.perf_counter()
        api.send_text(bob, "/subscribe masyu easy 00:00", chat=group)
        assert "administrators" in await _reply_text(api, group.id, n, "administrators")
        # the admin may; the scheduled post then arrives through the fake Bot API
        n = time.perf_counter()
        api.send_text(ann, "/subscribe masyu easy 00:00", chat=group)
        assert "every day at 00:00" in await _reply_text(api, group.id, n, "every day")
        post = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == group.id, timeout=60))[0]
        assert post.text.startswith("🧩 Daily Masyu") and "· easy" in post.text and "Reply to this picture" in post.text
        assert post.photo[2].startswith(b"\x89PNG") and not post.flag("has_spoiler")
        post_id = post.result["message_id"]

        store = Store(Database(db_url))
        subs = await store.subscriptions("telegram")
        assert [(s.chat_id, s.genre, s.created_by) for s in subs] == [(str(group.id), "masyu", str(ann.id))]
        daily = (await store.deliveries())[0]
        puzzle_row = await store.get_daily_by_id(daily.daily_id)

        # play in the chat: replies to the post are judged
        n = time.perf_counter()
        api.send_text(bob, broken_answer("masyu", puzzle_row.solution), chat=group, reply_to=post_id)
        wrong = await _reply_text(api, group.id, n, "Not right yet")
        assert "Bob" in wrong and typed_answer("masyu", puzzle_row.solution) not in wrong
        api.send_text(bob, "nice one!", chat=group, reply_to=post_id)  # chatter, not an answer: no reply
        n = time.perf_counter()
        api.send_text(bob, "/hint", chat=group, reply_to=post_id)  # sent to Bob privately, not to the group
        assert "Bob, I sent you hint 1/" in await _reply_text(api, group.id, n, "private message")
        assert "Hint 1/" in await _reply_text(api, bob.id, n, "Hint")
        assert not api.find(lambda c: replies_to(group.id)(c) and "💡 Hint" in c.text)
        n = time.perf_counter()
        api.send_text(ann, typed_answer("masyu", puzzle_row.solution), chat=group, reply_to=post_id)
        assert "Ann solved it" in await _reply_text(api, group.id, n, "solved it")
        n = time.perf_counter()
        api.send_text(ann, "/stats", chat=group)
        stats = await _reply_text(api, group.id, n, "streak")
        assert "streak 1 day" in stats and "1. Ann" in stats and "Bob" in stats and "playing (1 hint" in stats
        n = time.perf_counter()
        api.send_text(bob, "/solution", chat=group)
        sol = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == group.id
                                  and c.at >= n, timeout=60))[0]
        assert sol.flag("has_spoiler") and "Solution" in sol.text
        n = time.perf_counter()  # after /solution a right answer counts, but not for the leaderboard
        api.send_text(bob, typed_answer("masyu", puzzle_row.solution), chat=group, reply_to=post_id)
        assert "after seeing the solution: not ranked" in await _reply_text(api, group.id, n, "solved it")
        n = time.perf_counter()
        api.send_text(bob, "/stats", chat=group)
        stats = await _reply_text(api, group.id, n, "streak")
        assert "1. Ann" in stats and "2. Bob" not in stats and "Bob" in stats and "not ranked" in stats
        assert not api.find(lambda c: c.chat_id == group.id and "could not read" in c.text)
        await _ticks(chat)  # rounds of the fan-out after the post: none sends it again
        assert len([c for c in _photos(api, group.id) if c.text.startswith("🧩")]) == 1
        await store.db.close()

    # stop, start again on the same database: no second post of the same day
    async with running_bot(api, db_url) as chat:
        n = time.perf_counter()
        api.send_text(ann, "/stats", chat=group)
        await _reply_text(api, group.id, n, "streak")
        await _ticks(chat)  # the restarted bot's fan-out rounds: none sends it again
        n = time.perf_counter()
        api.send_text(bob, "/unsubscribe", chat=group)
        await _reply_text(api, group.id, n, "administrators")
        n = time.perf_counter()
        api.send_text(ann, "/unsubscribe", chat=group)
        assert "Stopped 1 daily subscription" in await _reply_text(api, group.id, n, "Stopped")
    assert len([c for c in _photos(api, group.id) if c.text.startswith("🧩")]) == 1


async def test_daily_on_demand_in_a_private_chat(api, tmp_path):
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    cy = api.user(21, "Cy", lang="ja")
    async with running_bot(api, db_url):
        n = time.perf_counter()
        api.send_text(cy, "/daily shikaku hard")
        assert "準備中" in await _reply_text(api, cy.id, n, "準備中")  # made in the background, not while waiting
        for _ in range(50):
            n = time.perf_counter()
            api.send_text(cy, "/daily shikaku hard")
            call = (await api.wait_for(lambda c, n=n: replies_to(cy.id)(c) and c.at >= n, timeout=60))[0]
            if call.method == "sendPhoto":
                break
            await asyncio.sleep(0.2)
        assert call.method == "sendPhoto" and "四角に切れ" in call.text and "むずかしい" in call.text
        store = Store(Database(db_url))
        for _ in range(200):  # the bot records its post right after Telegram confirms it
            if (post := await store.latest_post("telegram", str(cy.id))) is not None:
                break
            await asyncio.sleep(0.05)
        row = await store.get_daily_by_id(post.daily_id)
        await store.db.close()
        assert f"{row.rows}×{row.cols}" in call.text
        n = time.perf_counter()
        api.send_text(cy, "/answer abc")
        assert "読めません" in await _reply_text(api, cy.id, n, "読め")
        # in a private chat the answer needs no reply: text that reads as an answer to today's puzzle is one
        n = time.perf_counter()
        api.send_text(cy, typed_answer("shikaku", row.solution))
        assert "正解" in await _reply_text(api, cy.id, n, "正解")


class RefusingApi(FakeBotApi):
    """Telegram's answer to a bot writing first to a user who never started it."""

    refused: set[int] = set()

    def _result(self, call):
        from tests.fake_bot_http import ApiError

        if call.method == "sendMessage" and int(call.params["chat_id"]) in self.refused:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        return super()._result(call)


async def test_a_group_hint_that_cannot_go_privately_is_shown_and_unranks_the_others(tmp_path):
    api = RefusingApi()
    try:
        db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
        ann, bob, cy = api.user(31, "Ann"), api.user(32, "Bob"), api.user(33, "Cy")
        api.refused = {bob.id}
        group = api.group(-2001, admins={ann.id})
        async with running_bot(api, db_url):
            api.send_text(ann, "/subscribe masyu easy 00:00", chat=group)
            post = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == group.id, timeout=60))[0]
            post_id = post.result["message_id"]
            store = Store(Database(db_url))
            puzzle_row = await store.get_daily_by_id((await store.deliveries())[0].daily_id)
            await store.db.close()
            n = time.perf_counter()
            api.send_text(bob, "/hint", chat=group, reply_to=post_id)
            assert "💡 Hint 1/" in await _reply_text(api, group.id, n, "Hint 1/")  # in the group, as a fallback
            answer = typed_answer("masyu", puzzle_row.solution)
            n = time.perf_counter()
            api.send_text(bob, answer, chat=group, reply_to=post_id)  # his own hint: ranked
            assert "#1 in this chat" in await _reply_text(api, group.id, n, "solved it")
            n = time.perf_counter()
            api.send_text(cy, answer, chat=group, reply_to=post_id)  # saw Bob's hint: not ranked
            assert "after seeing hints given to others: not ranked" in await _reply_text(api, group.id, n, "Cy")
    finally:
        api.close()


class LateAnswerApi(FakeBotApi):
    """Telegram posts the daily picture at once, but its answer reaches the bot late (a loaded
    machine): held until the bot has fetched the next update and had a moment to handle it."""

    pushed = served = 0

    def push_update(self, **payload):
        self.pushed = update_id = super().push_update(**payload)
        return update_id

    def _get_updates(self, params):
        updates = super()._get_updates(params)
        self.served = max([self.served] + [u["update_id"] for u in updates])
        return updates

    def hold(self, call) -> None:
        if call.method == "sendPhoto" and call.text.startswith("🧩"):
            after, end = self.pushed, time.monotonic() + 30
            while self.served <= after and time.monotonic() < end:
                time.sleep(0.01)
            time.sleep(1.0)


async def test_a_reply_to_the_post_before_the_bot_heard_it_went_out_is_judged(tmp_path):
    api = LateAnswerApi()
    api.on_call = api.hold
    try:
        db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
        ann, bob = api.user(51, "Ann"), api.user(52, "Bob")
        group = api.group(-3001, admins={ann.id})
        async with running_bot(api, db_url):
            api.send_text(ann, "/subscribe masyu easy 00:00", chat=group)
            post = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == group.id, timeout=60))[0]
            store = Store(Database(db_url))
            puzzle_row = await store.get_daily_by_id((await store.deliveries())[0].daily_id)
            await store.db.close()
            n = time.perf_counter()  # the post is in the chat; the bot has not recorded it yet
            answer = broken_answer("masyu", puzzle_row.solution)
            api.send_text(bob, answer, chat=group, reply_to=post.result["message_id"])
            assert "Bob" in await _reply_text(api, group.id, n, "Not right yet")
    finally:
        api.close()


async def test_a_board_pasted_in_a_private_chat_with_a_daily_open_is_solved(api, tmp_path):
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    dee = api.user(41, "Dee")
    async with running_bot(api, db_url) as daily:
        slot = daily.service.slot(daily.service.today(), "masyu", "easy")
        row = await daily.service.making.request(slot)
        n = time.perf_counter()
        api.send_text(dee, "/daily masyu easy")
        await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == dee.id and c.at >= n, timeout=60)
        store = Store(Database(db_url))
        for _ in range(200):
            if await store.latest_post("telegram", str(dee.id)) is not None:
                break
            await asyncio.sleep(0.05)
        await store.db.close()
        n = time.perf_counter()
        api.send_text(dee, "\n".join(row.puzzle.grid_lines()))  # today's board itself, pasted to be solved
        call = (await api.wait_for(lambda c: replies_to(dee.id)(c) and c.at >= n, timeout=60))[0]
        assert "Not right yet" not in call.text
        if call.method != "sendPhoto":  # only circles: the bot asks the genre, as for any board
            assert "Masyu" in call.text and call.buttons
            api.press(dee, call.result["message_id"], call.buttons[0]["callback_data"])
            call = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == dee.id and c.at >= n
                                       and "solution" in c.text, timeout=60))[0]
        assert "Masyu" in call.text and "unique solution" in call.text
        assert not api.find(lambda c: replies_to(dee.id)(c) and "Not right yet" in c.text)
        n = time.perf_counter()  # drawn lines can only be an answer: judged without a reply
        api.send_text(dee, typed_answer("masyu", row.solution))
        assert "Dee solved it" in await _reply_text(api, dee.id, n, "solved it")


async def test_a_post_whose_answer_was_lost_is_sent_once_and_can_be_played(api, tmp_path):
    """Telegram posts the picture but the connection drops before its answer: the bot never learns
    the message id. The post is not sent again, and the chat can still play it all day: replies to
    it, /answer without a reply and /hint find the day's puzzle by chat and date."""
    db_url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    ann, bob = api.user(61, "Ann"), api.user(62, "Bob")
    group = api.group(-4001, admins={ann.id})
    api.fail("sendPhoto", "drop", chat_id=group.id)
    async with running_bot(api, db_url) as daily:
        api.send_text(ann, "/subscribe masyu easy 00:00", chat=group)
        post = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == group.id, timeout=60))[0]
        store = Store(Database(db_url))
        for _ in range(600):  # the bot gives up on the answer (bounded wait), then records what it knows
            deliveries = await store.deliveries()
            if deliveries and deliveries[0].status != "claimed":
                break
            await asyncio.sleep(0.05)
        assert [(d.status, d.message_id) for d in deliveries] == [("maybe_sent", None)]
        assert deliveries[0].sent_at is not None
        puzzle_row = await store.get_daily_by_id(deliveries[0].daily_id)
        await store.db.close()
        n = time.perf_counter()  # a reply to the post the bot cannot name
        api.send_text(bob, broken_answer("masyu", puzzle_row.solution), chat=group, reply_to=post.result["message_id"])
        assert "Bob" in await _reply_text(api, group.id, n, "Not right yet")
        n = time.perf_counter()
        api.send_text(bob, "/hint", chat=group, reply_to=post.result["message_id"])
        assert "Hint 1/" in await _reply_text(api, bob.id, n, "Hint")
        n = time.perf_counter()  # an answer without a reply
        api.send_text(ann, "/answer " + typed_answer("masyu", puzzle_row.solution), chat=group)
        assert "Ann solved it" in await _reply_text(api, group.id, n, "solved it")
        n = time.perf_counter()
        api.send_text(ann, "/stats", chat=group)
        stats = await _reply_text(api, group.id, n, "streak")
        assert "1. Ann" in stats and "Bob" in stats
        await _ticks(daily)  # rounds of the fan-out after it: none sends it again
        store = Store(Database(db_url))
        assert [d.status for d in await store.deliveries()] == ["maybe_sent"]  # final: no tick claims it again
        await store.db.close()
    assert len([c for c in _photos(api, group.id) if c.text.startswith("🧩")]) == 1
    assert not api.find(lambda c: replies_to(group.id)(c) and "no daily puzzle" in c.text.lower())
