"""The single-host solver backend: :class:`PoolBackend` runs boards in N worker processes
(``spawn``), each a one-process :class:`~concurrent.futures.ProcessPoolExecutor`, so a worker that
hangs or dies is killed and replaced without touching the jobs running on the others. The rules
it keeps (cache, limits, round-robin over users, the hard wall limit): :mod:`bot.pipeline`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from bot.children import guard_slot, pool_pids, run_numbered
from bot.pipeline import OnQueued, PipelineLimits, QueueFull, SolveFront, UserBusy
from bot.worker import Failure, JobResult, solve_job, warm_up
from solvers.puzzle import Puzzle
from solvers.verdict import Status

log = logging.getLogger(__name__)

JobFn = Callable[[Puzzle[Any], float, int], JobResult]

START_BACKOFF = 0.5  # seconds before the second attempt to start a solver slot; doubles each time
START_BACKOFF_CAP = 30.0  # the longest pause between two attempts (they go on forever)
WARM_UP_LIMIT = 120.0  # seconds a new worker may take to import the solver before it counts as failed


@dataclass(eq=False)
class _Job:
    puzzle: Puzzle[Any]
    user: str
    future: asyncio.Future[JobResult]
    queued_at: float = field(default_factory=time.perf_counter)


@dataclass(eq=False)
class _Slot:
    index: int
    executor: ProcessPoolExecutor | None = None
    pid: int | None = None
    ready: bool = False
    job: _Job | None = None
    failures: int = 0  # starts that failed since the slot was last ready
    process: multiprocessing.process.BaseProcess | None = None
    taken: Any = None  # shared with the worker: the number of the last job it took (0: none)
    number: int = 0  # the number of the job given to this slot

    def exitcode(self) -> int | None:
        """How the slot's worker process ended (negative: the signal), waiting for it up to half a second."""
        if self.process is None:
            return None
        self.process.join(0.5)
        return self.process.exitcode


