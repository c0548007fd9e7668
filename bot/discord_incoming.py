"""Discord messages as the core sees them (:class:`~bot.chat.Incoming`): a mention of the bot (or
of its role) taken off, a ``!name`` / ``/name`` prefix command read, the language, attachments
sorted into text and pictures, and who may manage the server."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

import discord

from bot import attachments, i18n
from bot.chat import Incoming, Reply

PREFIXES = ("!", "/")


def mention_re(bot_id: int) -> re.Pattern[str]:
    return re.compile(rf"<@!?{bot_id}>")


def bot_role_ids(message: discord.Message, bot_id: int) -> list[int]:
    """Mentioned roles that stand for the bot (its managed integration role, which Discord's
    @-autocomplete sometimes inserts instead of the bot user)."""
    return [r.id for r in message.role_mentions if r.tags is not None and r.tags.bot_id == bot_id]


def mentions_bot(message: discord.Message, bot_id: int) -> bool:
    return (any(u.id == bot_id for u in message.mentions) or bool(mention_re(bot_id).search(message.content))
            or bool(bot_role_ids(message, bot_id)))


def strip_mention(text: str, bot_id: int, role_ids: Collection[int] = ()) -> str:
    text = mention_re(bot_id).sub("", text, count=1)
    for role_id in role_ids:
        text = text.replace(f"<@&{role_id}>", "", 1)
    return text.strip()


def parse_command(text: str, known: Collection[str]) -> tuple[str, str] | None:
    """``(command, args)`` for ``!name args`` / ``/name args`` when ``name`` is a known command.

    Args keep their newlines (the board may follow on the next lines). Unknown names are left
    alone: they may belong to another bot.
    """
    stripped = text.lstrip()
    if not stripped.startswith(PREFIXES):
        return None
    head, sep, rest = stripped[1:].partition("\n")
    name, _, first = head.partition(" ")
    name = name.strip().lower()
    if name not in known:
        return None
    return name, (first.strip() + sep + rest).strip()


def is_text_attachment(att: discord.Attachment) -> bool:
    return attachments.is_text_file(att.filename, att.content_type)


async def read_attachment(att: discord.Attachment, lang: str) -> str | Reply:
    """The attachment's text, or the reply that says why it cannot be read (:func:`bot.attachments.fetch_text`)."""
    return await attachments.fetch_text(att.size, att.read, lang,
                                        attachments.document_limit(att.filename, att.content_type))


def is_image_attachment(att: discord.Attachment) -> bool:
    return attachments.is_image_file(att.filename, att.content_type)


def message_lang(message: discord.Message) -> str:
    """Discord sends no user locale with messages: use the server's preferred locale (DMs: English)."""
    return i18n.lang_of(str(message.guild.preferred_locale)) if message.guild else "en"


def incoming_from_message(message: discord.Message, bot_id: int, commands: Collection[str]) -> Incoming:
    """The core's view of ``message`` (attachments not read yet: the front-end reads them,
    :meth:`bot.discord_adapter.DiscordFrontEnd.on_message`)."""
    content = message.content or ""
    mentioned = mentions_bot(message, bot_id)
    text = strip_mention(content, bot_id, bot_role_ids(message, bot_id)) if mentioned else content
    ref = message.reference.resolved if message.reference else None
    replied = ref if isinstance(ref, discord.Message) else None
    incoming = Incoming(
        platform="discord", chat_id=message.channel.id, user_id=message.author.id, text=text,
        is_group=message.guild is not None, mentions_bot=mentioned, lang=message_lang(message),
        user_name=message.author.display_name, message_id=message.id,
        reply_to_message_id=message.reference.message_id if message.reference else None,
        reply_to_text=replied.content if replied else None,
        reply_to_bot=bool(replied and replied.author.id == bot_id),
        extra={"message": message},
    )
    cmd = parse_command(text, commands)
    if cmd:
        incoming.command, incoming.args = cmd
    return incoming


def can_manage(user: discord.abc.User, channel: Any) -> bool:
    """Manage Server in this channel (always True outside servers)."""
    if not isinstance(user, discord.Member):
        return getattr(channel, "guild", None) is None
    return bool(channel.permissions_for(user).manage_guild)
