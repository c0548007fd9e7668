"""Scale-out solving: a taskiq broker on Redis, its worker task, and the Redis names both sides share.

The bot process (Telegram, Discord, or both as separate processes) keeps the event loop free and
sends each board to Redis (:class:`bot.taskiq_backend.TaskiqBackend`); any number of worker
processes on any number of hosts run the SAME job as the local process pool
(:func:`bot.worker.solve_job`: solve, independent check, render, puzz.link URL) and put the
verdict back. Select it with ``SOLVER_BACKEND=taskiq`` and ``REDIS_URL``; start workers with::

    taskiq worker bot.scaleout:broker --workers 2 --max-async-tasks 1

(``--workers`` processes per host, one board at a time each.) Each worker process runs its boards in
a spawned solver process of its own, like one slot of the local pool: a board that passes its
wall limit is killed with that process, a solver that dies fails only its board, and the next
board gets a fresh one. (taskiq's own ``--use-process-pool`` is not used: one crashed child
breaks its pool for good.)

Shared through Redis, so several bot replicas behave as one:

- the cache of finished verdicts (``puzzlebot:result:<board>``, ``CACHE_TTL`` s) and joining an identical
  board already in flight on any replica (``puzzlebot:inflight:<board>``, SET NX: solved once);
- the global and per-user limits: sorted sets of admitted / running job ids scored by their expiry,
  so a replica that dies leaks nothing past that expiry (one atomic Lua call, :mod:`bot.taskiq_backend`);
- honest queue positions: ``puzzlebot:waiting`` holds the job ids still waiting, scored by enqueue
  time; a worker removes its job when it starts it, expired entries are pruned; the position is ZRANK + 1;
- O(1) liveness: each worker process refreshes its score in ``puzzlebot:workers`` every
  ``HEARTBEAT_EVERY`` s; the bot counts the scores newer than ``HEARTBEAT_TTL`` (ZCOUNT, no scans).

With no worker alive (or Redis unreachable) the user is told at once instead of waiting; a board
whose answer does not come back in time is dropped with a polite message, and workers skip boards
whose asker has stopped waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import signal
import socket
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from taskiq import TaskiqEvents, TaskiqState
from taskiq_redis import ListQueueBroker, RedisAsyncResultBackend

from bot.config import DEFAULT_REDIS_URL
from bot.worker import Failure, JobResult, solve_job, warm_up
from solvers.puzzle import Puzzle
from solvers.verdict import Status

log = logging.getLogger(__name__)

QUEUE_NAME = "puzzlebot:solve"  # the Redis list holding waiting boards
TASK_NAME = "puzzlebot.solve"
ALIVE_PREFIX = "puzzlebot:worker:"  # one info key per worker process ({"at", "solver_pid"}), for operators
WORKERS = "puzzlebot:workers"  # sorted set: worker id -> time of its last heartbeat (liveness, ZCOUNT)
WAITING = "puzzlebot:waiting"  # sorted set: job id -> enqueue time, while the job waits for a worker
ADMITTED = "puzzlebot:admitted"  # sorted set: job id -> expiry, every admitted job (PUZZLEBOT_QUEUE_LIMIT)
USER_PREFIX = "puzzlebot:user:"  # sorted set per user: job id -> expiry (PUZZLEBOT_USER_CAP)
RUNNING_PREFIX = "puzzlebot:running:"  # sorted set per user: job id -> expiry (PUZZLEBOT_USER_RUNNING)
RESULT_PREFIX = "puzzlebot:result:"  # verdict of a board: {"cacheable", "result"}
INFLIGHT_PREFIX = "puzzlebot:inflight:"  # the job id solving a board right now (SET NX)
HEARTBEAT_EVERY = 3.0  # seconds between heartbeats
HEARTBEAT_TTL = 10  # seconds a heartbeat stays valid
RESULT_TTL = 600  # seconds Redis keeps a verdict nobody fetched
CACHE_TTL = 3600  # seconds a final verdict is shared with every replica
JOIN_TTL = 60  # seconds a non-final verdict (timeout, failure) stays readable for boards that joined it

_PROJECT_ROOT = str(Path(__file__).resolve().parents[1])
EXPIRED = Failure.EXPIRED  # the failure of a board skipped because its asker stopped waiting


# ---------------------------------------------------------------------- the worker side
class SolverProcess:
    """The solver process behind one taskiq worker process, run like a slot of the local pool.

    Jobs run one at a time in a spawned child; a job that passes its wall limit is killed with
    the child, a child that dies fails only its job, and the next job gets a fresh child.
    """

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._executor: ProcessPoolExecutor | None = None
        self.pid: int | None = None
        self._lock = asyncio.Lock()

    async def start(self) -> None:
        self._executor = ProcessPoolExecutor(max_workers=1, mp_context=self._ctx)
        self.pid = await asyncio.wrap_future(self._executor.submit(warm_up))  # OR-Tools, Pillow loaded

    def kill(self) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.pid, getattr(signal, "SIGKILL", signal.SIGTERM))
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor, self.pid = None, None

    async def run(self, puzzle: Puzzle[Any], time_limit: float, solver_workers: int,
                  wall_limit: float) -> JobResult:
        async with self._lock:  # the wall clock starts when the job really starts
            t0 = time.perf_counter()
            try:
                if self._executor is None:
                    await self.start()
                assert self._executor is not None
                try:
                    fut = self._executor.submit(solve_job, puzzle, time_limit, solver_workers)
                except BrokenProcessPool:  # the child died while idle: replace it first
                    self.kill()
                    await self.start()
                    fut = self._executor.submit(solve_job, puzzle, time_limit, solver_workers)
                return await asyncio.wait_for(asyncio.wrap_future(fut), wall_limit)
            except TimeoutError:
                log.warning("board %s passed %.1f s; killing solver process %s", puzzle.key(), wall_limit, self.pid)
                failure = Failure.KILLED
            except (BrokenProcessPool, RuntimeError) as e:
                log.warning("solver process %s died during a board: %s", self.pid, e)
                failure = Failure.CRASHED
            self.kill()
            return JobResult(status=Status.ERROR, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols,
                             failure=failure, time_limit=wall_limit, seconds=time.perf_counter() - t0)


_SOLVER: SolverProcess | None = None  # one per worker process, started at worker start-up


def _solver() -> SolverProcess:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = SolverProcess()
    return _SOLVER


_REDIS: Any = None  # the worker process's Redis client (set at worker start-up)


async def solve_remote(puzzle: dict[str, Any], time_limit: float, solver_workers: int,
                       deadline: float = 0.0, wall_limit: float = 0.0, job_id: str = "") -> dict[str, Any]:
    """The taskiq task: :func:`bot.worker.solve_job` on plain JSON data, in this worker's solver process.

    A board whose ``deadline`` (epoch seconds) has passed is skipped: its asker has given up.
    ``wall_limit`` (default 1.5 x time_limit + 5 s) bounds the job, killing the solver if needed.
    ``job_id`` leaves the waiting set as the job starts (the queue positions others are shown).
    """
    if job_id and _REDIS is not None:
        with contextlib.suppress(Exception):
            await _REDIS.zrem(WAITING, job_id)
    p = Puzzle.from_record(puzzle)
    if deadline and time.time() > deadline:
        return JobResult.failed(p, EXPIRED).to_json()
    wall = wall_limit if wall_limit > 0 else time_limit * 1.5 + 5.0
    return (await _solver().run(p, time_limit, solver_workers, wall)).to_json()


def _alive_key() -> str:
    return f"{ALIVE_PREFIX}{socket.gethostname()}:{os.getpid()}"


async def _heartbeat(redis: Any) -> None:
    """Refresh this worker's liveness score (and its info key) every ``HEARTBEAT_EVERY`` seconds."""
    key = _alive_key()
    while True:
        try:
            now = time.time()
            async with redis.pipeline(transaction=False) as pipe:
                pipe.zadd(WORKERS, {key: now})
                pipe.zremrangebyscore(WORKERS, "-inf", now - 6 * HEARTBEAT_TTL)  # long-dead workers
                pipe.set(key, json.dumps({"at": now, "solver_pid": _solver().pid}), ex=HEARTBEAT_TTL)
                await pipe.execute()
        except Exception as e:  # Redis briefly away: try again next beat
            log.warning("heartbeat to Redis failed: %s", e)
        await asyncio.sleep(HEARTBEAT_EVERY)


