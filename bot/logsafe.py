"""Logging set-up that never prints the bot token (httpx logs request URLs, which contain it)."""

from __future__ import annotations

import logging
import re

REDACTED = "<token>"
_TOKEN_RE = re.compile(r"\d{3,}:[A-Za-z0-9_-]{20,}")  # any Telegram-token-shaped string


class RedactToken(logging.Filter):
    """Replace the configured token, and anything shaped like a bot token, in every record."""

    def __init__(self, *secrets: str | None) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def _clean(self, text: str) -> str:
        for s in self.secrets:
            text = text.replace(s, REDACTED)
        return _TOKEN_RE.sub(REDACTED, text)

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
    """Root logging at ``level``, token-safe; httpx/httpcore request lines only at WARNING."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    redact = RedactToken(*secrets)
    for handler in logging.getLogger().handlers:
        handler.addFilter(redact)
    for noisy in ("httpx", "httpcore", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, logging.getLogger().level))
