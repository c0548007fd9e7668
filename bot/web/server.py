"""The web player's HTTP server (aiohttp): the page, its two static files, and the answer API.

Contract (docs/operations.md, "The web player"):

- ``GET  /play?puzzle=<name>`` the player page (``name`` is ``d<daily id>``); a signed ``chat``
  (a group) or ``t`` (a Discord / console player) token may come with it, or as Telegram's
  ``tgWebAppStartParam``.
- ``POST /api/answer`` ``{"init_data" | "token", "puzzle", "solution"}``: 200 ``{"ok": true}`` (the
  chat is told) or 200 ``{"ok": false, "message"}`` (the first broken rule; for the genre's blank
  answer, the page sent as it came, "nothing is filled in yet", not a wrong try); 403 forged or stale;
  400 / 413 / 415 a malformed body; 404 no such puzzle; 429 too many tries.
- ``POST /api/check`` the same body: judged, never recorded, nothing said in the chat.
- ``POST /api/hint`` the same body without ``solution``: the next hint, counted as /hint.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.chat import Reply
from bot.daily.judge import Verdict, hints, judge_solution
from bot.i18n import LANGUAGES, t
from bot.web.auth import Forged, Player, make_token, read_token, telegram_user, verify_init_data
from bot.web.guard import RateLimit, Replays
from bot.web.page import notice_html, player_html, static_file

if TYPE_CHECKING:
    from bot.daily.chat import DailyChat
    from bot.storage import DailyPuzzle
    from solvers.puzzle import Puzzle
    from solvers.solution import Solution

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024  # bytes: a 60x60 board's answer is well under this
NAME_RE = re.compile(r"^(?:d([1-9][0-9]{0,11})|b([0-9a-f]{32}))$")  # a daily puzzle, or a solved board
BOARDS = 2000  # solved boards remembered for "Play it" (per process, oldest dropped first)
STATIC = {"player.js": "application/javascript", "player.css": "text/css"}


def asked_lang(value: Any, default: str = "en") -> str:
    """The page's language from a ``lang`` asked for: written as browsers and Telegram write it
    (``ja-JP``, ``JA``, ``ja_JP``: it got English), and ``default`` for one the bot does not speak
    (``lang=fr``): the puzzle opens in English rather than not at all (docs/operations.md)."""
    if isinstance(value, str):
        short = value.strip().split("-")[0].split("_")[0].lower()
        if short in LANGUAGES:
            return short
    return default


def _notice(status: int, code: str, lang: str) -> web.Response:
    """Why the link opens no puzzle, as a page a phone shows legibly."""
    lang = asked_lang(lang)
    return web.Response(status=status, text=notice_html(code, lang), content_type="text/html", charset="utf-8",
                        headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})


class Refused(Exception):
    """An HTTP error with a JSON body (never a traceback)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def puzzle_name(daily: DailyPuzzle) -> str:
    return f"d{daily.id}"


