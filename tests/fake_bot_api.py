"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end tests of the real PTB Application.

Stdlib only (``http.server`` in a thread). It answers the methods the bot uses, keeps every call
(``api.calls``: method, params, uploaded files), serves long polling with offsets, stores
documents for ``getFile`` + download, and lets a test act as users::

    api = FakeBotApi(token)                       # api.url -> TELEGRAM_API_URL
    ann = api.user(42, "Ann", lang="en")
    api.send_text(ann, "masyu\\nW . B")           # private chat; commands and @mentions get entities
    group = api.group(-100, admins={ann.id})
    api.send_text(ann, "/solve ...", chat=group, reply_to=msg_id)
    api.send_document(ann, "board.txt", b"...")
    api.press(ann, message_id, "g:abc:masyu")     # an inline-keyboard button
    photo = await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == ann.id)

The HTTP side (server, request handler, parsing): :mod:`tests.fake_bot_http`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import struct
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests import polling
from tests.fake_bot_http import ApiError, DropConnection, QuietServer, handler_for

BOT_ID = 777000111
BOT_USERNAME = "puzzle_test_bot"
COMMAND_RE = re.compile(r"^/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?")


@dataclass(frozen=True)
class FakeUser:
    id: int
    first_name: str
    lang: str = "en"

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "is_bot": False, "first_name": self.first_name, "language_code": self.lang}


@dataclass(frozen=True)
class FakeChat:
    id: int
    type: str  # private | group | supergroup
    title: str = ""
    admins: frozenset[int] = frozenset()

    def as_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.title:
            d["title"] = self.title
        return d


@dataclass
class Call:
    """One request the bot made."""

    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, str, bytes]]  # part name -> (filename, content type, bytes)
    at: float = field(default_factory=time.perf_counter)
    wall: float = field(default_factory=time.time)  # for other processes (bench/bot.py)
    result: Any = None

    @property
    def chat_id(self) -> int | None:
        v = self.params.get("chat_id")
        return int(v) if v not in (None, "") else None

    @property
    def text(self) -> str:
        return str(self.params.get("text") or self.params.get("caption") or "")

    def flag(self, name: str) -> bool:
        return str(self.params.get(name, "")).lower() == "true"

    def json(self, name: str) -> Any:
        raw = self.params.get(name)
        return json.loads(raw) if isinstance(raw, str) else raw

    @property
    def photo(self) -> tuple[str, str, bytes] | None:
        return self.files.get("photo")

    @property
    def buttons(self) -> list[dict[str, Any]]:
        markup = self.json("reply_markup") or {}
        return [b for row in markup.get("inline_keyboard", []) for b in row]


def png_size(data: bytes) -> tuple[int, int]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return 0, 0
    return struct.unpack(">II", data[16:24])


