"""Telegram front-end (python-telegram-bot 22): translate updates into :class:`~bot.chat.Incoming`,
replies into Bot API calls. All behaviour lives in :class:`~bot.core.Core`.

Inputs: plain text (private chats, or mentioning the bot), commands with ``@botname`` or not,
``/solve`` as a reply to a message holding a board (text or a ``.txt`` file), ``.txt``
documents, inline-keyboard button presses. Groups are assumed to run with privacy mode on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Literal

from telegram import (
    BotCommand,
    BotCommandScopeDefault,
    Document,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    MessageEntity,
    PhotoSize,
    ReplyParameters,
    Update,
    WebAppInfo,
)
from telegram.constants import ChatAction, ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    Updater,
    filters,
)

from bot import attachments, i18n, sending
from bot.chat import ChatId, Incoming, JobCallback, MessageRef, Reply
from bot.config import BotConfig, WebhookConfig
from bot.core import Core
from bot.replies import CAPTION_LIMIT
from bot.runtime import Runtime

log = logging.getLogger(__name__)

App = Application[Any, Any, Any, Any, Any, Any]  # PTB's Application with the default context types

TEXT_LIMIT = 4096  # characters in one Telegram message
GROUP_TYPES = (ChatType.GROUP, ChatType.SUPERGROUP)
ADMIN_STATUSES = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


def _markup(reply: Reply) -> InlineKeyboardMarkup | None:
    rows = [[InlineKeyboardButton(c.label, callback_data=c.data) for c in row] for row in reply.choices]
    if reply.links:
        rows.append([InlineKeyboardButton(link.label, web_app=WebAppInfo(link.url)) if link.web_app
                     else InlineKeyboardButton(link.label, url=link.url) for link in reply.links])
    return InlineKeyboardMarkup(rows) if rows else None


async def send_reply(bot: Any, chat_id: ChatId, reply: Reply, reply_to: int | None = None) -> MessageRef:
    """Send ``reply`` to ``chat_id``; returns the id of the (last) message sent.

    Each Bot API call goes through :func:`bot.sending.retrying` (RetryAfter waited out, a request
    that never left sent again; one that may have been posted is not); other failures are raised.
    """
    params = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
    markup = _markup(reply)
    if reply.image is not None:
        caption = reply.text if len(reply.text) <= CAPTION_LIMIT else None
        sent: Message = await sending.retrying(functools.partial(
            bot.send_photo, chat_id, photo=reply.image, filename=reply.filename, caption=caption or None,
            has_spoiler=reply.spoiler, reply_markup=markup, reply_parameters=params), what="photo")
        if caption is None and reply.text:
            for part in attachments.split_text(reply.text, TEXT_LIMIT):
                await sending.retrying(functools.partial(bot.send_message, chat_id, part))
        return sent.message_id
    parts = attachments.split_text(reply.text or "…", TEXT_LIMIT)
    last_sent: Message | None = None
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        last_sent = await sending.retrying(functools.partial(
            bot.send_message, chat_id, part, reply_markup=markup if last else None,
            reply_parameters=params if i == 0 else None))
    return last_sent.message_id if last_sent else None


class TelegramChannel:
    """One chat, as the core sees it."""

    def __init__(self, bot: Any, chat_id: int, user_id: int, *, is_group: bool, reply_to: int | None) -> None:
        self.bot, self.chat_id, self.user_id = bot, chat_id, user_id
        self.is_group, self.reply_to = is_group, reply_to

    async def send(self, reply: Reply) -> MessageRef:
        """Answer in this chat. A failure that is not a bug (the user blocked the bot, the answer
        may have arrived, ...) is logged without a traceback: there is no one left to tell."""
        try:
            return await send_reply(self.bot, self.chat_id, reply, self.reply_to if self.is_group else None)
        except TelegramError as e:
            failure = sending.classify(e).failure
            if failure is sending.Failure.FAILED:
                raise
            log.warning("reply to chat %s not sent (%s): %s", self.chat_id, failure.value, e)
            return None

    async def action(self, kind: str = "upload_photo") -> None:
        action = ChatAction.UPLOAD_PHOTO if kind == "upload_photo" else ChatAction.TYPING
        with contextlib.suppress(TelegramError):
            await self.bot.send_chat_action(self.chat_id, action)

    async def is_admin(self) -> bool:
        if not self.is_group:
            return True
        try:
            member = await self.bot.get_chat_member(self.chat_id, self.user_id)
        except TelegramError:
            log.warning("could not read chat member status in chat %s", self.chat_id)
            return False
        return member.status in ADMIN_STATUSES


class TelegramPlatform:
    """Sending on the bot's own initiative (through the rate limiter) and the PTB JobQueue."""

    name = "telegram"

    def __init__(self, app: App) -> None:
        self.app = app

    async def send_to(self, chat_id: ChatId, reply: Reply) -> MessageRef:
        return await send_reply(self.app.bot, chat_id, reply)

    def run_repeating(self, callback: JobCallback, interval: float, first: float, name: str) -> None:
        self.app.job_queue.run_repeating(_job(callback), interval=interval, first=first,  # type: ignore[union-attr]
                                         name=name)


