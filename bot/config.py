"""Configuration from the environment and a ``.env`` file, validated once at start.

Every key is documented in ``.env.example``. The environment wins over the file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.pipeline import PipelineLimits

DEFAULT_API_URL = "https://api.telegram.org"
TOKEN_RE = re.compile(r"^\d+:[A-Za-z0-9_-]+$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """One or more settings are wrong; ``str()`` lists each problem on its own line."""


@dataclass(frozen=True)
class BotConfig:
    telegram_token: str | None = None
    telegram_api_url: str = DEFAULT_API_URL
    limits: PipelineLimits = PipelineLimits()
    log_level: str = "INFO"
    database_url: str | None = None  # used by the daily-puzzle extension (bot/storage)
    out_dir: Path = Path("puzzlebot-out")  # the console chat's pictures
    lang: str = "en"  # the console chat's language
    discord_token: str | None = None  # runs the Discord front-end (bot/discord_adapter.py)
    solver_backend: str = "pool"  # "pool" (local processes) or "taskiq" (workers through Redis, bot/scaleout.py)
    redis_url: str | None = None  # the taskiq backend's Redis

    @property
    def api_base_url(self) -> str:
        """PTB's ``base_url``: the token is appended to it."""
        return f"{self.telegram_api_url}/bot"

    @property
    def api_file_url(self) -> str:
        return f"{self.telegram_api_url}/file/bot"

    def redacted(self) -> dict[str, object]:
        """The settings for a log line, without secrets."""
        return {"telegram": bool(self.telegram_token), "api_url": self.telegram_api_url,
                "limits": self.limits, "log_level": self.log_level,
                "database": _strip_password(self.database_url), "out_dir": str(self.out_dir),
                "discord": bool(self.discord_token), "solver_backend": self.solver_backend,
                "redis": _strip_password(self.redis_url)}


def _strip_password(url: str | None) -> str | None:
    return re.sub(r"//([^:/@]+):[^@]*@", r"//\1:***@", url) if url else url


def read_env(env_file: str | os.PathLike[str] | None = ".env",
             environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The ``.env`` file's values overlaid by the environment (missing file: environment only)."""
    from dotenv import dotenv_values

    values: dict[str, str] = {}
    if env_file and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)
    return values


def load_config(env_file: str | os.PathLike[str] | None = ".env",
                environ: Mapping[str, str] | None = None) -> BotConfig:
    """Read and validate the configuration; raises :class:`ConfigError` listing every problem."""
    env = read_env(env_file, environ)
    problems: list[str] = []

    def get(key: str) -> str | None:
        v = env.get(key, "").strip()
        return v or None

    def number(key: str, default: float, lo: float, hi: float, integer: bool = True) -> float:
        raw = get(key)
        if raw is None:
            return default
        try:
            value = int(raw) if integer else float(raw)
        except ValueError:
            problems.append(f"{key}={raw!r} is not {'a whole number' if integer else 'a number'}.")
            return default
        if not lo <= value <= hi:
            problems.append(f"{key}={raw} is out of range ({lo:g} to {hi:g}).")
            return default
        return value

    token = get("TELEGRAM_TOKEN")
    if token is not None and not TOKEN_RE.match(token):
        problems.append("TELEGRAM_TOKEN does not look like a bot token (digits, a colon, then letters; "
                        "get one from @BotFather).")
    api_url = (get("TELEGRAM_API_URL") or DEFAULT_API_URL).rstrip("/")
    if not re.match(r"^https?://[^/\s]+", api_url):
        problems.append(f"TELEGRAM_API_URL={api_url!r} must be an http(s) URL such as {DEFAULT_API_URL}.")
    cpus = os.cpu_count() or 1
    time_limit = number("PUZZLEBOT_TIME_LIMIT", 10.0, 0.5, 600, integer=False)
    hard = get("PUZZLEBOT_HARD_LIMIT")
    limits = PipelineLimits(
        workers=int(number("PUZZLEBOT_POOL_SIZE", max(1, min(cpus, 2)), 1, 256)),
        time_limit=time_limit,
        solver_workers=int(number("PUZZLEBOT_SOLVER_WORKERS", 1, 1, 64)),
        queue_limit=int(number("PUZZLEBOT_QUEUE_LIMIT", 50, 1, 100_000)),
        user_running=int(number("PUZZLEBOT_USER_RUNNING", 1, 1, 1000)),
        user_cap=int(number("PUZZLEBOT_USER_CAP", 3, 1, 10_000)),
        cache_size=int(number("PUZZLEBOT_CACHE_SIZE", 256, 0, 1_000_000)),
        hard_limit=number("PUZZLEBOT_HARD_LIMIT", 0, time_limit, 3600, integer=False) if hard else None,
        worker_nice=int(number("PUZZLEBOT_WORKER_NICE", 5, 0, 19)),
    )
    if limits.user_running > limits.user_cap:
        problems.append("PUZZLEBOT_USER_RUNNING must not exceed PUZZLEBOT_USER_CAP.")
    level = (get("PUZZLEBOT_LOG_LEVEL") or get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        problems.append(f"PUZZLEBOT_LOG_LEVEL={level!r} must be one of {', '.join(LOG_LEVELS)}.")
    lang = (get("PUZZLEBOT_LANG") or "en").lower()
    if lang not in ("en", "ja"):
        problems.append(f"PUZZLEBOT_LANG={lang!r} must be en or ja.")
    discord_token = get("DISCORD_TOKEN")
    if discord_token is not None and (discord_token.count(".") != 2 or any(ch.isspace() for ch in discord_token)):
        problems.append("DISCORD_TOKEN does not look like a Discord bot token (three parts separated by dots; "
                        "Developer Portal → your application → Bot → Reset Token).")
    if token and discord_token:
        problems.append("Set only one of TELEGRAM_TOKEN and DISCORD_TOKEN: run one process per platform "
                        "(with SOLVER_BACKEND=taskiq they share the solver workers).")
    solver_backend = (get("SOLVER_BACKEND") or "pool").lower()
    if solver_backend not in ("pool", "taskiq"):
        problems.append(f"SOLVER_BACKEND={solver_backend!r} must be pool or taskiq.")
    redis_url = get("REDIS_URL") or ("redis://127.0.0.1:6379/0" if solver_backend == "taskiq" else None)
    if redis_url is not None and not re.match(r"^(rediss?|unix)://", redis_url):
        problems.append(f"REDIS_URL={_strip_password(redis_url)!r} must start with redis://, rediss:// or unix://.")
    if problems:
        raise ConfigError("\n".join(problems))
    return BotConfig(telegram_token=token, telegram_api_url=api_url, limits=limits, log_level=level,
                     database_url=get("DATABASE_URL"), out_dir=Path(get("PUZZLEBOT_OUT_DIR") or "puzzlebot-out"),
                     lang=lang, discord_token=discord_token, solver_backend=solver_backend, redis_url=redis_url)
