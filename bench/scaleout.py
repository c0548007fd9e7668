"""Load through a real deployment on this machine: 200 boards from 50 users at once.

Run from the repository root (needs ``redis-server`` and the PostgreSQL server binaries)::

    nice .venv/bin/python bench/scaleout.py            # both set-ups, then the webhook p50
    nice .venv/bin/python bench/scaleout.py --only pool --boards 100 --users 25

Set-ups, each a real ``puzzlebot run`` process (real PTB) against the fake Bot API of
tests/fake_bot_api.py in this process, on 127.0.0.1:

- **scale-out**: 2 bot replicas in webhook mode (each its own port; this script is their load
  balancer, sending each user's updates to one replica by user id), ``SOLVER_BACKEND=taskiq``, one
  ``taskiq worker`` process with 2 solver workers, Redis, PostgreSQL (``DATABASE_URL``);
- **single process** (the default): 1 bot, long polling, the local pool of 2 solver processes, SQLite.

Every board is a distinct 10x10-or-smaller corpus board with a unique solution (rotations and
mirrors of the corpus boards, sent as puzz.link URLs), so neither the cache nor joining helps.
Checks: every board gets exactly one photo in its user's chat whose caption says "unique solution"
for that very board (its Play URL read back), nothing lost or duplicated, no refusal or error, and
every "#N in the queue" notice is honest: N is at most the number of boards sent and not yet
answered at that moment. Reports p50/p95 board-to-photo seconds and throughput (boards/s), and
for the scale-out set-up the board-to-photo p50 of 20 boards sent one at a time through a webhook.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot import i18n  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.puzzlink import find_url  # noqa: E402
from solvers.reading import read_board  # noqa: E402
from solvers.registry import get_genre  # noqa: E402
from tests.corpus import load  # noqa: E402
from tests.fake_bot_api import FakeBotApi  # noqa: E402

SECRET = "bench-webhook-secret"
QUEUED = re.compile(re.escape(i18n.t("en", "queued", position=999)).replace("999", r"(\d+)"))
READY_TIMEOUT = 120.0  # seconds for a bot (or worker) to start
RUN_TIMEOUT = 600.0  # seconds for every photo of one load run


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------- boards
def _variants(cells: tuple[tuple[int, ...], ...]) -> list[tuple[tuple[int, ...], ...]]:
    """The 8 rotations and mirrors of a grid (each genre's rules are symmetric under them)."""
    out, g = [], [list(r) for r in cells]
    for _ in range(4):
        g = [list(r) for r in zip(*g[::-1], strict=True)]  # rotate 90 degrees
        out += [tuple(map(tuple, g)), tuple(tuple(r[::-1]) for r in g)]
    return out


def boards(n: int) -> list[tuple[str, str]]:
    """``n`` distinct boards with a unique solution: (puzz.link URL, Puzzle.key())."""
    seen: dict[str, str] = {}
    records = [r for g in ("masyu", "yinyang", "numberlink", "shikaku") for r in load(g)
               if r.get("unique") and r["rows"] <= 10 and r["cols"] <= 10 and not r.get("fill")]
    for turn in range(8):
        for rec in records:
            base = Puzzle.from_record(rec)
            p = dataclasses.replace(base, cells=_variants(base.cells)[turn])
            if p.key() not in seen.values():
                seen[get_genre(p.genre).encode_url(p)] = p.key()
            if len(seen) == n:
                return list(seen.items())
    raise SystemExit(f"only {len(seen)} distinct boards available")


# ---------------------------------------------------------------------- processes
@dataclass
class Procs:
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    logs: list[Path] = field(default_factory=list)

    def start(self, argv: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        with log.open("wb") as out:
            p = subprocess.Popen(argv, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(p)
        self.logs.append(log)
        return p

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in reversed(self.procs):
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(5)


def start_redis(procs: Procs, tmp: Path) -> str:
    port = free_port()
    procs.start(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(tmp)], dict(os.environ), tmp / "redis.log")
    deadline = time.monotonic() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return f"redis://127.0.0.1:{port}/0"
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("redis-server did not start")
        time.sleep(0.05)


def bot_env(api: FakeBotApi, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PUZZLEBOT_", "TELEGRAM_", "DAILY_", "SOLVER_"))}
    env.update(TELEGRAM_TOKEN=api.token, TELEGRAM_API_URL=api.url, PUZZLEBOT_POOL_SIZE="2",
               PUZZLEBOT_QUEUE_LIMIT="250", PUZZLEBOT_USER_CAP="4", PUZZLEBOT_USER_RUNNING="1",
               PUZZLEBOT_TIME_LIMIT="10", PUZZLEBOT_LOG_LEVEL="WARNING", DAILY_PREPARE_ALL="0")
    env.update(extra)
    return env


def wait_healthy(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except (OSError, urllib.error.HTTPError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"a bot did not become healthy; its log:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)


# ---------------------------------------------------------------------- one load run
def post(url: str, update: dict[str, Any]) -> int:
    req = urllib.request.Request(url, json.dumps(update).encode(), {
        "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return int(r.status)


def run_load(api: FakeBotApi, work: list[tuple[str, str]], users: int, hooks: list[str] | None) -> dict[str, Any]:
    """Send every board at once (user i gets boards i, i+users, ...); wait for the photos; check them."""
    since = len(api.calls)
    people = [api.user(10_000 + i, f"U{i}") for i in range(users)]
    sent: list[tuple[float, int, str]] = []  # (wall time, chat id, board key)

    def send(i: int) -> None:
        url, key = work[i]
        user = people[i % users]
        t = time.time()
        if hooks is None:
            api.send_text(user, url)
        else:
            msg = api._message(api.chats[user.id], user, text=url)
            assert post(hooks[user.id % len(hooks)], {"update_id": 1_000_000 + i, "message": msg}) == 200
        sent.append((t, user.id, key))

    with concurrent.futures.ThreadPoolExecutor(max_workers=users) as pool:
        list(pool.map(send, range(len(work))))
    chats = {u.id for u in people}

    def photos() -> list[Any]:
        return [c for c in api.calls[since:] if c.method == "sendPhoto" and c.chat_id in chats]

    deadline = time.monotonic() + RUN_TIMEOUT
    while len(photos()) < len(work) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)  # a duplicate would arrive now
    got = photos()
    texts = [c for c in api.calls[since:] if c.method == "sendMessage" and c.chat_id in chats]
    return check(sent, got, texts)


def check(sent: list[tuple[float, int, str]], got: list[Any], texts: list[Any]) -> dict[str, Any]:
    want = Counter((chat, key) for _, chat, key in sent)
    keyed = []  # (photo call, the board its Play URL opens)
    for c in got:
        url = find_url(c.text)
        keyed.append((c, read_board(url).key() if url else "?"))
    have = Counter((c.chat_id, key) for c, key in keyed)
    wrong = sum("unique solution" not in c.text for c in got)
    lost = sum((want - have).values())
    duplicated = sum((have - want).values())
    sent_at = {(chat, key): t for t, chat, key in sent}
    latencies = sorted(c.wall - sent_at[(c.chat_id, key)] for c, key in keyed if (c.chat_id, key) in sent_at)
    answers = sorted(c.wall for c in got)
    notices, dishonest = [], 0
    for m in texts:
        match = QUEUED.fullmatch(m.text)
        if match is None:
            continue
        n = int(match.group(1))
        notices.append(n)
        outstanding = sum(1 for t, _, _ in sent if t <= m.wall) - sum(1 for a in answers if a <= m.wall)
        dishonest += n > outstanding
    others = [m.text[:60] for m in texts if QUEUED.fullmatch(m.text) is None]
    first = min(t for t, _, _ in sent)
    return {"boards": len(sent), "photos": len(got), "lost": lost, "duplicated": duplicated, "wrong": wrong,
            "other_messages": others[:5], "n_other": len(others),
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan"),
            "throughput": len(got) / (max(answers) - first) if answers else 0.0,
            "notices": len(notices), "max_position": max(notices, default=0), "dishonest": dishonest}


def sequential_p50(api: FakeBotApi, work: list[tuple[str, str]], hook: str | None) -> float:
    """Board-to-photo p50 of boards sent one at a time (each after the previous photo)."""
    user = api.user(99_999, "Solo")
    times = []
    for i, (url, _) in enumerate(work):
        since = len(api.calls)
        t = time.time()
        if hook is None:
            api.send_text(user, url)
        else:
            post(hook, {"update_id": 2_000_000 + i, "message": api._message(api.chats[user.id], user, text=url)})
        deadline = time.monotonic() + 60
        while not any(c.method == "sendPhoto" and c.chat_id == user.id for c in api.calls[since:]):
            if time.monotonic() > deadline:
                raise SystemExit("a sequential board got no photo within 60 s")
            time.sleep(0.005)
        photo = next(c for c in api.calls[since:] if c.method == "sendPhoto" and c.chat_id == user.id)
        times.append(photo.wall - t)
    return statistics.median(times)


# ---------------------------------------------------------------------- the two set-ups
def scaleout(work: list[tuple[str, str]], solo: list[tuple[str, str]], users: int, tmp: Path) -> dict[str, Any]:
    from tests.pg_server import Unavailable, postgres_server

    procs = Procs()
    api = FakeBotApi()
    try:
        try:
            pg = postgres_server()
        except Unavailable as e:
            raise SystemExit(f"PostgreSQL cannot be started here: {e}") from None
        database = pg.create_database("bench_scaleout")
        redis = start_redis(procs, tmp)
        worker_env = bot_env(api, REDIS_URL=redis)
        procs.start([str(Path(sys.executable).with_name("taskiq")), "worker", "bot.scaleout:broker", "--workers", "2",
                     "--max-async-tasks", "1"], worker_env, tmp / "worker.log")
        hooks = []
        for i in range(2):
            port, metrics = free_port(), free_port()
            hook = f"http://127.0.0.1:{port}/hook{i}"
            env = bot_env(api, SOLVER_BACKEND="taskiq", REDIS_URL=redis, DATABASE_URL=database,
                          TELEGRAM_WEBHOOK_URL=hook, TELEGRAM_WEBHOOK_LISTEN="127.0.0.1",
                          TELEGRAM_WEBHOOK_PORT=str(port), TELEGRAM_WEBHOOK_SECRET=SECRET,
                          PUZZLEBOT_METRICS_PORT=str(metrics))
            proc = procs.start([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                               env, tmp / f"bot{i}.log")
            wait_healthy(metrics, proc, tmp / f"bot{i}.log")
            hooks.append(hook)
        result = run_load(api, work, users, hooks)
        result["webhook_p50"] = sequential_p50(api, solo, hooks[0])
        return result
    finally:
        procs.stop()
        api.close()


def single(work: list[tuple[str, str]], solo: list[tuple[str, str]], users: int, tmp: Path) -> dict[str, Any]:
    procs = Procs()
    api = FakeBotApi()
    try:
        metrics = free_port()
        env = bot_env(api, DATABASE_URL=f"sqlite+aiosqlite:///{tmp / 'single.db'}", PUZZLEBOT_METRICS_PORT=str(metrics))
        proc = procs.start([sys.executable, "-m", "bot.cli", "run", "--no-env-file"], env,
                           tmp / "single.log")
        wait_healthy(metrics, proc, tmp / "single.log")
        result = run_load(api, work, users, None)
        result["polling_p50"] = sequential_p50(api, solo, None)
        return result
    finally:
        procs.stop()
        api.close()


def report(name: str, r: dict[str, Any]) -> None:
    print(f"{name}: {r['photos']}/{r['boards']} photos, lost {r['lost']}, duplicated {r['duplicated']}, "
          f"wrong {r['wrong']}, other messages {r['n_other']} {r['other_messages'] or ''}")
    print(f"  board-to-photo p50 {r['p50']:.2f} s, p95 {r['p95']:.2f} s, throughput {r['throughput']:.1f} boards/s; "
          f"{r['notices']} queue notices (max #{r['max_position']}), dishonest {r['dishonest']}")
    for key, label in (("webhook_p50", "webhook"), ("polling_p50", "polling")):
        if key in r:
            print(f"  one board at a time through the {label}: p50 {r[key]:.3f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=200)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--only", choices=("scaleout", "pool"))
    args = ap.parse_args()
    if not shutil.which("redis-server"):
        print("redis-server is not installed (apt-get install redis-server)")
        return 1
    all_boards = boards(args.boards + 40)
    work, solo = all_boards[:args.boards], all_boards[args.boards:]
    print(f"{args.boards} distinct boards (up to 10x10, unique solutions) from {args.users} users at once; "
          f"{os.cpu_count()} CPU cores, load average {os.getloadavg()[0]:.1f}")
    failed = False
    with tempfile.TemporaryDirectory(prefix="puzzlebot-bench-") as tmp:
        for name, fn, extra in (("scale-out (2 webhook replicas, taskiq 2 workers, Redis, PostgreSQL)", scaleout,
                                 solo[:20]),
                                ("single process (polling, local pool of 2, SQLite)", single, solo[20:40])):
            if args.only and (args.only == "pool") != (fn is single):
                continue
            sub = Path(tmp) / fn.__name__
            sub.mkdir()
            r = fn(work, extra, args.users, sub)
            report(name, r)
            failed |= bool(r["lost"] or r["duplicated"] or r["wrong"] or r["dishonest"] or r["n_other"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
