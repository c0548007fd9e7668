"""No secret in any log line (issue 9 item 7): every URL form of a password, bot tokens of both
platforms, in messages, arguments, exception and stack text, and in the real log of a bot start."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.logsafe import REDACTED, RedactToken, install, redact_url, secrets_of
from tests.fake_bot_api import FakeBotApi, replies_to

REPO = Path(__file__).resolve().parents[1]

# (url, the secret in it, what must stay readable)
URLS = [
    ("redis://:password@host", "password", "redis://:***@host"),
    ("redis://:password@host:6379/0", "password", "redis://:***@host:6379/0"),
    ("redis://user:pw-1234@h", "pw-1234", "redis://user:***@h"),
    ("rediss://default:s3cret@cache.example.com:6380/2?ssl_cert_reqs=none", "s3cret", "@cache.example.com:6380/2"),
    ("redis://s3cret-only@host:6379", "s3cret-only", "redis://***@host:6379"),  # a password in the user's place
    ("postgresql://bot:p@ss@db", "p@ss", "postgresql://bot:***@db"),
    ("postgresql://bot:p@ss@db/puzzlebot", "p@ss", "postgresql://bot:***@db/puzzlebot"),
    ("postgresql+asyncpg://user:pass@host/puzzlebot", "pass@", "postgresql+asyncpg://user:***@host/puzzlebot"),
    ("postgresql+asyncpg://bot:c0l:on@db:5432/p?sslmode=require", "c0l:on", "@db:5432/p?sslmode=require"),
    ("postgresql://bot:sl/ash@db:5432/p", "sl/ash", "postgresql://bot:***@db:5432/p"),
    ("postgresql://bot:qu?ery@db/p", "qu?ery", "postgresql://bot:***@db/p"),
    ("postgresql://bot:p%40ss%2Fw@db/p", "p%40ss%2Fw", "postgresql://bot:***@db/p"),  # percent-encoded
    ("postgresql://bot:pw-1234@[::1]:5432/p", "pw-1234", "@[::1]:5432/p"),
    ("postgresql://db/p?user=bot&password=hunter22", "hunter22", "postgresql://db/p?user=bot&password=***"),
    ("host=db user=bot password=hunter22 dbname=p", "hunter22", "host=db user=bot password=*** dbname=p"),
    ("amqp://guest:gu%40est@rabbit:5672/vhost?heartbeat=30", "gu%40est", "@rabbit:5672/vhost?heartbeat=30"),
    ("amqps://guest:guest-pw@rabbit", "guest-pw", "amqps://guest:***@rabbit"),
    ("mysql+aiomysql://root:r00t!pw@127.0.0.1:3306/db", "r00t!pw", "@127.0.0.1:3306/db"),
]
SAFE = ["redis://127.0.0.1:6379/0", "sqlite+aiosqlite:///puzzlebot.db", "https://puzz.link/p?mashu/6/6/003600200i00",
        "see https://example.com/a@b", "user@example.com"]
TELEGRAM = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
DISCORD = "MTA1NjQ3MjkyNzE5MjM4NzU1NA.GxYz12.abcdefghijklmnopqrstuvwxyz0123456"
TOKENS = [TELEGRAM, "987654321:ZZyyXXwwVVuuTTssRRqqPPooNN", DISCORD,
          "OTk4ODc3NjY1NTQ0MzMyMjExMA.Gabcde.0123456789abcdefghijklmnopqrstuvwxyzAB"]


def logged(*args: object, exc: BaseException | None = None, secrets: tuple[str, ...] = (),
           stack: bool = False) -> str:
    """What a root handler with the filter writes for ``log.error(*args)``."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RedactToken(*secrets))
    log = logging.getLogger("test.logsafe")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.error(*args, exc_info=exc, stack_info=stack)  # type: ignore[arg-type]
    finally:
        log.removeHandler(handler)
        log.propagate = True
    return out.getvalue()


@pytest.mark.parametrize(("url", "secret", "kept"), URLS, ids=[u for u, _, _ in URLS])
def test_no_url_password_in_any_form(url: str, secret: str, kept: str) -> None:
    clean = redact_url(url) or ""
    assert secret not in clean and kept in clean, clean
    for text in (logged("connecting to %s", url), logged(f"settings: {{'database': {url!r}, 'x': 1}}"),
                 logged("failed", exc=RuntimeError(f"cannot connect to {url}: refused"))):
        assert secret not in text and "***" in text, text


