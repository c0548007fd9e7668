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

Shared through Redis, so several bot replicas behave as one:

- the cache of finished verdicts (``puzzlebot:result:<board>``, ``CACHE_TTL`` s) and joining an identical
  board already in flight on any replica (``puzzlebot:inflight:<board>``, SET NX: solved once);
- the global and per-user limits: sorted sets of admitted / running job ids scored by their expiry,
  so a replica that dies leaks nothing past that expiry (:data:`ADMIT_SCRIPT`, one atomic Lua call);
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
import hashlib
import json
import logging
import multiprocessing
import os
import signal
import socket
import sys
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from taskiq import TaskiqEvents, TaskiqState
from taskiq.kicker import AsyncKicker
from taskiq_redis import ListQueueBroker, RedisAsyncResultBackend

from bot.config import DEFAULT_REDIS_URL
from bot.logsafe import redact_url
from bot.pipeline import OnQueued, PipelineLimits, QueueFull, SolveFront, UserBusy
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

# Admit one job: prune expired entries, refuse beyond the global / per-user limit, else add it.
# KEYS: admitted, user; ARGV: now, expiry, job id, queue limit, user cap, key ttl.
ADMIT_SCRIPT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local all = redis.call('ZCARD', KEYS[1])
if all >= tonumber(ARGV[4]) then return {1, all} end
local mine = redis.call('ZCARD', KEYS[2])
if mine >= tonumber(ARGV[5]) then return {2, mine} end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return {0, mine + 1}
"""
# Take one of a user's running places. KEYS: running; ARGV: now, expiry, job id, limit, key ttl.
RUN_SCRIPT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""
_PROJECT_ROOT = str(Path(__file__).resolve().parents[1])
EXPIRED = Failure.EXPIRED  # the failure of a board skipped because its asker stopped waiting


class SolversBusy(QueueFull):
    """No answer came back in time (the workers are saturated or one got stuck)."""


# ---------------------------------------------------------------------- plain-data transport (JSON)
def puzzle_to_json(puzzle: Puzzle[Any]) -> dict[str, Any]:
    """A board as a job payload: its FORMATS.md record (cells, regions, variants, params of any genre)."""
    return puzzle.to_record()


def puzzle_from_json(data: dict[str, Any]) -> Puzzle[Any]:
    return Puzzle.from_record(data)


def result_to_json(result: JobResult) -> dict[str, Any]:
    return result.to_json()


def result_from_json(data: dict[str, Any], puzzle: Puzzle[Any] | None = None) -> JobResult:
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
    p = puzzle_from_json(puzzle)
    if deadline and time.time() > deadline:
        return result_to_json(JobResult.failed(p, EXPIRED))
    wall = wall_limit if wall_limit > 0 else time_limit * 1.5 + 5.0
    return result_to_json(await _solver().run(p, time_limit, solver_workers, wall))


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


# ---------------------------------------------------------------------- the bot side
def board_digest(puzzle: Puzzle[Any]) -> str:
    """The shared name of a board's verdict (same genre, rules and givens = same digest; the reply
    language is the bot's business, after the verdict)."""
    return hashlib.sha256(puzzle.key().encode()).hexdigest()[:32]


@dataclass(frozen=True)
class _Ticket:
    """An admitted board on the shared queue: its digest, its job id, and whether it holds a place
    (False: it joins another replica's solve of the same board)."""

    digest: str
    job_id: str
    admitted: bool


