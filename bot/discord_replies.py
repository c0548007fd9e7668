"""Replies to Discord (:class:`~bot.chat.Reply` out): long text split to Discord's 2,000 characters,
the picture and the buttons on the last part, each message sent with retries; the channel a
reply goes to (:class:`DiscordChannel`) and sending on the bot's own initiative
(:class:`DiscordPlatform`)."""

from __future__ import annotations

import contextlib
import functools
import io
import logging
from typing import Any

import aiohttp
import discord

from bot import attachments, sending
from bot.chat import ChatId, MessageRef, Reply
from bot.scheduling import AsyncioJobs

log = logging.getLogger(__name__)

TEXT_LIMIT = 2000  # characters in one Discord message
NO_MENTIONS = discord.AllowedMentions.none()
VIEW_TIMEOUT = 900.0  # seconds a sent View stays in discord.py's store (presses keep working after it)


def make_view(reply: Reply) -> discord.ui.View | None:
    """Buttons for ``reply.choices`` (each ``custom_id`` is the core's callback data), then the
    ``reply.links`` as link buttons (the web player) on a row of their own."""
    if not reply.choices and not reply.links:
        return None
    view = discord.ui.View(timeout=VIEW_TIMEOUT)
    for row_index, row in enumerate(reply.choices[:4]):
        for choice in row[:5]:
            view.add_item(discord.ui.Button(label=choice.label[:80], custom_id=choice.data, row=row_index,
                                            style=discord.ButtonStyle.primary))
    for link in reply.links[:5]:
        view.add_item(discord.ui.Button(label=link.label[:80], url=link.url, row=min(len(reply.choices), 4),
                                        style=discord.ButtonStyle.link))
    return view


def make_file(reply: Reply) -> discord.File | None:
    """The picture as an upload; ``spoiler`` makes discord.py name it ``SPOILER_<filename>``."""
    if reply.image is None:
        return None
    return discord.File(io.BytesIO(reply.image), filename=reply.filename, spoiler=reply.spoiler)


async def send_reply(send: Any, reply: Reply, **first_kwargs: Any) -> MessageRef:
    """Send ``reply`` through ``send`` (``Messageable.send`` or ``Webhook.send``): long text is split,
    the picture and the buttons go with the last part. ``first_kwargs`` (e.g. ``reference``) go with
    the first message only. Returns the last message's id.

    Each message goes through :func:`bot.sending.retrying`: a connection that could not be made
    is tried again with back-off, a rate limit discord.py gives up on is waited out; a request
    that may have been posted is not sent again.
    """
    parts = attachments.split_text(reply.text, TEXT_LIMIT)
    sent = None
    for i, part in enumerate(parts):
        last = i == len(parts) - 1

        async def attempt(i: int = i, part: str = part, last: bool = last) -> Any:
            kwargs: dict[str, Any] = dict(first_kwargs) if i == 0 else {}
            kwargs.update(suppress_embeds=True, allowed_mentions=NO_MENTIONS)  # no link cards, no pings
            if last:  # made afresh for each attempt: discord.py closes the file after a send
                file, view = make_file(reply), make_view(reply)
                if file is not None:
                    kwargs["file"] = file
                if view is not None:
                    kwargs["view"] = view
            if not part and "file" not in kwargs:
                part = "…"
            return await send(content=part or None, **kwargs)

        sent = await sending.retrying(attempt)
    return sent.id if sent is not None else None


class DiscordChannel:
    """One conversation as the core sees it: a channel (answering a message) or an interaction."""

    def __init__(self, target: discord.abc.Messageable | None, *, is_group: bool, admin: bool,
                 reference: discord.Message | None = None, interaction: discord.Interaction | None = None) -> None:
        self.target, self.is_group, self.admin = target, is_group, admin
        self.reference, self.interaction = reference, interaction

    async def send(self, reply: Reply) -> MessageRef:
        """Answer here. A failure that is not a bug (no access any more, the answer may have
        arrived, ...) is logged without a traceback: there is no one left to tell."""
        try:
            if self.interaction is not None:  # deferred with "thinking": answer through the follow-up webhook
                return await send_reply(self.interaction.followup.send, reply, wait=True)
            assert self.target is not None
            first: dict[str, Any] = {}
            if self.reference is not None and self.is_group:
                first = {"reference": self.reference.to_reference(fail_if_not_exists=False), "mention_author": False}
            return await send_reply(self.target.send, reply, **first)
        except (discord.DiscordException, aiohttp.ClientError, OSError) as e:
            failure = sending.classify(e).failure
            if failure is sending.Failure.FAILED:
                raise
            log.warning("reply in channel %s not sent (%s): %s", getattr(self.target, "id", "?"), failure.value, e)
            return None

    async def action(self, kind: str = "upload_photo") -> None:
        if self.interaction is not None or self.target is None:
            return  # an interaction already shows "thinking…"
        with contextlib.suppress(discord.HTTPException):
            await self.target.typing()

    async def is_admin(self) -> bool:
        return not self.is_group or self.admin


class DiscordPlatform(AsyncioJobs):
    """Sending on the bot's own initiative and the scheduled jobs (asyncio tasks)."""

    name = "discord"

    def __init__(self, client: discord.Client) -> None:
        super().__init__()
        self.client = client

    async def send_to(self, chat_id: ChatId, reply: Reply) -> MessageRef:
        channel = self.client.get_channel(int(chat_id)) or await sending.retrying(
            functools.partial(self.client.fetch_channel, int(chat_id)), what="channel lookup")
        return await send_reply(channel.send, reply)  # type: ignore[union-attr]
