"""Configuration validation, token-safe logging, and `puzzlebot run` with a token against the fake Bot API."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import DEFAULT_API_URL, BotConfig, ConfigError, load_config, solver_workers_from_env
from bot.logsafe import REDACTED, RedactToken, redact_url
from tests.corpus import REPO
from tests.fake_bot_api import FakeBotApi

TOKEN = "123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ"


def test_defaults_and_env_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(f"TELEGRAM_TOKEN={TOKEN}\nPUZZLEBOT_POOL_SIZE=3\nPUZZLEBOT_TIME_LIMIT=4.5\n")
    cfg = load_config(env, environ={"PUZZLEBOT_POOL_SIZE": "1"})  # the environment wins over the file
    assert cfg.telegram_token == TOKEN and cfg.telegram_api_url == DEFAULT_API_URL
    assert cfg.limits.workers == 1 and cfg.limits.time_limit == 4.5
    assert cfg.api_base_url == "https://api.telegram.org/bot"
    assert TOKEN not in repr(cfg.redacted())
    assert load_config(tmp_path / "missing.env", environ={}).telegram_token is None


def test_every_problem_is_named() -> None:
    with pytest.raises(ConfigError) as e:
        load_config(None, environ={"TELEGRAM_TOKEN": "oops", "TELEGRAM_API_URL": "ftp://x", "PUZZLEBOT_USER_CAP": "-1",
                                   "PUZZLEBOT_TIME_LIMIT": "fast", "PUZZLEBOT_LOG_LEVEL": "LOUD"})
    text = str(e.value)
    for key in ("TELEGRAM_TOKEN", "TELEGRAM_API_URL", "PUZZLEBOT_USER_CAP", "PUZZLEBOT_TIME_LIMIT",
                "PUZZLEBOT_LOG_LEVEL"):
        assert key in text
    assert len(text.splitlines()) == 5 and "oops" not in text


def test_env_file_is_honoured_everywhere_and_nothing_else_is_read(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`puzzlebot run --env-file x.env`: the daily puzzle, the scale-out backend and the solver options all get
    x.env's values; neither ./.env nor $PUZZLEBOT_ENV_FILE is read by anyone."""
    import bot.app
    import bot.runtime
    from bot.daily.chat import DailyChat
    from bot.taskiq_backend import TaskiqBackend

    chosen = tmp_path / "x.env"
    chosen.write_text("DAILY_TIMEZONE=Asia/Tokyo\nDAILY_SEND_TIME=07:30\nSOLVER_BACKEND=taskiq\n"
                      "REDIS_URL=redis://:s3cret@redis-host:6380/2\nPUZZLEBOT_SOLVER_WORKERS=3\n"
                      "DATABASE_URL=sqlite+aiosqlite:///chosen.db\n")
    decoy = "DAILY_TIMEZONE=America/New_York\nREDIS_URL=redis://decoy:1/0\nPUZZLEBOT_SOLVER_WORKERS=7\n" \
            "DAILY_SEND_TIME=23:00\nDATABASE_URL=sqlite+aiosqlite:///decoy.db\n"
    (tmp_path / ".env").write_text(decoy)
    (tmp_path / "decoy.env").write_text(decoy)
    monkeypatch.chdir(tmp_path)
    for key in ("DAILY_TIMEZONE", "DAILY_SEND_TIME", "SOLVER_BACKEND", "REDIS_URL", "PUZZLEBOT_SOLVER_WORKERS",
                "DATABASE_URL", "TELEGRAM_TOKEN", "DISCORD_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("PUZZLEBOT_ENV_FILE", str(tmp_path / "decoy.env"))
    served: list[tuple[object, BotConfig]] = []
    monkeypatch.setattr(bot.app, "adapter", lambda config: lambda core, cfg: served.append((core, cfg)) or 0)
    monkeypatch.setattr(bot.app, "setup_logging", lambda *a: None)
    # main() is the bot process's own entry: its stop watchdog (faulthandler, exit=True) armed in this
    # process ended the whole pytest run with status 1 fifteen seconds later, silently (rev31a)
    monkeypatch.setattr(bot.app, "bound_stop", lambda *a: None)
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)  # (main sets it: restored after the test)

    assert bot.app.main(env_file=str(chosen)) == 0
    assert not bot.runtime._clock.armed
    [(core, cfg)] = served
    assert cfg.platform == "console" and cfg.daily.timezone == "Asia/Tokyo" and cfg.daily.send_time == "07:30"
    daily = next(h.__self__ for h in core.registry.startup if isinstance(getattr(h, "__self__", None), DailyChat))
    assert daily.service.config.timezone == "Asia/Tokyo" and daily.service.config.send_time == "07:30"
    assert daily.service.database_url.endswith("chosen.db")
    assert isinstance(core.backend, TaskiqBackend) and core.backend.redis_url == "redis://:s3cret@redis-host:6380/2"
    assert core.backend.limits.solver_workers == 3

    # the solver options inside the worker process come from those limits, not from the environment
    import solvers.engine
    from bot.worker import solve_job
    from solvers.puzzle import Puzzle

    seen = []
    monkeypatch.setattr(solvers.engine, "solve_puzzle", lambda puzzle, options: seen.append(options) or 1 / 0)
    with pytest.raises(ZeroDivisionError):
        solve_job(Puzzle("masyu", ((2, 0), (0, 1))), 5.0, core.backend.limits.solver_workers)
    assert seen[0].workers == 3 and seen[0].time_limit == 5.0


