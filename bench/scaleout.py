"""Board → verdict latency through the taskiq + Redis backend against the local process pool.

Run from the repository root: ``.venv/bin/python bench/scaleout.py`` (needs ``redis-server``).
Both backends get 2 workers and the same 15 unique 10x10 corpus boards: 6 one after another
(latency), then 9 at once (throughput). The cache cannot help: every board is different.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.pipeline import PipelineLimits, PoolBackend  # noqa: E402
from bot.scaleout import TaskiqBackend  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from tests.corpus import load  # noqa: E402


def boards() -> list[Puzzle]:
    out: list[Puzzle] = []
    for genre in ("masyu", "yinyang", "numberlink"):
        out += [Puzzle.from_record(r) for r in load(genre) if r["rows"] == 10 and r.get("unique")][:5]
    return out


async def measure(backend, puzzles: list[Puzzle]) -> tuple[float, float, int, float]:
    """(sequential p50, sequential max, boards at once, seconds for them)."""
    await backend.start()
    latencies: list[float] = []

    async def one(i: int, p: Puzzle) -> None:
        t = time.perf_counter()
        r = await backend.solve(p, user=f"u{i % 5}")
        latencies.append(time.perf_counter() - t)
        assert r.status == "unique", r

    for i, p in enumerate(puzzles[:6]):
        await one(i, p)
    seq = sorted(latencies)
    t0 = time.perf_counter()
    await asyncio.gather(*(one(i, p) for i, p in enumerate(puzzles[6:])))
    burst = time.perf_counter() - t0
    await backend.close()
    return statistics.median(seq), max(seq), len(puzzles) - 6, burst


def free_port() -> int:
    with socket.socket() as sk:
        sk.bind(("127.0.0.1", 0))
        return sk.getsockname()[1]


async def main() -> int:
    if not shutil.which("redis-server"):
        print("redis-server is not installed (apt-get install redis-server)")
        return 1
    puzzles = boards()
    limits = PipelineLimits(workers=2, time_limit=10, queue_limit=50, user_cap=10, user_running=2)
    url = f"redis://127.0.0.1:{free_port()}/0"
    port = url.rsplit(":", 1)[1].split("/")[0]
    redis = subprocess.Popen(["redis-server", "--port", port, "--save", "", "--appendonly", "no"],
                             stdout=subprocess.DEVNULL, start_new_session=True)
    worker = subprocess.Popen(
        [str(REPO / ".venv/bin/taskiq"), "worker", "bot.scaleout:broker", "--workers", "2", "--max-async-tasks", "1"],
        env=dict(os.environ, REDIS_URL=url), cwd=REPO,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        probe = TaskiqBackend(url, limits)
        await probe.start()
        deadline = time.monotonic() + 60
        while await probe.workers_alive() < 2:
            if time.monotonic() > deadline:
                print("the taskiq workers did not start within 60 s")
                return 1
            await asyncio.sleep(0.2)
        await probe.close()
        print(f"{len(puzzles)} boards (10x10), 2 workers each")
        row = "{:7s} one at a time: p50 {:.3f} s, max {:.3f} s; {} at once: {:.2f} s"
        print(row.format("taskiq", *await measure(TaskiqBackend(url, limits), puzzles)))
        print(row.format("pool", *await measure(PoolBackend(limits), puzzles)))
    finally:
        for proc in (worker, redis):
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(15)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
