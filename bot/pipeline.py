"""The solve pipeline: an asyncio job queue in front of solver processes.

:class:`SolverBackend` is the protocol the core awaits (``await backend.solve(puzzle, user=...)``);
:class:`SolveFront` is what its two implementations share in front of their solvers (the cache,
in-flight joining, admission): :class:`bot.pool.PoolBackend` on one host,
:class:`bot.taskiq_backend.TaskiqBackend` through Redis.

Rules, all enforced on the event loop before any work is queued:

- identical boards (``Puzzle.key()``, whatever the reply language) are answered from an LRU cache, and a board
  already being solved is awaited, not solved twice;
- at most ``queue_limit`` jobs wait or run in total, beyond that :class:`QueueFull`;
- one user has at most ``user_cap`` jobs waiting or running (beyond: :class:`UserBusy`) and at
  most ``user_running`` running at once; free workers go round-robin over the waiting users, so
  one user's burst does not hold up everyone else;
- a job that waits is announced with its position (``on_queued(position)``);
- a job gets ``hard_limit`` seconds of wall time (the solver's own limit plus a margin); after
  that its worker is killed and rebuilt and only that job fails.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections import OrderedDict, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from bot.worker import Failure, JobResult
from solvers.puzzle import Puzzle

log = logging.getLogger(__name__)

OnQueued = Callable[[int], Awaitable[None]]
Ticket = TypeVar("Ticket")  # what a backend's admission hands to the run of the board (see SolveFront)


class Overloaded(Exception):
    """The job was refused before it was queued."""


class QueueFull(Overloaded):
    """Every queue slot is taken."""


class UserBusy(Overloaded):
    """The user already has as many jobs as allowed."""

    def __init__(self, count: int) -> None:
        super().__init__(f"user has {count} jobs pending")
        self.count = count


class SolverBackend(Protocol):
    """Anything that turns a puzzle into a :class:`JobResult` off the event loop."""

    time_limit: float

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def solve(self, puzzle: Puzzle[Any], *, user: str,
                    on_queued: OnQueued | None = None) -> JobResult: ...


@dataclass(frozen=True)
class PipelineLimits:
    """Sizes and limits of the pool backend (see the module docstring)."""

    workers: int = 2  # solver processes
    time_limit: float = 10.0  # the solver's own limit per board, seconds
    solver_workers: int = 0  # CP-SAT threads per solve; 0: the cores shared among the running solves
    queue_limit: int = 50  # jobs waiting or running, all users together
    user_running: int = 1  # jobs one user may have running at once
    user_cap: int = 3  # jobs one user may have waiting or running
    cache_size: int = 256  # finished verdicts kept
    hard_limit: float | None = None  # wall seconds before a worker is killed; default 1.5 x time_limit + 5
    worker_nice: int = 5  # CPU priority drop of the workers, so the event loop stays responsive
    memory_mb: int = 2048  # address-space cap of each worker (RLIMIT_AS), MiB; 0: no cap
    cpus: int = field(default_factory=lambda: os.cpu_count() or 1)  # cores the solves share

    def threads_for(self, running: int) -> int:
        """CP-SAT threads for a solve that starts while ``running`` solves (itself included) run:
        ``solver_workers`` when set, else the cores divided among them (a lone hard board gets
        every idle core; a solve keeps its threads to the end, so a later one may briefly share)."""
        if self.solver_workers > 0:
            return self.solver_workers
        return max(1, self.cpus // max(1, running))

    @property
    def wall_limit(self) -> float:
        return self.hard_limit if self.hard_limit is not None else self.time_limit * 1.5 + 5.0


class SolveFront(Generic[Ticket]):
    """The admission every backend shares, written once: :meth:`solve`, on the event loop before any
    work is queued.

    It answers from the LRU cache of finished verdicts, joins an identical board already in flight
    here, asks the backend for an answer it shares with other replicas (:meth:`_shared_answer`),
    refuses when stopping, admits the board, keeps the pending counters and ``stats``, answers a
    board cut off by :meth:`abort`, and caches the verdict. A backend implements the count behind
    the admission (:meth:`_admit`: this process's counters, or shared ones across replicas; raises
    :class:`QueueFull` / :class:`UserBusy`) and how an admitted board runs (:meth:`_run_admitted`,
    with the ``Ticket`` its :meth:`_admit` gave), and may hook into :meth:`_user_idle` (the user
    has no board left) and :meth:`_left` (an admitted board left: finished, failed or cancelled).
    """

    def __init__(self, limits: PipelineLimits | None = None) -> None:
        self.limits = limits or PipelineLimits()
        self.time_limit = self.limits.time_limit
        self._pending_by_user: defaultdict[str, int] = defaultdict(int)
        self._inflight: dict[str, asyncio.Future[JobResult]] = {}
        self._cache: OrderedDict[str, JobResult] = OrderedDict()
        self._admitted: dict[asyncio.Task[JobResult], tuple[Puzzle[Any], asyncio.Future[JobResult]]] = {}
        self.stopping = False  # set by abort(): no board is taken any more
        self.stats: defaultdict[str, int] = defaultdict(int)

    @property
    def pending(self) -> int:
        return sum(self._pending_by_user.values())

    async def solve(self, puzzle: Puzzle[Any], *, user: str,
                    on_queued: OnQueued | None = None) -> JobResult:
        """The verdict for ``puzzle``; raises :class:`QueueFull` / :class:`UserBusy` when refused."""
        key = puzzle.key()
        self.stats["requests"] += 1
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.stats["cache_hits"] += 1
            return replace(cached, cached=True)
        same = self._inflight.get(key)
        if same is not None:
            self.stats["joined"] += 1
            return await asyncio.shield(same)
        shared = await self._shared_answer(puzzle)
        if shared is not None:
            self.stats["cache_hits"] += 1
            self._remember(key, shared)
            return replace(shared, cached=True)
        user = str(user)
        if self.stopping:
            self.stats["refused_stopping"] += 1
            return self._stopped(puzzle)
        ticket = await self._admit(puzzle, user)
        future: asyncio.Future[JobResult] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        self._pending_by_user[user] += 1
        inner = asyncio.ensure_future(self._run_admitted(puzzle, user, future, on_queued, ticket))
        self._admitted[inner] = (puzzle, future)  # abort() (SIGTERM) answers and cancels it
        try:
            try:
                result = await inner
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if not (self.stopping and inner.cancelled() and (task is None or not task.cancelling())):
                    raise
                result = self._stopped(puzzle)  # abort() stopped it: the asker is told
                if not future.done():
                    future.set_result(result)
        finally:
            self._admitted.pop(inner, None)
            self._pending_by_user[user] -= 1
            if not self._pending_by_user[user]:
                del self._pending_by_user[user]
                self._user_idle(user)
            if self._inflight.get(key) is future:
                del self._inflight[key]
            await self._left(user, ticket)
        if result.cacheable:
            self._remember(key, result)
        return result

    def _remember(self, key: str, result: JobResult) -> None:
        self._cache[key] = result
        while len(self._cache) > self.limits.cache_size:
            self._cache.popitem(last=False)

    async def _shared_answer(self, puzzle: Puzzle[Any]) -> JobResult | None:
        """A final verdict another replica already has (none by default: a single host)."""
        return None

    async def _admit(self, puzzle: Puzzle[Any], user: str) -> Ticket:
        """Take a place for the board within ``queue_limit`` and ``user_cap``, or refuse it
        (:class:`QueueFull`, :class:`UserBusy`)."""
        raise NotImplementedError

    async def _run_admitted(self, puzzle: Puzzle[Any], user: str, future: asyncio.Future[JobResult],
                            on_queued: OnQueued | None, ticket: Ticket) -> JobResult:
        """Run an admitted job to its verdict; ``future`` is what identical boards join on."""
        raise NotImplementedError

    def abort(self) -> None:
        """Stop at once (SIGTERM): refuse new boards, and answer every waiting or running one with
        :attr:`Failure.STOPPING` (the asker is told the bot is restarting). Backends also stop their work."""
        self.stopping = True
        for inner, (puzzle, future) in list(self._admitted.items()):
            if not future.done():
                future.set_result(self._stopped(puzzle))
            inner.cancel()

    def _stopped(self, puzzle: Puzzle[Any]) -> JobResult:
        self.stats["stopped"] += 1
        return JobResult.failed(puzzle, Failure.STOPPING, time_limit=self.limits.wall_limit)

    def _user_idle(self, user: str) -> None:
        """``user`` has no job waiting or running any more."""

    async def _left(self, user: str, ticket: Ticket) -> None:
        """An admitted job has left (finished, failed or cancelled)."""
