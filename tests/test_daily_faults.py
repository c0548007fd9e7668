"""The daily puzzle under faults and replicas, on a SQLite file and a real PostgreSQL server:
lapsed claims taken over, cancelled sends released, sent posts always recorded, one replica per
fan-out (and a dead one replaced), replicas that agree, migrations once when processes start together,
and an honest leaderboard."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from bot.storage import Database, Store
from tests.daily_support import corpus_maker, typed_answer
from tests.pg_server import BACKENDS, fresh_url

ROOT = Path(__file__).resolve().parent.parent
DAY = dt.date(2026, 11, 21)
NOON = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
LEASE = 1.0  # seconds: a dead holder's lease and claims run out this fast here


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A fresh database: a SQLite file, then the real PostgreSQL server (skipped, with the reason, without one)."""
    return fresh_url(tmp_path, request.param)


def _service(url: str, **kw) -> DailyService:
    return DailyService(url, DailyConfig(generate_workers=0, prepare_all=False, lease_seconds=LEASE, **kw),
                        maker=corpus_maker)


@pytest.fixture
async def two(db_url):
    """Two replicas of the daily service on one database."""
    a, b = _service(db_url), _service(db_url)
    await a.ready()
    await b.ready()
    yield a, b
    await a.close()
    await b.close()


async def _daily(svc: DailyService, genre: str = "masyu"):
    slot = svc.slot(DAY, genre, "easy")
    return await svc.making.request(slot)


async def _subscribe(svc: DailyService, chats, genre: str = "masyu") -> None:
    for chat in chats:
        await svc.store.subscribe("telegram", str(chat), genre, "easy", "09:00")


class Sender:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def __call__(self, sub, daily):
        await asyncio.sleep(0)
        self.sent.append(sub.chat_id)
        return 5000 + len(self.sent)


async def _posts(store: Store, chat: str):
    async with store.db.sessions() as s:
        from sqlalchemy import select

        from bot.storage import Post

        return (await s.execute(select(Post).where(Post.chat_id == chat))).scalars().all()


@pytest.mark.slow
async def test_a_claim_whose_holder_died_is_taken_over_after_its_lease(two):
    a, _ = two
    await _subscribe(a, (-1, -2))
    daily = await _daily(a)
    # a process that died mid-fan-out: it held the fan-out lease and had claimed chat -1
    assert await a.store.acquire_lease(a.delivery.lease_name("telegram"), "dead", LEASE)
    assert await a.store.claim_delivery("telegram", "-1", daily.id, holder="dead", lease_seconds=LEASE)
    send = Sender()
    first = await a.delivery.deliver_due("telegram", send, now=NOON)
    assert not first.leader and send.sent == []  # the dead holder's lease still runs
    await asyncio.sleep(LEASE + 0.2)
    second = await a.delivery.deliver_due("telegram", send, now=NOON)
    assert second.leader and sorted(send.sent) == ["-1", "-2"]
    assert {d.chat_id: (d.status, d.holder) for d in await a.store.deliveries()} == {
        "-1": ("sent", a.delivery.holder), "-2": ("sent", a.delivery.holder)}
    assert (await a.delivery.deliver_due("telegram", send, now=NOON)).sent == []


async def test_a_cancelled_send_releases_its_claim_for_the_next_process(two):
    a, b = two
    await _subscribe(a, (-1,))
    await _daily(a)
    started = asyncio.Event()

    async def stuck(sub, daily):
        started.set()
        await asyncio.sleep(60)

    task = asyncio.create_task(a.delivery.deliver_due("telegram", stuck, now=NOON))
    await asyncio.wait_for(started.wait(), 10)
    task.cancel()  # SIGTERM in the middle of the send
    with pytest.raises(asyncio.CancelledError):
        await task
    await a.close()  # a stopping replica lets its fan-out lease go
    send = Sender()
    assert (await b.delivery.deliver_due("telegram", send, now=NOON)).sent == ["-1"]  # at once, not after the lease


async def test_a_post_that_went_out_is_recorded_even_when_cancelled_right_after(two):
    a, _ = two
    await _subscribe(a, (-1,))
    await _daily(a)

    async def send_then_sigterm(sub, daily):
        asyncio.current_task().cancel()  # the cancellation lands on the recording that follows
        return 777

    with pytest.raises(asyncio.CancelledError):
        await a.delivery.deliver_due("telegram", send_then_sigterm, now=NOON)
    await a.close()  # waits for the shielded write
    store = Store(Database(a.database_url))
    try:
        [d] = await store.deliveries()
        assert (d.status, d.message_id) == ("sent", "777")
        assert [p.message_id for p in await _posts(store, "-1")] == ["777"]
    finally:
        await store.db.close()