def _job(callback: JobCallback) -> Any:
    async def run(context: ContextTypes.DEFAULT_TYPE) -> None:
        await callback()

    return run


# ---------------------------------------------------------------------- update → Incoming
def _command(message: Message, bot_username: str) -> tuple[str, str] | None | Literal[False]:
    """(command, args) when the text starts with a command; False when it is another bot's; None otherwise."""
    text = message.text or message.caption or ""
    entities = message.entities if message.text else message.caption_entities
    for ent in entities or ():
        if ent.type == MessageEntity.BOT_COMMAND and ent.offset == 0:
            word = text[1:ent.length]
            name, _, target = word.partition("@")
            if target and target.lower() != bot_username.lower():
                return False
            return name.lower(), text[ent.length:].strip(" \t\r\n")
    return None


def _mentions(message: Message, bot_username: str) -> bool:
    text = message.text or message.caption or ""
    entities = message.entities if message.text else message.caption_entities
    me = "@" + bot_username.lower()
    return any(ent.type == MessageEntity.MENTION and text[ent.offset:ent.offset + ent.length].lower() == me
               for ent in entities or ())


def _strip_mention(text: str, bot_username: str) -> str:
    me = "@" + bot_username
    idx = text.lower().find(me.lower())
    return text if idx < 0 else (text[:idx] + text[idx + len(me):]).strip()


def _is_text_document(message: Message | None) -> bool:
    doc = message.document if message else None
    return doc is not None and attachments.is_text_file(doc.file_name, doc.mime_type)


async def _download_text(message: Message, lang: str) -> str | Reply:
    """The document's text, or the reply that says why it cannot be read (:func:`bot.attachments.fetch_text`)."""
    doc = message.document
    assert doc is not None

    async def download() -> bytes:
        file = await doc.get_file()
        return bytes(await file.download_as_bytearray())

    return await attachments.fetch_text(doc.file_size, download, lang,
                                        attachments.document_limit(doc.file_name, doc.mime_type))


def _picture(message: Message) -> PhotoSize | Document | None:
    """The picture of a board in ``message``: the largest size of a photo, or an image file."""
    if message.photo:
        return message.photo[-1]
    doc = message.document
    if doc is not None and attachments.is_image_file(doc.file_name, doc.mime_type):
        return doc
    return None


async def _download_image(picture: PhotoSize | Document, core: Core, lang: str) -> bytes | Reply:
    """The picture's bytes (refused before download when Telegram says it is too large)."""
    async def download() -> bytes:
        file = await picture.get_file()
        return bytes(await file.download_as_bytearray())

    return await attachments.fetch_image(picture.file_size, download, core.image_limit, lang)


