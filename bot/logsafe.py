"""Logging that never prints a secret.

:class:`RedactToken`, installed on the root handlers by :func:`setup_logging`, rewrites every
record (message, arguments, exception and stack text) before it is written:

- the configured secrets (the bot tokens), verbatim;
- anything shaped like a Telegram bot token (``123456:ABC-…``, also percent-encoded, as in the
  request URLs httpx logs) or a Discord bot token (three base64url parts joined by dots);
- the password of any URL (``redis://:pw@host``, ``postgresql://bot:p@ss@db/x``,
  ``postgresql+asyncpg://…``, ``amqp://…``, with or without port, path and query, percent-encoded),
  a user-only URL's user name (``redis://secret@host``), and ``password=``/``token=``-style
  query and DSN parameters.
"""

from __future__ import annotations

import contextlib
import logging
import re
import urllib.parse
from typing import Any

REDACTED = "<token>"
HIDDEN = "***"  # what a URL password becomes
_TOKEN_RE = re.compile(
    r"\d{3,}(?::|%3[Aa])[A-Za-z0-9_-]{20,}"  # Telegram: bot id, colon, secret
    r"|[A-Za-z0-9_-]{23,}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}"  # Discord: base64 id . time . hmac
)
# scheme://[user]:password@host... — the password is greedy up to the LAST "@" that is followed by
# something host-shaped and then the URL's end, so a password may hold "@", ":", "/" or "?".
_END = r"""(?=[/?#\s'"<>(),;:\]}|]|$)"""
_HOST = r"(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._%~-]*)(?::\d*)?"
_URL_PASSWORD_RE = re.compile(
    r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@'\"<>]*):(?P<pw>[^\s'\"<>]*)@(?P<host>" + _HOST + ")" + _END)
_URL_USER_RE = re.compile(  # scheme://secret@host with no colon: a password in the user's place (redis://pw@h)
    r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://)(?P<pw>[^\s:/@'\"<>]+)@(?P<host>" + _HOST + ")" + _END)
_PARAM_RE = re.compile(  # ?password=..., &token=..., "password=... host=..." (libpq DSN)
    r"(?i)(?P<key>\b(?:password|passwd|pwd|pass|secret|token|access_token|api_key|apikey|auth)=)"
    r"(?P<pw>[^\s&;'\"<>,)]+)")


def redact_url(url: str | None) -> str | None:
    """``url`` (or any text holding URLs) with every password replaced by ``***``; None stays None."""
    if not url:
        return url
    text = _URL_PASSWORD_RE.sub(rf"\g<head>:{HIDDEN}@\g<host>", url)
    text = _URL_USER_RE.sub(rf"\g<head>{HIDDEN}@\g<host>", text)
    return _PARAM_RE.sub(rf"\g<key>{HIDDEN}", text)


def redact(text: str, secrets: tuple[str, ...] | list[str] = ()) -> str:
    """``text`` with the ``secrets``, token-shaped strings and URL passwords hidden."""
    for s in secrets:
        text = text.replace(s, REDACTED)
    return redact_url(_TOKEN_RE.sub(REDACTED, text)) or text


class RedactToken(logging.Filter):
    """Replace the configured secrets, anything shaped like a bot token, and URL passwords in every record."""

    def __init__(self, *secrets: str | None) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        return redact(text, self.secrets)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string: keep what we can show safely
            message = f"{record.msg!s} {record.args!r}"
        clean = self._clean(message)
        if clean != message or record.args:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True


def secrets_of(config: Any) -> list[str]:
    """The secrets a :class:`~bot.config.BotConfig` holds, for :func:`setup_logging`: the bot tokens,
    the webhook secret, and the passwords of its URLs (8 characters or more: a shorter one would
    blank out common words; the URL patterns hide it wherever it appears in a URL)."""
    found = [config.telegram_token, config.discord_token, getattr(config.webhook, "secret", None)]
    for url in (config.database_url, config.redis_url):
        with contextlib.suppress(ValueError):
            password = urllib.parse.urlsplit(url or "").password
            if password:
                found += [p for p in {password, urllib.parse.unquote(password)} if len(p) >= 8]
    return [s for s in found if s]


def install(*secrets: str | None) -> RedactToken:
    """Put one :class:`RedactToken` for ``secrets`` on every root handler; returns it."""
    redact_filter = RedactToken(*secrets)
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactToken) for f in handler.filters):
            handler.addFilter(redact_filter)
        else:  # set up before (tests, a second main()): teach the existing filter the new secrets too
            for f in handler.filters:
                if isinstance(f, RedactToken):
                    f.secrets.extend(s for s in redact_filter.secrets if s not in f.secrets)
    return redact_filter


def setup_logging(level: str = "INFO", *secrets: str | None) -> None:
    """Root logging at ``level``, secret-safe; httpx/httpcore request lines only at WARNING."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    install(*secrets)
    for noisy in ("httpx", "httpcore", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLogger().level))
