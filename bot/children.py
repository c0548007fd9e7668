"""Our child processes (solver workers, daily generators): they die with the bot and stay within a memory cap.

:func:`guard` is the initializer of every process pool we start. It makes the child follow its
parent: on Linux the kernel sends it SIGKILL when the parent dies (``prctl(PR_SET_PDEATHSIG)``),
and everywhere a daemon thread polls ``os.getppid()`` and exits when the parent is gone. The
multiprocessing resource tracker needs nothing of its own: it exits when the last process holding
its pipe (the bot and its children) is gone. :func:`kill_pool` ends a pool's processes at once.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

T = TypeVar("T")

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
POLL_SECONDS = 0.5  # how often the watchdog thread looks at the parent
ORPHAN_EXIT = 70  # exit status of a child whose parent died


def guard(parent: int, nice: int = 0, memory_bytes: int | None = None) -> None:
    """Pool initializer: die with ``parent``, lower the CPU priority by ``nice``, cap the
    address space at ``memory_bytes`` (None or 0: no cap). Ctrl-C reaches the whole foreground
    process group: the children ignore it and the bot stops them (no child traceback on the
    terminal)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    follow_parent(parent)
    if nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    if memory_bytes:
        cap_memory(memory_bytes)


_taken: Any = None  # this worker's shared "number of the job I took" (set by guard_slot)


def guard_slot(taken: Any, parent: int, nice: int = 0, memory_bytes: int | None = None) -> None:
    """:func:`guard` for a solver slot, plus the shared counter :func:`run_numbered` writes to."""
    global _taken
    _taken = taken
    guard(parent, nice, memory_bytes)


def run_numbered(number: int, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(*args)`` after telling the parent that this worker took job ``number``: when the
    worker dies, the parent knows whether the job had started (a crash) or not (the job waits on)."""
    if _taken is not None:
        _taken.value = number
    return fn(*args)


def follow_parent(parent: int) -> None:
    """Exit when the process ``parent`` dies (kernel signal on Linux, a watchdog thread everywhere)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(ORPHAN_EXIT)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(ORPHAN_EXIT)


def cap_memory(memory_bytes: int) -> None:
    """Limit this process's address space (RLIMIT_AS): an allocation beyond it fails (MemoryError)."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = memory_bytes if hard == resource.RLIM_INFINITY else min(memory_bytes, hard)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def pool_pids(executor: Executor | None) -> list[int]:
    """The process ids of a ProcessPoolExecutor's workers (empty for other executors)."""
    procs = getattr(executor, "_processes", None) or {}
    return [p.pid for p in list(procs.values()) if p.pid is not None]


def kill_pool(executor: Executor | None) -> None:
    """Stop ``executor`` without waiting: queued work is dropped and its processes are killed."""
    if executor is None:
        return
    pids = pool_pids(executor)
    executor.shutdown(wait=False, cancel_futures=True)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, getattr(signal, "SIGKILL", signal.SIGTERM))
