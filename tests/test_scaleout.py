"""Scale-out end to end: a real redis-server, a real `taskiq worker` process, the real core.

Skipped (with the reason) when the redis-server binary is missing (.ci/run installs it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot import i18n
from bot.chat import Incoming
from bot.commands import Context
from bot.core import Core
from bot.pipeline import PipelineLimits, UserBusy
from bot.scaleout import (
    ALIVE_PREFIX,
    EXPIRED,
    HEARTBEAT_TTL,
    QUEUE_NAME,
    WAITING,
    WORKERS,
    solve_remote,
)
from bot.taskiq_backend import TaskiqBackend
from bot.worker import JobResult
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.solution import LoopSolution
from tests import process_drill as drill
from tests.corpus import load, own, own_genres
from tests.recording import RecordingChannel

REPO = Path(__file__).resolve().parents[1]
LIMITS = PipelineLimits(time_limit=10, queue_limit=20, user_cap=3, user_running=1)
MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."

in_module_loop = pytest.mark.asyncio(loop_scope="module")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, wait: float = 15) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install -y redis-server); scale-out tests need it")
    port = _free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(tmp_path_factory.mktemp("redis"))],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not _ping(port):
            assert proc.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(proc)


@pytest.fixture(scope="module")
def worker(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[subprocess.Popen[bytes]]:
    """`taskiq worker bot.scaleout:broker --workers 1 --max-async-tasks 1`, as an operator starts it."""
    log = tmp_path_factory.mktemp("worker") / "worker.log"
    taskiq = Path(sys.executable).with_name("taskiq")
    env = dict(os.environ, REDIS_URL=redis_url)  # the worker reads its environment only (no .env file)
    with log.open("wb") as out:
        proc = subprocess.Popen([str(taskiq), "worker", "bot.scaleout:broker", "--workers", "1",
                                 "--max-async-tasks", "1", "--shutdown-timeout", "3"],
                                cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield proc
    finally:
        _stop(proc)


async def _wait_alive(backend: TaskiqBackend, want: bool, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while bool(await backend.workers_alive()) != want:
        assert time.monotonic() < deadline, f"worker heartbeat {'never appeared' if want else 'did not go away'}"
        await asyncio.sleep(0.2)


def _private(text: str, user: int = 1) -> Incoming:
    return Incoming(platform="test", chat_id=user, user_id=user, text=text)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def cluster(redis_url: str, worker: subprocess.Popen[bytes]) -> AsyncIterator[SimpleNamespace]:
    backend = TaskiqBackend(redis_url, LIMITS)
    await backend.start()
    await _wait_alive(backend, True, 90)  # the worker imports OR-Tools first
    yield SimpleNamespace(backend=backend, core=Core(backend), worker=worker, url=redis_url)
    await backend.close()


def _board(rec: dict) -> str:
    """The record as a player pastes it: a header (genre, variant, params), the grid, its regions."""
    head = "numberlink fill" if rec.get("fill") else rec["genre"]
    head += "".join(f" {p.name} {rec[p.name]}" for p in get_genre(rec["genre"]).params if p.name in rec)
    return head + "\n" + "\n".join(rec["grid"] + rec.get("regions", []))


def _available(genre: str) -> bool:
    try:
        get_genre(genre).preload()
    except ImportError:
        return False
    return True


# ---------------------------------------------------------------------- plain data, no Redis
def test_job_results_survive_the_json_transport() -> None:
    result = JobResult(status="unique", genre="masyu", rows=2, cols=2, seconds=0.5, url="https://puzz.link/p?x",
                       png=b"\x89PNG\r\n\x1a\n\x00\xff", cells=((0, 1), (1, 1)),
                       solution=LoopSolution.from_masks([[6, 12], [3, 9]]),
                       timings={"solve": 0.1})
    assert JobResult.from_json(json.loads(json.dumps(result.to_json()))) == result


async def test_a_worker_skips_a_board_whose_asker_gave_up() -> None:
    puzzle = Puzzle("masyu", ((2, 0), (0, 1)))
    out = JobResult.from_json(await solve_remote(puzzle.to_record(), 5, 1, deadline=time.time() - 1))
    assert out.failure is EXPIRED and out.png is None and (out.rows, out.cols) == (2, 2)


# ---------------------------------------------------------------------- through Redis and a worker process
@pytest.mark.slow
@in_module_loop
async def test_boards_are_solved_on_the_worker_through_the_core(cluster: SimpleNamespace) -> None:
    genres = [g for g in own_genres() if _available(g)]
    assert genres, "no genre solver is available"
    records = [next(r for r in own(g) if r.get("unique") and r["rows"] <= 7) for g in genres]
    chats = [RecordingChannel() for _ in records]
    ctxs = [Context(cluster.core, _private(_board(rec), user=10 + i), chat)
            for i, (rec, chat) in enumerate(zip(records, chats, strict=True))]
    results = await asyncio.wait_for(
        asyncio.gather(*(cluster.core.solve_text(ctx, ctx.msg.text) for ctx in ctxs)), 120)
    for rec, chat, result in zip(records, chats, results, strict=True):
        assert result is not None and result.status == "unique", (rec["id"], result)
        puzzle = Puzzle.from_record(rec)
        assert get_genre(rec["genre"]).check(puzzle, result.solution) == [], rec["id"]  # checked here again
        [reply] = [r for r in chat.sent if r.image is not None]
        assert reply.image.startswith(b"\x89PNG") and reply.filename.endswith("-solution.png")
        assert "unique solution" in reply.text and "puzz.link" in reply.text
        assert not reply.spoiler  # private chat


@in_module_loop
async def test_a_repeated_board_is_answered_from_the_cache(cluster: SimpleNamespace) -> None:
    chat = RecordingChannel()
    board = _board(own("masyu")[1])  # not solved by any other test
    await cluster.core.handle(_private(board, user=30), chat)
    kicked = cluster.backend.stats["solved"]
    await cluster.core.handle(_private(board, user=31), chat)
    assert cluster.backend.stats["solved"] == kicked and cluster.backend.stats["cache_hits"] >= 1
    first, second = (r for r in chat.sent if r.image is not None)
    assert first.image == second.image and "(from cache)" in second.text and "(from cache)" not in first.text


# ---------------------------------------------------------------------- two replicas on one Redis (issue 12 item 2)
@pytest_asyncio.fixture(loop_scope="module")
async def replicas(cluster: SimpleNamespace) -> AsyncIterator[list[TaskiqBackend]]:
    """Two more bot-side backends (two replicas, each with its own local cache) on the cluster's Redis."""
    pair = [TaskiqBackend(cluster.url, LIMITS), TaskiqBackend(cluster.url, LIMITS)]
    for b in pair:
        await b.start()
    yield pair
    for b in pair:
        await b.close()


