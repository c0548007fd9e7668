"""The command registry: every command, button handler and text hook the core dispatches to.

Extensions (the daily puzzle) add entries without touching the adapters::

    def install(core):
        reg = core.registry
        reg.add(Command("daily", daily_cmd, "cmd_daily"))     # help text: a code of bot.i18n
        reg.callback("d", on_daily_button)                    # button data "d:..." comes here
        reg.text_hook(on_daily_answer)                        # returns True when it consumed the text
        reg.on_startup(start_scheduler)                       # async fn(core, platform)

A handler is ``async def handler(ctx: Context) -> None``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot import i18n
from bot.chat import Channel, Incoming, MessageRef, Platform, Reply

if TYPE_CHECKING:
    from bot.core import Core


@dataclass
class Context:
    """What a handler gets: the message, its channel, the core, and the user's language."""

    core: Core
    msg: Incoming
    channel: Channel

    @property
    def lang(self) -> str:
        return i18n.lang_of(self.msg.lang)

    @property
    def args(self) -> str:
        return self.msg.args

    def t(self, key: str, **kwargs: Any) -> str:
        """The words of message code ``key`` (see :mod:`bot.i18n`) in the user's language."""
        return i18n.t(self.lang, key, **kwargs)

    async def reply(self, reply: Reply | str) -> MessageRef:
        """Send text (or a full :class:`Reply`) back to the chat; returns the sent message's id."""
        return await self.channel.send(Reply(text=reply) if isinstance(reply, str) else reply)

    async def require_admin(self) -> bool:
        """True in private chats and for group admins; otherwise tells the user and returns False."""
        if not self.msg.is_group or await self.channel.is_admin():
            return True
        await self.reply(self.t("admins_only"))
        return False


Handler = Callable[[Context], Awaitable[None]]
TextHook = Callable[[Context], Awaitable[bool]]
LifecycleHook = Callable[["Core", Platform], Awaitable[None]]


@dataclass
class Command:
    """``/name``: ``handler`` runs it; ``help_key`` is the message code of its one-line help.

    ``help_args`` fill the help text's placeholders (a callable value gets the
    reader's language and returns the words); a platform whose chats lack what the help speaks of
    (the console has no replies) gets ``<help_key>_<platform>`` where the catalogue has one (an
    empty one leaves the command out of that platform's help);
    ``menu`` puts it in the platform's command menu;
    ``takes_board`` tells the console chat that a board may follow on the next lines.
    """

    name: str
    handler: Handler
    help_key: str
    help_args: dict[str, Any] = field(default_factory=dict)
    menu: bool = True
    takes_board: bool = False

    def help(self, lang: str, platform: str | None = None) -> str:
        args = {k: v(lang) if callable(v) else v for k, v in self.help_args.items()}
        return i18n.t(lang, i18n.for_platform(self.help_key, platform), **args)


class Registry:
    """Commands by name, button handlers by data prefix, text hooks and lifecycle hooks."""

    def __init__(self) -> None:
        self.commands: dict[str, Command] = {}
        self.callbacks: dict[str, Handler] = {}
        self.text_hooks: list[TextHook] = []
        self.startup: list[LifecycleHook] = []
        self.shutdown: list[LifecycleHook] = []

    def add(self, command: Command) -> Command:
        self.commands[command.name.lower()] = command
        return command

    def command(self, name: str, help_key: str, **kw: Any) -> Callable[[Handler], Handler]:
        """Decorator form of :meth:`add`."""

        def deco(fn: Handler) -> Handler:
            self.add(Command(name, fn, help_key, **kw))
            return fn

        return deco

    def callback(self, prefix: str, handler: Handler) -> None:
        """Button presses whose data is ``prefix`` or starts with ``prefix + ":"`` go to ``handler``."""
        if ":" in prefix:
            raise ValueError("callback prefixes must not contain ':'")
        self.callbacks[prefix] = handler

    def text_hook(self, hook: TextHook) -> None:
        """Offer every non-command text (and document) to ``hook`` before board solving; in groups
        hooks also see replies to the bot. A hook returns True when it handled the message."""
        self.text_hooks.append(hook)

    def on_startup(self, hook: LifecycleHook) -> None:
        self.startup.append(hook)

    def on_shutdown(self, hook: LifecycleHook) -> None:
        self.shutdown.append(hook)

    def find_callback(self, data: str) -> Handler | None:
        return self.callbacks.get(data.split(":", 1)[0])

    def menu(self) -> list[Command]:
        return [c for c in self.commands.values() if c.menu]