def test_the_taskiq_worker_reads_its_environment_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import scaleout

    (tmp_path / ".env").write_text("REDIS_URL=redis://decoy:1/0\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PUZZLEBOT_ENV_FILE", str(tmp_path / ".env"))
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6390/3")
    assert "decoy" not in repr(vars(scaleout))  # importing the module reads nothing
    assert scaleout.broker().state.puzzlebot_url == "redis://127.0.0.1:6390/3"  # `taskiq worker ...:broker`
    monkeypatch.setenv("REDIS_URL", "http://nope")
    with pytest.raises(SystemExit, match="REDIS_URL"):
        scaleout.broker()


def test_bad_daily_settings_stop_the_start_with_the_key_named() -> None:
    with pytest.raises(ConfigError) as e:
        load_config(None, environ={"DAILY_TIMEZONE": "Mars/Olympus", "DAILY_SEND_TIME": "noon"})
    assert "DAILY_TIMEZONE" in str(e.value) and "DAILY_SEND_TIME" in str(e.value)
    assert BotConfig().daily.timezone == "UTC"


def test_solver_workers_for_the_command_line() -> None:
    assert solver_workers_from_env({}) is None
    assert solver_workers_from_env({"PUZZLEBOT_SOLVER_WORKERS": "4"}) == 4
    assert solver_workers_from_env({"PUZZLEBOT_SOLVER_WORKERS": "many"}) is None


def test_nothing_under_solvers_reads_the_environment() -> None:
    offenders = [str(path.relative_to(REPO)) for path in (REPO / "solvers").rglob("*.py")
                 if any(word in path.read_text(encoding="utf-8") for word in ("os.environ", "getenv", "dotenv"))]
    assert offenders == []


def test_url_passwords_are_redacted_in_every_form() -> None:
    cases = {
        "redis://:password@host:6379/0": "redis://:***@host:6379/0",
        "postgresql://bot:p@ss@db/puzzlebot": "postgresql://bot:***@db/puzzlebot",
        "postgresql+asyncpg://user:pass@host/puzzlebot": "postgresql+asyncpg://user:***@host/puzzlebot",
        "rediss://u:pw@h": "rediss://u:***@h",
        "redis://127.0.0.1:6379/0": "redis://127.0.0.1:6379/0",
        "sqlite+aiosqlite:///puzzlebot.db": "sqlite+aiosqlite:///puzzlebot.db",
    }
    for url, clean in cases.items():
        assert redact_url(url) == clean
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "connecting to %s", ("redis://:hunter2@r:1/0",), None)
    RedactToken().filter(record)
    assert "hunter2" not in record.getMessage() and "redis://:***@r:1/0" in record.getMessage()


