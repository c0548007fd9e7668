"""Discord front-end (discord.py 2.x): messages, slash commands and buttons in, :class:`~bot.chat.Reply` out.

All behaviour lives in :class:`~bot.core.Core`; this module only translates: the handlers, the
client and the connection here, a message read as the core's ``Incoming`` in
:mod:`bot.discord_incoming`, a ``Reply`` sent in :mod:`bot.discord_replies`.

Inputs:
- every command in ``core.registry`` as a prefix command (``!solve <board>`` or ``/solve <board>`` typed
  as text, also after a mention), the board on the following lines, as an attachment, or in the message
  the command replies to;
- the same commands as slash commands (``/solve board:<puzz.link URL> file:<.txt>``; a board command
  without either opens a form with a multi-line box, since a slash option holds one line only);
- a board in a DM, or in a server channel when it mentions the bot or replies to the bot; ``.txt``
  attachments; button presses (``custom_id`` = the core's callback data, handled statelessly, so
  buttons keep working after a restart).

Reading message text in servers needs the privileged Message Content intent; without it the bot
still answers slash commands, mentions, replies to itself and DMs (see :func:`connect`).
Server channels are groups (spoiler pictures by default), DMs are private chats; "admin" means the
Manage Server permission.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket

from bot import attachments, i18n
from bot.chat import Incoming, Reply
from bot.commands import Command
from bot.config import BotConfig
from bot.core import Core
from bot.discord_incoming import (
    can_manage,
    incoming_from_message,
    is_image_attachment,
    is_text_attachment,
    read_attachment,
)
from bot.discord_replies import DiscordChannel, DiscordPlatform
from bot.runtime import Runtime, on_signals

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 100  # characters in a slash command's description
MODAL_LIMIT = 4000  # characters in a paragraph text input
USER_MESSAGES = (discord.MessageType.default, discord.MessageType.reply)  # not joins, pins, ...


# ---------------------------------------------------------------------- the handlers
class BoardForm(discord.ui.Modal):
    """A multi-line box for a board, opened by a board slash command given no board."""

    board: discord.ui.TextInput[BoardForm] = discord.ui.TextInput(
        label="Board", style=discord.TextStyle.paragraph, max_length=MODAL_LIMIT,
        placeholder="B . . . B\n. . . . .")

    def __init__(self, front: DiscordFrontEnd, command: str) -> None:
        super().__init__(title=f"/{command}"[:45], timeout=600)
        self.front, self.command = front, command

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.front.run_slash(interaction, self.command, self.board.value)


class DiscordFrontEnd:
    """Turns Discord events into core calls. ``bot_id`` is the bot's user id (known after login)."""

    def __init__(self, core: Core, bot_id: int = 0) -> None:
        self.core = core
        self.bot_id = bot_id

    # -- plain messages and prefix commands
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.webhook_id is not None or message.type not in USER_MESSAGES:
            return
        incoming = incoming_from_message(message, self.bot_id, self.core.registry.commands)
        wanted = not incoming.is_group or incoming.command is not None or incoming.mentions_bot or incoming.reply_to_bot
        if not wanted:  # like Telegram's privacy mode: other server chatter is not the bot's business
            return
        channel = DiscordChannel(message.channel, is_group=incoming.is_group, reference=message,
                                 admin=can_manage(message.author, message.channel))
        source = self._text_attachment(message)
        picture = next((a for a in message.attachments if is_image_attachment(a)), None)
        if source is None and picture is not None and incoming.command is None:
            data = await attachments.fetch_image(picture.size, picture.read, self.core.image_limit, incoming.lang)
            await self.core.handle_picture(incoming, channel, data)
            return
        if (source is None and incoming.command is None and incoming.addressed and not incoming.text.strip()
                and (message.attachments or message.stickers)):  # a sticker or a file that is no board
            await channel.send(Reply(i18n.t(incoming.lang, "not_a_board")))
            return
        from_reply = False
        if source is None and incoming.command is not None and message.reference is not None:
            ref = message.reference.resolved
            source = self._text_attachment(ref) if isinstance(ref, discord.Message) else None
            from_reply = source is not None
        if source is not None:
            content = await read_attachment(source, incoming.lang)
            if isinstance(content, Reply):
                await channel.send(content)
                return
            if from_reply:
                incoming.reply_to_text = content
            else:
                incoming.document_text, incoming.document_name = content, source.filename
        await self.core.handle(incoming, channel)

    @staticmethod
    def _text_attachment(message: discord.Message) -> discord.Attachment | None:
        return next((a for a in message.attachments if is_text_attachment(a)), None)

    # -- buttons
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.component or not interaction.data:
            return
        data = str(interaction.data.get("custom_id", ""))
        if not data or self.core.registry.find_callback(data) is None:
            return
        with contextlib.suppress(discord.HTTPException):  # acknowledge, and drop the answered buttons
            await interaction.response.edit_message(view=None)
        is_group = interaction.guild is not None
        incoming = Incoming(
            platform="discord", chat_id=interaction.channel_id or 0, user_id=interaction.user.id,
            is_group=is_group, lang=i18n.lang_of(str(interaction.locale)),
            user_name=interaction.user.display_name, callback_data=data, extra={"interaction": interaction},
        )
        channel = DiscordChannel(interaction.channel, is_group=is_group,  # type: ignore[arg-type]
                                 admin=bool(interaction.permissions.manage_guild), reference=interaction.message)
        await self.core.handle(incoming, channel)

    # -- slash commands
    async def run_slash(self, interaction: discord.Interaction, command: str, text: str,
                        file: discord.Attachment | None = None) -> None:
        """A slash command (or the board form it opened): defer, then answer through follow-ups."""
        await interaction.response.defer(thinking=True)
        is_group = interaction.guild is not None
        channel = DiscordChannel(interaction.channel, is_group=is_group, interaction=interaction,  # type: ignore
                                 admin=bool(interaction.permissions.manage_guild))
        lang = i18n.lang_of(str(interaction.locale))
        incoming = Incoming(
            platform="discord", chat_id=interaction.channel_id or 0, user_id=interaction.user.id,
            text=f"/{command} {text}".strip(), command=command, args=text.strip(), is_group=is_group,
            lang=lang, user_name=interaction.user.display_name, extra={"interaction": interaction},
        )
        if file is not None:
            content = await read_attachment(file, lang)
            if isinstance(content, Reply):
                await channel.send(content)
                return
            incoming.document_text, incoming.document_name = content, file.filename
        await self.core.handle(incoming, channel)

    def slash_command(self, cmd: Command) -> app_commands.Command[Any, Any, None]:
        """The registry command ``cmd`` as an application command."""
        description = cmd.help("en")[:DESCRIPTION_LIMIT] or cmd.name
        front = self

        if cmd.takes_board:
            async def board_callback(interaction: discord.Interaction, board: str | None = None,
                                     file: discord.Attachment | None = None) -> None:
                if not (board or "").strip() and file is None:
                    await interaction.response.send_modal(BoardForm(front, cmd.name))
                    return
                await front.run_slash(interaction, cmd.name, board or "", file)

            board_slash: app_commands.Command[Any, Any, None] = app_commands.Command(
                name=cmd.name, description=description, callback=board_callback)
            app_commands.describe(board="a one-line board or a puzz.link URL (leave empty for a multi-line box)",
                                  file="a .txt file holding the board")(board_slash)
            return board_slash

        async def text_callback(interaction: discord.Interaction, text: str | None = None) -> None:
            await front.run_slash(interaction, cmd.name, text or "")

        slash: app_commands.Command[Any, Any, None] = app_commands.Command(
            name=cmd.name, description=description, callback=text_callback)
        app_commands.describe(text="options, as after the command in a message")(slash)
        return slash

    def add_slash_commands(self, tree: app_commands.CommandTree[Any]) -> None:
        for cmd in self.core.registry.menu():
            tree.add_command(self.slash_command(cmd), override=True)