async def test_a_reply_that_comes_before_the_post_is_recorded_waits_for_the_record(two):
    """Players see a post once the platform accepts it; the bot hears back and records it a little
    later (seconds later on a loaded machine). A reply in between is still taken as one to the post."""
    a, _ = two
    await _subscribe(a, (-1,))
    await _daily(a)
    store = a.store
    record_sent, find_post = store.record_sent, store.find_post
    writing, looked, gate = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def late_record(*args, **kw):
        writing.set()
        await gate.wait()
        await record_sent(*args, **kw)

    async def look(*args, **kw):
        found = await find_post(*args, **kw)
        looked.set()
        return found

    store.record_sent, store.find_post = late_record, look
    fan_out = asyncio.create_task(a.delivery.deliver_due("telegram", Sender(), now=NOON))
    await asyncio.wait_for(writing.wait(), 30)  # message 5001 went out; its record is held
    reply = asyncio.create_task(a.play.post_for_reply("telegram", -1, 5001))
    opened = asyncio.create_task(a.play.open_dailies("telegram", -1, now=NOON))  # an /answer without a reply
    await asyncio.wait_for(looked.wait(), 30)  # the reply looked for the post before its record
    await asyncio.wait([opened], timeout=0.5)  # (the old code answered at once: no puzzle open here)
    assert await a.delivery.recorded("telegram", -1, timeout=0.01)  # a post is on its way; the wait is bounded
    gate.set()
    post = await asyncio.wait_for(reply, 30)
    assert post is not None and post.message_id == "5001"
    assert [d.id for d in await asyncio.wait_for(opened, 30)] == [post.daily_id]
    assert (await fan_out).sent == ["-1"]
    assert not await a.delivery.recorded("telegram", -1)  # nothing on its way: no wait


async def test_a_post_whose_answer_was_lost_is_never_resent_and_found_by_chat_and_day(two):
    """The platform posted it, the bot never heard which message it is (``maybe_sent``): the
    replica that did not send it does not send it again, and both find the chat's puzzle."""
    a, b = two
    await _subscribe(a, (-1, -2))
    daily = await _daily(a)

    async def lost_answer(sub, daily):
        if sub.chat_id == "-1":
            raise TimeoutError("read timed out")  # after the request left
        return 6001

    report = await a.delivery.deliver_due("telegram", lost_answer, now=NOON)
    assert report.sent == ["-2"] and report.failed == ["-1"]
    await a.close()  # b takes the fan-out over at once
    send = Sender()
    assert (await b.delivery.deliver_due("telegram", send, now=NOON)).leader and send.sent == []
    [lost] = [d for d in await b.store.deliveries() if d.chat_id == "-1"]
    assert (lost.status, lost.message_id) == ("maybe_sent", None) and lost.sent_at is not None
    assert await b.play.post_for_reply("telegram", -1, 1234) is None  # no message to name it by
    assert [d.id for d in await b.play.unrecorded("telegram", -1, now=NOON)] == [daily.id]
    assert [d.id for d in await b.play.open_dailies("telegram", -1, now=NOON)] == [daily.id]
    assert (await b.play.find_daily("telegram", -1, 1234, now=NOON)).id == daily.id
    assert await b.play.unrecorded("telegram", -2, now=NOON) == []  # recorded there
    assert await b.store.first_post_time("telegram", "-1", daily.id) == lost.sent_at  # the play's clock


async def test_two_replicas_send_each_post_once(two):
    a, b = two
    chats = [str(-i) for i in range(1, 41)]
    await _subscribe(a, chats)
    await _daily(a)
    send = Sender()
    reports = []
    for _ in range(3):  # ticks of both replicas at once, three times
        reports += await asyncio.gather(a.delivery.deliver_due("telegram", send, now=NOON),
                                        b.delivery.deliver_due("telegram", send, now=NOON))
    assert sorted(send.sent) == sorted(chats)
    assert len({r.leader for r in reports[:2]}) == 2  # one leader, one follower
    store = a.store
    assert all(d.status == "sent" for d in await store.deliveries())
    assert [len(await _posts(store, c)) for c in chats] == [1] * len(chats)


async def test_replicas_agree_on_hints_answers_and_stats(two):
    a, b = two
    daily = await _daily(a, "yinyang")
    h1 = await a.play.hint("telegram", -5, 1, "Ann", daily)
    h2 = await b.play.hint("telegram", -5, 1, "Ann", daily)
    assert (h1.hint.number, h2.hint.number) == (1, 2)
    right = await b.play.answer("telegram", -5, 1, "Ann", daily, typed_answer("yinyang", daily.solution))
    assert right.verdict == "right" and right.rank == 1
    assert (await a.play.answer("telegram", -5, 1, "Ann", daily, "whatever")).verdict == "already"
    sa, sb = (await a.play.stats("telegram", -5, 1, now=NOON), await b.play.stats("telegram", -5, 1, now=NOON))
    assert sa == sb and (sa.streak, sa.board[0].hints, sa.board[0].seconds is not None) == (1, 2, True)


