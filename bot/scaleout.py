"""Scale-out solving: a taskiq broker on Redis, its worker task, and :class:`TaskiqBackend`.

The bot process (Telegram, Discord, or both as separate processes) keeps the event loop free and
sends each board to Redis; any number of worker processes on any number of hosts run the SAME
job as the local process pool (:func:`bot.worker.solve_job`: solve, independent check, render,
puzz.link URL) and put the verdict back. Select it with ``SOLVER_BACKEND=taskiq`` and
``REDIS_URL``; start workers with::

    taskiq worker bot.scaleout:broker --workers 2 --max-async-tasks 1

(``--workers`` processes per host, one board at a time each.) Each worker process runs its boards in
a spawned solver process of its own, like one slot of the local pool: a board that passes its
wall limit is killed with that process, a solver that dies fails only its board, and the next
board gets a fresh one. (taskiq's own ``--use-process-pool`` is not used: one crashed child
breaks its pool for good.)

What the backend keeps from the local pipeline: the cache of finished verdicts, joining an
identical board already in flight, the global and per-user limits, queue position notices (from
the Redis list's length). What it adds: every worker process writes a heartbeat key; with none
alive (or Redis unreachable) the user is told at once instead of waiting; a board whose answer
does not come back in time is dropped with a polite message, and workers skip boards whose
asker has stopped waiting.
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
from taskiq.kicker import AsyncKicker
from taskiq_redis import ListQueueBroker, RedisAsyncResultBackend

from bot.config import DEFAULT_REDIS_URL
from bot.logsafe import redact_url
from bot.pipeline import OnQueued, PipelineLimits, QueueFull, SolveFront
from bot.worker import Failure, JobResult, solve_job, warm_up
from solvers.puzzle import Puzzle
from solvers.verdict import Status

log = logging.getLogger(__name__)

QUEUE_NAME = "puzzlebot:solve"  # the Redis list holding waiting boards
TASK_NAME = "puzzlebot.solve"
ALIVE_PREFIX = "puzzlebot:worker:"  # heartbeat keys, one per worker process
HEARTBEAT_EVERY = 3.0  # seconds between heartbeats
HEARTBEAT_TTL = 10  # seconds a heartbeat stays valid
RESULT_TTL = 600  # seconds Redis keeps a verdict nobody fetched
_PROJECT_ROOT = str(Path(__file__).resolve().parents[1])
EXPIRED = Failure.EXPIRED  # the failure of a board skipped because its asker stopped waiting


class SolversBusy(QueueFull):
    """No answer came back in time (the workers are saturated or one got stuck)."""


# ---------------------------------------------------------------------- plain-data transport (JSON)
def puzzle_to_json(puzzle: Puzzle) -> dict[str, Any]:
    return {"genre": puzzle.genre, "cells": [list(row) for row in puzzle.cells], "fill": puzzle.fill}


def puzzle_from_json(data: dict[str, Any]) -> Puzzle:
    return Puzzle(str(data["genre"]), tuple(tuple(int(v) for v in row) for row in data["cells"]),
                  fill=bool(data.get("fill", False)))


def result_to_json(result: JobResult) -> dict[str, Any]:
    return result.to_json()


def result_from_json(data: dict[str, Any], puzzle: Puzzle | None = None) -> JobResult:
    return JobResult.from_json(data, puzzle)


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

    async def run(self, puzzle: Puzzle, time_limit: float, solver_workers: int, lang: str,
                  wall_limit: float) -> JobResult:
        async with self._lock:  # the wall clock starts when the job really starts
            t0 = time.perf_counter()
            try:
                if self._executor is None:
                    await self.start()
                assert self._executor is not None
                try:
                    fut = self._executor.submit(solve_job, puzzle, time_limit, solver_workers, lang)
                except BrokenProcessPool:  # the child died while idle: replace it first
                    self.kill()
                    await self.start()
                    fut = self._executor.submit(solve_job, puzzle, time_limit, solver_workers, lang)
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


async def solve_remote(puzzle: dict[str, Any], time_limit: float, solver_workers: int, lang: str = "en",
                       deadline: float = 0.0, wall_limit: float = 0.0) -> dict[str, Any]:
    """The taskiq task: :func:`bot.worker.solve_job` on plain JSON data, in this worker's solver process.

    A board whose ``deadline`` (epoch seconds) has passed is skipped: its asker has given up.
    ``wall_limit`` (default 1.5 x time_limit + 5 s) bounds the job, killing the solver if needed.
    """
    p = puzzle_from_json(puzzle)
    if deadline and time.time() > deadline:
        return result_to_json(JobResult.failed(p, EXPIRED))
    wall = wall_limit if wall_limit > 0 else time_limit * 1.5 + 5.0
    return result_to_json(await _solver().run(p, time_limit, solver_workers, lang, wall))


def _alive_key() -> str:
    return f"{ALIVE_PREFIX}{socket.gethostname()}:{os.getpid()}"


async def _heartbeat(redis: Any) -> None:
    key = _alive_key()
    while True:
        try:
            await redis.set(key, json.dumps({"at": time.time(), "solver_pid": _solver().pid}), ex=HEARTBEAT_TTL)
        except Exception as e:  # Redis briefly away: try again next beat
            log.warning("heartbeat to Redis failed: %s", e)
        await asyncio.sleep(HEARTBEAT_EVERY)


async def _worker_startup(state: TaskiqState) -> None:
    from redis.asyncio import Redis

    # `taskiq worker` drops the working directory from sys.path after importing this module;
    # the job imports solvers/rendering lazily, so keep the project root importable.
    if _PROJECT_ROOT not in sys.path:
        sys.path.append(_PROJECT_ROOT)
    await _solver().start()
    state.puzzlebot_redis = Redis.from_url(state.puzzlebot_url)
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


# ---------------------------------------------------------------------- the bot side
class TaskiqBackend(SolveFront):
    """A :class:`~bot.pipeline.SolverBackend` that solves on taskiq workers through Redis.

    Admission (cache, joining, limits, stats) is :class:`~bot.pipeline.SolveFront`'s; this class
    runs an admitted board on a worker, at most ``user_running`` per user at once.
    """

    def __init__(self, redis_url: str, limits: PipelineLimits | None = None, *,
                 result_timeout: float | None = None, poll: float = 0.025, notice_after: float = 0.5) -> None:
        super().__init__(limits)
        self.redis_url = redis_url
        # Waiting in the Redis queue counts too: allow twice the per-board wall limit.
        self.result_timeout = result_timeout if result_timeout is not None else 2 * self.limits.wall_limit
        self.poll = poll
        self.notice_after = notice_after
        self.broker = make_broker(redis_url)
        self._redis: Any = None
        self._kicker: AsyncKicker[Any, Any] = AsyncKicker(TASK_NAME, self.broker, {})
        self._user_gates: dict[str, asyncio.Semaphore] = {}

    async def start(self) -> None:
        from redis.asyncio import Redis

        await self.broker.startup()
        self._redis = Redis.from_url(self.redis_url, socket_connect_timeout=3, socket_timeout=5)
        alive = await self.workers_alive()
        if alive:
            log.info("taskiq backend: %d solver worker process(es) alive", alive)
        else:
            log.warning("taskiq backend: no solver worker is running; start one with "
                        "`taskiq worker bot.scaleout:broker --workers 2 --max-async-tasks 1`")

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.broker.shutdown()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    async def workers_alive(self) -> int:
        """How many worker processes sent a heartbeat recently (0 when Redis is unreachable)."""
        try:
            return len([k async for k in self._redis.scan_iter(match=ALIVE_PREFIX + "*", count=100)])
        except Exception as e:
            log.error("Redis at %s is unreachable: %s", _redact(self.redis_url), e)
            return 0

    async def _run_admitted(self, puzzle: Puzzle, user: str, lang: str, future: asyncio.Future[JobResult],
                            on_queued: OnQueued | None) -> JobResult:
        try:
            gate = self._user_gates.setdefault(user, asyncio.Semaphore(self.limits.user_running))
            async with gate:
                result = await self._remote(puzzle, lang, on_queued)
            future.set_result(result)
        except BaseException as e:
            if not future.done():
                future.set_exception(e)
                future.exception()  # retrieved: joiners re-raise it, nobody else needs to
            raise
        return result

    def _user_idle(self, user: str) -> None:
        if user in self._user_gates and not self._user_gates[user].locked():
            del self._user_gates[user]

    async def _remote(self, puzzle: Puzzle, lang: str, on_queued: OnQueued | None) -> JobResult:
        started = time.perf_counter()
        if not await self.workers_alive():
            self.stats["unavailable"] += 1
            log.error("no puzzlebot solver worker is alive on %s; board %s not solved",
                      _redact(self.redis_url), puzzle.key())
            return self._failed(puzzle, Failure.UNAVAILABLE, started)
        limits = self.limits
        task = await self._kicker.kiq(puzzle=puzzle_to_json(puzzle), time_limit=limits.time_limit,
                                      solver_workers=limits.solver_workers, lang=lang,
                                      deadline=time.time() + self.result_timeout, wall_limit=limits.wall_limit)
        deadline = started + self.result_timeout
        next_check = started + self.notice_after
        noticed = False
        while not await task.is_ready():
            now = time.perf_counter()
            if now > deadline:
                self.stats["timeouts"] += 1
                log.warning("no answer for board %s within %.1f s", puzzle.key(), self.result_timeout)
                raise SolversBusy(f"no answer within {self.result_timeout:g} s")
            if now >= next_check:
                next_check = now + 2.0
                if not noticed and on_queued is not None:
                    noticed = True
                    waiting = await self._queue_length()
                    if waiting:
                        with contextlib.suppress(Exception):
                            await on_queued(waiting)
                elif not await self.workers_alive():  # every worker went away while we waited
                    self.stats["unavailable"] += 1
                    log.error("every solver worker stopped while board %s was waiting", puzzle.key())
                    return self._failed(puzzle, Failure.UNAVAILABLE, started)
            await asyncio.sleep(self.poll)
        answer = await task.get_result()
        if answer.is_err:
            self.stats["errors"] += 1
            log.error("solver task failed for board %s: %s", puzzle.key(), answer.error)
            return self._failed(puzzle, Failure.CRASHED, started)
        result = result_from_json(answer.return_value, puzzle)
        if result.failure is EXPIRED:  # the worker's clock says we gave up already (clock skew)
            self.stats["timeouts"] += 1
            raise SolversBusy("the worker found the board expired")
        self.stats["solved"] += 1
        return result

    async def _queue_length(self) -> int:
        try:
            return int(await self._redis.llen(QUEUE_NAME))
        except Exception:
            return 0

    def _failed(self, puzzle: Puzzle, failure: Failure, started: float) -> JobResult:
        return JobResult(status=Status.ERROR, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, failure=failure,
                         time_limit=self.limits.wall_limit, seconds=time.perf_counter() - started)


def _redact(url: str) -> str:
    return redact_url(url) or url