# ---------------------------------------------------------------------- the client
class PuzzleClient(discord.Client):
    """The Discord client: wires events to :class:`DiscordFrontEnd`, and starts ``runtime`` once connected.

    The runtime (the solver backend and the core's jobs) outlives a client that fails to connect,
    so :func:`serve` can retry with another client on the same core.
    """

    def __init__(self, core: Core, *, runtime: Runtime | None = None, message_content: bool = True,
                 sync_commands: bool = True) -> None:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # a text bot: no voice warnings
        intents = discord.Intents.default()
        intents.message_content = message_content
        super().__init__(intents=intents)
        self.core = core
        self.runtime = runtime or Runtime(core)
        self.front = DiscordFrontEnd(core)
        self.tree = app_commands.CommandTree(self)
        self.platform = DiscordPlatform(self)
        self.sync_commands = sync_commands
        self._close_task: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        await self.runtime.open()
        self.front.add_slash_commands(self.tree)
        if self.sync_commands:
            await self._sync_if_changed()

    async def _sync_if_changed(self) -> None:
        """Publish the slash commands only when they differ from Discord's copy (syncs are rate-limited)."""
        try:
            remote = {(c.name, c.description) for c in await self.tree.fetch_commands()}
            local = {(c.name, getattr(c, "description", "")) for c in self.tree.get_commands()}
            if remote != local:
                await self.tree.sync()
                log.info("slash commands published: %s", ", ".join(sorted(n for n, _ in local)))
        except discord.HTTPException as e:
            log.warning("could not publish slash commands: %s", e)

    async def on_ready(self) -> None:
        assert self.user is not None
        self.front.bot_id = self.user.id
        log.info("connected to Discord as %s (id %s) in %d server(s)", self.user, self.user.id, len(self.guilds))
        await self.runtime.start(self.platform)  # once: later on_ready calls are reconnections

    async def on_message(self, message: discord.Message) -> None:
        await self.front.on_message(message)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.front.on_interaction(interaction)

    def request_close(self) -> None:
        """Close from a signal handler (schedules :meth:`close` on the loop)."""
        self._close_task = asyncio.ensure_future(self.close())

    async def close(self) -> None:
        if self.runtime.platform is self.platform:  # this client runs the core: stop it before disconnecting
            await self.runtime.interrupt()  # waiting boards are answered 'restarting', solves aborted
            await self.runtime.stop()
        await super().close()