async def _worker_startup(state: TaskiqState) -> None:
    from redis.asyncio import Redis

    # `taskiq worker` drops the working directory from sys.path after importing this module;
    # the job imports solvers/rendering lazily, so keep the project root importable.
    if _PROJECT_ROOT not in sys.path:
        sys.path.append(_PROJECT_ROOT)
    global _REDIS
    await _solver().start()
    state.puzzlebot_redis = _REDIS = Redis.from_url(state.puzzlebot_url)
    state.puzzlebot_beat = asyncio.create_task(_heartbeat(state.puzzlebot_redis))
    log.info("puzzlebot solver worker %s ready", _alive_key())


async def _worker_shutdown(state: TaskiqState) -> None:
    _solver().kill()
    beat = getattr(state, "puzzlebot_beat", None)
    if beat is not None:
        beat.cancel()
    redis = getattr(state, "puzzlebot_redis", None)
    if redis is not None:
        with contextlib.suppress(Exception):
            await redis.zrem(WORKERS, _alive_key())
            await redis.delete(_alive_key())
        await redis.aclose()


def make_broker(redis_url: str, *, with_task: bool = False) -> ListQueueBroker:
    """A broker on ``redis_url`` (a Redis list queue, results in Redis for ``RESULT_TTL`` s).

    ``with_task`` registers :func:`solve_remote` and the heartbeat (the worker's broker); the
    bot side kicks the task by name and needs neither.
    """
    backend: RedisAsyncResultBackend[Any] = RedisAsyncResultBackend(redis_url, result_ex_time=RESULT_TTL)
    # redis-py 8 gives every socket a 5 s read timeout by default; the worker's BRPOP blocks until a
    # board arrives, so its connections must not time out (keepalive still notices a dead peer).
    broker = ListQueueBroker(redis_url, queue_name=QUEUE_NAME, socket_timeout=None,
                             socket_keepalive=True).with_result_backend(backend)
    if with_task:
        broker.register_task(solve_remote, task_name=TASK_NAME)
        broker.state.puzzlebot_url = redis_url
        broker.add_event_handler(TaskiqEvents.WORKER_STARTUP, _worker_startup)
        broker.add_event_handler(TaskiqEvents.WORKER_SHUTDOWN, _worker_shutdown)
    return broker


def broker() -> ListQueueBroker:
    """The worker's broker: ``taskiq worker bot.scaleout:broker`` calls this factory in each worker process.

    Its settings come from :func:`bot.config.load_config` on the worker's environment (no file is
    read: give every worker host ``REDIS_URL``); a wrong setting stops the worker with the problem named.
    """
    from bot.config import ConfigError, load_config

    if _PROJECT_ROOT not in sys.path:  # taskiq has dropped the working directory again (see _worker_startup)
        sys.path.append(_PROJECT_ROOT)
    try:
        config = load_config(None)
    except ConfigError as e:
        raise SystemExit("puzzlebot solver worker: the configuration has problems:\n"
                         + "\n".join(f"  - {line}" for line in str(e).splitlines())) from None
    return make_broker(config.redis_url or DEFAULT_REDIS_URL, with_task=True)