def test_redaction_filter_hides_tokens_in_messages_args_and_tracebacks() -> None:
    f = RedactToken(TOKEN)
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1, 'HTTP Request: POST %s "HTTP/1.1 200 OK"',
                               (f"https://api.telegram.org/bot{TOKEN}/getUpdates",), None)
    assert f.filter(record) and TOKEN not in record.getMessage() and REDACTED in record.getMessage()
    try:
        raise RuntimeError(f"bad url /bot{TOKEN}/x")
    except RuntimeError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    f.filter(record)
    assert TOKEN not in (record.exc_text or "") and "bad url" in (record.exc_text or "")
    other = "987654321:ZZyyXXwwVVuuTTssRRqqPPooNN"  # any token-shaped string, even not the configured one
    record = logging.LogRecord("x", logging.INFO, __file__, 1, other, (), None)
    f.filter(record)
    assert other not in record.getMessage()


@pytest.mark.slow
async def test_puzzlebot_run_with_a_token_polls_replies_and_stops(tmp_path: Path) -> None:
    api = FakeBotApi(TOKEN)
    env = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": api.url,
           "PUZZLEBOT_POOL_SIZE": "1", "PUZZLEBOT_LOG_LEVEL": "DEBUG", "NO_PROXY": "127.0.0.1,localhost"}
    # the log goes to a file: DEBUG lines to a pipe nobody reads until the end fill it (64 KiB) and block
    # the bot mid-reply, which a slow start under load reached (stop 31)
    log_path = tmp_path / "stderr.log"
    with log_path.open("w") as log_file:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                                cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=log_file, text=True)
    try:
        await api.wait_for(lambda c: c.method == "deleteWebhook", timeout=60)  # polling is about to start
        ann = api.user(42, "Ann")
        api.send_text(ann, "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .")
        [photo] = await api.wait_for(lambda c: c.method == "sendPhoto", timeout=60)
        assert photo.text.startswith("Masyu 5×5: unique solution")
        await asyncio.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        await asyncio.to_thread(proc.wait, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        api.close()
    err = log_path.read_text()
    assert proc.returncode == 0, err[-2000:]
    assert "getUpdates" in err or "HTTP Request" in err or "Application started" in err  # it did log (DEBUG)
    assert TOKEN not in err and TOKEN.split(":")[1] not in err


def test_adapters_import_neither_the_app_nor_each_other() -> None:
    import ast

    import bot.app

    adapters = set(bot.app.ADAPTERS.values())
    for module in adapters:
        tree = ast.parse((REPO / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not imported & ((adapters - {module}) | {"bot.app"}), module


def test_run_with_a_missing_env_file_stops_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`puzzlebot run --env-file prod.evn` (a typo) stops with exit 2 naming the path, instead of running
    on defaults; the default `.env` stays optional and `--no-env-file` reads the environment only. A
    directory named there is said to be no file (it was called missing)."""
    import bot.app
    from bot.cli import main

    started: list[str | None] = []
    monkeypatch.setattr(bot.app, "run", lambda env_file=".env": started.append(env_file) or 0)
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "prod.evn"
    assert main(["run", "--env-file", str(missing)]) == 2
    err = capsys.readouterr().err
    assert str(missing) in err and "no such file" in err
    assert started == []
    assert main(["run", "--env-file", str(tmp_path)]) == 2  # a directory is there, but is no file
    err = capsys.readouterr().err
    assert f"{tmp_path}: is not a file" in err and "no such file" not in err
    assert started == []
    assert main(["run"]) == 0 and main(["run", "--no-env-file"]) == 0
    real = tmp_path / "prod.env"
    real.write_text("PUZZLEBOT_LOG_LEVEL=INFO\n")
    assert main(["run", "--env-file", str(real)]) == 0
    assert started == [".env", None, str(real)]
