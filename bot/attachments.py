"""What every adapter does with attached files and long texts, done one way for all of them.

- :func:`is_text_file`: whether an attachment may hold a board (a ``.txt`` name or a ``text/`` type);
- :func:`fetch_text`: download it within :data:`DOCUMENT_LIMIT` and decode it, or the
  :class:`~bot.chat.Reply` that tells the user why not (too big, not text);
- :func:`split_text`: cut a long text into messages within a platform's limit, at line ends
  where possible.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot import i18n
from bot.chat import Reply

DOCUMENT_LIMIT = 64 * 1024  # bytes: a board file is small; anything larger is refused before download
ENCODINGS = ("utf-8-sig", "utf-16", "shift_jis")  # tried in this order


def is_text_file(name: str | None, mime_type: str | None) -> bool:
    return (name or "").lower().endswith(".txt") or (mime_type or "").startswith("text/")


def decode_text(data: bytes) -> str | None:
    """The text of a document's bytes, or None when no encoding we know reads it."""
    for enc in ENCODINGS:
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return None


def too_big(size: int, lang: str) -> Reply:
    return Reply(i18n.t(lang, "document_too_big", size=size, limit=DOCUMENT_LIMIT))


def unreadable(lang: str) -> Reply:
    return Reply(i18n.t(lang, "document_unreadable"))


async def fetch_text(size: int | None, download: Callable[[], Awaitable[bytes]], lang: str) -> str | Reply:
    """The attachment's text, or the reply to send instead.

    ``size`` is what the platform announced (checked before downloading; None when unknown);
    ``download`` fetches the bytes, whose length is checked again.
    """
    if size and size > DOCUMENT_LIMIT:
        return too_big(size, lang)
    data = await download()
    if len(data) > DOCUMENT_LIMIT:
        return too_big(len(data), lang)
    text = decode_text(data)
    return unreadable(lang) if text is None else text


def split_text(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at line ends where possible
    (the line break itself is dropped); an empty text is one empty piece."""
    parts: list[str] = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit + 1)
        cut = cut if cut > 0 else limit
        parts.append(text[:cut])
        text = text[cut:].lstrip("\n")
    return parts + [text] if text or not parts else parts