@dataclass
class PlayerServer:
    """The player's routes over one daily-puzzle chat; ``key`` signs our tokens, ``bot_token``
    checks Telegram's ``initData`` (None on Discord and the console: only our tokens count)."""

    daily: DailyChat
    key: bytes
    bot_token: str | None = None
    limit: RateLimit = field(default_factory=RateLimit)
    replays: Replays = field(default_factory=Replays)
    static: dict[str, bytes] = field(default_factory=dict)
    boards: OrderedDict[str, tuple[Puzzle[Any], Solution]] = field(default_factory=OrderedDict)

    def remember(self, puzzle: Puzzle[Any], solution: Solution) -> str:
        """Keep a solved board for "Play it"; returns its name (``b`` + the board's key)."""
        name = f"b{puzzle.key()}"
        self.boards[name] = (puzzle, solution)
        self.boards.move_to_end(name)
        while len(self.boards) > BOARDS:
            self.boards.popitem(last=False)
        return name

    def board(self, name: str) -> tuple[Puzzle[Any], Solution]:
        if name not in self.boards:
            raise Refused(404, "no such board (any more)")
        return self.boards[name]

    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_get("/play", self.page)
        app.router.add_get("/static/{name}", self.asset)
        app.router.add_post("/api/answer", self.answer)
        app.router.add_post("/api/check", self.check)
        app.router.add_post("/api/hint", self.hint)
        return app

    # ------------------------------------------------------------------ tokens
    def token(self, claims: dict[str, Any]) -> str:
        return make_token(self.key, claims)

    async def _daily(self, name: Any) -> DailyPuzzle:
        m = NAME_RE.match(name) if isinstance(name, str) else None
        if m is None or m.group(1) is None:
            raise Refused(400, "puzzle must be a name such as d12")
        store = await self.daily.service.ready()
        daily = await store.get_daily_by_id(int(m.group(1)))
        if daily is None:
            raise Refused(404, "no such puzzle")
        return daily

    # ------------------------------------------------------------------ the page
    async def page(self, request: web.Request) -> web.Response:
        q = request.query
        token = q.get("chat") or q.get("t") or q.get("tgWebAppStartParam") or q.get("startapp")
        name = q.get("puzzle")
        lang = asked_lang(q.get("lang"))
        try:
            if token:
                claims = read_token(self.key, token)
                name = name or claims.get("z")
                if claims.get("z") != name:
                    raise Forged("token for another puzzle")
                lang = asked_lang(q.get("lang"), asked_lang(claims.get("l")))  # the link's, else the player's
            if isinstance(name, str) and name.startswith("b"):
                puzzle, _ = self.board(name)
            else:
                daily = await self._daily(name)
                puzzle, name = daily.puzzle, puzzle_name(daily)
        except Forged:
            return _notice(403, "web_link_invalid", lang)
        except Refused as e:
            return _notice(e.status, "web_unknown_puzzle", lang)
        html = await asyncio.to_thread(player_html, puzzle, name, lang, token)
        response = web.Response(text=html, content_type="text/html", charset="utf-8",
                            headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
                                     "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                     "img-src 'self' data:; connect-src 'self'; frame-ancestors *"})
        response.enable_compression()
        return response

    async def asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        if name not in self.static:
            self.static[name] = static_file(name)
        response = web.Response(body=self.static[name], content_type=STATIC[name],
                                headers={"Cache-Control": "public, max-age=3600"})
        response.enable_compression()
        return response

    # ------------------------------------------------------------------ the API
    async def _body(self, request: web.Request) -> dict[str, Any]:
        if request.content_type != "application/json":
            raise Refused(415, "send JSON (Content-Type: application/json)")
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise Refused(413, "body too large")
        try:
            raw = await request.read()
        except web.HTTPRequestEntityTooLarge as e:
            raise Refused(413, "body too large") from e
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError) as e:
            raise Refused(400, "body is not JSON") from e
        if not isinstance(body, dict):
            raise Refused(400, "body must be a JSON object")
        return body

    def player(self, body: dict[str, Any], name: str) -> Player:
        """Who sends ``body`` (for puzzle ``name``), from signed data only; raises :class:`Forged`."""
        init_data, token = body.get("init_data"), body.get("token")
        if init_data:
            if self.bot_token is None:
                raise Forged("not a Telegram bot")
            fields = verify_init_data(init_data, self.bot_token)
            user_id, user_name, lang = telegram_user(fields)
            chat_token = token or fields.get("start_param")
            if not chat_token:  # a private chat: its id is the user's
                return Player("telegram", user_id, user_name, user_id, lang)
            claims = read_token(self.key, chat_token)
            if claims.get("z") != name or "u" in claims or claims.get("p") != "telegram":
                raise Forged("chat token for another puzzle")
            return Player("telegram", user_id, user_name, str(claims["c"]), lang, is_group=True)
        if token:
            claims = read_token(self.key, token)
            if claims.get("z") != name or "u" not in claims:
                raise Forged("token for another puzzle")
            return Player(str(claims["p"]), str(claims["u"]), str(claims.get("n") or ""),
                          str(claims["c"]), str(claims.get("l") or "en"), bool(claims.get("g")))
        raise Forged("neither init_data nor token")

    async def _start(self, request: web.Request, *, needs_solution: bool = True,
                     ) -> tuple[dict[str, Any], Player, DailyPuzzle, str]:
        body = await self._body(request)
        if needs_solution and "solution" not in body:
            raise Refused(400, "no solution")
        name = body.get("puzzle")
        if not isinstance(name, str) or NAME_RE.match(name) is None:
            raise Refused(400, "puzzle must be a name such as d12")
        try:
            player = self.player(body, name)
        except Forged as e:
            log.info("web player: refused %s (%s)", request.remote, e)
            raise Refused(403, "forged or stale credentials") from e
        if not self.limit.allow((player.platform, player.user_id)):
            raise Refused(429, t(player.lang, "web_rate_limited"))
        daily = await self._daily(name)
        lang = asked_lang(body.get("lang"), player.lang)
        return body, player, daily, lang

    @staticmethod
    def _refused(e: Refused) -> web.Response:
        return web.json_response({"ok": False, "message": e.message}, status=e.status)

    async def _board_request(self, request: web.Request) -> tuple[dict[str, Any], Puzzle[Any], Solution, str] | None:
        """A request about a solved board ("Play it"): nobody to record, so no credentials; limited per
        address. None when the request is about a daily puzzle."""
        body = await self._body(request)
        name = body.get("puzzle")
        if not (isinstance(name, str) and name.startswith("b") and NAME_RE.match(name)):
            return None
        if not self.limit.allow(("address", request.remote)):
            raise Refused(429, t("en", "web_rate_limited"))
        puzzle, solution = self.board(name)
        lang = asked_lang(body.get("lang"))
        return body, puzzle, solution, lang

    async def board_answer(self, request: web.Request, hint: bool = False) -> web.Response | None:
        """Check, submit or hint on a solved board: judged, never recorded, nothing said in a chat."""
        try:
            found = await self._board_request(request)
        except Refused as e:
            return self._refused(e)
        if found is None:
            return None
        body, puzzle, solution, lang = found
        if hint:
            steps = await asyncio.to_thread(hints, puzzle, solution)  # a large board's deductions take seconds
            n = body.get("hint")
            if not steps or not isinstance(n, int) or not 1 <= n <= len(steps):
                return web.json_response({"ok": False, "message": t(lang, "web_hint_none")})
            step = steps[n - 1]
            text = t(lang, "web_hint_text", number=n, total=len(steps), text=step.text(lang))
            return web.json_response({"ok": True, "message": text, "cells": [list(c) for c in step.cells]})
        if "solution" not in body:
            return self._refused(Refused(400, "no solution"))
        judgement = await asyncio.to_thread(judge_solution, puzzle, body["solution"])
        if judgement.verdict is Verdict.RIGHT:
            return web.json_response({"ok": True, "message": t(lang, "web_board_solved")})
        return web.json_response({"ok": False, "message": judgement.text(lang),
                                  "cells": [list(c) for c in judgement.cells]})

    async def answer(self, request: web.Request) -> web.Response:
        if (board := await self.board_answer(request)) is not None:
            return board
        try:
            body, player, daily, lang = await self._start(request)
        except Refused as e:
            return self._refused(e)
        key = (player.platform, player.user_id, player.chat_id, daily.id,
               hashlib.sha256(json.dumps(body["solution"], sort_keys=True).encode()).hexdigest())
        done = self.replays.get(key)
        if done is not None:  # the same answer again: the first response, nothing recorded twice
            return web.json_response(done)
        response = await self.record(player, daily, body["solution"], lang)
        self.replays.put(key, response)
        return web.json_response(response)

    async def record(self, player: Player, daily: DailyPuzzle, solution: Any, lang: str) -> dict[str, Any]:
        """Judge and record as a typed answer; a solve is announced in the player's chat."""
        from bot.daily.chat import _chat_target
        from bot.daily.replies import addressed, outcome_text

        out = await self.daily.service.play.answer(player.platform, player.chat_id, player.user_id, player.user_name,
                                              daily, solution)
        if out.verdict is Verdict.RIGHT:
            platform = self.daily.platform
            if platform is not None:
                said = outcome_text(out, addressed(player.user_name, lang), daily.genre, lang)
                try:
                    await platform.send_to(_chat_target(player.chat_id), Reply(text=said))
                except Exception as e:  # recorded all the same; the page still says solved
                    log.warning("web player: solve of %s not announced in %s: %s", player.user_id, player.chat_id, e)
            return {"ok": True, "message": t(lang, "web_solved")}
        if out.verdict is Verdict.ALREADY:
            return {"ok": True, "already": True, "message": t(lang, "web_already")}
        assert out.judgement is not None
        return {"ok": False, "message": out.judgement.text(lang),
                "cells": [list(c) for c in out.judgement.cells]}

    async def check(self, request: web.Request) -> web.Response:
        if (board := await self.board_answer(request)) is not None:
            return board
        try:
            body = await self._body(request)
            if not body.get("init_data") and not body.get("token"):
                # the page opened outside Telegram (a group's link without a Mini App): judged for
                # nobody, limited per address; answers and hints still need a signed player
                if not self.limit.allow(("address", request.remote)):
                    raise Refused(429, t("en", "web_rate_limited"))
                if "solution" not in body:
                    raise Refused(400, "no solution")
                daily = await self._daily(body.get("puzzle"))
                lang = asked_lang(body.get("lang"))
            else:
                body, _, daily, lang = await self._start(request)
        except Refused as e:
            return self._refused(e)
        judgement = await asyncio.to_thread(judge_solution, daily.puzzle, body["solution"])
        if judgement.verdict is Verdict.RIGHT:
            return web.json_response({"ok": True, "message": t(lang, "web_check_ok")})
        return web.json_response({"ok": False, "message": judgement.text(lang),
                                  "cells": [list(c) for c in judgement.cells]})

    async def hint(self, request: web.Request) -> web.Response:
        if (board := await self.board_answer(request, hint=True)) is not None:
            return board
        try:
            _, player, daily, lang = await self._start(request, needs_solution=False)
        except Refused as e:
            return self._refused(e)
        out = await self.daily.service.play.hint(player.platform, player.chat_id, player.user_id, player.user_name,
                                                 daily)
        from bot.daily.replies import addressed

        name = addressed(player.user_name, lang)
        if out.solved:
            return web.json_response({"ok": True, "message": t(lang, "daily_hint_solved", name=name)})
        if out.hint is None:
            return web.json_response({"ok": False, "message": t(lang, "daily_hint_none", name=name)})
        text = t(lang, "daily_hint", number=out.hint.number, total=out.hint.total, name=name,
                 text=out.hint.text(lang))
        return web.json_response({"ok": True, "message": text, "cells": [list(c) for c in out.hint.cells]})