@in_module_loop
async def test_an_identical_board_sent_to_two_replicas_is_solved_once(replicas: list[TaskiqBackend]) -> None:
    a, b = replicas
    puzzle = Puzzle.from_record(load("masyu")[3])
    ra, rb = await asyncio.wait_for(asyncio.gather(a.solve(puzzle, user="telegram:1"),
                                                   b.solve(puzzle, user="telegram:2")), 60)
    assert a.stats["solved"] + b.stats["solved"] == 1, (a.stats, b.stats)
    assert ra.status == rb.status == "unique" and ra.png == rb.png
    later = Core(b)  # a third user on the other replica: the shared cache answers
    chat = RecordingChannel()
    await asyncio.wait_for(later.handle(_private(_board(load("masyu")[3]), user=81), chat), 30)
    [reply] = [r for r in chat.sent if r.image is not None]
    assert "(from cache)" in reply.text and a.stats["solved"] + b.stats["solved"] == 1


@in_module_loop
async def test_a_verdict_solved_on_one_replica_is_cached_for_the_other(replicas: list[TaskiqBackend]) -> None:
    a, b = replicas
    puzzle = Puzzle.from_record(load("yinyang")[4])
    first = await asyncio.wait_for(a.solve(puzzle, user="telegram:3"), 60)
    solved = b.stats["solved"]
    second = await asyncio.wait_for(b.solve(puzzle, user="discord:4"), 10)
    assert b.stats["solved"] == solved and second.cached and second.png == first.png


