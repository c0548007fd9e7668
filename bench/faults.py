"""The daily puzzle and its storage under faults and replicas: the figures for issue 9 and issue 12.

Everything runs on this machine: real bot processes (``puzzlebot run``) against the fake Bot API
on 127.0.0.1, a SQLite file and a real PostgreSQL server started from the machine's binaries.

1. kill -9 drill: a fan-out to N chats, the bot's process group SIGKILLed at random moments,
   restarted, R rounds, then a last run finishes: posts missed, duplicated, without their record.
2. Replica takeover: two bot processes on one database; the holder of the fan-out lease is
   SIGKILLed mid-fan-out; seconds until the other replica posts, and missed/duplicated at the end.
3. Migrations: two processes start together on a fresh database, T times: how many failed.
4. Fan-out time to M chats through python-telegram-bot's rate limiter (one process).

Run: .venv/bin/python bench/faults.py [--rounds 10] [--chats 300] [--backends sqlite,postgresql]
     [--takeovers 3] [--migrations 5] [--fanout 1000] [--lease 2]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Database, Store  # noqa: E402
from tests.fanout_drill import START, _compare, _photos, _wait, bot_env, drill_api, prepare, run_drill  # noqa: E402
from tests.pg_server import Unavailable, fresh_url, postgres_server  # noqa: E402
from tests.test_daily_faults import MIGRATE  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _url(backend: str, tmp: Path) -> str:
    tmp.mkdir(parents=True, exist_ok=True)
    return fresh_url(tmp, backend)


async def drill(backend: str, rounds: int, chats: int, lease: float) -> str:
    api = drill_api()
    tmp = Path(tempfile.mkdtemp(prefix="faults-drill-"))
    try:
        r = await run_drill(api, _url(backend, tmp), tmp, chats=chats, rounds=rounds, lease=lease, seed=rounds,
                            timeout=300)
    finally:
        api.close()
    dup = sum(n - 1 for n in r.duplicated.values())
    return (f"| kill -9 drill, {backend} | {rounds} rounds × {chats} chats | {len(r.missed)} missed · "
            f"{dup} duplicated · {len(r.unrecorded)} unrecorded | kills after {r.kills} posts, {r.seconds:.0f} s |")


def _start(env: dict[str, str], tmp: Path, name: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", START], cwd=tmp, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=open(tmp / f"{name}.log", "wb"))  # noqa: SIM115


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, sig)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


async def takeover(backend: str, chats: int, lease: float) -> str:
    """Two replicas; kill -9 the lease holder after a third of the posts; time until the other posts."""
    api = drill_api()
    tmp = Path(tempfile.mkdtemp(prefix="faults-takeover-"))
    try:
        url = _url(backend, tmp)
        await prepare(url, chats)
        env = bot_env(api, url, lease)
        procs = {p.pid: p for p in (_start(env, tmp, "a"), _start(env, tmp, "b"))}
        await _wait(lambda: len(_photos(api)) >= chats // 3, 120)
        db = Database(url)
        holder = await Store(db).lease_holder("daily-fanout:telegram")
        await db.close()
        assert holder is not None, "nobody holds the fan-out lease"
        pid = int(holder.split(":")[1])
        killed = procs.pop(pid)
        wall_kill = time.time()
        _stop(killed, signal.SIGKILL)
        await asyncio.sleep(0.3)  # the posts that were in flight at the kill land
        n_kill = len(_photos(api))
        await _wait(lambda: len(_photos(api)) > n_kill, 120)
        photos = _photos(api)
        covered = photos[n_kill].wall - wall_kill if len(photos) > n_kill else None
        await _wait(lambda: len({c.chat_id for c in _photos(api)}) >= chats, 180)
        await asyncio.sleep(1.5)
        [survivor] = procs.values()
        _stop(survivor)
        from tests.fanout_drill import DrillResult

        result = DrillResult(chats, 1, kills=[n_kill])
        await _compare(api, url, chats, result)
        seconds = f"{covered:.1f} s" if covered is not None else "never"
        dup = sum(n - 1 for n in result.duplicated.values())
        return (f"| replica takeover, {backend} | lease {lease:g} s, {chats} chats | posting again after {seconds} | "
                f"{len(result.missed)} missed · {dup} duplicated · {len(result.unrecorded)} unrecorded |")
    finally:
        api.close()


def migrations(backend: str, trials: int) -> str:
    failed = 0
    tmp = Path(tempfile.mkdtemp(prefix="faults-migrate-"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for i in range(trials):
        url = _url(backend, tmp / f"m{i}")
        start = time.time() + 1.5
        procs = [subprocess.Popen([sys.executable, "-c", MIGRATE, url, str(start)], cwd=ROOT, env=env,
                                  stderr=subprocess.DEVNULL) for _ in range(2)]
        failed += sum(p.wait(timeout=60) != 0 for p in procs)
    return f"| two processes migrate a fresh database, {backend} | {trials} trials | {failed} processes failed | |"


async def fanout(chats: int) -> str:
    api = drill_api()
    tmp = Path(tempfile.mkdtemp(prefix="faults-fanout-"))
    try:
        url = _url("sqlite", tmp)
        await prepare(url, chats)
        proc = _start(bot_env(api, url, 30), tmp, "fanout")
        await _wait(lambda: len(_photos(api)) >= chats, 300)
        photos = _photos(api)
        _stop(proc)
        secs = photos[-1].wall - photos[0].wall if len(photos) >= chats else float("nan")
        return (f"| fan-out through the rate limiter | {chats} chats | {secs:.1f} s first to last post "
                f"({chats / secs:.1f} posts/s) | |")
    finally:
        api.close()


async def main(args: argparse.Namespace) -> None:
    backends = [b for b in args.backends.split(",") if b]
    if "postgresql" in backends:
        try:
            postgres_server()
        except Unavailable as e:
            print(f"PostgreSQL skipped: {e}")
            backends.remove("postgresql")
    print("| drill | size | result | notes |\n| --- | --- | --- | --- |")
    for b in backends:
        print(await drill(b, args.rounds, args.chats, args.lease), flush=True)
    for b in backends:
        for _ in range(args.takeovers):
            print(await takeover(b, args.chats, args.lease), flush=True)
    for b in backends:
        print(migrations(b, args.migrations), flush=True)
    if args.fanout:
        print(await fanout(args.fanout), flush=True)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--chats", type=int, default=300)
    p.add_argument("--backends", default="sqlite,postgresql")
    p.add_argument("--takeovers", type=int, default=3)
    p.add_argument("--migrations", type=int, default=5)
    p.add_argument("--fanout", type=int, default=1000)
    p.add_argument("--lease", type=float, default=2.0)
    asyncio.run(main(p.parse_args()))
