"""Making the daily puzzles: :func:`make_daily` makes one (in a generator process, never on the
event loop) and :class:`DailyMaking`, one part of :class:`~bot.daily.service.DailyService`, runs
it ahead of time for the slots that will be wanted.

A :class:`MadeDaily` is picklable (a puzzle and its typed solution), so it crosses the process
boundary as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import multiprocessing
import os
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.daily.slots import Slot, daily_seed
from solvers.generation import Difficulty
from solvers.puzzle import Puzzle
from solvers.solution import Solution

if TYPE_CHECKING:
    from bot.daily.service import DailyService
    from bot.storage import DailyPuzzle

log = logging.getLogger(__name__)

ATTEMPTS = 3  # seeds seed, seed+1, seed+2: still the same for everyone, if one seed fails to generate
RETRY_FAILED_AFTER = 600.0  # seconds before a slot whose generation failed is tried again
CLOSE_GRACE = 5.0  # seconds close() waits for the generations its pool shutdown ends


@dataclass(frozen=True)
class MadeDaily:
    """A generated daily puzzle with its proven unique solution."""

    puzzle: Puzzle[Any]
    solution: Solution
    grade: str | None  # the generator's measured grade
    url: str | None
    seed: int  # the seed that made it
    seconds: float = 0.0


Maker = Callable[[str, int, int, Difficulty, int], MadeDaily]  # (genre, rows, cols, difficulty, seed)


def make_daily(genre: str, rows: int, cols: int, difficulty: Difficulty, seed: int) -> MadeDaily:
    """Generate the puzzle for one slot with the real generator; its solution passes the checker."""
    from solvers.errors import PuzzleError
    from solvers.generation import generate, puzzle_url

    t0 = time.perf_counter()
    last: Exception | None = None
    for k in range(ATTEMPTS):
        try:
            gp = generate(genre, rows, cols, difficulty, seed + k)
        except PuzzleError as e:
            last = e
            continue
        broken = gp.puzzle.kind.check(gp.puzzle, gp.solution)
        if broken:  # never happens: generate() proves it; kept as the independent gate
            raise RuntimeError(f"generated {genre} failed the checker: {broken[0].msg}")
        return MadeDaily(gp.puzzle, gp.solution, gp.difficulty, puzzle_url(gp.puzzle), seed + k,
                         time.perf_counter() - t0)
    raise RuntimeError(f"could not generate the daily {genre} {rows}x{cols} {difficulty}: {last}")


def _spawn_pool(workers: int) -> Executor:
    from bot.children import guard

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=guard, initargs=(os.getpid(),))  # generators die with the bot


class DailyMaking:
    """Puzzles made ahead of time (today's and tomorrow's slots, in a generator process), looked up,
    never generated while someone waits; and their pictures."""

    def __init__(self, service: DailyService, maker: Maker, executor: Executor | None) -> None:
        self.service = service
        self.maker = maker
        self._executor = executor
        self._own_executor = False
        self._closing = False  # close() began: no generation starts, a broken pool is not rebuilt
        self._making: dict[Slot, asyncio.Task[DailyPuzzle | None]] = {}
        self._known: set[Slot] = set()
        self._failed: dict[Slot, float] = {}  # slot -> loop time of its last failed generation
        self._pictures: OrderedDict[tuple[int, str], bytes] = OrderedDict()

    async def close(self) -> None:
        """Stop the generations under way and the generator processes.

        Our own pool is shut down before any task is cancelled: its manager thread then drops the
        queued generations itself. Cancelling a queued generation from here first and killing the
        process after would race that thread (on Python 3.11 it sets BrokenProcessPool on the
        cancelled future and dies with an ``InvalidStateError`` traceback, cpython gh-107219), so
        the tasks are only awaited, and cancelled after :data:`CLOSE_GRACE` s if still running."""
        self._closing = True
        tasks = list(self._making.values())
        if self._own_executor and self._executor is not None:
            processes = list(getattr(self._executor, "_processes", {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            for proc in processes:  # a generation still running would hold up the exit
                with contextlib.suppress(Exception):
                    proc.terminate()
            self._executor = None
            if tasks:
                await asyncio.wait(tasks, timeout=CLOSE_GRACE)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task

    async def get(self, slot: Slot, *, make: bool = True) -> DailyPuzzle | None:
        """The slot's stored puzzle; when missing, starts making it in the background and returns None."""
        store = await self.service.ready()
        row = await store.get_daily(*slot)
        if row is None and make and not self._backing_off(slot):
            self.request(slot)
        if row is not None:
            self._known.add(slot)
        return row

    async def wait(self, slot: Slot, timeout: float) -> DailyPuzzle | None:
        """The slot's puzzle once the making :meth:`get` started has ended (None: it failed, was not
        started, or took longer than ``timeout`` seconds; it goes on in the background then)."""
        task = self._making.get(slot)
        if task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), timeout)
        return await self.get(slot, make=False)

    def under_way(self, slot: Slot) -> bool:
        """Whether the slot's puzzle is being made now (not: made, failed, or held back after a
        failure for :data:`RETRY_FAILED_AFTER` s, when :meth:`get` starts nothing)."""
        task = self._making.get(slot)
        return task is not None and not task.done()

    def request(self, slot: Slot) -> asyncio.Task[DailyPuzzle | None]:
        """Make the slot's puzzle in the background (one task per slot at a time)."""
        task = self._making.get(slot)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._make_logged(slot), name=f"daily-make-{slot}")
            self._making[slot] = task
            task.add_done_callback(lambda t: self._forget(slot, t))
        return task

    def _forget(self, slot: Slot, task: asyncio.Task[DailyPuzzle | None]) -> None:
        if self._making.get(slot) is task:
            del self._making[slot]

    def _backing_off(self, slot: Slot) -> bool:
        failed = self._failed.get(slot)
        return failed is not None and asyncio.get_running_loop().time() - failed < RETRY_FAILED_AFTER

    async def _make_logged(self, slot: Slot) -> DailyPuzzle | None:
        try:
            return await self.make(slot)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not make the daily puzzle %s; trying again in %.0f s", slot, RETRY_FAILED_AFTER)
            self._failed[slot] = asyncio.get_running_loop().time()
            return None

    async def make(self, slot: Slot) -> DailyPuzzle:
        """Generate and store the slot's puzzle (off the event loop); an existing one is kept."""
        store = await self.service.ready()
        existing = await store.get_daily(*slot)
        if existing is not None:
            return existing
        day, genre, difficulty = slot
        rows, cols = self.service.config.size(genre, difficulty)
        seed = daily_seed(day, genre, difficulty, self.service.config.salt)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):  # a generator process that died breaks the pool: a new pool, the same puzzle again
            if self._closing:
                raise asyncio.CancelledError  # the bot stops: nothing to make, nothing to log
            try:
                made = await loop.run_in_executor(self._generator(), self.maker, genre, rows, cols, difficulty, seed)
                break
            except BrokenProcessPool:
                if self._closing:  # close() ended the generator process under this generation
                    raise asyncio.CancelledError from None
                log.warning("the daily generator pool broke (a process died); rebuilding it")
                if self._own_executor:
                    from bot.children import kill_pool

                    kill_pool(self._executor)
                    self._executor = None
                if attempt == 2:
                    raise
        row = await store.save_daily(
            day=day, genre=genre, difficulty=difficulty, puzzle=made.puzzle, solution=made.solution,
            seed=made.seed, grade=made.grade, url=made.url, gen_seconds=made.seconds)
        self._known.add(slot)
        log.info("daily %s %s %s ready (%dx%d, grade %s, %.2fs)", day, genre, difficulty, row.rows, row.cols,
                 row.grade, row.gen_seconds)
        return row

    def _generator(self) -> Executor | None:
        if self._executor is None and self.service.config.generate_workers > 0:
            self._executor = _spawn_pool(self.service.config.generate_workers)
            self._own_executor = True
        return self._executor

    async def prepare(self, platform: str | None = None, now: dt.datetime | None = None) -> list[Slot]:
        """Start making today's and tomorrow's puzzles for every subscription (and, with
        ``prepare_all``, every genre at the default difficulty). Returns the slots started."""
        store = await self.service.ready()
        today = self.service.today(now)
        wanted: list[Slot] = []
        subs = await store.subscriptions(platform)
        for day in (today, today + dt.timedelta(days=1)):
            for s in subs:
                wanted.append(self.service.slot(day, s.genre, s.difficulty))
            if self.service.config.prepare_all:
                wanted += [self.service.slot(day, g, None) for g in self.service.config.sizes]
        started = []
        for slot in dict.fromkeys(wanted):
            if slot in self._known or slot in self._making or self._backing_off(slot):
                continue
            if await store.get_daily(*slot) is not None:
                self._known.add(slot)
                continue
            self.request(slot)
            started.append(slot)
        return started

    async def picture(self, daily: DailyPuzzle, view: str = "puzzle") -> bytes:
        """The puzzle (``view="puzzle"``) or its solution (``"solution"``) as PNG, rendered off the loop."""
        key = (daily.id, view)
        png = self._pictures.get(key)
        if png is None:
            from bot.pictures import board_png

            solution = daily.solution if view == "solution" else None
            png = await asyncio.to_thread(board_png, daily.puzzle, solution)
            self._pictures[key] = png
            while len(self._pictures) > 64:
                self._pictures.popitem(last=False)
        return png