class TelegramFrontEnd:
    """The handlers registered on the PTB :class:`~telegram.ext.Application`."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None or message.from_user is None:
            return
        bot = context.bot
        username = bot.username or ""
        cmd = _command(message, username)
        if cmd is False:
            return
        user = message.from_user
        is_group = message.chat.type in GROUP_TYPES
        reply_to = message.reply_to_message
        text = message.text or message.caption or ""
        incoming = Incoming(
            platform="telegram", chat_id=message.chat.id, user_id=user.id, text=text,
            is_group=is_group, mentions_bot=_mentions(message, username),
            lang=i18n.lang_of(user.language_code), user_name=user.full_name, message_id=message.message_id,
            reply_to_message_id=reply_to.message_id if reply_to else None,
            reply_to_text=(reply_to.text or reply_to.caption) if reply_to else None,
            reply_to_bot=bool(reply_to and reply_to.from_user and reply_to.from_user.id == bot.id),
            extra={"update": update},
        )
        if cmd:
            incoming.command, incoming.args = cmd
        elif incoming.mentions_bot:
            incoming.text = _strip_mention(text, username)
        channel = TelegramChannel(bot, message.chat.id, user.id, is_group=is_group, reply_to=message.message_id)
        wanted = not is_group or bool(cmd) or incoming.mentions_bot or incoming.reply_to_bot
        picture = _picture(message)
        if picture is not None:
            if wanted:
                await self.core.handle_picture(incoming, channel, await _download_image(picture, self.core,
                                                                                        incoming.lang))
            return
        if not is_group and not text and message.document is None and message.sticker:
            await channel.send(Reply(i18n.t(incoming.lang, "not_a_board")))
            return
        if not is_group and message.document is not None and not _is_text_document(message):
            await channel.send(Reply(i18n.t(incoming.lang, "not_a_board")))
            return
        source = message if _is_text_document(message) else reply_to if (cmd and _is_text_document(reply_to)) else None
        if source is not None and wanted:
            content = await _download_text(source, incoming.lang)
            if isinstance(content, Reply):
                await channel.send(content)
                return
            if source is message:
                incoming.document_text, incoming.document_name = content, source.document.file_name  # type: ignore
            else:
                incoming.reply_to_text = content
        await self.core.handle(incoming, channel)

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        with contextlib.suppress(TelegramError):
            await query.answer()
        message = query.message
        chat = message.chat if message else None
        if chat is None:
            return
        if isinstance(message, Message):  # the question is answered: drop its buttons
            with contextlib.suppress(TelegramError):
                await query.edit_message_reply_markup(None)
        is_group = chat.type in GROUP_TYPES
        incoming = Incoming(
            platform="telegram", chat_id=chat.id, user_id=query.from_user.id, is_group=is_group,
            lang=i18n.lang_of(query.from_user.language_code), user_name=query.from_user.full_name,
            callback_data=query.data or "", extra={"update": update},
        )
        channel = TelegramChannel(context.bot, chat.id, query.from_user.id, is_group=is_group,
                                  reply_to=message.message_id if message else None)
        await self.core.handle(incoming, channel)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        log.error("error while handling an update: %s", context.error, exc_info=context.error)


# ---------------------------------------------------------------------- the application
async def _post_init(app: App) -> None:
    runtime: Runtime = app.bot_data["runtime"]
    await runtime.open()
    for lang, code in (("en", None), ("ja", "ja")):
        commands = [BotCommand(c.name, c.help(lang)[:256]) for c in runtime.core.registry.menu()]
        await app.bot.set_my_commands(commands, scope=BotCommandScopeDefault(), language_code=code)
    await runtime.start(TelegramPlatform(app))
    if app.bot_data.get("own_signals"):
        _install_stop_signals(app)


def _install_stop_signals(app: App) -> None:
    """SIGTERM / SIGINT: answer every waiting board ('restarting') and abort the solves first, then
    stop (PTB's own handlers would wait for every queued board before stopping)."""
    runtime: Runtime = app.bot_data["runtime"]
    loop = asyncio.get_running_loop()

    async def stop() -> None:
        try:
            await runtime.interrupt()
        finally:
            app.stop_running()

    def on_signal() -> None:
        app.bot_data["stopping"] = asyncio.ensure_future(stop())

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, on_signal)


