"""The one start/stop order of a running bot, shared by every adapter.

Start: the solver backend (:meth:`Runtime.open`), then the core's startup hooks on the platform
once it can send (:meth:`Runtime.start`). Stop, in reverse: the core's shutdown hooks, the
platform's scheduled jobs, the backend. Each step runs at most once, so an adapter may call
:meth:`Runtime.stop` from several exit paths.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import logging
import math
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.scheduling import AsyncioJobs

if TYPE_CHECKING:
    from bot.chat import Platform
    from bot.core import Core

log = logging.getLogger(__name__)

# Seconds a stopping ``puzzlebot run`` may take, from SIGTERM or the end of its input until the process is
# gone, before it writes every thread's stack to stderr and ends with status 1. A clean stop took 1.5-8.4 s
# at load 12 (stop 31, 25 runs of the Telegram SIGTERM drill); deploy/'s unit sends SIGKILL after 20 s.
STOP_GRACE = 15.0
# Seconds after that a SIGALRM (default action: the process ends) ends a stop that hangs after the interpreter
# itself is gone, where faulthandler's timer no longer runs: at 11:48 on stop 31 a `puzzlebot run` hung for 85
# minutes in C's exit handlers, OpenBLAS joining its own idle thread (gdb: gotoblas_quit -> blas_thread_shutdown_).
HARD_AFTER = 5


@dataclass
class _StopClock:
    """This process's stop bound: ``grace`` seconds once set by the entry point, and whether it runs."""

    grace: float | None = None  # set by the process's entry point (bot.app.main) only
    armed: bool = False


_clock = _StopClock()


def bound_stop(seconds: float | None = None) -> None:
    """This process's stop, from its first step to the process's end, takes at most ``seconds``
    (see :func:`arm_stop`). Only the ``puzzlebot run`` process calls it: in-process users get no watchdog."""
    _clock.grace = STOP_GRACE if seconds is None else seconds
    _clock.armed = False


def arm_stop() -> None:
    """The stop began: start its clock, once, if :func:`bound_stop` was called. A stop that hangs on a
    thread or child that never ends still ends the process, and its stderr shows where it hung."""
    grace = _clock.grace
    if grace is None or _clock.armed or sys.__stderr__ is None:
        return
    with contextlib.suppress(ValueError, OSError, RuntimeError):  # stderr closed or not a real file
        faulthandler.dump_traceback_later(grace, exit=True, file=sys.__stderr__)
        _clock.armed = True
    if hasattr(signal, "alarm"):  # nothing here handles SIGALRM: its default action ends the process
        signal.alarm(math.ceil(grace) + HARD_AFTER)


class Runtime:
    """Starts and stops one :class:`~bot.core.Core` and its backend in the one right order."""

    def __init__(self, core: Core) -> None:
        self.core = core
        self.platform: Platform | None = None
        self._opened = False
        self._started = False
        self._stopped = False

    @property
    def started(self) -> bool:
        return self._started

    async def open(self) -> None:
        """Start the solver backend (before the platform takes messages)."""
        if not self._opened and not self._stopped:
            self._opened = True
            await self.core.backend.start()

    async def start(self, platform: Platform) -> None:
        """The platform can send: open the backend if needed, then run the core's startup hooks."""
        await self.open()
        if not self._started and not self._stopped:
            self._started, self.platform = True, platform
            await self.core.start(platform)

    async def interrupt(self, grace: float = 3.0) -> None:
        """SIGTERM: the backend stops taking boards and answers every waiting or running one (the
        asker is told the bot is restarting); returns once those answers are out, or after ``grace`` s."""
        backend = self.core.backend
        abort = getattr(backend, "abort", None)
        if abort is None or self._stopped:
            return
        arm_stop()
        log.info("stopping: %s boards waiting or running are answered 'restarting'", getattr(backend, "pending", "?"))
        abort()
        loop = asyncio.get_running_loop()
        end = loop.time() + grace
        while getattr(backend, "pending", 0) and loop.time() < end:
            await asyncio.sleep(0.02)
        await asyncio.sleep(min(0.2, max(0.0, end - loop.time())))  # the replies themselves go out

    async def stop(self) -> None:
        """Shutdown hooks, then the platform's jobs, then the backend; safe to call more than once."""
        if self._stopped:
            return
        self._stopped = True
        arm_stop()
        if self._started:
            try:
                await self.core.stop()
            except Exception:
                log.exception("the core did not stop cleanly")
        if isinstance(self.platform, AsyncioJobs):
            self.platform.cancel_jobs()
        if self._opened:
            try:
                await self.core.backend.close()
            except Exception:
                log.exception("the solver backend did not close cleanly")


@contextlib.contextmanager
def on_signals(stop: Callable[[], object], *signals: int) -> Iterator[None]:
    """Call ``stop`` on SIGTERM/SIGINT (or ``signals``) inside the running loop; handlers removed on exit."""
    loop = asyncio.get_running_loop()
    wanted = signals or (signal.SIGTERM, signal.SIGINT)
    added = []
    for sig in wanted:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread / Windows
            loop.add_signal_handler(sig, stop)
            added.append(sig)
    try:
        yield
    finally:
        for sig in added:
            loop.remove_signal_handler(sig)