@pytest.mark.parametrize("url", SAFE)
def test_urls_without_a_password_are_left_alone(url: str) -> None:
    assert redact_url(url) == url


@pytest.mark.parametrize("token", TOKENS)
def test_no_bot_token_in_messages_args_exceptions_or_stacks(token: str) -> None:
    quoted = token.replace(":", "%3A")
    for text in (logged("HTTP Request: POST %s", f"https://api.telegram.org/bot{token}/getMe"),
                 logged(f"token is {token}"), logged("url /bot%s/x", quoted),
                 logged("boom", exc=ValueError(f"Improper token {token!r}")),
                 logged("where %s", {"token": token}, stack=True)):
        assert token not in text and quoted not in text and REDACTED in text, text


def test_configured_secrets_are_hidden_whatever_their_shape() -> None:
    from bot.config import BotConfig, WebhookConfig

    cfg = BotConfig(telegram_token=TELEGRAM, database_url="postgresql://bot:Long%2Fpassword@db/p",
                    redis_url="redis://:another-long-one@r:6379/0",
                    webhook=WebhookConfig(url="https://bot.example.com/hook", secret="webhook_secret_123"))
    secrets = secrets_of(cfg)
    assert {TELEGRAM, "webhook_secret_123", "Long/password", "another-long-one"} <= set(secrets)
    text = logged("asyncpg says: password Long/password rejected; header webhook_secret_123",
                  secrets=tuple(secrets))
    assert "Long/password" not in text and "webhook_secret_123" not in text


def test_install_puts_one_filter_on_every_root_handler() -> None:
    root = logging.getLogger()
    extra = logging.StreamHandler(io.StringIO())
    root.addHandler(extra)
    try:
        install("first-secret-value")
        install("second-secret-value")
        filters = [f for f in extra.filters if isinstance(f, RedactToken)]
        assert len(filters) == 1 and {"first-secret-value", "second-secret-value"} <= set(filters[0].secrets)
    finally:
        root.removeHandler(extra)


@pytest.mark.slow
async def test_a_bot_start_with_secrets_in_the_config_logs_none_of_them(tmp_path: Path) -> None:
    """``puzzlebot run`` at DEBUG with a token, a database URL whose password holds '@' and '/'
    (the daily extension cannot reach it and says so) and a Redis password: the whole log is clean."""
    api = FakeBotApi()
    db_password, redis_password = "p@ss/w0rd", "r3dis"
    env_file = tmp_path / "prod.env"
    env_file.write_text(
        f"TELEGRAM_TOKEN={api.token}\nTELEGRAM_API_URL={api.url}\nPUZZLEBOT_POOL_SIZE=1\n"
        f"PUZZLEBOT_LOG_LEVEL=DEBUG\nDATABASE_URL=postgresql+asyncpg://bot:{db_password}@127.0.0.1:9/puzzlebot\n"
        f"REDIS_URL=redis://:{redis_password}@127.0.0.1:9/0\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DISCORD_", "DATABASE_", "REDIS_"))}
    env.update(PYTHONPATH=str(REPO), NO_PROXY="127.0.0.1,localhost")
    log_path = tmp_path / "stderr.log"  # a file, not a pipe: DEBUG lines would fill an unread pipe and block the bot
    with log_path.open("w") as log_file:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--env-file", str(env_file)], cwd=tmp_path,
                                env=env, stdout=subprocess.PIPE, stderr=log_file, text=True)
    try:
        await api.wait_for(lambda c: c.method == "deleteWebhook", timeout=60)
        ann = api.user(42, "Ann")
        api.send_text(ann, "/start")
        await api.wait_for(replies_to(ann.id), timeout=30)
        api.send_text(ann, "/daily")  # the database is unreachable: the daily extension logs why
        await api.wait_for(replies_to(ann.id), count=2, timeout=30)
        proc.send_signal(signal.SIGTERM)
        out, _ = await asyncio.to_thread(proc.communicate, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        api.close()
    log = out + log_path.read_text()
    assert "starting the telegram bot" in log and "DEBUG" in log  # the log is there...
    assert "127.0.0.1:9" in log  # ...and names the database it could not reach
    for secret in (api.token, api.token.split(":")[1], db_password, "ss/w0rd", redis_password):
        assert secret not in log, [line for line in log.splitlines() if secret in line][:3]
