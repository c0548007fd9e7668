"""The web player (issue 22): the daily puzzle played by touch, inside Telegram as a Mini App.

``install(core)`` (an extension, after ``bot.daily``) serves :class:`~bot.web.server.PlayerServer`
on ``PUZZLEBOT_WEB_LISTEN:PUZZLEBOT_WEB_PORT`` from the bot's start to its stop and gives every
daily post its "Play" button (:func:`play_links`). Settings: :class:`bot.config.WebConfig`.
"""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from aiohttp import web

from bot.chat import Link
from bot.i18n import t
from bot.web.auth import token_key
from bot.web.server import PlayerServer, puzzle_name

if TYPE_CHECKING:
    from bot.chat import Incoming, Platform
    from bot.config import WebConfig
    from bot.core import Core
    from bot.daily.chat import DailyChat, PostTarget
    from bot.storage import DailyPuzzle
    from solvers.puzzle import Puzzle
    from solvers.solution import Solution

log = logging.getLogger(__name__)


class WebPlayer:
    """The running player of one bot process: its server and the links it hands out."""

    def __init__(self, daily: DailyChat, config: WebConfig, *, bot_token: str | None, secret: str | None) -> None:
        self.config = config
        self.server = PlayerServer(daily, token_key(secret or secrets.token_hex(32)), bot_token)
        self._runner: web.AppRunner | None = None
        self.port = config.port

    @property
    def url(self) -> str:
        """The base URL players open (the configured one; with port 0, the port actually bound)."""
        if self.config.port == 0 and self.config.url.startswith("http://127.0.0.1"):
            return f"http://127.0.0.1:{self.port}"
        return self.config.url

    def links(self, daily: DailyPuzzle, target: PostTarget, lang: str) -> tuple[Link, ...]:
        """The "Play" button of a daily post: a Mini App in a Telegram private chat; in a Telegram
        group a link carrying the group (signed); elsewhere a signed per-user link in a private chat
        only (none in a group, where :meth:`personal_links` go to the asker privately)."""
        platform, chat_id, is_group, user_id, user_name = target
        name = puzzle_name(daily)
        label = t(lang, "web_play")
        if platform == "telegram" and not is_group:
            return (Link(label, f"{self.url}/play?{urlencode({'puzzle': name, 'lang': lang})}", web_app=True),)
        if platform == "telegram":
            token = self.server.token({"z": name, "p": "telegram", "c": str(chat_id)})
            if self.config.app:
                return (Link(label, f"https://t.me/{self.config.app}?startapp={token}"),)
            return (Link(label, f"{self.url}/play?{urlencode({'puzzle': name, 'chat': token, 'lang': lang})}"),)
        if user_id is None or is_group:  # a link naming its player is not shown to the whole channel
            return ()
        return self.personal_links(daily, target, lang)

    def personal_links(self, daily: DailyPuzzle, target: PostTarget, lang: str) -> tuple[Link, ...]:
        """A link with a signed, expiring token naming the player, the chat and the puzzle (Discord, the
        console); the daily chat sends it privately when asked for in a group. Telegram needs none."""
        platform, chat_id, is_group, user_id, user_name = target
        if platform == "telegram" or user_id is None:
            return ()
        name = puzzle_name(daily)
        token = self.server.token({"z": name, "p": platform, "u": str(user_id), "n": user_name,
                                   "c": str(chat_id), "g": int(bool(is_group)), "l": lang})
        return (Link(t(lang, "web_play"), f"{self.url}/play?{urlencode({'puzzle': name, 't': token})}"),)

    def board_links(self, puzzle: Puzzle[Any], solution: Solution, msg: Incoming, lang: str) -> tuple[Link, ...]:
        """"Play it" under a solved board: the board without its solution, judged on the page only."""
        url = f"{self.url}/play?{urlencode({'puzzle': self.server.remember(puzzle, solution), 'lang': lang})}"
        return (Link(t(lang, "web_play_it"), url, web_app=msg.platform == "telegram" and not msg.is_group),)

    async def start(self) -> None:
        self._runner = web.AppRunner(self.server.app(), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.config.listen, self.config.port)
        await site.start()
        if self.config.port == 0:  # an ephemeral port (tests): report the real one
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("web player on http://%s:%d/play, reached at %s", self.config.listen, self.port, self.url)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def install(core: Core) -> WebPlayer | None:
    """Serve the player while the bot runs, when ``PUZZLEBOT_WEB_URL`` / ``_PORT`` are set and the
    daily puzzle is installed; returns the :class:`WebPlayer` (None: not served)."""
    config = core.config
    daily: DailyChat | None = getattr(core, "daily", None)
    if config is None or config.web is None or daily is None:
        return None
    player = WebPlayer(daily, config.web, bot_token=config.telegram_token,
                       secret=config.telegram_token or config.discord_token)
    daily.play_links = player.links
    daily.personal_links = player.personal_links
    core.board_links = player.board_links

    async def on_start(core: Core, platform: Platform) -> None:
        await player.start()

    async def on_stop(core: Core, platform: Platform | None) -> None:
        await player.stop()

    core.registry.on_startup(on_start)
    core.registry.on_shutdown(on_stop)
    core.web = player  # type: ignore[attr-defined]
    return player


__all__ = ["WebPlayer", "install"]
