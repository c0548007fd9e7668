"""Logging that never prints a secret: bot tokens (httpx logs request URLs, which contain them)
and the password of any URL (``redis://:pw@host``, ``postgresql://bot:p@ss@db``...)."""

from __future__ import annotations

import logging
import re

REDACTED = "<token>"
_TOKEN_RE = re.compile(r"\d{3,}:[A-Za-z0-9_-]{20,}")  # any Telegram-token-shaped string
# scheme://user:password@host — the password runs to the LAST "@" before the host (it may hold "@" itself)
_URL_PASSWORD_RE = re.compile(r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^:/@\s]*):(?P<pw>[^\s/]*)@(?P<host>[^@/\s]*(?:[/\s]|$))")


def redact_url(url: str | None) -> str | None:
    """``url`` with its password (if any) replaced by ``***``; None stays None."""
    return _URL_PASSWORD_RE.sub(r"\g<head>:***@\g<host>", url) if url else url


class RedactToken(logging.Filter):
    """Replace the configured secrets, anything shaped like a bot token, and URL passwords in every record."""

    def __init__(self, *secrets: str | None) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        for s in self.secrets:
            text = text.replace(s, REDACTED)
        return redact_url(_TOKEN_RE.sub(REDACTED, text)) or text

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = self._clean(message)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if clean != message:
            record.msg, record.args = clean, None
        return True


def setup_logging(level: str = "INFO", *secrets: str | None) -> None:
    """Root logging at ``level``, secret-safe; httpx/httpcore request lines only at WARNING."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    redact = RedactToken(*secrets)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)
    for noisy in ("httpx", "httpcore", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLogger().level))