@contextlib.contextmanager
def endpoints(api_url: str | None = None, gateway_url: str | None = None) -> Iterator[None]:
    """Point discord.py at another Discord (``DISCORD_API_URL``, ``DISCORD_GATEWAY_URL``: a fake one
    in tests, a proxy) while the block runs; None keeps discord.py's own.

    discord.py 2 has no per-client setting for either, so the two class attributes it reads are set
    (and put back after): every REST request, webhooks and interaction callbacks included, is built on
    ``discord.http.Route.BASE`` (the attribute discord.py itself rewrites to change the API version),
    and ``Client.connect`` opens the gateway at ``DiscordWebSocket.DEFAULT_GATEWAY`` (again after an
    invalidated session; resumes go to READY's ``resume_gateway_url``). Overriding ``connect`` or
    ``get_bot_gateway`` instead would mean copying discord.py's reconnect loop. Attachment downloads
    need nothing: they use the absolute URL Discord sends with each attachment.
    """
    saved = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    if api_url:
        discord.http.Route.BASE = api_url.rstrip("/")
    if gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


async def connect(core: Core, token: str, *, api_url: str | None = None, gateway_url: str | None = None) -> int:
    """Connect to the gateway (at ``gateway_url``, REST at ``api_url``: see :func:`endpoints`) until
    SIGTERM / SIGINT or a fatal error; returns the exit status.

    Without the Message Content intent, retries once with it switched off (same core, same runtime).
    """
    runtime = Runtime(core)
    message_content = True
    try:
        with endpoints(api_url, gateway_url):
            while True:
                client = PuzzleClient(core, runtime=runtime, message_content=message_content)
                try:
                    async with client:
                        with on_signals(client.request_close):
                            await client.start(token)
                    return 0
                except discord.LoginFailure:
                    log.error("Discord rejected DISCORD_TOKEN: copy the bot token again from the Developer Portal "
                              "(Applications → your app → Bot → Reset Token).")
                    return 2
                except discord.PrivilegedIntentsRequired:
                    if not message_content:
                        raise
                    log.warning("the Message Content intent is not enabled for this bot (Developer Portal → Bot → "
                                "Privileged Gateway Intents). Continuing with slash commands, mentions, replies to "
                                "the bot and DMs only; !commands typed in server channels will not be seen.")
                    message_content = False
                except (aiohttp.ClientError, OSError) as e:
                    log.error("cannot reach Discord (%s): check the network connection and try again.", e)
                    return 1
    finally:
        await runtime.stop()


def serve(core: Core, config: BotConfig) -> int:
    """``puzzlebot run`` with DISCORD_TOKEN: the Discord bot until Ctrl-C / SIGTERM; returns the exit status."""
    if not config.discord_token:
        raise ValueError("the Discord adapter needs a DISCORD_TOKEN")
    try:
        return asyncio.run(connect(core, config.discord_token, api_url=config.discord_api_url,
                                   gateway_url=config.discord_gateway_url))
    except KeyboardInterrupt:
        return 130
