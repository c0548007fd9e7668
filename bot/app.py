"""``puzzlebot run``: load the configuration, build the core, and start Telegram or the console chat."""

from __future__ import annotations

import importlib
import logging
import sys

from bot.config import BotConfig, ConfigError, load_config
from bot.core import Core
from bot.logsafe import setup_logging
from bot.pipeline import PoolBackend, SolverBackend

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("bot.daily",)  # modules with install(core), loaded when present


def build_core(config: BotConfig, backend: SolverBackend | None = None,
               extensions: tuple[str, ...] = EXTENSIONS) -> Core:
    """The core with its pipeline and every available extension installed."""
    core = Core(backend or default_backend(config), config=config)
    for name in extensions:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            log.debug("extension %s not present", name)
            continue
        install = getattr(module, "install", None)
        if install is not None:
            install(core)
            log.info("extension %s installed", name)
    return core


def default_backend(config: BotConfig) -> SolverBackend:
    """The solver pipeline the configuration asks for (SOLVER_BACKEND)."""
    if config.solver_backend == "taskiq":
        from bot.scaleout import TaskiqBackend

        return TaskiqBackend(config.redis_url or "redis://127.0.0.1:6379/0", config.limits)
    return PoolBackend(config.limits)


def run(env_file: str | None = ".env") -> int:
    """Run the bot until stopped; returns the process exit status."""
    try:
        config = load_config(env_file)
    except ConfigError as e:
        print("puzzlebot run: the configuration has problems:\n" + "\n".join(
            f"  - {line}" for line in str(e).splitlines()), file=sys.stderr)
        return 2
    setup_logging(config.log_level, config.telegram_token, config.discord_token)
    if config.discord_token:
        from bot.discord_adapter import run_discord

        log.info("starting the Discord bot: %s", config.redacted())
        return run_discord(config)
    if config.telegram_token:
        from bot.telegram_adapter import run_polling

        log.info("starting the Telegram bot: %s", config.redacted())
        return run_polling(config)
    from bot.console import run_console

    if config.log_level == "INFO":  # keep the console chat readable
        logging.getLogger().setLevel(logging.WARNING)
    return run_console(config)
