"""``puzzlebot run``: the one place that wires settings → core → adapter.

:func:`main` loads and validates the settings once (:func:`bot.config.load_config`), sets up
secret-safe logging, builds the core once (solver backend, extensions), and hands it to the
adapter the settings ask for. Every adapter exposes ``serve(core, config) -> int`` and starts and
stops the core through :class:`bot.runtime.Runtime`; no adapter imports this module or another adapter.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import threading
from collections.abc import Callable

from bot.config import BotConfig, ConfigError, load_config
from bot.core import Core
from bot.logsafe import secrets_of, setup_logging
from bot.pipeline import SolverBackend
from bot.pool import PoolBackend
from bot.runtime import arm_stop, bound_stop

log = logging.getLogger(__name__)

# modules with install(core), loaded when present (bot.web after bot.daily: it plays the daily puzzle)
EXTENSIONS: tuple[str, ...] = ("bot.daily", "bot.web", "bot.observability")
ADAPTERS: dict[str, str] = {  # platform -> module with serve(core, config) -> int
    "telegram": "bot.telegram_adapter",
    "discord": "bot.discord_adapter",
    "console": "bot.console",
}

Serve = Callable[[Core, BotConfig], int]


def build_core(config: BotConfig, backend: SolverBackend | None = None,
               extensions: tuple[str, ...] = EXTENSIONS) -> Core:
    """The core with its pipeline and every available extension installed (each reads its
    settings from ``config``: ``core.config``)."""
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
        from bot.config import DEFAULT_REDIS_URL
        from bot.taskiq_backend import TaskiqBackend

        return TaskiqBackend(config.redis_url or DEFAULT_REDIS_URL, config.limits)
    return PoolBackend(config.limits)


def adapter(config: BotConfig) -> Serve:
    """The ``serve`` function of the platform ``config`` runs (imported only when chosen)."""
    serve: Serve = importlib.import_module(ADAPTERS[config.platform]).serve
    return serve


def one_blas_thread() -> None:
    """OpenBLAS (numpy's linear algebra) uses one thread in this process, unless the operator chose otherwise.

    With a pool of OpenBLAS threads, C's exit handlers can deadlock joining an idle one (stop 31: a
    ``puzzlebot run`` hung 85 minutes after "Bye.", gdb: gotoblas_quit -> blas_thread_shutdown_); one
    thread means no pool to join. The idle threads also spin: on the 2-core host the glyph models' warm-up
    (one SVD) took 1.3 s of CPU threaded against 0.07 s on one thread, and at load 12 (stop 31) a bot still
    in it when told to stop took 7-8 s to exit instead of 2-4, `echo /quit | puzzlebot run` 38-45 s
    instead of 24-25.
    The solver workers are processes of their own and inherit this. Must run before numpy is imported.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(env_file: str | None = ".env") -> int:
    """Run the bot until stopped; returns the process exit status (2: the settings are wrong)."""
    one_blas_thread()
    try:
        config = load_config(env_file)
    except ConfigError as e:
        print("puzzlebot run: the configuration has problems:\n" + "\n".join(
            f"  - {line}" for line in str(e).splitlines()), file=sys.stderr)
        return 2
    setup_logging(config.log_level, *secrets_of(config))
    if config.platform == "console" and config.log_level == "INFO":  # keep the console chat readable
        logging.getLogger().setLevel(logging.WARNING)
    serve = adapter(config)
    from vision.glyphs import warm

    threading.Thread(target=warm, name="vision-warm", daemon=True).start()  # while the platform connects
    log.info("starting the %s bot: %s", config.platform, config.redacted())
    bound_stop()
    status = serve(build_core(config), config)
    arm_stop()  # the interpreter's own exit (joining threads and children) is bounded too
    return status


run = main  # ``bot.cli`` calls ``run(env_file=...)``
