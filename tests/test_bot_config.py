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

from bot.config import DEFAULT_API_URL, ConfigError, load_config
from bot.logsafe import REDACTED, RedactToken
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


async def test_puzzlebot_run_with_a_token_polls_replies_and_stops(tmp_path: Path) -> None:
    api = FakeBotApi(TOKEN)
    env = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": TOKEN, "TELEGRAM_API_URL": api.url,
           "PUZZLEBOT_POOL_SIZE": "1", "PUZZLEBOT_LOG_LEVEL": "DEBUG", "NO_PROXY": "127.0.0.1,localhost"}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--env-file", str(tmp_path / "none.env")],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        await api.wait_for(lambda c: c.method == "deleteWebhook", timeout=60)  # polling is about to start
        ann = api.user(42, "Ann")
        api.send_text(ann, "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .")
        [photo] = await api.wait_for(lambda c: c.method == "sendPhoto", timeout=60)
        assert photo.text.startswith("Masyu 5×5: unique solution")
        await asyncio.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        _, err = await asyncio.to_thread(proc.communicate, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        api.close()
    assert proc.returncode == 0, err[-2000:]
    assert "getUpdates" in err or "HTTP Request" in err or "Application started" in err  # it did log (DEBUG)
    assert TOKEN not in err and TOKEN.split(":")[1] not in err
