"""Scheduled jobs on plain asyncio tasks, for platforms without a job queue of their own
(the console chat and Discord; Telegram uses python-telegram-bot's JobQueue)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Coroutine
from typing import Any

from bot.chat import JobCallback

log = logging.getLogger(__name__)


class AsyncioJobs:
    """The ``run_daily`` / ``run_repeating`` half of :class:`bot.chat.Platform`."""

    def __init__(self) -> None:
        self._jobs: set[asyncio.Task[Any]] = set()

    def run_daily(self, callback: JobCallback, time: dt.time, name: str) -> None:
        async def loop() -> None:
            while True:
                now = dt.datetime.now(time.tzinfo or dt.UTC)
                at = now.replace(hour=time.hour, minute=time.minute, second=time.second, microsecond=0)
                if at <= now:
                    at += dt.timedelta(days=1)
                await asyncio.sleep((at - now).total_seconds())
                await self._job(callback, name)

        self._keep(loop())

    def run_repeating(self, callback: JobCallback, interval: float, first: float, name: str) -> None:
        async def loop() -> None:
            await asyncio.sleep(first)
            while True:
                await self._job(callback, name)
                await asyncio.sleep(interval)

        self._keep(loop())

    def cancel_jobs(self) -> None:
        for task in list(self._jobs):
            task.cancel()

    async def _job(self, callback: JobCallback, name: str) -> None:
        try:
            await callback()
        except Exception:  # one failed run must not end the schedule
            log.exception("job %s failed", name)

    def _keep(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)