class FakeBotApi:
    """The server; start it with the constructor, stop it with :meth:`close`."""

    def __init__(self, token: str = "123456:TEST-token-for-the-fake-server", port: int = 0) -> None:
        self.token = token
        self.faults: list[Fault] = []  # see fail(): errors and dropped connections on demand
        self.refused: list[Call] = []  # calls answered with a fault
        self.calls: list[Call] = []
        self.updates: list[dict[str, Any]] = []
        self.files: dict[str, tuple[str, bytes]] = {}  # file_id -> (file_path, data)
        self.messages: dict[int, dict[str, Any]] = {}  # every message, by id (users' and the bot's)
        self.chats: dict[int, FakeChat] = {}
        self.on_call: Callable[[Call], None] | None = None
        self.app: Any = None  # the PTB Application polling this server, when a test helper says so (handled_all)
        self.webhook_url: str | None = None  # set by setWebhook: updates are then POSTed there, as Telegram does
        self.webhook_secret: str | None = None
        self.deliveries: list[int] = []  # HTTP status of every webhook delivery
        self._cond = threading.Condition()
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._file_ids = itertools.count(1)
        self.httpd = QuietServer(("127.0.0.1", port), handler_for(self))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        with self._cond:
            self._cond.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()

    # ------------------------------------------------------------------ Bot API methods
    def handle(self, method: str, params: dict[str, Any], files: dict[str, tuple[str, str, bytes]]) -> Any:
        call = Call(method, params, files)
        if method == "getUpdates":
            return self._get_updates(params)
        fault = self._fault(call)
        if fault is not None and fault.kind != "drop":
            with self._cond:
                self.refused.append(call)
                self._cond.notify_all()
            raise fault.error()
        result = self._result(call)
        call.result = result
        with self._cond:
            self.calls.append(call)
            self._cond.notify_all()
        if self.on_call:
            self.on_call(call)
        if fault is not None:  # "drop": the message is posted, the bot never hears so
            raise DropConnection
        return result

    # ------------------------------------------------------------------ faults on demand
    def fail(self, method: str, kind: str, *, chat_id: int | None = None, times: int = 1, retry_after: int = 1,
             new_chat_id: int = 0, description: str = "") -> None:
        """Answer the next ``times`` calls of ``method`` (to ``chat_id``, when given) with a fault:

        - ``retry_after``: 429 "Too Many Requests" with ``parameters.retry_after``;
        - ``migrated``: 400 "group chat was upgraded to a supergroup chat" with ``migrate_to_chat_id``;
        - ``blocked``: 403 "Forbidden: bot was blocked by the user";
        - ``kicked``: 403 "Forbidden: bot was kicked from the supergroup chat";
        - ``no_rights``: 400 "Bad Request: not enough rights to send photos to the chat";
        - ``bad_request``: 400 with ``description``;
        - ``drop``: carry the call out (the message is posted and recorded), then close the
          connection without answering: the bot sees a read error after Telegram posted it.

        Refused calls are kept in ``api.refused``, not in ``api.calls``.
        """
        with self._cond:
            self.faults.append(Fault(method, kind, chat_id, times, retry_after, new_chat_id, description))

    def _fault(self, call: Call) -> Fault | None:
        with self._cond:
            for fault in self.faults:
                if fault.method == call.method and fault.chat_id in (None, call.chat_id) and fault.times > 0:
                    fault.times -= 1
                    return fault
        return None

    def _get_updates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        with self._cond:
            self._cond.wait_for(lambda: any(u["update_id"] >= offset for u in self.updates), timeout=min(timeout, 2))
            self.updates = [u for u in self.updates if u["update_id"] >= offset]
            return list(self.updates[: int(params.get("limit") or 100)])

    def _result(self, call: Call) -> Any:
        m, p = call.method, call.params
        if m == "getMe":
            return {"id": BOT_ID, "is_bot": True, "first_name": "PuzzleBot", "username": BOT_USERNAME,
                    "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}
        if m in ("sendMessage", "sendPhoto", "sendDocument"):
            chat = self.chats.get(int(p["chat_id"])) or FakeChat(int(p["chat_id"]), "private")
            msg = self._message(chat, None, text=p.get("text"))
            msg["from"] = {"id": BOT_ID, "is_bot": True, "first_name": "PuzzleBot", "username": BOT_USERNAME}
            if m == "sendPhoto":
                data = call.photo[2] if call.photo else b""
                w, h = png_size(data)
                msg["photo"] = [{"file_id": f"photo{msg['message_id']}", "file_unique_id": f"p{msg['message_id']}",
                                 "width": w, "height": h}]
                if p.get("caption"):
                    msg["caption"] = p["caption"]
            if "reply_markup" in p:
                msg["reply_markup"] = call.json("reply_markup")
            return msg
        if m == "setWebhook":
            self.webhook_url, self.webhook_secret = p["url"], p.get("secret_token")
            return True
        if m == "deleteWebhook":
            self.webhook_url = self.webhook_secret = None
            return True
        if m == "getFile":
            file_id = p["file_id"]
            if file_id not in self.files:
                raise ApiError(400, "Bad Request: invalid file_id")
            path, data = self.files[file_id]
            return {"file_id": file_id, "file_unique_id": "u" + file_id, "file_size": len(data), "file_path": path}
        if m == "getChatMember":
            chat = self.chats.get(int(p["chat_id"]))
            user_id = int(p["user_id"])
            status = "administrator" if chat and user_id in chat.admins else "member"
            user = {"id": user_id, "is_bot": False, "first_name": "someone"}
            if status == "administrator":
                return {"status": status, "user": user, "can_be_edited": False, "is_anonymous": False,
                        "can_manage_chat": True, "can_delete_messages": True, "can_manage_video_chats": True,
                        "can_restrict_members": True, "can_promote_members": False, "can_change_info": True,
                        "can_invite_users": True, "can_post_stories": False, "can_edit_stories": False,
                        "can_delete_stories": False}
            return {"status": status, "user": user}
        return True

    # ------------------------------------------------------------------ acting as users
    def user(self, user_id: int, name: str = "User", lang: str = "en") -> FakeUser:
        self.chats.setdefault(user_id, FakeChat(user_id, "private"))
        return FakeUser(user_id, name, lang)

    def group(self, chat_id: int, title: str = "Puzzle club",
              admins: set[int] | frozenset[int] = frozenset()) -> FakeChat:
        chat = FakeChat(chat_id, "supergroup", title, frozenset(admins))
        self.chats[chat_id] = chat
        return chat

    def _message(self, chat: FakeChat, user: FakeUser | None, **fields: Any) -> dict[str, Any]:
        msg: dict[str, Any] = {"message_id": next(self._message_ids), "date": int(time.time()),
                               "chat": chat.as_json()}
        if user is not None:
            msg["from"] = user.as_json()
        msg.update({k: v for k, v in fields.items() if v is not None})
        self.messages[msg["message_id"]] = msg
        return msg

    def push_update(self, **payload: Any) -> int:
        """Queue an update for getUpdates or, once setWebhook was called, POST it to the webhook."""
        with self._cond:
            update_id = next(self._update_ids)
            update = {"update_id": update_id, **payload}
            if self.webhook_url is None:
                self.updates.append(update)
            self._cond.notify_all()
        if self.webhook_url is not None:
            threading.Thread(target=self.post_webhook, args=(update,), daemon=True).start()
        return update_id

    def post_webhook(self, update: dict[str, Any], secret: str | None | bool = True) -> int:
        """POST ``update`` to the webhook as Telegram does; ``secret`` True = the one from setWebhook,
        None = no secret header, a string = that header. Returns the HTTP status (recorded in ``deliveries``)."""
        import urllib.error
        import urllib.request

        assert self.webhook_url is not None, "setWebhook was not called"
        headers = {"Content-Type": "application/json"}
        token = self.webhook_secret if secret is True else secret
        if isinstance(token, str):
            headers["X-Telegram-Bot-Api-Secret-Token"] = token
        request = urllib.request.Request(self.webhook_url, json.dumps(update).encode(), headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status = int(response.status)
        except urllib.error.HTTPError as e:
            status = e.code
        with self._cond:
            self.deliveries.append(status)
        return status

    @staticmethod
    def entities(text: str) -> list[dict[str, Any]]:
        ents = []
        m = COMMAND_RE.match(text)
        if m:
            ents.append({"type": "bot_command", "offset": 0, "length": len(m.group(0))})
        for mm in re.finditer(r"@[A-Za-z0-9_]{5,}", text):
            if not (m and mm.start() < m.end()):
                ents.append({"type": "mention", "offset": mm.start(), "length": len(mm.group(0))})
        return ents

    def send_text(self, user: FakeUser, text: str, chat: FakeChat | None = None,
                  reply_to: int | None = None) -> dict[str, Any]:
        """A user's text message (private chat unless ``chat``); returns the message."""
        chat = chat or self.chats[user.id]
        extra: dict[str, Any] = {"text": text}
        if ents := self.entities(text):
            extra["entities"] = ents
        if reply_to is not None:
            extra["reply_to_message"] = self.messages[reply_to]
        msg = self._message(chat, user, **extra)
        self.push_update(message=msg)
        return msg

    def add_file(self, name: str, data: bytes) -> dict[str, Any]:
        n = next(self._file_ids)
        file_id = f"DOC{n}"
        self.files[file_id] = (f"documents/file_{n}_{name}", data)
        return {"file_id": file_id, "file_unique_id": f"U{n}", "file_name": name,
                "mime_type": "text/plain", "file_size": len(data)}

    def send_document(self, user: FakeUser, name: str, data: bytes, chat: FakeChat | None = None,
                      caption: str | None = None) -> dict[str, Any]:
        chat = chat or self.chats[user.id]
        return self._send_with_caption(chat, user, {"document": self.add_file(name, data)}, caption)

    def send_photo(self, user: FakeUser, data: bytes, chat: FakeChat | None = None, caption: str | None = None,
                   announced_size: int | None = None) -> dict[str, Any]:
        """A user's photo (one size; ``announced_size`` overrides the file_size Telegram reports)."""
        chat = chat or self.chats[user.id]
        f = self.add_file("photo.jpg", data)
        size = {"file_id": f["file_id"], "file_unique_id": f["file_unique_id"], "width": 800, "height": 800,
                "file_size": announced_size if announced_size is not None else len(data)}
        return self._send_with_caption(chat, user, {"photo": [size]}, caption)

    def _send_with_caption(self, chat: FakeChat, user: FakeUser, extra: dict[str, Any],
                           caption: str | None) -> dict[str, Any]:
        """Push a user's message with an attachment (``extra``) and an optional caption."""
        if caption:
            extra["caption"] = caption
            if ents := self.entities(caption):
                extra["caption_entities"] = ents
        msg = self._message(chat, user, **extra)
        self.push_update(message=msg)
        return msg

    def press(self, user: FakeUser, message_id: int, data: str) -> None:
        """Press an inline-keyboard button of the bot's message ``message_id``."""
        self.push_update(callback_query={"id": f"cq{next(self._update_ids)}", "from": user.as_json(),
                                         "chat_instance": "ci", "data": data, "message": self.messages[message_id]})

    # ------------------------------------------------------------------ remote control (another process)
    def control(self, op: str, args: dict[str, Any]) -> Any:
        """``POST /control/<op>`` with JSON: ``send_text`` {user_id, text, lang?} -> message;
        ``calls`` {since} -> the calls from index ``since`` on, without file bytes."""
        if op == "send_text":
            user = self.user(int(args["user_id"]), f"U{args['user_id']}", args.get("lang", "en"))
            return self.send_text(user, args["text"])
        if op == "calls":
            with self._cond:
                calls = list(enumerate(self.calls))[int(args.get("since", 0)):]
            return [{"i": i, "method": c.method, "chat_id": c.chat_id, "text": c.text, "wall": c.wall,
                     "photo": [c.photo[0], c.photo[1], len(c.photo[2]), c.photo[2][:4] == b"\x89PNG"]
                     if c.photo else None} for i, c in calls]
        return {"error": f"unknown control op {op}"}

    # ------------------------------------------------------------------ assertions
    def find(self, pred: Callable[[Call], bool]) -> list[Call]:
        with self._cond:
            return [c for c in self.calls if pred(c)]

    async def wait_for(self, pred: Callable[[Call], bool], timeout: float = 30.0, count: int = 1) -> list[Call]:
        """Wait until ``count`` calls match ``pred``; returns them (raises TimeoutError otherwise)."""
        return await polling.found(lambda: self.find(pred), count, timeout,
                                   lambda: [(c.method, c.chat_id, c.text[:60]) for c in self.calls[-15:]])


@dataclass
class Fault:
    """One fault on demand (:meth:`FakeBotApi.fail`)."""

    method: str
    kind: str
    chat_id: int | None
    times: int
    retry_after: int = 1
    new_chat_id: int = 0
    description: str = ""

    def error(self) -> ApiError:
        answers: dict[str, tuple[int, str, dict[str, Any] | None]] = {
            "retry_after": (429, f"Too Many Requests: retry after {self.retry_after}",
                            {"retry_after": self.retry_after}),
            "migrated": (400, "Bad Request: group chat was upgraded to a supergroup chat",
                         {"migrate_to_chat_id": self.new_chat_id}),
            "blocked": (403, "Forbidden: bot was blocked by the user", None),
            "kicked": (403, "Forbidden: bot was kicked from the supergroup chat", None),
            "no_rights": (400, "Bad Request: not enough rights to send photos to the chat", None),
            "bad_request": (400, f"Bad Request: {self.description or 'message is too long'}", None),
        }
        code, description, parameters = answers[self.kind]
        return ApiError(code, description, parameters, status=code)


def replies_to(chat_id: int) -> Callable[[Call], bool]:
    """Predicate: a message or photo the bot sent to ``chat_id``."""
    return lambda c: c.method in ("sendMessage", "sendPhoto") and c.chat_id == chat_id


async def handled_all(api: FakeBotApi, app: Any = None, timeout: float = 30.0) -> None:
    """Wait until the bot (a PTB Application polling ``api``) has fetched every update pushed so
    far and finished handling each one: the positive event after which a test may check that
    nothing (more) was sent, instead of sleeping and hoping the bot was done.

    Fetched: the bot asked for later updates (``api.updates`` is pruned). Handled: PTB's update
    queue is empty and no task it made for an update (handlers run with ``block=False`` too) is left.
    """
    app = app if app is not None else api.app
    tasks = app._Application__create_task_tasks  # PTB's own record of the tasks it runs updates in
    deadline = time.monotonic() + timeout
    while True:
        with api._cond:
            unfetched = len(api.updates)
        if not unfetched and app.update_queue.empty() and not tasks:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"the bot is still at it after {timeout}s: {unfetched} updates unfetched, "
                               f"{app.update_queue.qsize()} queued, {len(tasks)} being handled")
        await asyncio.sleep(0.02)


def serve() -> None:
    """``python -m tests.fake_bot_api``: serve in this process; prints the URL and token, stops at EOF."""
    api = FakeBotApi()
    print(api.url, api.token, flush=True)
    sys.stdin.read()
    api.close()


if __name__ == "__main__":
    serve()
