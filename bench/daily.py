"""Benchmark of the daily puzzle's chat side, against the fake Bot API on 127.0.0.1.

1. Fan-out: N subscribed chats, one tick; seconds until every chat has its post (through
   python-telegram-bot's AIORateLimiter, whose default pace is 30 messages/s), and duplicates
   after a restart on the same database (must be 0).
2. Answer latency: a reply with an answer -> the verdict message, p50/p95 over M answers.
3. With --generate: seconds to make one day's puzzle of every genre and difficulty at the daily
   sizes with the real generator (what the scheduled job does ahead of time).

Run: .venv/bin/python bench/daily.py [--chats 120] [--answers 40] [--generate]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.app import build_core  # noqa: E402
from bot.config import BotConfig  # noqa: E402
from bot.daily import install  # noqa: E402
from bot.daily.slots import DailyConfig  # noqa: E402
from bot.pipeline import PipelineLimits  # noqa: E402
from bot.pool import PoolBackend  # noqa: E402
from bot.telegram_adapter import build_application, polling  # noqa: E402
from tests.daily_support import corpus_maker, typed_answer  # noqa: E402
from tests.fake_bot_api import FakeBotApi  # noqa: E402


async def main(chats: int, answers: int) -> None:
    api = FakeBotApi()
    tmp = Path(tempfile.mkdtemp())
    db_url = f"sqlite+aiosqlite:///{tmp / 'bench.db'}"
    config = BotConfig(telegram_token=api.token, telegram_api_url=api.url, database_url=db_url,
                       limits=PipelineLimits(workers=1))

    def app():
        core = build_core(config, backend=PoolBackend(config.limits), extensions=())
        daily = install(core, config=DailyConfig(tick_seconds=0.5, generate_workers=0, prepare_all=False),
                        maker=corpus_maker)
        return build_application(core, config), daily

    groups = [api.group(-10_000 - i, admins={1}) for i in range(chats)]
    application, daily = app()
    svc = daily.service
    await svc.ready()
    for g in groups:
        await svc.delivery.subscribe("telegram", g.id, "yinyang", "medium", "00:00")
    await asyncio.gather(*svc.making._making.values())
    posted = lambda c: c.method == "sendPhoto" and c.text.startswith("🧩")  # noqa: E731
    t0 = time.perf_counter()
    async with polling(application):
        calls = await api.wait_for(posted, timeout=600, count=chats)
        first, last = min(c.at for c in calls), max(c.at for c in calls)
        fan_out, startup = last - first, first - t0
        # answer latency: one user per group replies to the post with the right answer
        row = await (await svc.ready()).get_daily_by_id((await svc.store.deliveries())[0].daily_id)
        text = typed_answer("yinyang", row.solution)
        lat = []
        for i, call in enumerate(calls[:answers]):
            user = api.user(100 + i, f"P{i}")
            chat = api.chats[call.chat_id]
            s = time.perf_counter()
            api.send_text(user, text, chat=chat, reply_to=call.result["message_id"])
            await api.wait_for(lambda c, ch=chat.id, s=s: c.chat_id == ch and c.at >= s and "solved it" in c.text,
                               timeout=60)
            lat.append(time.perf_counter() - s)
    before = len(api.find(posted))
    application, _ = app()
    async with polling(application):
        await asyncio.sleep(2.0)
    dupes = len(api.find(posted)) - before
    api.close()
    lat.sort()
    print(f"fan-out: {chats} chats posted in {fan_out:.2f} s from the first post ({chats / fan_out:.1f} posts/s; "
          f"AIORateLimiter bound 30/s); bot start to first post {startup:.2f} s; duplicates after restart: {dupes}")
    print(f"answer -> verdict: n={len(lat)} p50 {statistics.median(lat) * 1000:.0f} ms, "
          f"p95 {lat[int(0.95 * (len(lat) - 1))] * 1000:.0f} ms")


def generate_day(day: dt.date) -> None:
    from bot.daily.making import make_daily
    from bot.daily.slots import daily_seed, default_sizes

    for genre, slots in default_sizes().items():
        parts = []
        for difficulty, (rows, cols) in slots.items():
            t = time.perf_counter()
            made = make_daily(genre, rows, cols, difficulty, daily_seed(day, genre, difficulty))
            parts.append(f"{difficulty} {rows}x{cols} {time.perf_counter() - t:.1f}s (graded {made.grade})")
        print(f"generate {genre}: " + ", ".join(parts), flush=True)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--chats", type=int, default=120)
    p.add_argument("--answers", type=int, default=40)
    p.add_argument("--generate", action="store_true", help="also time the real generator at the daily sizes")
    a = p.parse_args()
    asyncio.run(main(a.chats, a.answers))
    if a.generate:
        generate_day(dt.date.today() + dt.timedelta(days=1))
