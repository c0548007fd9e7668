"""A stopping ``puzzlebot run`` always ends: a thread that never finishes does not keep the process
alive past :data:`bot.runtime.STOP_GRACE`, and stderr then shows every thread's stack (where it hung)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.corpus import REPO

# A `puzzlebot run` whose process holds a thread that never ends (what an unclosed database
# connection's worker thread or a stuck child join does at exit), with the stop bounded to 3 s.
HUNG = """
import threading, time
import bot.runtime
bot.runtime.STOP_GRACE = 3.0
threading.Thread(target=time.sleep, args=(3600,), name="never-ends").start()
from bot.cli import main
raise SystemExit(main(["run", "--no-env-file"]))
"""


@pytest.mark.slow
def test_a_stop_that_hangs_still_ends_the_process_and_shows_where(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": "", "DISCORD_TOKEN": "",
           "PUZZLEBOT_POOL_SIZE": "1"}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", HUNG], input="/quit\n", capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=120)
    assert time.monotonic() - start < 100  # the never-ending thread did not keep it alive
    assert proc.returncode == 1, proc.stderr[-2000:]
    assert "Bye." in proc.stdout  # the chat itself ended normally first
    assert "Thread 0x" in proc.stderr and "in run" in proc.stderr  # every thread's stack, the sleeper's too
    assert "Traceback" not in proc.stdout


# The same, with faulthandler's timer out of the way (as after the interpreter has finalized, where an
# OpenBLAS exit handler once hung for 85 minutes): the SIGALRM armed beside it ends the process.
HUNG_PAST_FAULTHANDLER = HUNG.replace("import bot.runtime\n", "import bot.runtime, faulthandler\n"
                                      "faulthandler.dump_traceback_later = lambda *a, **k: None\n"
                                      "bot.runtime.HARD_AFTER = 1\n")


@pytest.mark.slow
def test_a_stop_that_hangs_past_faulthandler_is_ended_by_the_alarm(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": "", "DISCORD_TOKEN": "",
           "PUZZLEBOT_POOL_SIZE": "1"}
    assert "HARD_AFTER = 1" in HUNG_PAST_FAULTHANDLER
    proc = subprocess.run([sys.executable, "-c", HUNG_PAST_FAULTHANDLER], input="/quit\n", capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=120)
    assert proc.returncode == -signal.SIGALRM, proc.stderr[-2000:]
    assert "Bye." in proc.stdout


def test_the_in_process_runtime_arms_no_watchdog() -> None:
    """Tests and embedders that drive a Runtime in their own process are never ended by it."""
    import bot.runtime

    assert bot.runtime._clock.grace is None
    bot.runtime.arm_stop()
    assert not bot.runtime._clock.armed


def test_the_bot_process_runs_openblas_on_one_thread_unless_the_operator_chose(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenBLAS's spinning threads slowed the bot's start and stop several-fold on a busy 2-core host."""
    import bot.app

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    bot.app.one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    bot.app.one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"
