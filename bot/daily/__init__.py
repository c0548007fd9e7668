"""The daily puzzle that whole groups play together (issue 6, second half).

``install(core)`` adds /daily, /solution, /hint, /stats, /answer, /subscribe and /unsubscribe,
answers given as replies to the daily post, the daily buttons and the scheduled tick to the
core's registry. State lives in :mod:`bot.storage` (``DATABASE_URL``); settings are the
``DAILY_*`` keys (see :class:`~bot.daily.slots.DailyConfig`), read by :func:`bot.config.load_config`
and taken from ``core.config.daily``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.daily.chat import DailyChat
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from bot.core import Core
    from bot.daily.making import Maker

log = logging.getLogger(__name__)

def install(core: Core, *, config: DailyConfig | None = None, database_url: str | None = None,
            maker: Maker | None = None, executor: Executor | None = None) -> DailyChat:
    """Add the daily puzzle to ``core``; returns its :class:`DailyChat` (tests reach the service there)."""
    if config is None:  # the DAILY_* settings, read and validated with the rest (bot.config.load_config)
        config = core.config.daily if core.config is not None else DailyConfig()
    url = database_url or (core.config.database_url if core.config is not None else None)
    kw = {"maker": maker} if maker is not None else {}
    chat = DailyChat(DailyService(url, config, executor=executor, **kw))
    chat.install(core)
    core.daily = chat  # type: ignore[attr-defined]  # the web player (bot/web) answers through it
    return chat


__all__ = ["DailyChat", "DailyConfig", "DailyService", "install"]