async def _post_shutdown(app: App) -> None:
    runtime: Runtime = app.bot_data["runtime"]
    await runtime.stop()


def build_application(core: Core, config: BotConfig, *, rate_limiter: bool = True) -> App:
    """The PTB Application for ``core`` (not started): handlers, rate limiter, and the
    :class:`~bot.runtime.Runtime` started in post_init and stopped in post_shutdown."""
    if not config.telegram_token:
        raise ValueError("build_application needs a TELEGRAM_TOKEN")
    builder = (Application.builder().token(config.telegram_token)
               .base_url(config.api_base_url).base_file_url(config.api_file_url)
               .concurrent_updates(True).post_init(_post_init).post_shutdown(_post_shutdown))
    if rate_limiter:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=3))  # type: ignore[arg-type]
    app = builder.build()
    app.bot_data["core"] = core
    app.bot_data["runtime"] = Runtime(core)
    front = TelegramFrontEnd(core)
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGE, front.on_message, block=False))
    app.add_handler(CallbackQueryHandler(front.on_button, block=False))
    app.add_error_handler(front.on_error)
    return app


@contextlib.asynccontextmanager
async def polling(app: App, *, poll_timeout: int = 1) -> AsyncIterator[App]:
    """Run ``app`` with long polling inside the current event loop (what ``run_polling`` does,
    without owning the loop or signals): for tests, benchmarks and embedding."""
    async with _running(app, lambda updater: updater.start_polling(poll_interval=0, timeout=poll_timeout)):
        yield app


@contextlib.asynccontextmanager
async def webhook(app: App, hook: WebhookConfig) -> AsyncIterator[App]:
    """Run ``app`` in webhook mode inside the current event loop (what ``run_webhook`` does, without
    owning the loop or signals): PTB's own server on ``hook.listen:hook.port`` at the URL's path, and
    ``setWebhook`` with the secret token; a request without that token is refused (403) by PTB."""
    async with _running(app, lambda updater: updater.start_webhook(**_webhook_args(hook))):
        yield app


@contextlib.asynccontextmanager
async def _running(app: App, start: Callable[[Updater], Awaitable[Any]]) -> AsyncIterator[None]:
    """The application's life around ``start`` (how its updater takes updates), in PTB's order:
    initialise, post_init, start; then stop what runs, shut down, post_shutdown."""
    await app.initialize()
    try:
        if app.post_init:
            await app.post_init(app)
        assert app.updater is not None
        await start(app.updater)
        await app.start()
        try:
            yield
        finally:
            if app.updater.running:
                await app.updater.stop()
            if app.running:
                await app.stop()
    finally:
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)


def _webhook_args(hook: WebhookConfig) -> dict[str, Any]:
    return {"listen": hook.listen, "port": hook.port, "url_path": hook.path, "webhook_url": hook.url,
            "secret_token": hook.secret, "allowed_updates": Update.ALL_TYPES, "drop_pending_updates": False,
            "bootstrap_retries": 3}


def serve(core: Core, config: BotConfig) -> int:
    """``puzzlebot run`` with TELEGRAM_TOKEN: long polling (the default), or webhook mode when
    TELEGRAM_WEBHOOK_URL is set, until Ctrl-C / SIGTERM; returns the exit status."""
    app = build_application(core, config)
    app.bot_data["own_signals"] = True  # SIGTERM/SIGINT handled by _install_stop_signals (post_init)
    if config.webhook is not None:
        log.info("webhook mode: listening on %s:%d at /%s", config.webhook.listen, config.webhook.port,
                 config.webhook.path)
        app.run_webhook(**_webhook_args(config.webhook), stop_signals=None)
    else:
        app.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False, stop_signals=None)
    return 0
