"""Bot latency and event-loop responsiveness, end to end against the fake Bot API on 127.0.0.1.

    .venv/bin/python bench/bot.py [--workers 2] [--rounds 3] [--concurrent 20]

The fake server runs in its own process (``python -m tests.fake_bot_api``), driven over HTTP.

1. board → photo latency: each 10×10 corpus board of each genre is sent ``--rounds`` times, one at a
   time, by a private-chat user (cache off, so every send is solved and drawn); the time from the
   update being available to ``sendPhoto`` arriving at the fake server. Goal: p50 ≤ 1 s.
2. event-loop lag: ``--concurrent`` users send a 10×10 board at once; a 10 ms ticker on the bot's
   loop records how late it wakes up until the last photo arrives (goal: worst ≤ 50 ms), and how
   much CPU the loop's thread used between two ticks (our own blocking, apart from the OS
   scheduler on a busy machine). An idle baseline is printed for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

from bot.app import build_core  # noqa: E402
from bot.config import BotConfig  # noqa: E402
from bot.pipeline import PipelineLimits  # noqa: E402
from bot.telegram_adapter import build_application, polling  # noqa: E402
from tests.corpus import GENRES, load  # noqa: E402


def text_of(rec: dict) -> str:
    grid = "\n".join(rec["grid"])
    return f"/numberlink fill\n{grid}" if rec.get("fill") else f"{rec['genre']}\n{grid}"


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


class RemoteApi:
    """The fake Bot API in its own process (so its HTTP parsing does not share the bot's GIL), driven
    over its /control endpoints."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.fake_bot_api"], cwd=REPO, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.proc.stdout is not None
        self.url, self.token = self.proc.stdout.readline().split()
        self.http = httpx.AsyncClient(base_url=self.url + "/control", timeout=30)
        self.seen = 0
        self.replies: dict[int, list[dict]] = {}

    async def send_text(self, user_id: int, text: str) -> float:
        t0 = time.time()
        (await self.http.post("/send_text", json={"user_id": user_id, "text": text})).raise_for_status()
        return t0

    async def poll(self) -> None:
        """Collect the bot's replies (one poller, so no call is missed or counted twice)."""
        while True:
            calls = (await self.http.post("/calls", json={"since": self.seen})).json()
            self.seen += len(calls)
            for c in calls:
                if c["method"] in ("sendPhoto", "sendMessage") and c["chat_id"] is not None:
                    self.replies.setdefault(c["chat_id"], []).append(c)
            await asyncio.sleep(0.02)

    async def photo_or_answer(self, user_id: int, timeout: float = 120) -> dict:
        """The first photo (or non-queue text) sent to ``user_id``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for r in self.replies.get(user_id, []):
                if r["method"] == "sendPhoto" or (r["method"] == "sendMessage" and "in the queue" not in r["text"]):
                    return r
            await asyncio.sleep(0.01)
        raise TimeoutError(f"no reply for user {user_id}: {self.replies.get(user_id)}")

    async def close(self) -> None:
        await self.http.aclose()
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


async def one_board(api: RemoteApi, user_id: int, text: str) -> tuple[float, str, bool]:
    """(seconds from the update to the reply, the reply's first line, whether it was a PNG photo)."""
    t0 = await api.send_text(user_id, text)
    reply = await api.photo_or_answer(user_id)
    png = bool(reply["photo"] and reply["photo"][3])
    return reply["wall"] - t0, reply["text"].split("\n", 1)[0], png


async def lag_probe(stop: asyncio.Event, lags: list[float], cpu: list[float], period: float = 0.01) -> None:
    """How late a 10 ms sleep wakes up (wall), and how much main-thread CPU ran meanwhile (own blocking)."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        t, c = loop.time(), time.thread_time()
        await asyncio.sleep(period)
        lags.append(loop.time() - t - period)
        cpu.append(time.thread_time() - c)


async def measure_lag(api: RemoteApi, boards: list[dict], first_uid: int) -> tuple[float, list[float], list[float],
                                                                                   list[tuple[float, str, bool]]]:
    stop, lags, cpu = asyncio.Event(), [], []
    probe = asyncio.create_task(lag_probe(stop, lags, cpu))
    t0 = time.perf_counter()
    results = await asyncio.gather(*(one_board(api, first_uid + i, text_of(r)) for i, r in enumerate(boards)))
    wall = time.perf_counter() - t0
    stop.set()
    await probe
    return wall, lags, cpu, results


async def idle_lag(seconds: float) -> list[float]:
    stop, lags, cpu = asyncio.Event(), [], []
    probe = asyncio.create_task(lag_probe(stop, lags, cpu))
    await asyncio.sleep(seconds)
    stop.set()
    await probe
    return lags


async def main(args: argparse.Namespace) -> int:
    api = RemoteApi()
    limits = PipelineLimits(workers=args.workers, time_limit=args.time_limit, queue_limit=1000,
                            user_cap=100, user_running=1, cache_size=0)
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url, limits=limits)
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg)
    boards = {g: [r for r in load(g) if r["rows"] == 10 and r["cols"] == 10] for g in GENRES}
    print(f"workers={args.workers} (1 CP-SAT thread each), time limit {args.time_limit:g} s, cache off, "
          f"fake Bot API in a separate process at {api.url}; machine load {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    poller = asyncio.create_task(api.poll())
    try:
        async with polling(app):
            rows = []
            uid = 1000
            for genre, recs in boards.items():
                if args.rounds == 0:
                    continue
                lat: list[float] = []
                heads: dict[str, int] = {}
                for _ in range(args.rounds):
                    for rec in recs:
                        uid += 1
                        seconds, head, png = await one_board(api, uid, text_of(rec))
                        lat.append(seconds)
                        key = head + ("" if png else " (no photo)")
                        heads[key] = heads.get(key, 0) + 1
                rows.append((genre, len(lat), statistics.median(lat), pct(lat, 0.95), max(lat), heads))
            print("\nboard → photo latency, 10×10 corpus boards, one at a time (seconds)")
            print(f"{'genre':<11}{'n':>4}{'p50':>8}{'p95':>8}{'max':>8}  replies")
            for genre, n, p50, p95, mx, heads in rows:
                print(f"{genre:<11}{n:>4}{p50:>8.3f}{p95:>8.3f}{mx:>8.3f}  {heads}")

            every = [r for recs in boards.values() for r in recs]
            every = (every * (1 + args.concurrent // max(1, len(every))))[: args.concurrent]
            base = await idle_lag(2.0)
            wall, lags, cpu, results = await measure_lag(api, every, 50_000)
            photos = sum(1 for _, _, png in results if png)
            print(f"\n{len(every)} boards sent at once by {len(every)} users: {photos} PNG photos, "
                  f"all answered in {wall:.2f} s")
            print(f"event-loop lag (10 ms ticker, {len(lags)} ticks): worst {max(lags) * 1000:.1f} ms, "
                  f"p99 {pct(lags, 0.99) * 1000:.1f} ms, median {statistics.median(lags) * 1000:.1f} ms")
            print(f"  main-thread CPU between two ticks (the loop's own blocking): worst {max(cpu) * 1000:.1f} ms, "
                  f"p99 {pct(cpu, 0.99) * 1000:.1f} ms")
            print(f"  idle baseline on this machine (no jobs, 2 s): worst lag {max(base) * 1000:.1f} ms, "
                  f"median {statistics.median(base) * 1000:.1f} ms")
    finally:
        poller.cancel()
        await api.close()
    return 0


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--concurrent", type=int, default=20)
    p.add_argument("--time-limit", type=float, default=10.0)
    sys.exit(asyncio.run(main(p.parse_args())))