async def test_answers_after_the_solution_or_others_hints_are_unranked(two):
    a, b = two
    daily = await _daily(a, "yinyang")
    answer = typed_answer("yinyang", daily.solution)
    ann = await a.play.answer("telegram", -7, 1, "Ann", daily, answer)
    assert (ann.rank, ann.seen) == (1, None)
    await b.play.reveal("telegram", -7, 2, "Bob", daily, "hints")  # Bob's hint shown to the whole group
    bob = await a.play.answer("telegram", -7, 2, "Bob", daily, answer)
    assert bob.rank in (1, 2) and bob.seen is None  # his own hint: ranked (the hint counts as a hint)
    cy = await a.play.answer("telegram", -7, 3, "Cy", daily, answer)
    assert (cy.verdict, cy.rank, cy.seen) == ("right", None, "hints")
    await a.play.reveal("telegram", -7, 4, "Di", daily, "solution")
    di = await b.play.answer("telegram", -7, 4, "Di", daily, answer)
    assert (di.rank, di.seen) == (None, "solution")
    st = await b.play.stats("telegram", -7, 1, now=NOON)
    rows = [(r.user_name, r.seen) for r in st.board]
    assert sorted(rows[:2]) == [("Ann", None), ("Bob", None)] and rows[2:] == [("Cy", "hints"), ("Di", "solution")]


MIGRATE = """
import asyncio, sys, time
from bot.storage import Database
start = float(sys.argv[2])
while time.time() < start:
    pass
async def main():
    db = Database(sys.argv[1])
    await db.upgrade()
    await db.close()
asyncio.run(main())
"""


@pytest.mark.slow
@pytest.mark.parametrize("rounds", [1])
async def test_two_processes_migrate_a_fresh_database_once(db_url, tmp_path, rounds):
    for i in range(rounds):  # (one round showed the race every time before the locks)
        url = db_url if i == 0 else (fresh_url(tmp_path / f"r{i}", "sqlite") if db_url.startswith("sqlite")
                                     else fresh_url(tmp_path, "postgresql"))
        (tmp_path / f"r{i}").mkdir(exist_ok=True)
        start = time.time() + 1.5  # both processes have imported everything by then
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        procs = [subprocess.Popen([sys.executable, "-c", MIGRATE, url, str(start)], cwd=ROOT, env=env,
                                  stderr=subprocess.PIPE) for _ in range(2)]
        outs = [p.communicate(timeout=60)[1].decode(errors="replace") for p in procs]
        assert [p.returncode for p in procs] == [0, 0], outs
        db = Database(url)
        try:
            async with db.engine.connect() as conn:
                from sqlalchemy import text

                assert (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalars().all() == [
                    "0002_leases"]
        finally:
            await db.close()


def _utc(*args) -> dt.datetime:
    return dt.datetime(*args, tzinfo=dt.UTC)


@pytest.mark.parametrize(("zone", "cases"), [
    # spring forward (01:00 UTC): 09:00 BST is 08:00 UTC; 01:30 does not exist, it goes at 02:00 BST
    ("Europe/London", [("09:00", _utc(2026, 3, 29, 7, 59), _utc(2026, 3, 29, 8, 0)),
                       ("01:30", _utc(2026, 3, 29, 0, 59), _utc(2026, 3, 29, 1, 0))]),
    # fall back (01:00 UTC): 09:00 GMT is 09:00 UTC; 01:30 happens twice and is posted once
    ("Europe/London", [("09:00", _utc(2026, 10, 25, 8, 59), _utc(2026, 10, 25, 9, 0)),
                       ("01:30", _utc(2026, 10, 25, 0, 29), _utc(2026, 10, 25, 0, 30))]),
    # 2:00 EST -> 3:00 EDT (07:00 UTC): 09:00 EDT is 13:00 UTC
    ("America/New_York", [("09:00", _utc(2026, 3, 8, 12, 59), _utc(2026, 3, 8, 13, 0))]),
    # 2:00 EDT -> 1:00 EST (06:00 UTC): 09:00 EST is 14:00 UTC
    ("America/New_York", [("09:00", _utc(2026, 11, 1, 13, 59), _utc(2026, 11, 1, 14, 0))]),
], ids=["london-spring", "london-autumn", "new-york-spring", "new-york-autumn"])
async def test_posts_go_out_at_the_local_time_on_dst_change_days(tmp_path, zone, cases):
    svc = _service(f"sqlite+aiosqlite:///{tmp_path / 'dst.db'}", timezone=zone)
    try:
        store = await svc.ready()
        for i, (hhmm, before, at) in enumerate(cases):
            chat = str(-(i + 1))
            await store.subscribe("telegram", chat, "masyu", "easy", hhmm)
            await svc.making.request(svc.slot(svc.today(at), "masyu", "easy"))
            send = Sender()
            assert (await svc.delivery.deliver_due("telegram", send, now=before)).sent == [], (hhmm, before)
            assert (await svc.delivery.deliver_due("telegram", send, now=at)).sent == [chat], (hhmm, at)
            for later in (1, 2, 10):  # an hour that repeats, and later that day: no second post
                assert (await svc.delivery.deliver_due("telegram", send, now=at + dt.timedelta(hours=later))).sent == []
            await store.unsubscribe("telegram", chat)
    finally:
        await svc.close()
