"""A fake Discord on 127.0.0.1 for end-to-end tests of the real discord.py client.

One aiohttp server, in its own thread and event loop (so a test may block or await as it likes),
plays Discord's three faces:

- REST under ``/api/v10`` (``DISCORD_API_URL``): the routes discord.py calls at login and start
  (``users/@me``, ``oauth2/applications/@me``, the application commands fetched and synced) and
  the ones a reply uses (channel messages as JSON or multipart with files, typing, interaction
  callbacks, webhook follow-ups). Every request is kept (``fake.calls``); an unknown route gets
  Discord's 404 and is kept too.
- the gateway websocket at ``/`` (``DISCORD_GATEWAY_URL``): HELLO (op 10), IDENTIFY (op 2) answered
  with READY and GUILD_CREATE (one server, one text channel), heartbeats (op 1) acknowledged (op 11),
  then the MESSAGE_CREATE and INTERACTION_CREATE events a test injects. Text frames only: discord.py
  reads plain JSON frames even when it asked for compression.
- the CDN at ``/attachments/...``: files users attach (their ``url`` points here).

A test acts as users::

    fake = FakeDiscord()                      # fake.api_url, fake.gateway_url, fake.token
    ann = fake.member(301, "Ann")
    fake.post(ann, f"<@{BOT_ID}> masyu ...")  # MESSAGE_CREATE in the server's channel
    fake.post(ann, "", attachments=[fake.upload("board.png", png, "image/png")])
    inter = fake.slash(ann, "solve", board=url)       # INTERACTION_CREATE, application command
    fake.slash(ann, "solve", files={"file": fake.upload("b.txt", data, "text/plain")})
    fake.submit(ann, modal, [board])                  # INTERACTION_CREATE, a form the bot opened
    fake.press(ann, bot_message_id, custom_id)        # INTERACTION_CREATE, a button
    [msg] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.files)
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from tests import polling

BOT_ID = 100_000_000_000_000_001
APP_ID = BOT_ID  # a bot's application id is its user id
GUILD_ID = 200_000_000_000_000_002
CHANNEL_ID = 400_000_000_000_000_004
OWNER_ID = 999_000_000_000_000_009
MODS_ROLE = 250_000_000_000_000_005
MANAGE_GUILD = 1 << 5
EVERYONE_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 15) | (1 << 16)  # view, send, attach files, read history
TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.discord-token-for-tests"
TIMESTAMP = "2026-01-01T00:00:00+00:00"
HEARTBEAT_MS = 41_250


@dataclass(frozen=True)
class FakeMember:
    id: int
    name: str
    manage: bool = False  # has the "mods" role (Manage Server)

    def user_json(self) -> dict[str, Any]:
        return _user_json(self.id, self.name)

    def member_json(self) -> dict[str, Any]:
        roles = [str(MODS_ROLE)] if self.manage else []
        return {"roles": roles, "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0}


@dataclass(frozen=True)
class Upload:
    filename: str
    content_type: str
    data: bytes


@dataclass
class Call:
    """One REST request the bot made (``path`` below ``/api/v10``)."""

    method: str
    path: str
    query: dict[str, str]
    payload: Any  # the JSON body, or the ``payload_json`` part of a multipart body
    files: list[Upload]
    at: float = field(default_factory=time.perf_counter)
    status: int = 200
    result: Any = None  # what the fake answered (a posted message: its JSON, with its id)

    def is_post(self, channel_id: int) -> bool:
        """A message the bot posted in ``channel_id``."""
        return self.method == "POST" and self.path == f"/channels/{channel_id}/messages"

    def is_followup(self, token: str) -> bool:
        """A follow-up message of the interaction with ``token``."""
        return self.method == "POST" and self.path == f"/webhooks/{APP_ID}/{token}"

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "") if isinstance(self.payload, dict) else ""

    @property
    def buttons(self) -> list[dict[str, Any]]:
        rows = (self.payload.get("components") or []) if isinstance(self.payload, dict) else []
        return [b for row in rows for b in row.get("components", [])]


@dataclass(frozen=True)
class FakeInteraction:
    """An interaction the test sent: its ``id`` and ``token`` name its callback and follow-ups."""

    id: int
    token: str
    sent_at: float

    @property
    def callback_path(self) -> str:
        return f"/interactions/{self.id}/{self.token}/callback"


def _user_json(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "avatar": None, "global_name": name,
            "bot": bot, "public_flags": 0}


def _json_response(obj: Any, status: int = 200) -> web.Response:
    # exactly "application/json": discord.py decodes a body only under that content type
    return web.Response(body=json.dumps(obj).encode(), status=status, headers={"Content-Type": "application/json"})


class FakeDiscord:
    """The server; started by the constructor, stopped by :meth:`close`."""

    def __init__(self, token: str = TOKEN) -> None:
        self.token = token
        self.calls: list[Call] = []
        self.identifies: list[dict[str, Any]] = []  # every IDENTIFY's "d"
        self.close_codes: list[int | None] = []  # how each gateway connection ended
        self.commands: list[dict[str, Any]] = []  # the application commands, as last synced
        self.messages: dict[int, dict[str, Any]] = {}  # every message, users' and the bot's, by id
        self.blobs: dict[str, Upload] = {}  # CDN path -> file
        self.downloads: list[str] = []  # CDN paths the bot fetched
        self._lock = threading.Lock()
        self._ids = itertools.count(500_000_000_000_000_000)
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="fake-discord", daemon=True)
        self._thread.start()
        self.port: int = self._run(self._start())
        self.base = f"http://127.0.0.1:{self.port}"
        self.api_url = f"{self.base}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{self.port}/"

    # ------------------------------------------------------------------ lifecycle
    def _run(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _start(self) -> int:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{path:.+}", self._cdn)
        app.router.add_route("*", "/api/v10/{path:.+}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        return int(self._runner.addresses[0][1])

    def close(self) -> None:
        if self.loop.is_closed():
            return
        self._run(self._stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()

    async def _stop(self) -> None:
        if self._ws is not None and not self._ws.closed:
            await self._ws.close(code=1001)
        await self._runner.cleanup()

    # ------------------------------------------------------------------ REST
    ROUTES: tuple[tuple[str, str, str], ...] = (
        ("GET", r"/users/@me", "me"),
        ("GET", r"/oauth2/applications/@me", "application"),
        ("GET", r"/applications/\d+/commands", "get_commands"),
        ("PUT", r"/applications/\d+/commands", "put_commands"),
        ("POST", r"/channels/(?P<channel>\d+)/typing", "typing"),
        ("POST", r"/channels/(?P<channel>\d+)/messages", "message"),
        ("POST", r"/interactions/\d+/[^/]+/callback", "callback"),
        ("POST", r"/webhooks/\d+/[^/]+", "followup"),
    )
    UNAUTHENTICATED = ("callback", "followup")  # interaction tokens are their own credentials

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        payload, files = await self._body(request)
        call = Call(request.method, path, dict(request.query), payload, files)
        route = next(((name, m) for method, pattern, name in self.ROUTES
                      if method == request.method and (m := re.fullmatch(pattern, path))), None)
        if route is None:
            response: web.StreamResponse = _json_response({"message": "404: Not Found", "code": 0}, 404)
        elif route[0] not in self.UNAUTHENTICATED and request.headers.get("Authorization") != f"Bot {self.token}":
            response = _json_response({"message": "401: Unauthorized", "code": 0}, 401)
        else:
            call.result = getattr(self, f"_on_{route[0]}")(call, route[1])
            response = web.Response(status=204) if call.result is None else _json_response(call.result)
        call.status = response.status
        with self._lock:
            self.calls.append(call)
        return response

    @staticmethod
    async def _body(request: web.Request) -> tuple[Any, list[Upload]]:
        if request.content_type == "multipart/form-data":
            payload: Any = None
            files: list[Upload] = []
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                if not isinstance(part, BodyPartReader):  # a nested multipart: discord.py sends none
                    continue
                data = await part.read()
                if part.filename:
                    files.append(Upload(part.filename, part.headers.get("Content-Type", ""), bytes(data)))
                elif part.name == "payload_json":
                    payload = json.loads(data)
            return payload, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), []

    def _on_me(self, call: Call, m: re.Match[str]) -> Any:
        return _user_json(BOT_ID, "puzzlebot", bot=True)

    def _on_application(self, call: Call, m: re.Match[str]) -> Any:
        return {"id": str(APP_ID), "name": "puzzlebot", "description": "", "icon": None, "bot_public": True,
                "bot_require_code_grant": False, "owner": _user_json(OWNER_ID, "owner"), "verify_key": "00",
                "flags": 0, "team": None, "summary": "", "rpc_origins": []}

    def _on_get_commands(self, call: Call, m: re.Match[str]) -> Any:
        return self.commands

    def _on_put_commands(self, call: Call, m: re.Match[str]) -> Any:
        self.commands = [{**c, "id": str(next(self._ids)), "application_id": str(APP_ID), "version": "1",
                          "type": c.get("type", 1)} for c in call.payload]
        return self.commands

    def _on_typing(self, call: Call, m: re.Match[str]) -> Any:
        return None

    def _on_message(self, call: Call, m: re.Match[str]) -> Any:
        return self._bot_message(int(m["channel"]), call)

    def _on_callback(self, call: Call, m: re.Match[str]) -> Any:
        interaction_id = call.path.split("/")[2]
        kind = int(call.payload["type"])
        return {"interaction": {"id": interaction_id, "type": 2, "response_message_loading": kind == 5},
                "resource": {"type": kind}}

    def _on_followup(self, call: Call, m: re.Match[str]) -> Any:
        msg = self._bot_message(CHANNEL_ID, call)
        msg["webhook_id"] = str(APP_ID)
        return msg

    def _bot_message(self, channel_id: int, call: Call) -> dict[str, Any]:
        """The message the bot just posted, as Discord answers it (and remembers it)."""
        p = call.payload or {}
        mid = next(self._ids)
        attachments = [{"id": str(next(self._ids)), "filename": f.filename, "size": len(f.data),
                        "url": f"{self.base}/attachments/{channel_id}/{mid}/{f.filename}",
                        "proxy_url": f"{self.base}/attachments/{channel_id}/{mid}/{f.filename}",
                        "content_type": f.content_type} for f in call.files]
        msg = self._message_json(mid, channel_id, _user_json(BOT_ID, "puzzlebot", bot=True), p.get("content") or "",
                                 attachments=attachments, components=p.get("components") or [])
        with self._lock:
            self.messages[mid] = msg
        return msg

    def _message_json(self, mid: int, channel_id: int, author: dict[str, Any], content: str, *,
                      attachments: list[dict[str, Any]] | None = None, mentions: list[dict[str, Any]] | None = None,
                      components: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {"id": str(mid), "channel_id": str(channel_id), "type": 0, "content": content, "author": author,
                "attachments": attachments or [], "embeds": [], "mentions": mentions or [], "mention_roles": [],
                "pinned": False, "mention_everyone": False, "tts": False, "timestamp": TIMESTAMP,
                "edited_timestamp": None, "flags": 0, "components": components or []}

    # ------------------------------------------------------------------ CDN
    async def _cdn(self, request: web.Request) -> web.StreamResponse:
        upload = self.blobs.get(request.match_info["path"])
        with self._lock:
            self.downloads.append(request.match_info["path"])
        if upload is None:
            return web.Response(status=404, text="not found")
        return web.Response(body=upload.data, headers={"Content-Type": upload.content_type})

    # ------------------------------------------------------------------ gateway
    def _guild_json(self) -> dict[str, Any]:
        role = {"name": "@everyone", "position": 0, "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}
        roles = [dict(role, id=str(GUILD_ID), permissions=str(EVERYONE_PERMISSIONS)),
                 dict(role, id=str(MODS_ROLE), name="mods", position=1, permissions=str(MANAGE_GUILD))]
        channel = {"id": str(CHANNEL_ID), "type": 0, "name": "general", "position": 0, "guild_id": str(GUILD_ID),
                   "permission_overwrites": [], "nsfw": False, "topic": None, "last_message_id": None,
                   "rate_limit_per_user": 0, "parent_id": None}
        me = {"user": _user_json(BOT_ID, "puzzlebot", bot=True), "roles": [], "joined_at": TIMESTAMP,
              "deaf": False, "mute": False, "flags": 0}
        return {"id": str(GUILD_ID), "name": "Puzzle club", "owner_id": str(OWNER_ID), "roles": roles,
                "channels": [channel], "members": [me], "member_count": 3, "preferred_locale": "en-US",
                "features": [], "emojis": [], "stickers": [], "threads": [], "voice_states": [], "presences": [],
                "large": False, "unavailable": False, "joined_at": TIMESTAMP, "icon": None, "splash": None,
                "verification_level": 0, "explicit_content_filter": 0, "default_message_notifications": 0,
                "mfa_level": 0, "afk_timeout": 300, "system_channel_flags": 0, "premium_tier": 0,
                "nsfw_level": 0, "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": []}

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws, self._seq = ws, 0
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}))
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            frame = json.loads(msg.data)
            if frame["op"] == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif frame["op"] == 2:  # identify
                self.identifies.append(frame["d"])
                if frame["d"].get("token") != self.token:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                await self._send("READY", {
                    "v": 10, "user": _user_json(BOT_ID, "puzzlebot", bot=True), "session_id": "session-1",
                    "resume_gateway_url": self.gateway_url, "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                    "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": []})
                await self._send("GUILD_CREATE", self._guild_json())
                self._ready.set()
            elif frame["op"] == 6:  # resume: not kept, so the session is invalid
                await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
        self._ready.clear()
        self.close_codes.append(ws.close_code)
        return ws

    async def _send(self, event: str, data: dict[str, Any]) -> None:
        assert self._ws is not None, "no gateway connection"
        self._seq += 1
        await self._ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    def dispatch(self, event: str, data: dict[str, Any]) -> float:
        """Send a dispatch event on the gateway (the bot must have identified); returns when it was sent."""
        assert self.connected, "the bot is not connected to the gateway"
        self._run(self._send(event, data))
        return time.perf_counter()

    @property
    def connected(self) -> bool:
        """Whether a bot identified on the gateway and is still connected."""
        return self._ready.is_set()

    # ------------------------------------------------------------------ acting as users
    @staticmethod
    def member(uid: int, name: str, *, manage: bool = False) -> FakeMember:
        return FakeMember(uid, name, manage)

    def upload(self, filename: str, data: bytes, content_type: str) -> dict[str, Any]:
        """Put a file on the CDN; returns the attachment object a message carries."""
        aid = next(self._ids)
        path = f"{CHANNEL_ID}/{aid}/{filename}"  # Discord's CDN path: channel, attachment id, name
        self.blobs[path] = Upload(filename, content_type, data)
        return {"id": str(aid), "filename": filename, "size": len(data), "content_type": content_type,
                "url": f"{self.base}/attachments/{path}", "proxy_url": f"{self.base}/attachments/{path}",
                "width": 800, "height": 800}

    def post(self, user: FakeMember, content: str, *, attachments: list[dict[str, Any]] | None = None) -> float:
        """``user`` posts in the server's channel (a ``<@BOT_ID>`` in ``content`` mentions the bot);
        returns when the event was sent."""
        mentions = [_user_json(BOT_ID, "puzzlebot", bot=True)] if f"<@{BOT_ID}>" in content else []
        mid = next(self._ids)
        msg = self._message_json(mid, CHANNEL_ID, user.user_json(), content, attachments=attachments,
                                 mentions=mentions)
        msg.update(guild_id=str(GUILD_ID), member=user.member_json())
        with self._lock:
            self.messages[mid] = msg
        return self.dispatch("MESSAGE_CREATE", msg)

    def _interaction(self, kind: int, user: FakeMember, data: dict[str, Any],
                     message: dict[str, Any] | None = None) -> tuple[dict[str, Any], str]:
        iid = next(self._ids)
        token = f"interaction-token-{iid}"
        permissions = EVERYONE_PERMISSIONS | (MANAGE_GUILD if user.manage else 0)
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "data": data, "token": token, "version": 1,
            "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
            "channel": {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(GUILD_ID), "name": "general",
                        "position": 0, "permission_overwrites": []},
            "member": {**user.member_json(), "user": user.user_json(), "permissions": str(permissions)},
            "locale": "en-US", "guild_locale": "en-US", "app_permissions": str(EVERYONE_PERMISSIONS),
            "entitlements": [], "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024}
        if message is not None:
            payload["message"] = message
        return payload, token

    def slash(self, user: FakeMember, command: str, *, files: dict[str, dict[str, Any]] | None = None,
              **options: str) -> FakeInteraction:
        """``user`` runs the slash command ``/command`` with string ``options`` and attachment options
        ``files`` (name -> an :meth:`upload`'s attachment, sent as Discord does: by id, resolved beside)."""
        cmd = next((c for c in self.commands if c["name"] == command), None)
        assert cmd is not None, f"/{command} was not synced: {[c['name'] for c in self.commands]}"
        given = [{"name": k, "type": 3, "value": v} for k, v in options.items()]
        given += [{"name": k, "type": 11, "value": a["id"]} for k, a in (files or {}).items()]
        data: dict[str, Any] = {"id": cmd["id"], "name": command, "type": 1, "options": given}
        if files:
            data["resolved"] = {"attachments": {a["id"]: a for a in files.values()}}
        payload, token = self._interaction(2, user, data)
        return FakeInteraction(int(payload["id"]), token, self.dispatch("INTERACTION_CREATE", payload))

    def submit(self, user: FakeMember, modal: dict[str, Any], values: list[str]) -> FakeInteraction:
        """``user`` fills the form ``modal`` (the ``data`` of the bot's type-9 callback) with ``values``,
        one per text input in order, and submits it."""
        # rows (type 1) or labels (type 18) hold the text inputs (type 4)
        inputs = [c for row in modal["components"] for c in row.get("components") or [row.get("component") or {}]
                  if c.get("type") == 4]
        assert len(inputs) == len(values), inputs
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": c["custom_id"], "value": v}]}
                for c, v in zip(inputs, values, strict=True)]
        payload, token = self._interaction(5, user, {"custom_id": modal["custom_id"], "components": rows})
        return FakeInteraction(int(payload["id"]), token, self.dispatch("INTERACTION_CREATE", payload))

    def press(self, user: FakeMember, message_id: int, custom_id: str) -> FakeInteraction:
        """``user`` presses the button ``custom_id`` of the bot's message ``message_id``."""
        message = dict(self.messages[message_id], guild_id=str(GUILD_ID))
        payload, token = self._interaction(3, user, {"custom_id": custom_id, "component_type": 2}, message)
        return FakeInteraction(int(payload["id"]), token, self.dispatch("INTERACTION_CREATE", payload))

    # ------------------------------------------------------------------ assertions
    def find(self, pred: Callable[[Call], bool]) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if pred(c)]

    async def wait_for(self, pred: Callable[[Call], bool], timeout: float = 30.0, count: int = 1) -> list[Call]:
        """Wait until ``count`` calls match ``pred``; returns them (raises TimeoutError otherwise)."""
        return await polling.found(lambda: self.find(pred), count, timeout,
                                   lambda: [(c.method, c.path, c.status, c.content[:60]) for c in self.calls[-12:]])


async def handled_all(fake: FakeDiscord, client: Any, timeout: float = 30.0) -> None:
    """Wait until ``client`` (a discord.py client in this event loop) has received every gateway
    event ``fake`` sent so far and none of discord.py's event tasks is still running: the positive
    event after which a test may check that nothing (more) was sent, instead of sleeping."""
    deadline = time.monotonic() + timeout
    while True:
        ws = client.ws
        received = ws is not None and ws.sequence == fake._seq  # its parsers schedule the handlers at once
        busy = [t for t in asyncio.all_tasks() if t.get_name().startswith("discord.py: ") and not t.done()]
        if received and not busy:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the client is still at it after {timeout}s: received up to "
                               f"{ws.sequence if ws else None} of {fake._seq}; running {[t.get_name() for t in busy]}")
        await asyncio.sleep(0.02)
