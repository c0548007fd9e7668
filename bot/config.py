"""The bot's settings: read once from the environment and one dotenv file, validated once, passed down.

:func:`load_config` is the only place that reads settings (``puzzlebot run`` calls it with
``--env-file``); everything else gets the :class:`BotConfig` it returns: the pipeline its
:class:`~bot.pipeline.PipelineLimits` (the solver's options among them), the daily puzzle its
:class:`~bot.daily.slots.DailyConfig`, the scale-out backend its Redis URL. Every key is
documented in ``.env.example``. The environment wins over the file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from bot.logsafe import redact_url
from bot.pipeline import PipelineLimits

if TYPE_CHECKING:
    from bot.daily.slots import DailyConfig

DEFAULT_API_URL = "https://api.telegram.org"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
TOKEN_RE = re.compile(r"^\d+:[A-Za-z0-9_-]+$")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LANGS = ("en", "ja")
BACKENDS = ("pool", "taskiq")
SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")  # Telegram's rule for a webhook secret token


class ConfigError(Exception):
    """One or more settings are wrong; ``str()`` lists each problem on its own line."""


def _daily_defaults() -> DailyConfig:
    from bot.daily.slots import DailyConfig

    return DailyConfig()


@dataclass(frozen=True)
class BotConfig:
    """Every setting of one bot process (see ``.env.example`` for the keys)."""

    telegram_token: str | None = None
    telegram_api_url: str = DEFAULT_API_URL
    limits: PipelineLimits = PipelineLimits()
    log_level: str = "INFO"
    database_url: str | None = None  # used by the daily-puzzle extension (bot/storage)
    out_dir: Path = Path("puzzlebot-out")  # the console chat's pictures
    lang: str = "en"  # the console chat's language
    discord_token: str | None = None  # runs the Discord front-end (bot/discord_adapter.py)
    discord_api_url: str | None = None  # DISCORD_API_URL: another REST base (tests, proxies); None = discord.py's
    discord_gateway_url: str | None = None  # DISCORD_GATEWAY_URL: another gateway; None = discord.py's
    solver_backend: str = "pool"  # "pool" (local processes) or "taskiq" (workers through Redis, bot/taskiq_backend.py)
    redis_url: str | None = None  # the taskiq backend's Redis
    daily: DailyConfig = field(default_factory=_daily_defaults)  # the DAILY_* keys
    webhook: WebhookConfig | None = None  # TELEGRAM_WEBHOOK_*: set = webhook mode instead of polling
    metrics_port: int | None = None  # PUZZLEBOT_METRICS_PORT: serve /healthz and /metrics
    metrics_listen: str = "127.0.0.1"  # PUZZLEBOT_METRICS_LISTEN
    image_max_bytes: int = 20_000_000  # PUZZLEBOT_IMAGE_MAX_BYTES: pictures of boards larger than this are refused
    web: WebConfig | None = None  # PUZZLEBOT_WEB_*: the web player (bot/web); None = not served

    @property
    def api_base_url(self) -> str:
        """PTB's ``base_url``: the token is appended to it."""
        return f"{self.telegram_api_url}/bot"

    @property
    def api_file_url(self) -> str:
        return f"{self.telegram_api_url}/file/bot"

    @property
    def platform(self) -> str:
        """The front-end this configuration runs: "discord", "telegram" or "console"."""
        return "discord" if self.discord_token else "telegram" if self.telegram_token else "console"

    def redacted(self) -> dict[str, object]:
        """The settings for a log line, without secrets."""
        return {"telegram": bool(self.telegram_token), "api_url": self.telegram_api_url,
                "limits": self.limits, "log_level": self.log_level,
                "database": redact_url(self.database_url), "out_dir": str(self.out_dir),
                "discord": bool(self.discord_token), "discord_api_url": redact_url(self.discord_api_url),
                "discord_gateway_url": redact_url(self.discord_gateway_url), "solver_backend": self.solver_backend,
                "redis": redact_url(self.redis_url), "daily": self.daily,
                "webhook": self.webhook.redacted() if self.webhook else None,
                "metrics": f"{self.metrics_listen}:{self.metrics_port}" if self.metrics_port else None,
                "web": self.web}