@in_module_loop
async def test_the_per_user_cap_holds_across_replicas(replicas: list[TaskiqBackend]) -> None:
    a, b = replicas  # LIMITS.user_cap == 3: four different boards from one user, two on each replica
    boards = [Puzzle.from_record(r) for r in load("masyu")[5:9]]
    outcomes = await asyncio.wait_for(asyncio.gather(
        *((a if i % 2 else b).solve(p, user="telegram:9") for i, p in enumerate(boards)),
        return_exceptions=True), 120)
    refused = [o for o in outcomes if isinstance(o, UserBusy)]
    answered = [o for o in outcomes if isinstance(o, JobResult)]
    assert len(refused) == 1 and refused[0].count == 3, outcomes
    assert len(answered) == 3 and all(o.status == "unique" for o in answered), outcomes
    from redis.asyncio import Redis

    redis = Redis.from_url(a.redis_url)
    try:  # every place taken was given back
        assert await redis.zcard("puzzlebot:user:telegram:9") == 0
        assert await redis.zcard("puzzlebot:running:telegram:9") == 0
    finally:
        await redis.aclose()


@in_module_loop
async def test_queue_positions_count_only_live_boards_ahead(cluster: SimpleNamespace) -> None:
    from redis.asyncio import Redis

    url = cluster.url.rsplit("/", 1)[0] + "/2"  # a database of its own
    backend = TaskiqBackend(url, LIMITS, result_timeout=30)
    await backend.start()
    redis = Redis.from_url(url)
    now = time.time()
    try:
        await redis.zadd(WAITING, {"expired": now - 31, "ahead1": now - 5, "ahead2": now - 1, "mine": now,
                                   "later": now + 1})
        assert await backend._position("mine") == 3  # not the expired board, not the later one
        await redis.zrem(WAITING, "ahead1")  # a worker took it
        assert await backend._position("mine") == 2
        assert await backend._position("taken") is None
        assert await redis.zscore(WAITING, "expired") is None  # pruned
        assert await backend.waiting() == 3
    finally:
        await redis.flushdb()
        await redis.aclose()
        await backend.close()


@in_module_loop
async def test_liveness_is_one_sorted_set_lookup_not_a_keyspace_scan(cluster: SimpleNamespace) -> None:
    from redis.asyncio import Redis

    redis = Redis.from_url(cluster.url)

    async def scans() -> int:
        stats = await redis.info("commandstats")
        return sum(int(stats.get(f"cmdstat_{c}", {}).get("calls", 0)) for c in ("scan", "keys"))

    try:
        await redis.zadd(WORKERS, {"dead-worker": time.time() - HEARTBEAT_TTL - 5})  # a stale heartbeat
        before = await scans()
        assert await cluster.backend.workers_alive() == 1  # the one real worker, not the stale one
        chat = RecordingChannel()
        await asyncio.wait_for(cluster.core.handle(_private(_board(load("shikaku")[1]), user=82), chat), 60)
        assert [r for r in chat.sent if r.image is not None]
        assert await scans() == before
    finally:
        await redis.zrem(WORKERS, "dead-worker")
        await redis.aclose()


def _slow_board() -> str:
    """A board that takes far more than a second: a 40x40 Numberlink of the shared corpus (skips without it)."""
    return _board(next(r for r in load("numberlink") if r["rows"] >= 40))


async def _solver_pid(redis_url: str, timeout: float = 30) -> int:
    """The worker's solver process id, from its heartbeat, once that process runs."""
    from redis.asyncio import Redis

    redis = Redis.from_url(redis_url)
    try:
        deadline = time.monotonic() + timeout
        while True:
            for key in await redis.zrange(WORKERS, 0, -1):
                pid = json.loads(await redis.get(key) or "{}").get("solver_pid")
                if pid and Path(f"/proc/{pid}").exists():
                    return int(pid)
            assert time.monotonic() < deadline, "the worker never reported a solver process"
            await asyncio.sleep(0.3)
    finally:
        await redis.aclose()


