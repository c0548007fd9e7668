"""What every adapter does with attached files and long texts, done one way for all of them.

- :func:`is_text_file`: whether an attachment may hold a board (a ``.txt`` or ``.html`` name or a
  ``text/`` type); :func:`document_limit`: how many bytes it may have (a saved page is larger);
- :func:`decode_text`: the text of a file in any usual encoding (UTF-8/16 with or without a BOM,
  Shift-JIS, EUC-JP, ISO-2022-JP, cp1252), detected by charset-normalizer among those candidates;
- :func:`fetch_text`: download it within :data:`DOCUMENT_LIMIT` and decode it, or the
  :class:`~bot.chat.Reply` that tells the user why not (too big, binary, unknown encoding);
- :func:`is_image_file` / :func:`fetch_image`: a picture of a board (PNG, JPEG, WebP), downloaded
  only when the platform's announced size is within the limit;
- :func:`split_text`: cut a long text into messages within a platform's limit, at line ends
  where possible.
"""

from __future__ import annotations

import codecs
import enum
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import charset_normalizer

from bot import i18n
from bot.chat import Reply

DOCUMENT_LIMIT = 64 * 1024  # bytes: a board file is small; anything larger is refused before download
PAGE_LIMIT = 1024 * 1024  # bytes: a puzzle site's saved page (solvers/reading/sites.py reads it)
PAGE_SUFFIXES = (".html", ".htm")
# What charset-normalizer chooses among when the bytes are neither UTF-8 nor marked by a BOM.
# cp932 is Windows' Shift-JIS (a superset of shift_jis). Boards are symbol-heavy ("○ . ●"), which
# the detector's "mess" measure dislikes: hence threshold=1.0 and this short list, not every codec.
CANDIDATES = ("cp932", "euc_jp", "utf_16_le", "utf_16_be", "cp1252")
BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
ISO2022_ESCAPES = (b"\x1b$B", b"\x1b$@", b"\x1b(J", b"\x1b(I", b"\x1b$(D")  # JIS X 0208/0201/0212 shifts
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")  # not in a text file (tabs, line ends, \f and \v are)


class Unreadable(enum.Enum):
    """Why a file's bytes are not text; the value is the i18n code of the reason."""

    BINARY = "document_binary"  # a picture, an archive, a program...
    ENCODING = "document_encoding"  # text in an encoding we do not read


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str


def is_text_file(name: str | None, mime_type: str | None) -> bool:
    return (name or "").lower().endswith((".txt", *PAGE_SUFFIXES)) or (mime_type or "").startswith("text/")


def document_limit(name: str | None, mime_type: str | None) -> int:
    """The most bytes a text attachment may have: more for a saved web page than for a board file."""
    page = (name or "").lower().endswith(PAGE_SUFFIXES) or (mime_type or "").lower().startswith("text/html")
    return PAGE_LIMIT if page else DOCUMENT_LIMIT


def detect(data: bytes) -> Decoded | Unreadable:
    """The text of ``data`` and the encoding it was read in, or why it cannot be read as text."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            try:
                return _checked(data.decode(encoding), encoding)
            except UnicodeDecodeError:
                return Unreadable.ENCODING
    if any(esc in data for esc in ISO2022_ESCAPES):
        try:
            return _checked(data.decode("iso2022_jp_ext"), "iso2022_jp")
        except UnicodeDecodeError:
            pass
    if b"\x00" not in data:  # NUL bytes: UTF-16 without a BOM (or binary), never UTF-8 text
        try:
            return _checked(data.decode("utf-8"), "utf-8")
        except UnicodeDecodeError:
            pass
    best = charset_normalizer.from_bytes(data, cp_isolation=_candidates(data), threshold=1.0).best()
    if best is None:
        return Unreadable.BINARY if b"\x00" in data or charset_normalizer.is_binary(data) else Unreadable.ENCODING
    return _checked(str(best), best.encoding)


def _candidates(data: bytes) -> list[str]:
    """:data:`CANDIDATES`, with one UTF-16 byte order only: the one that puts the NUL halves of
    ASCII characters (spaces, dots, line ends: every board has them) where they belong."""
    odd, even = data[1::2].count(0), data[0::2].count(0)
    drop = "utf_16_be" if odd > even else "utf_16_le" if even > odd else ""
    return [c for c in CANDIDATES if c != drop]


def _checked(text: str, encoding: str) -> Decoded | Unreadable:
    """Text with control characters in it is a binary file that happened to decode."""
    return Unreadable.BINARY if _CONTROL.search(text) else Decoded(text, encoding)


def decode_text(data: bytes) -> str | None:
    """The text of a document's bytes, or None when it is not text in an encoding we read."""
    found = detect(data)
    return found.text if isinstance(found, Decoded) else None


def too_big(size: int, lang: str, limit: int = DOCUMENT_LIMIT) -> Reply:
    return Reply(i18n.t(lang, "document_too_big", size=size, limit=limit))


def unreadable(lang: str, why: Unreadable = Unreadable.ENCODING) -> Reply:
    """"I could not read this file as text (why). Send ..." in ``lang``."""
    return Reply(i18n.t(lang, "document_unreadable", reason=i18n.t(lang, why.value)))


async def fetch_text(size: int | None, download: Callable[[], Awaitable[bytes]], lang: str,
                     limit: int = DOCUMENT_LIMIT) -> str | Reply:
    """The attachment's text, or the reply to send instead.

    ``size`` is what the platform announced (checked against ``limit`` before downloading; None
    when unknown); ``download`` fetches the bytes, whose length is checked again.
    """
    if size and size > limit:
        return too_big(size, lang, limit)
    data = await download()
    if len(data) > limit:
        return too_big(len(data), lang, limit)
    found = detect(data)
    return found.text if isinstance(found, Decoded) else unreadable(lang, found)


IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp")
IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp", "image/bmp")


def is_image_file(name: str | None, mime_type: str | None) -> bool:
    """Whether an attachment is a picture the board reader opens."""
    return (name or "").lower().endswith(IMAGE_SUFFIXES) or (mime_type or "").lower() in IMAGE_TYPES


def image_too_big(size: int, limit: int, lang: str) -> Reply:
    return Reply(i18n.t(lang, "image_too_big", size=f"{size / 1e6:.1f}", limit=f"{limit / 1e6:.0f}"))


async def fetch_image(size: int | None, download: Callable[[], Awaitable[bytes]], limit: int,
                      lang: str) -> bytes | Reply:
    """The picture's bytes, or the reply to send instead (too big: refused before downloading)."""
    if size and size > limit:
        return image_too_big(size, limit, lang)
    data = await download()
    if len(data) > limit:
        return image_too_big(len(data), limit, lang)
    return data


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