@dataclass(frozen=True)
class WebConfig:
    """The web player (bot/web): served on ``listen:port``, reached by players at ``url``."""

    url: str  # PUZZLEBOT_WEB_URL: the public base URL (no trailing slash); default http://127.0.0.1:<port>
    listen: str = "127.0.0.1"  # PUZZLEBOT_WEB_LISTEN
    port: int = 8088  # PUZZLEBOT_WEB_PORT
    app: str | None = None  # PUZZLEBOT_WEB_APP: "<bot username>/<Mini App short name>" for t.me links in groups


@dataclass(frozen=True)
class WebhookConfig:
    """Telegram webhook mode: PTB's own server listens on ``listen:port`` at the path of ``url``."""

    url: str  # the public URL Telegram posts to (TELEGRAM_WEBHOOK_URL)
    secret: str = field(repr=False)  # TELEGRAM_WEBHOOK_SECRET: Telegram sends it in X-Telegram-Bot-Api-Secret-Token
    listen: str = "0.0.0.0"
    port: int = 8443

    @property
    def path(self) -> str:
        """The path the local server answers on (the public URL's path, without the leading slash)."""
        from urllib.parse import urlsplit

        return urlsplit(self.url).path.lstrip("/")

    def redacted(self) -> dict[str, object]:
        from urllib.parse import urlsplit

        parts = urlsplit(self.url)
        return {"host": parts.hostname, "listen": f"{self.listen}:{self.port}", "secret": "<set>"}