@pytest.mark.slow
@in_module_loop
async def test_a_board_past_its_wall_limit_is_killed_and_the_next_is_solved(cluster: SimpleNamespace) -> None:
    slow = _slow_board()
    strict = TaskiqBackend(cluster.url, PipelineLimits(time_limit=10, hard_limit=0.5))
    await strict.start()
    chat = RecordingChannel()
    try:
        await asyncio.wait_for(Core(strict).handle(_private(slow, user=70), chat), 30)
    finally:
        await strict.close()
    assert [r.text for r in chat.sent] == [i18n.t("en", "worker_killed", limit=0.5)]
    after = RecordingChannel()
    await asyncio.wait_for(cluster.core.handle(_private(_board(own("yinyang")[2]), user=71), after), 60)
    assert [r for r in after.sent if r.image is not None], [r.text for r in after.sent]


@pytest.mark.slow
@in_module_loop
async def test_a_solver_that_dies_fails_only_its_board(cluster: SimpleNamespace) -> None:
    slow = _slow_board()
    chat = RecordingChannel()
    pid = await _solver_pid(cluster.url)
    idle = drill.cpu_seconds(pid)  # warmed up, waiting for a board
    job = asyncio.create_task(cluster.core.handle(_private(slow, user=72), chat))
    for _ in range(3000):  # until the solver takes the board (its solve needs > 10 s); a hang bound
        if drill.woke(pid, idle) or job.done():
            break
        await asyncio.sleep(0.02)
    assert not job.done() and drill.woke(pid, idle), "the solver never started the board"
    os.kill(pid, signal.SIGKILL)
    await asyncio.wait_for(job, 30)
    assert [r.text for r in chat.sent] == [i18n.t("en", "worker_crashed")]
    after = RecordingChannel()
    await asyncio.wait_for(cluster.core.handle(_private(_board(own("masyu")[2]), user=73), after), 60)
    assert [r for r in after.sent if r.image is not None], [r.text for r in after.sent]


@in_module_loop
async def test_lost_answers_time_out_with_a_polite_message(redis_url: str) -> None:
    """A worker that died mid-job (its heartbeat not yet expired): the user is told, nothing hangs."""
    from redis.asyncio import Redis

    url = redis_url.rsplit("/", 1)[0] + "/1"  # an empty database: nobody takes the board
    redis = Redis.from_url(url)
    await redis.zadd(WORKERS, {ALIVE_PREFIX + "ghost": time.time() + 30})
    backend = TaskiqBackend(url, LIMITS, result_timeout=1.5)
    await backend.start()
    chat = RecordingChannel()
    try:
        await asyncio.wait_for(Core(backend).handle(_private(MASYU_5, user=40), chat), 30)
        assert [r.text for r in chat.sent] == [i18n.t("en", "queued", position=1), i18n.t("en", "queue_full")]
        assert await redis.llen(QUEUE_NAME) == 1  # the stale board waits; a worker will skip it (deadline)
    finally:
        await redis.zrem(WORKERS, ALIVE_PREFIX + "ghost")
        await redis.aclose()
        await backend.close()


@in_module_loop
async def test_with_every_worker_stopped_the_user_is_told_at_once(cluster: SimpleNamespace) -> None:
    _stop(cluster.worker)  # SIGTERM: the worker removes its heartbeat on the way out
    await _wait_alive(cluster.backend, False, 10)
    chat = RecordingChannel()
    await asyncio.wait_for(cluster.core.handle(_private("yinyang\n. . W\n. B .\n. . .", user=50), chat), 30)
    assert [r.text for r in chat.sent] == [i18n.t("en", "solver_unavailable")]
    assert cluster.backend.stats["unavailable"] >= 1


@in_module_loop
async def test_an_unreachable_redis_gives_a_clear_answer_not_a_hang() -> None:
    backend = TaskiqBackend(f"redis://127.0.0.1:{_free_port()}/0", LIMITS)  # nothing listens there
    await backend.start()  # logs the problem, does not crash the bot
    chat = RecordingChannel()
    try:
        await asyncio.wait_for(Core(backend).handle(_private(MASYU_5, user=60), chat), 30)
        assert [r.text for r in chat.sent] == [i18n.t("en", "solver_unavailable")]
    finally:
        await backend.close()
