"""Helpers of the process fault drills (tests/test_faults_process.py, bench/faults_process.py).

A real bot runs as a subprocess (``python -m bot.cli run``) in the console chat or against the fake
Bot API; the process table is read from ``/proc``. Boards that keep a worker busy: 60x60 Numberlink
with hundreds of random pairs (the model alone takes seconds to build).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROC = Path("/proc")


def slow_board(pairs: int = 300, seed: int = 1, size: int = 60) -> str:
    """A ``size`` x ``size`` Numberlink board with ``pairs`` random pairs, as text (slow to solve)."""
    rng = random.Random(seed)
    cells = [["."] * size for _ in range(size)]
    free = [(r, c) for r in range(size) for c in range(size)]
    rng.shuffle(free)
    for k in range(1, pairs + 1):
        for _ in range(2):
            r, c = free.pop()
            cells[r][c] = str(k)
    return "numberlink\n" + "\n".join(" ".join(row) for row in cells)


def slow_puzzle(pairs: int = 300, seed: int = 1, size: int = 60):  # noqa: ANN201 - a solvers.puzzle.Puzzle
    from solvers.reading import read_board

    return read_board(slow_board(pairs, seed, size), "numberlink")


# ---------------------------------------------------------------------- the process table
def has_proc() -> bool:
    return PROC.is_dir() and (PROC / "self" / "stat").exists()


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of ``pid``, or None when it is gone."""
    try:
        raw = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    rest = raw[raw.rindex(")") + 2:].split()
    return rest[0], int(rest[1])


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not count)."""
    st = _stat(pid)
    return st is not None and st[0] not in ("Z", "X")


def descendants(pid: int) -> list[int]:
    """Every living process below ``pid`` (children, grandchildren, ...)."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            st = _stat(int(entry.name))
            if st is not None and st[0] not in ("Z", "X"):
                children.setdefault(st[1], []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cmdline(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return ""


def kinds(pids: list[int]) -> dict[str, int]:
    """How many of ``pids`` are pool workers and resource trackers."""
    out = {"worker": 0, "tracker": 0, "other": 0}
    for pid in pids:
        line = cmdline(pid)
        kind = "tracker" if "resource_tracker" in line else "worker" if "spawn_main" in line else "other"
        out[kind] += 1
    return out


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) ``pid`` has used so far; 0.0 when it is gone."""
    try:
        raw = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return 0.0
    rest = raw[raw.rindex(")") + 2:].split()  # fields from the 3rd on: utime and stime are the 14th and 15th
    return (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK")


READY = re.compile(r"solver worker \d+ ready \(pid (\d+)\)")  # bot.pool's INFO line, after the warm-up


def woke(pid: int, idle: float) -> bool:
    """Whether ``pid``, at ``idle`` CPU seconds while it waited, has run since: a warmed-up solver
    process waits on its job pipe using no CPU at all, so any CPU means it took a board."""
    return cpu_seconds(pid) > idle


def solving(read_log: Callable[[], str], workers: int = 1, timeout: float = 60.0) -> int | None:
    """Wait until ``workers`` solver workers have logged they are ready (``read_log``: the bot's
    log so far, at INFO; the console chat's at DEBUG) and one of them has since taken a board
    (:func:`woke`). Returns its pid; None after ``timeout`` (a hang bound)."""
    end = time.monotonic() + timeout
    pids = [int(p) for p in READY.findall(read_log())]
    while len(pids) < workers:
        if time.monotonic() > end:
            return None
        time.sleep(0.05)
        pids = [int(p) for p in READY.findall(read_log())]
    idle = {p: cpu_seconds(p) for p in pids}
    while time.monotonic() < end:
        busy = [p for p in pids if woke(p, idle[p])]
        if busy:
            return busy[0]
        time.sleep(0.05)
    return None


def wait_until(pred: Callable[[], bool], timeout: float, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(step)
    return pred()


def survivors(pids: list[int], within: float) -> list[int]:
    """The processes of ``pids`` still alive after ``within`` seconds (empty as soon as all are gone)."""
    wait_until(lambda: not any(alive(p) for p in pids), within)
    return [p for p in pids if alive(p)]


# ---------------------------------------------------------------------- a bot as a subprocess
def bot_env(tmp: Path, **settings: str) -> dict[str, str]:
    """The environment of a bot subprocess: no token (console) unless given, files under ``tmp``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "PUZZLEBOT_", "DAILY_"))}
    env.update({"PUZZLEBOT_OUT_DIR": str(tmp / "out"), "DATABASE_URL": f"sqlite:///{tmp / 'bot.db'}",
                "PUZZLEBOT_LOG_LEVEL": "INFO", "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"})
    env.update(settings)
    return env


@contextmanager
def running_bot(tmp: Path, **settings: str) -> Iterator[subprocess.Popen[str]]:
    """``puzzlebot run`` in a subprocess (stdin a pipe kept open); killed with its children at the end."""
    log = open(tmp / "bot.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                            cwd=tmp, env=bot_env(tmp, **settings), stdin=subprocess.PIPE, stdout=log,
                            stderr=subprocess.STDOUT, text=True)
    _logs[proc.pid] = tmp / "bot.log"
    try:
        yield proc
    finally:
        left = descendants(proc.pid) if proc.poll() is None else []
        for pid in [proc.pid, *left]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait(10)
        log.close()


def workers_up(proc: subprocess.Popen[str], workers: int, timeout: float = 60.0) -> list[int]:
    """Wait until the bot has ``workers`` pool workers (and its resource tracker); returns all its descendants."""
    ok = wait_until(lambda: kinds(descendants(proc.pid))["worker"] >= workers or proc.poll() is not None,
                    timeout, 0.2)
    assert ok and proc.poll() is None, f"the bot did not start its workers: {log_of(proc)}"
    return descendants(proc.pid)


_logs: dict[int, Path] = {}  # each bot's log, by its pid (its command line names no file of its folder)


def log_of(proc: subprocess.Popen[str]) -> str:
    path = _logs[proc.pid]
    return path.read_text() if path.exists() else ""


# ---------------------------------------------------------------------- workers that fail to start
def flaky_warm_up(nice: int = 0) -> int:
    """A worker start that fails while the file ``$PUZZLEBOT_TEST_FAIL_START`` exists (then: the real one)."""
    from bot.worker import warm_up

    flag = os.environ.get("PUZZLEBOT_TEST_FAIL_START")
    if flag and Path(flag).exists():
        raise RuntimeError("this worker start fails (test)")
    return warm_up(nice)


# ---------------------------------------------------------------------- a daily generator that takes long
def sleepy_maker(genre: str, rows: int, cols: int, difficulty: object, seed: int) -> object:
    """A daily maker that never finishes in a test's time (the generator pool stays busy)."""
    time.sleep(60)
    raise RuntimeError("the sleepy maker woke up")


def slow_warm_up(nice: int = 0) -> int:
    """A worker start that takes longer than any test waits (a loaded host importing the solver)."""
    time.sleep(60)
    return os.getpid()