def read_env(env_file: str | os.PathLike[str] | None,
             environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env_file``'s values overlaid by the environment (no file, or a missing one: the environment only)."""
    from dotenv import dotenv_values

    values: dict[str, str] = {}
    if env_file and Path(env_file).is_file():
        values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
    values.update(os.environ if environ is None else environ)
    return values


class _Reader:
    """Typed reads of one settings mapping, collecting every problem instead of stopping at the first."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = env
        self.problems: list[str] = []

    def get(self, key: str) -> str | None:
        v = self.env.get(key, "").strip()
        return v or None

    def number(self, key: str, default: float, lo: float, hi: float, integer: bool = True) -> float:
        raw = self.get(key)
        if raw is None:
            return default
        try:
            value = int(raw) if integer else float(raw)
        except ValueError:
            self.problems.append(f"{key}={raw!r} is not {'a whole number' if integer else 'a number'}.")
            return default
        if not lo <= value <= hi:
            self.problems.append(f"{key}={raw} is out of range ({lo:g} to {hi:g}).")
            return default
        return value

    def whole(self, key: str, default: int, lo: int, hi: int) -> int:
        return int(self.number(key, default, lo, hi))

    def choice(self, key: str, default: str, allowed: tuple[str, ...], norm: Callable[[str], str] = str.lower) -> str:
        value = norm(self.get(key) or default)
        if value not in allowed:
            self.problems.append(f"{key}={value!r} must be {' or '.join(allowed)}."
                                 if len(allowed) == 2 else f"{key}={value!r} must be one of {', '.join(allowed)}.")
        return value


def _limits(r: _Reader) -> PipelineLimits:
    cpus = os.cpu_count() or 1
    time_limit = r.number("PUZZLEBOT_TIME_LIMIT", 10.0, 0.5, 600, integer=False)
    hard = None
    if r.get("PUZZLEBOT_HARD_LIMIT"):
        hard = r.number("PUZZLEBOT_HARD_LIMIT", 0, 0.5, 3600, integer=False) or None
        if hard is not None and hard <= time_limit:  # the watchdog must never beat the solver's own limit
            r.problems.append(f"PUZZLEBOT_HARD_LIMIT={hard:g} must be above PUZZLEBOT_TIME_LIMIT={time_limit:g} "
                              "(a hard board should get its 'not decided' answer, not be killed).")
            hard = None
    limits = PipelineLimits(
        workers=r.whole("PUZZLEBOT_POOL_SIZE", max(1, min(cpus, 2)), 1, 256),
        time_limit=time_limit,
        solver_workers=r.whole("PUZZLEBOT_SOLVER_WORKERS", 0, 0, 64),  # 0: share the cores (threads_for)
        queue_limit=r.whole("PUZZLEBOT_QUEUE_LIMIT", 50, 1, 100_000),
        user_running=r.whole("PUZZLEBOT_USER_RUNNING", 1, 1, 1000),
        user_cap=r.whole("PUZZLEBOT_USER_CAP", 3, 1, 10_000),
        cache_size=r.whole("PUZZLEBOT_CACHE_SIZE", 256, 0, 1_000_000),
        hard_limit=hard,
        worker_nice=r.whole("PUZZLEBOT_WORKER_NICE", 5, 0, 19),
        memory_mb=r.whole("PUZZLEBOT_WORKER_MEMORY_MB", 2048, 0, 1_048_576),
    )
    if 0 < limits.memory_mb < 512:
        r.problems.append(f"PUZZLEBOT_WORKER_MEMORY_MB={limits.memory_mb} is too small for a solver worker "
                          "(at least 512, or 0 for no cap).")
    if limits.user_running > limits.user_cap:
        r.problems.append("PUZZLEBOT_USER_RUNNING must not exceed PUZZLEBOT_USER_CAP.")
    return limits


def _tokens(r: _Reader) -> tuple[str | None, str | None]:
    token = r.get("TELEGRAM_TOKEN")
    if token is not None and not TOKEN_RE.match(token):
        r.problems.append("TELEGRAM_TOKEN does not look like a bot token (digits, a colon, then letters; "
                          "get one from @BotFather).")
    discord_token = r.get("DISCORD_TOKEN")
    if discord_token is not None and (discord_token.count(".") != 2 or any(ch.isspace() for ch in discord_token)):
        r.problems.append("DISCORD_TOKEN does not look like a Discord bot token (three parts separated by dots; "
                          "Developer Portal → your application → Bot → Reset Token).")
    if token and discord_token:
        r.problems.append("Set only one of TELEGRAM_TOKEN and DISCORD_TOKEN: run one process per platform "
                          "(with SOLVER_BACKEND=taskiq they share the solver workers).")
    return token, discord_token


def _discord_urls(r: _Reader) -> tuple[str | None, str | None]:
    """DISCORD_API_URL and DISCORD_GATEWAY_URL: another Discord (a fake one in tests, a proxy)."""
    api_url = r.get("DISCORD_API_URL")
    if api_url is not None:
        api_url = api_url.rstrip("/")
        if not re.match(r"^https?://[^/\s]+\S*$", api_url):
            r.problems.append(f"DISCORD_API_URL={api_url!r} must be an http(s) URL such as https://discord.com/api/v10.")
    gateway_url = r.get("DISCORD_GATEWAY_URL")
    if gateway_url is not None and not re.match(r"^wss?://[^/\s]+\S*$", gateway_url):
        r.problems.append(f"DISCORD_GATEWAY_URL={gateway_url!r} must be a ws(s) URL such as wss://gateway.discord.gg/.")
    return api_url, gateway_url


def _redis_url(r: _Reader, backend: str) -> str | None:
    url = r.get("REDIS_URL") or (DEFAULT_REDIS_URL if backend == "taskiq" else None)
    if url is not None and not re.match(r"^(rediss?|unix)://", url):
        r.problems.append(f"REDIS_URL={redact_url(url)!r} must start with redis://, rediss:// or unix://.")
    return url


def _webhook(r: _Reader, token: str | None) -> WebhookConfig | None:
    url = r.get("TELEGRAM_WEBHOOK_URL")
    if url is None:
        return None
    if not re.match(r"^https?://[^/\s]+(/\S*)?$", url):
        r.problems.append("TELEGRAM_WEBHOOK_URL must be the public http(s) URL Telegram posts updates to, "
                          "e.g. https://bot.example.org/telegram.")
    if token is None:
        r.problems.append("TELEGRAM_WEBHOOK_URL is set but TELEGRAM_TOKEN is not: webhook mode needs the bot token.")
    secret = r.get("TELEGRAM_WEBHOOK_SECRET")
    if secret is None:
        r.problems.append("TELEGRAM_WEBHOOK_SECRET is required in webhook mode (1-256 characters A-Z, a-z, 0-9, _ "
                          "and -; e.g. the output of `openssl rand -hex 32`).")
    elif not SECRET_RE.match(secret):
        r.problems.append("TELEGRAM_WEBHOOK_SECRET may hold only 1-256 characters A-Z, a-z, 0-9, _ and -.")
    listen = r.get("TELEGRAM_WEBHOOK_LISTEN") or "0.0.0.0"
    port = r.whole("TELEGRAM_WEBHOOK_PORT", 8443, 1, 65535)
    return WebhookConfig(url=url, secret=secret or "", listen=listen, port=port)


def _web(r: _Reader, telegram: bool) -> WebConfig | None:
    url, port_text = r.get("PUZZLEBOT_WEB_URL"), r.get("PUZZLEBOT_WEB_PORT")
    if url is None and port_text is None:
        return None
    port = r.whole("PUZZLEBOT_WEB_PORT", 8088, 1, 65535)
    url = (url or f"http://127.0.0.1:{port}").rstrip("/")
    if not re.match(r"^https?://[^/\s?#]+(/[^\s?#]*)?$", url):
        r.problems.append("PUZZLEBOT_WEB_URL must be the public http(s) base URL of the web player, "
                          "e.g. https://bot.example.org/play (Telegram opens Mini Apps only over https).")
    elif telegram and not url.startswith("https://"):
        r.problems.append("PUZZLEBOT_WEB_URL must be an https URL for Telegram: it refuses Mini App buttons "
                          "to http pages (put a TLS proxy in front of PUZZLEBOT_WEB_PORT).")
    app = r.get("PUZZLEBOT_WEB_APP")
    if app is not None and not re.match(r"^[A-Za-z0-9_]{3,64}/[A-Za-z0-9_]{3,64}$", app):
        r.problems.append("PUZZLEBOT_WEB_APP must be '<bot username>/<Mini App short name>' as set with @BotFather.")
    return WebConfig(url=url, listen=r.get("PUZZLEBOT_WEB_LISTEN") or "127.0.0.1", port=port, app=app)


def _daily(env: Mapping[str, str], r: _Reader) -> DailyConfig:
    from bot.daily.slots import read_config

    daily, problems = read_config(env)
    r.problems.extend(problems)
    return daily


def load_config(env_file: str | os.PathLike[str] | None = None,
                environ: Mapping[str, str] | None = None) -> BotConfig:
    """Read and validate every setting from ``environ`` (default: the process environment) over
    ``env_file`` (None: no file); raises :class:`ConfigError` listing every problem."""
    env = read_env(env_file, environ)
    r = _Reader(env)
    token, discord_token = _tokens(r)
    discord_api_url, discord_gateway_url = _discord_urls(r)
    api_url = (r.get("TELEGRAM_API_URL") or DEFAULT_API_URL).rstrip("/")
    if not re.match(r"^https?://[^/\s]+", api_url):
        r.problems.append(f"TELEGRAM_API_URL={api_url!r} must be an http(s) URL such as {DEFAULT_API_URL}.")
    limits = _limits(r)
    level = (r.get("PUZZLEBOT_LOG_LEVEL") or r.get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS:
        r.problems.append(f"PUZZLEBOT_LOG_LEVEL={level!r} must be one of {', '.join(LOG_LEVELS)}.")
    lang = r.choice("PUZZLEBOT_LANG", "en", LANGS)
    backend = r.choice("SOLVER_BACKEND", "pool", BACKENDS)
    redis_url = _redis_url(r, backend)
    daily = _daily(env, r)
    webhook = _webhook(r, token)
    metrics_port = r.whole("PUZZLEBOT_METRICS_PORT", 0, 1, 65535) if r.get("PUZZLEBOT_METRICS_PORT") else None
    metrics_listen = r.get("PUZZLEBOT_METRICS_LISTEN") or "127.0.0.1"
    image_max_bytes = r.whole("PUZZLEBOT_IMAGE_MAX_BYTES", 20_000_000, 10_000, 200_000_000)
    web = _web(r, bool(token))
    if r.problems:
        raise ConfigError("\n".join(r.problems))
    return BotConfig(telegram_token=token, telegram_api_url=api_url, limits=limits, log_level=level,
                     database_url=r.get("DATABASE_URL"), out_dir=Path(r.get("PUZZLEBOT_OUT_DIR") or "puzzlebot-out"),
                     lang=lang, discord_token=discord_token, discord_api_url=discord_api_url,
                     discord_gateway_url=discord_gateway_url, solver_backend=backend, redis_url=redis_url,
                     daily=daily, webhook=webhook, metrics_port=metrics_port or None,
                     metrics_listen=metrics_listen, image_max_bytes=image_max_bytes, web=web)


def solver_workers_from_env(environ: Mapping[str, str] | None = None) -> int | None:
    """``PUZZLEBOT_SOLVER_WORKERS`` for the command-line tools: None when unset or not a number from 1 to 64
    (the tool's own default then applies, as before)."""
    r = _Reader(os.environ if environ is None else environ)
    if r.get("PUZZLEBOT_SOLVER_WORKERS") is None:
        return None
    workers = r.whole("PUZZLEBOT_SOLVER_WORKERS", 0, 1, 64)
    return None if r.problems else workers
