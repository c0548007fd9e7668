"""Scheduled jobs on plain asyncio tasks, for platforms without a job queue of their own
(the console chat and Discord; Telegram uses python-telegram-bot's JobQueue)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from bot.chat import JobCallback

log = logging.getLogger(__name__)


class AsyncioJobs:
    """The ``run_repeating`` half of :class:`bot.chat.Platform`.

    The daily posts need no daily timer: a repeating tick compares each subscription's HH:MM with
    the local time in ``DAILY_TIMEZONE`` (:meth:`bot.daily.delivery.DailyDelivery.deliver_due`), so
    they go out at the chat's local time on DST change days too.
    """

    def __init__(self) -> None:
        self._jobs: set[asyncio.Task[Any]] = set()

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
