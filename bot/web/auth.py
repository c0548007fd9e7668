"""Who is playing: Telegram's signed ``initData``, and our own signed tokens (Discord, the console,
the group a Telegram player came from).

Nothing the page says is trusted without a signature. Telegram signs ``initData`` with a key only
Telegram and the bot know (HMAC-SHA256, ``secret = HMAC_SHA256(key="WebAppData", msg=bot_token)``,
https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app); our tokens are
HMAC-SHA256 with a key derived from the platform's bot token, and expire. No key ever reaches the
browser: the page only echoes what it was given.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

MAX_AGE = 86_400  # seconds: initData older than a day is refused
TOKEN_TTL = 86_400 * 2  # seconds a Discord / console / group token stays valid (a daily puzzle's life)
MAC_BYTES = 16  # truncated HMAC in our tokens (128 bits)


class Forged(Exception):
    """The signature does not match, the data is stale, or it is not what it claims to be."""


@dataclass(frozen=True)
class Player:
    """A verified player: who, and which chat their solve is announced in and counted for."""

    platform: str
    user_id: str
    user_name: str
    chat_id: str
    lang: str = "en"
    is_group: bool = False


def webapp_secret(bot_token: str) -> bytes:
    return hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()


def verify_init_data(init_data: str, bot_token: str, *, max_age: float = MAX_AGE,
                     now: float | None = None) -> dict[str, str]:
    """The fields of a genuine, fresh ``initData``; raises :class:`Forged` otherwise."""
    if not isinstance(init_data, str) or not init_data or len(init_data) > 8192:
        raise Forged("no initData")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as e:
        raise Forged("initData is not a query string") from e
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise Forged("a field is repeated")
    given = fields.pop("hash", "")
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    want = hmac.new(webapp_secret(bot_token), check.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want, given):
        raise Forged("bad signature")
    try:
        age = (time.time() if now is None else now) - int(fields.get("auth_date", ""))
    except ValueError as e:
        raise Forged("no auth_date") from e
    if not -300 <= age <= max_age:
        raise Forged("stale initData")
    return fields


def telegram_user(fields: dict[str, str]) -> tuple[str, str, str]:
    """(user id, display name, language) of verified initData fields; :class:`Forged` without a user."""
    try:
        user = json.loads(fields["user"])
        user_id = str(int(user["id"]))
    except (KeyError, ValueError, TypeError) as e:
        raise Forged("no user in initData") from e
    name = str(user.get("first_name") or user.get("username") or user_id)[:64]
    lang = "ja" if str(user.get("language_code", "")).startswith("ja") else "en"
    return user_id, name, lang


# ---------------------------------------------------------------------- our own tokens
def token_key(secret: str) -> bytes:
    """The signing key of our tokens, derived from the platform's bot token (never sent anywhere)."""
    return hmac.new(b"PuzzlebotWebPlayer", secret.encode(), hashlib.sha256).digest()


def make_token(key: bytes, claims: dict[str, Any], *, ttl: float = TOKEN_TTL, now: float | None = None) -> str:
    """A URL-safe signed token (``[A-Za-z0-9_-]``: also fits Telegram's ``startapp`` parameter)."""
    body = json.dumps({**claims, "e": int((time.time() if now is None else now) + ttl)},
                      separators=(",", ":"), sort_keys=True).encode()
    mac = hmac.new(key, body, hashlib.sha256).digest()[:MAC_BYTES]
    return base64.urlsafe_b64encode(mac + body).decode().rstrip("=")


def read_token(key: bytes, token: str, *, now: float | None = None) -> dict[str, Any]:
    """The claims of a genuine, unexpired token; raises :class:`Forged` otherwise."""
    if not isinstance(token, str) or not 0 < len(token) <= 512:
        raise Forged("no token")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except ValueError as e:
        raise Forged("token is not base64") from e
    mac, body = raw[:MAC_BYTES], raw[MAC_BYTES:]
    if not hmac.compare_digest(mac, hmac.new(key, body, hashlib.sha256).digest()[:MAC_BYTES]):
        raise Forged("bad token signature")
    claims = json.loads(body)
    if not isinstance(claims, dict) or not isinstance(claims.get("e"), int):
        raise Forged("token without expiry")
    if claims["e"] < (time.time() if now is None else now):
        raise Forged("token expired")
    return claims
