"""What a chat platform hands the core (:class:`Incoming`) and what the core hands back (:class:`Reply`).

Adapters (Telegram, the console, later Discord) translate their own objects into these plain
values and implement :class:`Channel` (one conversation) and :class:`Platform` (sending without
a triggering message, scheduling). Nothing here imports a chat library.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

ChatId = int | str
MessageRef = int | str | None  # the platform's id of a message the bot sent (None when it has none)

CALLBACK_DATA_LIMIT = 64  # bytes; Telegram's limit for button data, kept by every platform


@dataclass(frozen=True)
class Choice:
    """One button: ``label`` shown to the user, ``data`` (≤ 64 bytes) comes back in ``Incoming.callback_data``."""

    label: str
    data: str

    def __post_init__(self) -> None:
        if not 1 <= len(self.data.encode()) <= CALLBACK_DATA_LIMIT:
            raise ValueError(f"button data must be 1-{CALLBACK_DATA_LIMIT} bytes: {self.data!r}")


@dataclass(frozen=True)
class Link:
    """A button that opens a web page; ``web_app``: inside Telegram as a Mini App (private chats only)."""

    label: str
    url: str
    web_app: bool = False


@dataclass
class Reply:
    """A message from the bot: text, optionally a PNG (with file name and spoiler flag) and buttons.

    With an image, ``text`` is its caption. ``choices`` are rows of buttons; ``links`` one row of
    buttons that open a page (the web player).
    """

    text: str = ""
    image: bytes | None = None
    filename: str = "puzzle.png"
    spoiler: bool = False
    choices: tuple[tuple[Choice, ...], ...] = ()
    links: tuple[Link, ...] = ()


@dataclass
class Incoming:
    """One user action, platform-neutral.

    - a plain message: ``text`` (whole text), ``command`` None;
    - a command: ``command`` (lower case, no slash, no @botname) and ``args`` (everything after it,
      newlines kept); ``text`` is still the whole text;
    - a document: ``document_text`` (decoded), ``document_name``; ``text`` is the caption;
    - a picture (photo or image file): ``image`` (its bytes); ``text`` is the caption;
    - a button press: ``callback_data``;
    - ``reply_to_*``: the message this one answers (``reply_to_bot`` when the bot wrote it).
    """

    platform: str
    chat_id: ChatId
    user_id: ChatId
    text: str = ""
    command: str | None = None
    args: str = ""
    is_group: bool = False
    mentions_bot: bool = False
    lang: str = "en"
    user_name: str = ""
    message_id: MessageRef = None
    reply_to_text: str | None = None
    reply_to_message_id: MessageRef = None
    reply_to_bot: bool = False
    document_text: str | None = None
    document_name: str | None = None
    image: bytes | None = None
    callback_data: str | None = None
    extra: dict[str, object] = field(default_factory=dict)  # adapter-specific, for extensions

    @property
    def addressed(self) -> bool:
        """True when plain text is meant for the bot: private chat, or the bot is mentioned."""
        return not self.is_group or self.mentions_bot


class Channel(Protocol):
    """The conversation an :class:`Incoming` came from (an adapter implements it)."""

    async def send(self, reply: Reply) -> MessageRef:
        """Send ``reply`` to the chat (in groups as an answer to the triggering message)."""
        ...

    async def action(self, kind: str = "upload_photo") -> None:
        """Show a short-lived activity such as "uploading photo" (no-op where unsupported)."""
        ...

    async def is_admin(self) -> bool:
        """Whether the sender may change the chat's settings (always True in a private chat)."""
        ...


JobCallback = Callable[[], Awaitable[None]]


class Platform(Protocol):
    """A running front-end: sending on the bot's own initiative and scheduling jobs."""

    name: str

    async def send_to(self, chat_id: ChatId, reply: Reply) -> MessageRef:
        """Send ``reply`` to ``chat_id`` (rate-limited by the platform)."""
        ...

    def run_repeating(self, callback: JobCallback, interval: float, first: float, name: str) -> None:
        """Call ``callback`` after ``first`` seconds, then every ``interval`` seconds."""
        ...
