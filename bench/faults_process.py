"""Processes under faults: the figures for issue 9 items 2, 3 and 11.

Run from the repository root: ``.venv/bin/python bench/faults_process.py [--rounds 3]``.

1. SIGTERM with a full queue: a real bot (``puzzlebot run`` against the fake Bot API, 1 solver
   worker) is sent 4 slow boards by 4 users, then SIGTERM: seconds to exit, users told "restarting",
   processes of ours left after 5 s. ``--rounds`` times.
2. However the bot dies (SIGKILL, SIGTERM, SIGINT) with 2 workers, one busy: processes of ours
   (workers, resource tracker) alive 5 s later, read from /proc.
3. The worst boards (60x60 Numberlink, 300/600/900 random pairs) in one worker process with a 10 s
   time limit: verdict, wall seconds past the limit (model building counted), peak memory (VmHWM),
   without a memory cap and with the default 2048 MiB cap.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import process_drill as drill  # noqa: E402
from tests.fake_bot_api import FakeBotApi  # noqa: E402


def sigterm_round(tmp: Path, seed: int) -> tuple[float, int, int, int]:
    """(seconds to exit, users told, users, survivors) of one SIGTERM with a full queue."""
    api = FakeBotApi()
    try:
        with drill.running_bot(tmp, TELEGRAM_TOKEN=api.token, TELEGRAM_API_URL=api.url, PUZZLEBOT_POOL_SIZE="1",
                               PUZZLEBOT_TIME_LIMIT="60", PUZZLEBOT_USER_CAP="3", DAILY_PREPARE_ALL="0") as bot:
            if not drill.wait_until(lambda: api.find(lambda c: c.method == "deleteWebhook"), 60, 0.1):
                raise SystemExit("the bot did not start:\n" + drill.log_of(bot))
            users = [api.user(10 + i, f"User{i}") for i in range(4)]
            for i, user in enumerate(users):
                api.send_text(user, drill.slow_board(300, seed=seed * 10 + i))
            drill.wait_until(lambda: len([c for c in api.find(lambda c: c.method == "sendMessage")
                                          if "in the queue" in c.text]) >= 3, 60, 0.1)
            time.sleep(1.0)
            ours = drill.descendants(bot.pid)
            t0 = time.monotonic()
            bot.send_signal(signal.SIGTERM)
            bot.wait(60)
            took = time.monotonic() - t0
            told = sum(1 for u in users if api.find(lambda c, u=u: c.method == "sendMessage" and c.chat_id == u.id
                                                    and "restarting" in c.text))
            return took, told, len(users), len(drill.survivors(ours, 5.0))
    finally:
        api.close()


def orphans(tmp: Path, sig: signal.Signals) -> tuple[int, int]:
    """(processes of ours before, alive 5 s after the bot got ``sig``)."""
    with drill.running_bot(tmp, PUZZLEBOT_POOL_SIZE="2", PUZZLEBOT_TIME_LIMIT="60") as bot:
        drill.workers_up(bot, 2)
        assert bot.stdin is not None
        bot.stdin.write(drill.slow_board(300) + "\n\n")
        bot.stdin.flush()
        time.sleep(1.0)
        ours = drill.descendants(bot.pid)
        bot.send_signal(sig)
        bot.wait(30)
        return len(ours), len(drill.survivors(ours, 5.0))


def _worst(pairs: int, memory_mb: int, out: multiprocessing.queues.Queue) -> None:  # type: ignore[name-defined]
    from bot.children import cap_memory
    from bot.worker import solve_job, warm_up

    if memory_mb:
        cap_memory(memory_mb * 1024 * 1024)
    warm_up()
    puzzle = drill.slow_puzzle(pairs)
    t0 = time.perf_counter()
    try:
        result = solve_job(puzzle, 10.0, 1)
        verdict = str(result.status)
    except MemoryError:
        verdict = "MemoryError (too large)"
    wall = time.perf_counter() - t0
    hwm = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines()
               if line.startswith("VmHWM"))
    out.put((verdict, wall, hwm / 1024))


def worst_board(pairs: int, memory_mb: int) -> tuple[str, float, float]:
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=_worst, args=(pairs, memory_mb, q))
    p.start()
    p.join(120)
    if p.is_alive():
        p.kill()
        return "hung", float("nan"), float("nan")
    if q.empty():
        return f"died (exit {p.exitcode})", float("nan"), float("nan")
    verdict, wall, mib = q.get()
    return verdict, wall, mib


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pairs", default="300,600,900")
    args = ap.parse_args()
    if not drill.has_proc():
        print("needs /proc (Linux)")
        return 1
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="puzzlebot-faults-") as tmp:
        print("| SIGTERM with a full queue | exit s | users told | processes left after 5 s |")
        print("| --- | --- | --- | --- |")
        for i in range(args.rounds):
            d = Path(tmp) / f"term{i}"
            d.mkdir()
            took, told, users, left = sigterm_round(d, i + 1)
            print(f"| round {i + 1} | {took:.2f} | {told}/{users} | {left} |")
        print("\n| the bot dies by | processes of ours | alive 5 s later |")
        print("| --- | --- | --- |")
        for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGINT):
            for i in range(args.rounds):
                d = Path(tmp) / f"{sig.name}{i}"
                d.mkdir()
                n, left = orphans(d, sig)
                print(f"| {sig.name} (round {i + 1}) | {n} | {left} |")
    print("\n| 60x60 Numberlink, random pairs | memory cap | verdict | wall s (limit 10) | peak MiB |")
    print("| --- | --- | --- | --- | --- |")
    for pairs in (int(p) for p in args.pairs.split(",")):
        for cap in (0, 2048):
            verdict, wall, mib = worst_board(pairs, cap)
            print(f"| {pairs} | {cap or 'none'} | {verdict} | {wall:.2f} | {mib:.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
