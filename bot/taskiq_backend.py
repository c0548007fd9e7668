"""The bot side of scale-out solving (:mod:`bot.scaleout`): :class:`TaskiqBackend` sends each
board to the Redis queue and shares with every replica on the same Redis the verdict cache,
in-flight joining, the global and per-user limits (the Lua scripts below, one atomic call each)
and the waiting set.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
import uuid
from dataclasses import dataclass
from typing import Any

from taskiq.kicker import AsyncKicker

from bot.logsafe import redact_url
from bot.pipeline import OnQueued, PipelineLimits, QueueFull, SolveFront, UserBusy
from bot.scaleout import (
    ADMITTED,
    CACHE_TTL,
    EXPIRED,
    HEARTBEAT_TTL,
    INFLIGHT_PREFIX,
    JOIN_TTL,
    RESULT_PREFIX,
    RUNNING_PREFIX,
    TASK_NAME,
    USER_PREFIX,
    WAITING,
    WORKERS,
    make_broker,
)
from bot.worker import Failure, JobResult
from solvers.puzzle import Puzzle
from solvers.verdict import Status

log = logging.getLogger(__name__)

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


class SolversBusy(QueueFull):
    """No answer came back in time (the workers are saturated or one got stuck)."""


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
        return JobResult.from_json(data["result"], puzzle)

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
                                  json.dumps({"cacheable": result.cacheable, "result": result.to_json()}),
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
        task = await self._kicker.kiq(puzzle=puzzle.to_record(), time_limit=limits.time_limit,
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
        result = JobResult.from_json(answer.return_value, puzzle)
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