class PoolBackend(SolveFront[None]):
    """The default :class:`SolverBackend`: a fair asyncio queue over ``limits.workers`` processes."""

    def __init__(self, limits: PipelineLimits | None = None, *, job_fn: JobFn = solve_job,
                 warm_fn: Callable[[int], int] = warm_up) -> None:
        super().__init__(limits)
        self._job_fn = job_fn
        self._warm_fn = warm_fn
        self._ctx = multiprocessing.get_context("spawn")
        self._slots = [_Slot(i) for i in range(max(1, self.limits.workers))]
        self._waiting: list[_Job] = []
        self._running_by_user: defaultdict[str, int] = defaultdict(int)
        self._tasks: set[asyncio.Task[None]] = set()
        self._last_start: dict[str, int] = {}  # user -> number of the user's latest job start
        self._starts = 0
        self._closed = False

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Start every worker process and wait until each has imported the solver (or failed once;
        a slot that fails keeps retrying in the background)."""
        loop = asyncio.get_running_loop()
        tried: list[asyncio.Future[None]] = []
        for slot in self._slots:
            tried.append(loop.create_future())
            self._spawn(self._start_slot(slot, tried[-1]))
        await asyncio.gather(*tried)

    def abort(self) -> None:
        """SIGTERM: answer every waiting and running board (the bot is restarting), kill the workers."""
        self._closed = True
        super().abort()
        for job in self._waiting:
            if not job.future.done():
                job.future.set_result(self._stopped(job.puzzle))
        self._waiting.clear()
        for slot in self._slots:
            if slot.job is not None and not slot.job.future.done():
                slot.job.future.set_result(self._stopped(slot.job.puzzle))
            self._kill(slot)

    async def close(self) -> None:
        self.abort()
        for task in list(self._tasks):
            task.cancel()

    @property
    def worker_pids(self) -> list[int | None]:
        """The worker processes' ids (for operators and tests)."""
        return [s.pid for s in self._slots]

    @property
    def available(self) -> bool:
        """Whether a board can be served: a slot is ready, or one is starting that has not failed yet."""
        return not self._closed and any(s.ready or s.failures == 0 for s in self._slots)

    def running_pid(self, user: str | None = None) -> int | None:
        """The process id working on a job of ``user`` (any user when None): one whose worker has
        taken the job, not one merely handed to a worker that has yet to start it."""
        for s in self._slots:
            if (s.job is not None and (user is None or s.job.user == user)
                    and s.taken is not None and s.taken.value == s.number):
                return s.pid
        return None

    def _new_executor(self, slot: _Slot) -> ProcessPoolExecutor:
        memory = self.limits.memory_mb * 1024 * 1024 if self.limits.memory_mb > 0 else None
        slot.taken = self._ctx.RawValue("q", 0)
        return ProcessPoolExecutor(max_workers=1, mp_context=self._ctx, initializer=guard_slot,
                                   initargs=(slot.taken, os.getpid(), self.limits.worker_nice, memory))

    async def _start_slot(self, slot: _Slot, tried: asyncio.Future[None] | None = None) -> None:
        """Start the slot's worker; on failure try again after a pause that doubles up to
        :data:`START_BACKOFF_CAP`, for as long as the backend is open. ``tried`` is set after the
        first attempt, whatever its outcome."""
        slot.ready, slot.pid = False, None
        try:
            await self._start_attempts(slot, tried)
        finally:
            if tried is not None and not tried.done():
                tried.set_result(None)

    async def _start_attempts(self, slot: _Slot, tried: asyncio.Future[None] | None) -> None:
        while not self._closed:
            slot.executor = executor = self._new_executor(slot)
            try:
                pid = await asyncio.wait_for(asyncio.wrap_future(executor.submit(self._warm_fn, 0)), WARM_UP_LIMIT)
            except Exception as e:
                if self._closed:  # abort() killed the worker while it started: the bot is stopping
                    return
                slot.failures += 1
                self.stats["start_failed"] += 1
                delay = min(START_BACKOFF_CAP, START_BACKOFF * 2 ** (slot.failures - 1))
                log.error("solver worker %d failed to start (attempt %d: %s); next try in %.1f s",
                          slot.index, slot.failures, e or type(e).__name__, delay)
                self._kill(slot)
                if not self.available:
                    self._fail_waiting(Failure.UNAVAILABLE)
                if tried is not None and not tried.done():
                    tried.set_result(None)
                await asyncio.sleep(delay)
                continue
            if self._closed or slot.executor is not executor:
                return
            slot.pid, slot.ready, slot.failures = pid, True, 0
            slot.process = next(iter(getattr(executor, "_processes", {}).values()), None)
            log.info("solver worker %d ready (pid %s)", slot.index, slot.pid)
            self._dispatch()
            return

    def _rebuild(self, slot: _Slot) -> None:
        self._kill(slot)
        if not self._closed:
            self._spawn(self._start_slot(slot))

    def _kill(self, slot: _Slot) -> None:
        slot.ready = False
        pids = set(pool_pids(slot.executor))
        if slot.pid is not None:
            pids.add(slot.pid)
        if slot.executor is not None:
            slot.executor.shutdown(wait=False, cancel_futures=True)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
        slot.executor, slot.pid = None, None

    def _fail_waiting(self, failure: Failure) -> None:
        """Answer every waiting board with ``failure`` (no worker can take them)."""
        for job in list(self._waiting):
            self._waiting.remove(job)
            if not job.future.done():
                self.stats[str(failure)] += 1
                job.future.set_result(self._failed(job, failure))

    def _expire(self, job: _Job) -> None:
        """The hard limit passed while ``job`` waited: when no worker is ready, say so instead of waiting on."""
        if job in self._waiting and not any(s.ready for s in self._slots):
            self._waiting.remove(job)
            if not job.future.done():
                self.stats[str(Failure.UNAVAILABLE)] += 1
                job.future.set_result(self._failed(job, Failure.UNAVAILABLE))

    def _spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ solving
    async def _admit(self, puzzle: Puzzle[Any], user: str) -> None:
        """This process's boards are all there is: its own counters decide."""
        if self.pending >= self.limits.queue_limit:
            self.stats["refused_full"] += 1
            raise QueueFull("the solve queue is full")
        if self._pending_by_user[user] >= self.limits.user_cap:
            self.stats["refused_user"] += 1
            raise UserBusy(self._pending_by_user[user])

    async def _run_admitted(self, puzzle: Puzzle[Any], user: str, future: asyncio.Future[JobResult],
                            on_queued: OnQueued | None, ticket: None) -> JobResult:
        job = _Job(puzzle, user, future)
        if not self.available:
            self.stats[str(Failure.UNAVAILABLE)] += 1
            return self._failed(job, Failure.UNAVAILABLE)
        self._waiting.append(job)
        expiry = asyncio.get_running_loop().call_later(self.limits.wall_limit, self._expire, job)
        try:
            self._dispatch()
            if job in self._waiting and on_queued is not None:
                try:
                    await on_queued(self._position(job))
                except Exception as e:  # the answer itself still follows
                    log.warning("queue position notice failed: %s", e)
            return await asyncio.shield(job.future)
        finally:
            expiry.cancel()
            if job in self._waiting:
                self._waiting.remove(job)

    def _user_idle(self, user: str) -> None:
        self._last_start.pop(user, None)

    async def _left(self, user: str, ticket: None) -> None:
        self._dispatch()

    def _next_job(self) -> _Job | None:
        """The next job to start: round-robin over users (fewest running, then longest since their
        last start), each user's own boards in the order sent."""
        best: _Job | None = None
        best_rank: tuple[int, int] | None = None
        seen: set[str] = set()
        for job in self._waiting:
            if job.user in seen or job.future.done():
                continue
            seen.add(job.user)
            running = self._running_by_user.get(job.user, 0)
            if running >= self.limits.user_running:
                continue
            rank = (running, self._last_start.get(job.user, -1))
            if best_rank is None or rank < best_rank:
                best, best_rank = job, rank
        return best

    def _position(self, job: _Job) -> int:
        """Where ``job`` stands in the round-robin order (1 = starts next)."""
        rounds: defaultdict[str, int] = defaultdict(int)
        keyed = []
        for i, j in enumerate(self._waiting):
            k = rounds[j.user]
            rounds[j.user] += 1
            busy = self._running_by_user.get(j.user, 0) >= self.limits.user_running
            keyed.append(((k, busy, self._last_start.get(j.user, -1), i), j))
        keyed.sort(key=lambda kj: kj[0])
        return next(n for n, (_, j) in enumerate(keyed, 1) if j is job)

    def _dispatch(self) -> None:
        for slot in self._slots:
            if not slot.ready or slot.job is not None:
                continue
            job = self._next_job()
            if job is None:
                return
            self._waiting.remove(job)
            slot.job = job
            self._running_by_user[job.user] += 1
            self._starts += 1
            self._last_start[job.user] = self._starts
            slot.number = self._starts
            self._spawn(self._run(slot, job, self._starts))

    def _requeue(self, slot: _Slot, job: _Job) -> None:
        """The slot's worker died while idle: the job goes back to the head of the line, the slot restarts."""
        log.warning("worker %d (pid %s) died while idle; restarting it", slot.index, slot.pid)
        self.stats["died_idle"] += 1
        self._release(slot, job)
        if not job.future.done():
            self._waiting.insert(0, job)
        self._rebuild(slot)
        self._dispatch()

    def _release(self, slot: _Slot, job: _Job) -> None:
        """``job`` no longer runs on ``slot``."""
        slot.job = None
        self._running_by_user[job.user] -= 1
        if not self._running_by_user[job.user]:
            del self._running_by_user[job.user]

    async def _run(self, slot: _Slot, job: _Job, number: int) -> None:
        limits = self.limits
        if slot.executor is None or (slot.process is not None and not slot.process.is_alive()):
            self._requeue(slot, job)
            return
        try:
            threads = limits.threads_for(sum(s.job is not None for s in self._slots))
            fut = slot.executor.submit(run_numbered, number, self._job_fn, job.puzzle, limits.time_limit,
                                       threads)
        except (BrokenProcessPool, RuntimeError):  # the pool already knows its process is gone
            self._requeue(slot, job)
            return
        untaken = False
        try:
            result = await asyncio.wait_for(asyncio.wrap_future(fut), limits.wall_limit)
            self.stats["solved"] += 1
        except TimeoutError:
            log.warning("job for %s passed %.1f s; killing worker %d (pid %s)", job.puzzle.key(),
                        limits.wall_limit, slot.index, slot.pid)
            self.stats["killed"] += 1
            result = self._failed(job, Failure.KILLED)
            self._rebuild(slot)
        except MemoryError:  # the board needs more than the worker's memory cap
            log.warning("job for %s passed the memory cap of %d MiB", job.puzzle.key(), limits.memory_mb)
            self.stats["too_large"] += 1
            result = self._failed(job, Failure.TOO_LARGE)
            self._rebuild(slot)  # a fresh process: nothing left half-allocated
        except (BrokenProcessPool, RuntimeError) as e:  # the worker died (or its pool was shut down)
            if slot.taken is not None and slot.taken.value != number and not self._closed:
                untaken = True  # it died before taking the job: the job waits for the next worker
                return
            code = slot.exitcode()
            # Native code out of memory under the cap: std::bad_alloc aborts (SIGABRT), and an unchecked
            # allocation faults (SIGSEGV: 1 of about 30 runs of the 60x60 drill at 600 MiB).
            native_oom = code in (-getattr(signal, "SIGABRT", 6), -getattr(signal, "SIGSEGV", 11))
            too_large = native_oom and limits.memory_mb > 0 and not self._closed
            log.warning("worker %d (pid %s, exit code %s) died during a job (%s): %s", slot.index, slot.pid, code,
                        "memory cap" if too_large else "crash", e)
            self.stats["too_large" if too_large else "crashed"] += 1
            result = self._failed(job, Failure.TOO_LARGE if too_large else Failure.CRASHED)
            self._rebuild(slot)
        except Exception:  # a bug in the job itself: the worker is fine, the user gets an apology
            log.exception("solve job failed")
            self.stats["errors"] += 1
            result = self._failed(job, None)
        finally:
            if untaken:
                self._requeue(slot, job)
            else:
                self._release(slot, job)
        if not job.future.done():
            job.future.set_result(result)
        self._dispatch()

    def _failed(self, job: _Job, failure: Failure | None) -> JobResult:
        p = job.puzzle
        return JobResult(status=Status.ERROR, genre=p.genre, rows=p.rows, cols=p.cols, failure=failure,
                         time_limit=self.limits.wall_limit,
                         seconds=time.perf_counter() - job.queued_at)
