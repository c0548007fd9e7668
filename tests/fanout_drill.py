"""The kill -9 drill of the daily fan-out (issue 9), shared by tests/test_daily_drill.py and bench/faults.py.

A real bot process (``puzzlebot run``: python-telegram-bot, its rate limiter, the daily tick)
posts today's puzzle to N subscribed chats through the fake Bot API on 127.0.0.1. The drill
kills the bot's whole process group with SIGKILL at a random moment of the fan-out, starts it
again on the same database, and repeats; a last run finishes the fan-out. Then every chat must
have its post and its record; a chat may have two posts only when a kill fell between the fake
Telegram accepting the message and the bot recording it (at most the posts in flight per kill).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bot.daily.delivery import SEND_CONCURRENCY
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from bot.storage import Database, Store
from tests.daily_support import corpus_maker
from tests.fake_bot_api import FakeBotApi

ROOT = Path(__file__).resolve().parent.parent
START = "from bot.cli import main; raise SystemExit(main(['run', '--no-env-file']))"


@dataclass
class DrillResult:
    chats: int
    rounds: int
    kills: list[int] = field(default_factory=list)  # posts seen by the fake Telegram at each kill
    missed: list[str] = field(default_factory=list)  # chats without a post
    duplicated: dict[str, int] = field(default_factory=dict)  # chat -> posts, when more than one
    unrecorded: list[str] = field(default_factory=list)  # chats whose post has no sent delivery + daily_posts row
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.chats} chats, {self.rounds} kill -9 rounds (kills after {self.kills} posts): "
                f"{len(self.missed)} missed, {sum(n - 1 for n in self.duplicated.values())} duplicated, "
                f"{len(self.unrecorded)} without their record, {self.seconds:.1f} s")


def drill_api() -> FakeBotApi:
    """The fake Bot API, quiet about the half-uploaded requests of a bot killed mid-send (never recorded as posts)."""
    api = FakeBotApi()
    report = api.httpd.handle_error

    def handle_error(request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], KeyError | ValueError):
            report(request, client_address)

    api.httpd.handle_error = handle_error  # type: ignore[method-assign]
    return api


def bot_env(api: FakeBotApi, db_url: str, lease: float) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DAILY_", "PUZZLEBOT_", "TELEGRAM_", "DISCORD_"))}
    env.update(TELEGRAM_TOKEN=api.token, TELEGRAM_API_URL=api.url, DATABASE_URL=db_url, PYTHONPATH=str(ROOT),
               DAILY_TICK_SECONDS="0.3", DAILY_LEASE_SECONDS=str(lease), DAILY_GENERATE_WORKERS="0",
               DAILY_PREPARE_ALL="0", PUZZLEBOT_POOL_SIZE="1", PUZZLEBOT_LOG_LEVEL="WARNING",
               SOLVER_BACKEND="pool")
    return env


async def prepare(db_url: str, chats: int, genre: str = "masyu") -> None:
    """Today's and tomorrow's puzzle made ahead (from the corpus), ``chats`` subscriptions due now."""
    svc = DailyService(db_url, DailyConfig(generate_workers=0, prepare_all=False), maker=corpus_maker)
    store = await svc.ready()
    today = svc.today()
    for day in (today, today + dt.timedelta(days=1)):
        await svc.making.make(svc.slot(day, genre, "easy"))
    for i in range(chats):
        await store.subscribe("telegram", str(100_000 + i), genre, "easy", "00:00")
    await svc.close()


def _photos(api: FakeBotApi) -> list:
    return api.find(lambda c: c.method == "sendPhoto" and c.text.startswith("🧩"))


async def run_drill(api: FakeBotApi, db_url: str, workdir: Path, *, chats: int = 300, rounds: int = 3,
                    lease: float = 2.0, seed: int = 1, timeout: float = 120.0) -> DrillResult:
    """Kill, restart, repeat; then let the last process finish and compare the fake Telegram with the database."""
    rng = random.Random(seed)
    await prepare(db_url, chats)
    result = DrillResult(chats, rounds)
    t0 = time.monotonic()
    env = bot_env(api, db_url, lease)
    for round_no in range(rounds + 1):
        before = len(_photos(api))
        left = chats - len({c.chat_id for c in _photos(api)})
        proc = subprocess.Popen([sys.executable, "-c", START], cwd=workdir, env=env, start_new_session=True,
                                stdout=subprocess.DEVNULL, stderr=open(workdir / f"bot{round_no}.log", "wb"))  # noqa: SIM115
        try:
            if round_no < rounds:  # kill after a random share of what is left has gone out
                target = before + rng.randint(1, max(1, left // 2))
                await _wait(lambda t=target, p=proc: len(_photos(api)) >= t or p.poll() is not None, timeout)
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                result.kills.append(len(_photos(api)))
            else:
                await _wait(lambda p=proc: len({c.chat_id for c in _photos(api)}) >= chats or p.poll() is not None,
                            timeout)
                await _wait(lambda: False, 1.5)  # the last records land; late duplicates would show
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        finally:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if proc.returncode not in (0, -signal.SIGKILL, -signal.SIGTERM):
            raise AssertionError(f"bot exited with {proc.returncode}: "
                                 f"{(workdir / f'bot{round_no}.log').read_text(errors='replace')[-2000:]}")
    result.seconds = time.monotonic() - t0
    await _compare(api, db_url, chats, result)
    return result


async def _wait(done, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            return
        await asyncio.sleep(0.005)


async def _compare(api: FakeBotApi, db_url: str, chats: int, result: DrillResult) -> None:
    photos = _photos(api)
    per_chat = Counter(str(c.chat_id) for c in photos)
    ids = {str(c.chat_id): set() for c in photos}
    for c in photos:
        ids[str(c.chat_id)].add(str(c.result["message_id"]))
    wanted = [str(100_000 + i) for i in range(chats)]
    result.missed = [c for c in wanted if per_chat[c] == 0]
    result.duplicated = {c: n for c, n in per_chat.items() if n > 1}
    db = Database(db_url)
    store = Store(db)
    try:
        deliveries = {d.chat_id: d for d in await store.deliveries("telegram")}
        for chat in wanted:
            d = deliveries.get(chat)
            post = await store.find_post("telegram", chat, d.message_id) if d and d.message_id else None
            if d is None or d.status != "sent" or d.message_id not in ids.get(chat, set()) or post is None:
                result.unrecorded.append(chat)
    finally:
        await db.close()


def allowed_duplicates(result: DrillResult) -> int:
    """At most the posts in flight at each kill can have gone out without their record."""
    return len(result.kills) * SEND_CONCURRENCY
