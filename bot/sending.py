"""Sending under faults: the one place that says what a failed send means, and what to do next.

:func:`classify` reads an exception from either platform's client (python-telegram-bot / httpx,
discord.py / aiohttp) as a :class:`Failure`; :func:`retrying` runs a send with the safe retries:

- **rate limited** (Telegram ``RetryAfter``, Discord 429 / ``RateLimited``): wait as long as the
  platform asks, then send again (a wait longer than ``max_wait`` gives up);
- **not sent** (the connection was never made, the request never fully written): send again
  with back-off, a few times;
- **maybe sent** (the request went out and the answer was lost: a read error or read timeout):
  never sent again, since the platform may have posted it; the caller records it so;
- everything else is raised at once: **gone** (blocked, kicked, deleted: stop sending there),
  **migrated** (a Telegram group became a supergroup: move the chat to
  :attr:`Classified.new_chat_id`), **transient** (no rights to post *for now*: try at a later
  round, keep the subscription), **closed** (our client is shutting down) and **failed**.

:func:`delivery_status` maps a failure to the daily fan-out's delivery states.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import enum
import logging
import warnings
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

ATTEMPTS = 3  # sends of a request that surely did not arrive (the first one included)
BACKOFF = 0.5  # seconds before the second attempt; doubled each time
MAX_WAIT = 60.0  # seconds of rate-limit waits one send accepts in total (then it gives up)
RATE_LIMIT_WAITS = 5  # rate-limit answers one send accepts


class Failure(enum.Enum):
    """What a failed send means."""

    RATE_LIMITED = "rate_limited"  # wait retry_after, then send again
    NOT_SENT = "not_sent"  # the request never reached the platform: safe to send again
    MAYBE_SENT = "maybe_sent"  # it may have been posted: never send again blindly
    GONE = "gone"  # the chat can no longer receive messages from us
    MIGRATED = "migrated"  # the chat moved to another id (Telegram group -> supergroup)
    TRANSIENT = "transient"  # refused for now (no rights to post): a later round may work
    CLOSED = "closed"  # our own client is shut down (the bot is stopping): nothing left
    FAILED = "failed"  # refused for good (a bad request), or not understood


@dataclass(frozen=True)
class Classified:
    failure: Failure
    retry_after: float | None = None  # RATE_LIMITED: seconds the platform asks us to wait
    new_chat_id: int | None = None  # MIGRATED: the chat's new id


# Words in refusals that mean "not allowed to post here *now*" (an admin can give the right back).
NO_RIGHTS = ("not enough rights", "have no rights", "need administrator rights", "chat_write_forbidden",
             "chat_send_", "restricted")
GONE_WORDS = ("chat not found", "bot was kicked", "bot was blocked", "user is deactivated",
              "chat was deleted", "group chat was deactivated", "bot is not a member", "peer_id_invalid")
# httpx errors raised before the request was (fully) written: the server cannot have acted on it.
HTTPX_NOT_SENT = frozenset({"ConnectError", "ConnectTimeout", "PoolTimeout", "WriteError", "WriteTimeout",
                            "UnsupportedProtocol", "ProxyError", "LocalProtocolError"})
DISCORD_NO_PERMISSION = 50013  # Missing Permissions: transient; other 403s (50001, 50007) mean gone
DISCORD_GONE_CODES = (10003, 50001, 50007)  # unknown channel, missing access, cannot send to this user


def classify(exc: BaseException) -> Classified:
    """What ``exc``, raised by a send, means (see :class:`Failure`)."""
    module = type(exc).__module__
    if module.startswith("telegram"):
        return _telegram(exc)
    if module.startswith("discord"):
        return _discord(exc)
    return _transport(exc)


def _telegram(exc: BaseException) -> Classified:
    from telegram import error

    if isinstance(exc, error.RetryAfter):
        with warnings.catch_warnings():  # PTB 22 warns that retry_after becomes a timedelta: both are read
            warnings.simplefilter("ignore")
            return Classified(Failure.RATE_LIMITED, retry_after=_seconds(exc.retry_after))
    if isinstance(exc, error.ChatMigrated):
        return Classified(Failure.MIGRATED, new_chat_id=int(exc.new_chat_id))
    text = str(exc).lower()
    if isinstance(exc, error.Forbidden | error.BadRequest):
        if any(w in text for w in NO_RIGHTS):
            return Classified(Failure.TRANSIENT)
        if isinstance(exc, error.Forbidden) or any(w in text for w in GONE_WORDS):
            return Classified(Failure.GONE)
        return Classified(Failure.FAILED)
    if isinstance(exc, error.NetworkError):  # TimedOut included; the httpx error is its cause
        cause = exc.__cause__
        if cause is not None:
            return _transport(cause)
        if "pool timeout" in text or "connection refused" in text or any(
                f"httpx.{name.lower()}" in text for name in HTTPX_NOT_SENT):  # PTB names the httpx error
            return Classified(Failure.NOT_SENT)
        return Classified(Failure.MAYBE_SENT)  # "Bad Gateway" and the like: Telegram may have acted
    return Classified(Failure.FAILED)  # InvalidToken, Conflict, EndPointNotFound...


def _discord(exc: BaseException) -> Classified:
    import discord

    if isinstance(exc, discord.RateLimited):
        return Classified(Failure.RATE_LIMITED, retry_after=float(exc.retry_after))
    if isinstance(exc, discord.HTTPException):
        if exc.status == 429:
            header = exc.response.headers.get("Retry-After") if exc.response is not None else None
            return Classified(Failure.RATE_LIMITED, retry_after=float(header or 1.0))
        if isinstance(exc, discord.Forbidden):
            return Classified(Failure.TRANSIENT if exc.code == DISCORD_NO_PERMISSION else Failure.GONE)
        if isinstance(exc, discord.NotFound) or exc.code in DISCORD_GONE_CODES:
            return Classified(Failure.GONE)
        if exc.status == 503:  # unavailable: not taken in
            return Classified(Failure.NOT_SENT)
        if exc.status >= 500:  # discord.py already retried; a 500 may have posted it
            return Classified(Failure.MAYBE_SENT)
        return Classified(Failure.FAILED)
    if isinstance(exc, discord.ClientException):
        return Classified(Failure.CLOSED if "closed" in str(exc).lower() else Failure.FAILED)
    return Classified(Failure.FAILED)


def _transport(exc: BaseException) -> Classified:
    """An error of the HTTP layer (httpx under PTB, aiohttp under discord.py) or of the socket."""
    name = type(exc).__name__
    module = type(exc).__module__
    text = str(exc).lower()
    if isinstance(exc, RuntimeError) and ("not initialized" in text or "has been closed" in text
                                          or "session is closed" in text):
        return Classified(Failure.CLOSED)
    if module.startswith("httpx") or module.startswith("httpcore"):
        if name in HTTPX_NOT_SENT:
            return Classified(Failure.NOT_SENT)  # never (fully) left: the server cannot have acted on it
        return Classified(Failure.MAYBE_SENT)  # ReadError, ReadTimeout, RemoteProtocolError...
    if module.startswith("aiohttp"):
        import aiohttp

        if isinstance(exc, aiohttp.ClientConnectorError | aiohttp.ClientProxyConnectionError):
            return Classified(Failure.NOT_SENT)
        return Classified(Failure.MAYBE_SENT)  # ServerDisconnected, a reset mid-answer, a payload error
    if isinstance(exc, ConnectionRefusedError | ConnectionAbortedError):
        return Classified(Failure.NOT_SENT)
    if isinstance(exc, TimeoutError | OSError):
        return Classified(Failure.MAYBE_SENT)
    return Classified(Failure.FAILED)


def _seconds(value: float | dt.timedelta) -> float:
    return value.total_seconds() if isinstance(value, dt.timedelta) else float(value)


async def retrying(send: Callable[[], Awaitable[T]], *, what: str = "message", attempts: int = ATTEMPTS,
                   backoff: float = BACKOFF, max_wait: float = MAX_WAIT) -> T:
    """``await send()``, again after a rate limit (as long as the platform asks, within ``max_wait``
    in total) or after a failure that surely did not reach the platform (``attempts`` in all, with
    back-off). Anything else, a request that may have arrived included, is raised at once."""
    failures = waits = 0
    waited = 0.0
    while True:
        try:
            return await send()
        except Exception as e:
            c = classify(e)
            if c.failure is Failure.RATE_LIMITED and c.retry_after is not None:
                waits += 1
                if waits > RATE_LIMIT_WAITS or waited + c.retry_after > max_wait:
                    raise
                log.info("rate limited while sending a %s: waiting %.1f s as asked", what, c.retry_after)
                await asyncio.sleep(c.retry_after)
                waited += c.retry_after
                continue
            if c.failure is Failure.NOT_SENT:
                failures += 1
                if failures >= attempts:
                    raise
                delay = backoff * 2 ** (failures - 1)
                log.info("could not reach the platform to send a %s (%s); trying again in %.1f s",
                         what, type(e).__name__, delay)
                await asyncio.sleep(delay)
                continue
            raise


def delivery_status(exc: BaseException) -> str:
    """The daily fan-out's delivery state after ``exc``: ``gone`` (switch the chat's subscriptions
    off), ``migrated`` (move the chat, see :func:`migrated_to`), ``retry`` (at a later round, up to
    the attempt limit; the subscription stays), ``maybe_sent`` (recorded, never re-sent: the post
    may be there), ``release`` (we are stopping: the next process sends it) or ``failed``."""
    failure = classify(exc).failure
    return {
        Failure.GONE: "gone", Failure.MIGRATED: "migrated", Failure.RATE_LIMITED: "retry",
        Failure.NOT_SENT: "retry", Failure.TRANSIENT: "retry", Failure.MAYBE_SENT: "maybe_sent",
        Failure.CLOSED: "release", Failure.FAILED: "failed",
    }[failure]


def migrated_to(exc: BaseException) -> int | None:
    """The new chat id when ``exc`` says the chat moved (Telegram's ``ChatMigrated``), else None."""
    return classify(exc).new_chat_id