class TaskiqBackend(SolveFront[_Ticket]):
    """A :class:`~bot.pipeline.SolverBackend` that solves on taskiq workers through Redis.

    Every replica on the same Redis shares the verdict cache, in-flight joining, the global and
    per-user limits and the waiting set (see the module docstring); the local LRU cache and
    in-flight map of :class:`~bot.pipeline.SolveFront` sit in front, so a replica asks Redis only once
    per board.
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
        self._admit_script: Any = None
        self._run_place: Any = None
        self._kicker: AsyncKicker[Any, Any] = AsyncKicker(TASK_NAME, self.broker, {})
        self._user_gates: dict[str, asyncio.Semaphore] = {}
        self.positions: list[int] = []  # every queue position shown (for tests and benchmarks)

    @property
    def lease(self) -> float:
        """Seconds an admitted job's entry lives in the shared sets unless released first."""
        return self.result_timeout + self.limits.wall_limit * self.limits.user_cap + 30

    async def start(self) -> None:
        from redis.asyncio import Redis

        await self.broker.startup()
        self._redis = Redis.from_url(self.redis_url, socket_connect_timeout=3, socket_timeout=5)
        self._admit_script = self._redis.register_script(ADMIT_SCRIPT)
        self._run_place = self._redis.register_script(RUN_SCRIPT)
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
        """How many worker processes sent a heartbeat within ``HEARTBEAT_TTL`` s (0 when Redis is unreachable).

        One ZCOUNT on ``puzzlebot:workers``: O(log N), whatever else Redis holds.
        """
        try:
            return int(await self._redis.zcount(WORKERS, time.time() - HEARTBEAT_TTL, "+inf"))
        except Exception as e:
            log.error("Redis at %s is unreachable: %s", _redact(self.redis_url), e)
            return 0

    async def waiting(self) -> int:
        """Boards waiting for a worker, all replicas together (expired ones pruned first)."""
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(WAITING, "-inf", time.time() - self.result_timeout)
                pipe.zcard(WAITING)
                _, count = await pipe.execute()
            return int(count)
        except Exception:
            return 0

    async def admitted(self) -> int:
        """Boards waiting or being solved, all replicas together."""
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(ADMITTED, "-inf", time.time())
                pipe.zcard(ADMITTED)
                _, count = await pipe.execute()
            return int(count)
        except Exception:
            return 0

    async def health(self) -> tuple[bool, str]:
        """(can take boards, why not): a worker is alive and the shared queue has room."""
        if self._redis is None:
            return False, "not started"
        if not await self.workers_alive():
            return False, "no solver worker alive (or Redis unreachable)"
        if await self.admitted() >= self.limits.queue_limit:
            return False, "the shared queue is full"
        return True, "ok"

    # ------------------------------------------------------------------ admission, shared
    async def _shared_answer(self, puzzle: Puzzle[Any]) -> JobResult | None:
        return await self._shared_result(puzzle, board_digest(puzzle), final_only=True)

    async def _admit(self, puzzle: Puzzle[Any], user: str) -> _Ticket:
        """A place in the shared queue (one Lua script over every replica's boards), unless another
        replica is solving the same board already: then this one joins it without a place."""
        digest = board_digest(puzzle)
        ticket = _Ticket(digest, uuid.uuid4().hex, admitted=await self._inflight_owner(digest) is None)
        if ticket.admitted:
            await self._admit_job(user, ticket.job_id)
        return ticket

    async def _left(self, user: str, ticket: _Ticket) -> None:
        if ticket.admitted:
            await self._release(user, ticket.job_id)

    async def _admit_job(self, user: str, job_id: str) -> None:
        now = time.time()
        try:
            verdict, count = await self._admit_script(keys=[ADMITTED, USER_PREFIX + user],
                                               args=[now, now + self.lease, job_id, self.limits.queue_limit,
                                                     self.limits.user_cap, int(self.lease) + 60])
        except Exception as e:  # Redis away: the solve itself reports it (unavailable)
            log.error("Redis at %s is unreachable: %s", _redact(self.redis_url), e)
            return
        if int(verdict) == 1:
            self.stats["refused_full"] += 1
            raise QueueFull("the solve queue is full")
        if int(verdict) == 2:
            self.stats["refused_user"] += 1
            raise UserBusy(int(count))

    async def _release(self, user: str, job_id: str) -> None:
        with contextlib.suppress(Exception):
            async with self._redis.pipeline(transaction=False) as pipe:
                pipe.zrem(ADMITTED, job_id)
                pipe.zrem(USER_PREFIX + user, job_id)
                pipe.zrem(WAITING, job_id)
                await pipe.execute()

    async def _shared_result(self, puzzle: Puzzle[Any], digest: str, *, final_only: bool) -> JobResult | None:
        try:
            raw = await self._redis.get(RESULT_PREFIX + digest)
        except Exception:
            return None
        if raw is None:
            return None
        data = json.loads(raw)
        if final_only and not data.get("cacheable"):
            return None
        return result_from_json(data["result"], puzzle)

    async def _inflight_owner(self, digest: str) -> str | None:
        try:
            owner = await self._redis.get(INFLIGHT_PREFIX + digest)
        except Exception:
            return None
        return owner.decode() if isinstance(owner, bytes) else owner

    async def _run_admitted(self, puzzle: Puzzle[Any], user: str, future: asyncio.Future[JobResult],
                            on_queued: OnQueued | None, ticket: _Ticket) -> JobResult:
        """Solve as the owner of the board's digest (SET NX), or wait for the replica that owns it."""
        digest, job_id, admitted = ticket.digest, ticket.job_id, ticket.admitted
        try:
            deadline = time.perf_counter() + self.result_timeout + self.limits.wall_limit
            while True:
                try:
                    owned = bool(await self._redis.set(INFLIGHT_PREFIX + digest, job_id, nx=True,
                                                       ex=int(self.lease)))
                except Exception:  # Redis away: go on alone; the solve reports it to the user
                    owned = True
                if owned:
                    try:
                        result = await self._run_owned(puzzle, user, job_id, on_queued)
                        await self._publish(digest, result)
                    finally:
                        with contextlib.suppress(Exception):
                            if await self._inflight_owner(digest) == job_id:
                                await self._redis.delete(INFLIGHT_PREFIX + digest)
                    break
                joined = await self._join(puzzle, digest, deadline)
                if joined is not None:
                    self.stats["joined"] += 1
                    result = joined
                    break
                if not admitted:  # the owner went away without a verdict: take a place and solve it here
                    await self._admit_job(user, job_id)
                    admitted = True
            future.set_result(result)
        except BaseException as e:
            if not future.done():
                future.set_exception(e)
                future.exception()  # retrieved: joiners re-raise it, nobody else needs to
            raise
        return result

    async def _join(self, puzzle: Puzzle[Any], digest: str, deadline: float) -> JobResult | None:
        """Wait for another replica's verdict on ``digest``; None when its owner vanished without one."""
        while True:
            result = await self._shared_result(puzzle, digest, final_only=False)
            if result is not None:
                return result
            if await self._inflight_owner(digest) is None:
                result = await self._shared_result(puzzle, digest, final_only=False)  # published, then released
                return result
            if time.perf_counter() > deadline:
                self.stats["timeouts"] += 1
                raise SolversBusy("the replica solving this board gave no answer in time")
            await asyncio.sleep(max(self.poll, 0.05))

    async def _publish(self, digest: str, result: JobResult) -> None:
        ttl = CACHE_TTL if result.cacheable else JOIN_TTL
        with contextlib.suppress(Exception):
            await self._redis.set(RESULT_PREFIX + digest,
                                  json.dumps({"cacheable": result.cacheable, "result": result_to_json(result)}),
                                  ex=ttl)

    # ------------------------------------------------------------------ running on a worker
    async def _run_owned(self, puzzle: Puzzle[Any], user: str, job_id: str,
                         on_queued: OnQueued | None) -> JobResult:
        gate = self._user_gates.setdefault(user, asyncio.Semaphore(self.limits.user_running))
        async with gate:
            started = time.perf_counter()
            noticed = await self._take_running_place(user, job_id, started, on_queued)
            try:
                return await self._remote(puzzle, job_id, None if noticed else on_queued)
            finally:
                with contextlib.suppress(Exception):
                    await self._redis.zrem(RUNNING_PREFIX + user, job_id)

    async def _take_running_place(self, user: str, job_id: str, started: float, on_queued: OnQueued | None) -> bool:
        """Wait for one of the user's ``user_running`` places, shared by every replica; True when the
        user was shown a queue position meanwhile."""
        noticed = False
        deadline = started + self.result_timeout
        while True:
            now = time.time()
            try:
                if await self._run_place(keys=[RUNNING_PREFIX + user],
                                         args=[now, now + self.lease, job_id, self.limits.user_running,
                                               int(self.lease) + 60]):
                    return noticed
            except Exception:
                return noticed  # Redis away: _remote reports it
            elapsed = time.perf_counter()
            if elapsed > deadline:
                self.stats["timeouts"] += 1
                raise SolversBusy("the user's earlier boards did not finish in time")
            if not noticed and on_queued is not None and elapsed - started >= self.notice_after:
                noticed = True  # every waiting board is ahead of one not yet queued
                await self._notice(on_queued, await self.waiting() + 1)
            await asyncio.sleep(max(self.poll, 0.05))

    async def _notice(self, on_queued: OnQueued, position: int) -> None:
        self.positions.append(position)
        with contextlib.suppress(Exception):
            await on_queued(position)

    async def _position(self, job_id: str) -> int | None:
        """1 + the boards ahead of ``job_id`` still waiting and not expired; None once a worker took it."""
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.zremrangebyscore(WAITING, "-inf", time.time() - self.result_timeout)
                pipe.zrank(WAITING, job_id)
                _, rank = await pipe.execute()
        except Exception:
            return None
        return None if rank is None else int(rank) + 1

    async def _remote(self, puzzle: Puzzle[Any], job_id: str, on_queued: OnQueued | None) -> JobResult:
        started = time.perf_counter()
        if not await self.workers_alive():
            self.stats["unavailable"] += 1
            log.error("no puzzlebot solver worker is alive on %s; board %s not solved",
                      _redact(self.redis_url), puzzle.key())
            return self._failed(puzzle, Failure.UNAVAILABLE, started)
        limits = self.limits
        await self._redis.zadd(WAITING, {job_id: time.time()})
        task = await self._kicker.kiq(puzzle=puzzle_to_json(puzzle), time_limit=limits.time_limit,
                                      solver_workers=limits.solver_workers,
                                      deadline=time.time() + self.result_timeout, wall_limit=limits.wall_limit,
                                      job_id=job_id)
        deadline = started + self.result_timeout
        next_check = started + self.notice_after
        noticed = False
        try:
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
                        position = await self._position(job_id)
                        if position:
                            await self._notice(on_queued, position)
                    elif not await self.workers_alive():  # every worker went away while we waited
                        self.stats["unavailable"] += 1
                        log.error("every solver worker stopped while board %s was waiting", puzzle.key())
                        return self._failed(puzzle, Failure.UNAVAILABLE, started)
                await asyncio.sleep(self.poll)
        finally:
            with contextlib.suppress(Exception):
                await self._redis.zrem(WAITING, job_id)
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

    def _user_idle(self, user: str) -> None:
        if user in self._user_gates and not self._user_gates[user].locked():
            del self._user_gates[user]

    def _failed(self, puzzle: Puzzle[Any], failure: Failure, started: float) -> JobResult:
        return JobResult(status=Status.ERROR, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols, failure=failure,
                         time_limit=self.limits.wall_limit, seconds=time.perf_counter() - started)


def _redact(url: str) -> str:
    return redact_url(url) or url
