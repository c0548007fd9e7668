"""The web player's HTTP contract, from outside: the real PTB bot polling a fake Bot API, the daily
puzzle in SQLite, the player's aiohttp server on 127.0.0.1, and plain HTTP requests to it."""

from __future__ import annotations

import datetime as dt
import json
import time
from typing import Any

import aiohttp
import pytest

from bot.web.guard import RateLimit
from tests.fake_bot_api import FakeBotApi, handled_all, replies_to
from tests.web_support import init_data, play_button, query, running_bot

pytestmark = pytest.mark.skipif(
    dt.datetime.now(dt.UTC).time() > dt.time(23, 58), reason="the day changes during the test")


@pytest.fixture
def api():
    server = FakeBotApi()
    yield server
    server.close()


def broken(solution: dict[str, Any]) -> dict[str, Any]:
    """The loop with its first horizontal step cut (both ends of the edge)."""
    rows = [[int(v) for v in row.split()] for row in solution["loop"]]
    for row in rows:
        for c, v in enumerate(row):
            if v & 2:
                row[c] &= ~2
                row[c + 1] &= ~8
                return {"loop": [" ".join(map(str, row)) for row in rows]}
    raise AssertionError("no horizontal step")


async def _daily_post(api: FakeBotApi, user: Any, chat: Any = None, daily: Any = None) -> Any:
    if daily is not None:  # made now, not left to the background
        svc = daily.service
        await svc.making.make(svc.slot(svc.today(), "masyu", "easy"))
    n = time.perf_counter()
    api.send_text(user, "/daily masyu easy", chat=chat)
    chat_id = chat.id if chat is not None else user.id
    calls = await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == chat_id and c.at >= n, timeout=60)
    return calls[-1]


async def _post(http: aiohttp.ClientSession, url: str, body: Any, **kw: Any) -> tuple[int, Any]:
    async with http.post(url, json=body, **kw) as res:
        try:
            return res.status, await res.json(content_type=None)
        except ValueError:
            return res.status, None


async def test_private_chat_contract(api, tmp_path):
    ann = api.user(11, "Ann")
    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as (daily, player), \
            aiohttp.ClientSession() as http:
        post = await _daily_post(api, ann, daily=daily)
        button = play_button(post.buttons)
        url = button["web_app"]["url"]
        assert url.startswith(player.url + "/") and query(url)["puzzle"].startswith("d")
        name = query(url)["puzzle"]
        stored = await (await daily.service.ready()).get_daily_by_id(int(name[1:]))
        solution = stored.solution.to_json()

        async with http.get(url) as res:
            page = await res.text()
            assert res.status == 200 and res.content_type == "text/html"
        assert "<svg" in page and "static/player.js" in page and api.token not in page
        assert json.dumps(solution["loop"]) not in page  # the answer is not on the page
        async with http.get(f"{player.url}/static/player.js") as res:
            assert res.status == 200 and "FORMATS.md" in await res.text()

        answer = f"{player.url}/api/answer"
        good = init_data(ann, api.token)
        # forged (signed with another token), stale (two days old), tampered (another user id): 403
        for creds in (init_data(ann, "999:another-bot-token"), init_data(ann, api.token, age=2 * 86400),
                      good.replace("%22id%22%3A11", "%22id%22%3A12"), "", "hash=abc"):
            status, out = await _post(http, answer, {"init_data": creds, "puzzle": name, "solution": solution})
            assert status == 403 and out["ok"] is False, creds
        # malformed bodies: 4xx, never a traceback
        async with http.post(answer, data=b"{not json", headers={"Content-Type": "application/json"}) as res:
            assert res.status == 400
        async with http.post(answer, data=b"puzzle=d1", headers={"Content-Type": "text/plain"}) as res:
            assert res.status == 415
        async with http.post(answer, data=b"[" * 200_000, headers={"Content-Type": "application/json"}) as res:
            assert res.status == 413
        for body in ([1, 2], {"init_data": good, "puzzle": name}, {"init_data": good, "puzzle": "x; drop",
                                                                   "solution": solution}):
            status, out = await _post(http, answer, body)
            assert status == 400 and out["ok"] is False, body
        status, out = await _post(http, answer, {"init_data": good, "puzzle": "d999999", "solution": solution})
        assert status == 404
        # an answer of the wrong shape, then a wrong one: the first broken rule, never the solution
        status, out = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": {"loop": "x"}})
        assert status == 200 and out["ok"] is False and out["message"]
        # the fresh board sent as it is: "nothing is filled in yet", nothing marked, not a wrong try
        fresh = stored.puzzle.kind.blank_answer(stored.puzzle).to_json()
        status, out = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": fresh})
        assert (status, out) == (200, {"ok": False, "cells": [],
                                       "message": "Nothing is filled in yet: put your answer on the board first."})
        wrong = broken(solution)
        status, out = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": wrong})
        assert status == 200 and out["ok"] is False and out["message"] and out["cells"]
        status, again = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": wrong})
        assert again == out  # a replay: the same answer, not recorded twice
        store = await daily.service.ready()
        play = await store.play("telegram", str(ann.id), str(ann.id), stored.id)
        assert play.wrong == 1
        # check: judged, not recorded, nothing in the chat
        status, out = await _post(http, f"{player.url}/api/check",
                                  {"init_data": good, "puzzle": name, "solution": wrong})
        assert status == 200 and out["ok"] is False and out["message"]
        assert (await store.play("telegram", str(ann.id), str(ann.id), stored.id)).wrong == 1
        # a hint on the page counts as /hint
        status, out = await _post(http, f"{player.url}/api/hint", {"init_data": good, "puzzle": name})
        assert status == 200 and out["ok"] is True and "Hint 1/" in out["message"]
        assert (await store.play("telegram", str(ann.id), str(ann.id), stored.id)).hints == 1
        # the page: a forged token 403, another language, an unknown puzzle 404
        async with http.get(f"{player.url}/play?puzzle={name}&t=AAAA") as res:
            assert res.status == 403
        async with http.get(f"{player.url}/play?puzzle={name}&lang=ja") as res:
            assert res.status == 200 and "チェック" in await res.text()
        async with http.get(f"{player.url}/play?puzzle=d999999") as res:
            assert res.status == 404
        # the right answer: 200 ok, the chat is told, recorded once
        n = time.perf_counter()
        status, out = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": solution})
        assert status == 200 and out["ok"] is True
        said = await api.wait_for(lambda c: replies_to(ann.id)(c) and "Ann solved it in" in c.text and c.at >= n)
        assert said[0].text.startswith("✅ Ann solved it in") and "with 1 hint" in said[0].text
        status, out = await _post(http, answer, {"init_data": good, "puzzle": name, "solution": solution})
        assert status == 200 and out["ok"] is True
        status, out = await _post(http, answer, {"init_data": init_data(ann, api.token, age=5), "puzzle": name,
                                                 "solution": solution})
        assert status == 200 and out["ok"] is True  # fresh initData, the same answer: still one solve
        await _settle(api)
        assert len(api.find(lambda c: replies_to(ann.id)(c) and "solved it" in c.text)) == 1
        play = await store.play("telegram", str(ann.id), str(ann.id), stored.id)
        assert play.solved_at is not None and play.wrong == 1


async def _settle(api: FakeBotApi) -> None:
    """The bot is done with every update so far (a web answer says its solve before it responds)."""
    await handled_all(api)


async def test_group_link_carries_the_group_and_the_solve_is_announced_there(api, tmp_path):
    ann, bob = api.user(11, "Ann"), api.user(12, "Bob")
    group = api.group(-1001, admins={ann.id})
    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as (daily, player), \
            aiohttp.ClientSession() as http:
        post = await _daily_post(api, ann, group, daily)
        button = play_button(post.buttons)
        assert "web_app" not in button and button["url"].startswith(player.url + "/")  # groups: a URL button
        q = query(button["url"])
        name, token = q["puzzle"], q["chat"]
        async with http.get(button["url"]) as res:
            assert res.status == 200
        # the Mini App's own URL as Telegram opens it from t.me/<bot>/<app>?startapp=<token>
        async with http.get(f"{player.url}/play?tgWebAppStartParam={token}") as res:
            assert res.status == 200 and f'"puzzle": "{name}"' in await res.text()
        stored = await (await daily.service.ready()).get_daily_by_id(int(name[1:]))
        solution = stored.solution.to_json()
        answer = f"{player.url}/api/answer"
        creds = init_data(bob, api.token)
        # a tampered group token, or one for another puzzle: 403
        status, _ = await _post(http, answer, {"init_data": creds, "token": token[:-2] + "AA", "puzzle": name,
                                               "solution": solution})
        assert status == 403
        other = player.server.token({"z": "d999", "p": "telegram", "c": str(group.id)})
        status, _ = await _post(http, answer, {"init_data": creds, "token": other, "puzzle": name,
                                               "solution": solution})
        assert status == 403
        # opened outside Telegram (no initData): a check is judged for nobody; an answer needs a player
        status, out = await _post(http, f"{player.url}/api/check", {"puzzle": name, "solution": {"loop": []}})
        assert status == 200 and out["ok"] is False and out["message"]
        # the token alone (no initData) names no player: 403
        status, _ = await _post(http, answer, {"token": token, "puzzle": name, "solution": solution})
        assert status == 403
        n = time.perf_counter()
        status, out = await _post(http, answer, {"init_data": creds, "token": token, "puzzle": name,
                                                 "solution": solution})
        assert status == 200 and out["ok"] is True
        said = await api.wait_for(lambda c: c.chat_id == group.id and "Bob solved it" in c.text and c.at >= n)
        assert "#1 in this chat" in said[0].text
        # the same start parameter as Telegram's direct link would pass it (t.me/<bot>/<app>?startapp=...)
        status, out = await _post(http, answer, {"init_data": init_data(ann, api.token, start_param=token),
                                                 "puzzle": name, "solution": solution})
        assert status == 200 and out["ok"] is True
        await api.wait_for(lambda c: c.chat_id == group.id and "Ann solved it" in c.text and c.at >= n)
        stats = await daily.service.play.stats("telegram", group.id, bob.id)
        assert sorted((row.user_name, row.seconds is not None) for row in stats.board) == [("Ann", True),
                                                                                           ("Bob", True)]


async def test_rate_limit_per_user(api, tmp_path):
    ann, bob = api.user(11, "Ann"), api.user(12, "Bob")
    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as (daily, player), \
            aiohttp.ClientSession() as http:
        post = await _daily_post(api, ann, daily=daily)
        name = query(play_button(post.buttons)["web_app"]["url"])["puzzle"]
        player.server.limit = RateLimit(count=3, window=60)
        check = f"{player.url}/api/check"
        body = {"init_data": init_data(ann, api.token), "puzzle": name, "solution": {"loop": []}}
        statuses = [(await _post(http, check, body))[0] for _ in range(5)]
        assert statuses == [200, 200, 200, 429, 429]
        status, _ = await _post(http, check, {**body, "init_data": init_data(bob, api.token)})
        assert status == 200  # per user: Bob is not held up by Ann


def test_the_limit_holds_a_script_not_a_fast_player_on_several_puzzles() -> None:
    """The limit is per user, not per puzzle: at 12 a minute a player with two puzzles open had 6
    Checks a minute for each. The page sends a request only when a button is pressed, so a player
    sends at most one per move: Check after every move at a sustained move a second, alternating
    three puzzles for five minutes, with bursts of ten presses in a second, is never refused; a
    script's requests are held to the minute's allowance."""
    from bot.web.server import PlayerServer

    limit = PlayerServer(None, b"k" * 32).limit  # type: ignore[arg-type]  # the server's own default
    presses = [float(s) for s in range(300)] + [b + k / 10 for b in (60, 100, 200) for k in range(1, 10)]
    assert all(limit.allow(("telegram", "ann"), now=t) for t in sorted(presses))
    script = [limit.allow(("telegram", "bot"), now=1000 + k / 1000) for k in range(1000)]
    assert 0 < script.count(True) <= 120 and script[-1] is False


async def test_play_it_under_a_solved_board(api, tmp_path):
    from solvers.engine import solve_puzzle
    from solvers.reading import read_board
    from solvers.registry import get_genre
    from solvers.verdict import SolveOptions

    ann = api.user(11, "Ann")
    example = get_genre("masyu").example
    solution = solve_puzzle(read_board(example, "masyu"), SolveOptions(time_limit=10, workers=1)).solution.to_json()
    async with running_bot(api, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as (_, player), \
            aiohttp.ClientSession() as http:
        n = time.perf_counter()
        api.send_text(ann, example)
        reply = (await api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == ann.id and c.at >= n,
                                    timeout=60))[0]
        button = play_button(reply.buttons)
        assert button["text"] == "▶ Play it" and button["web_app"]["url"].startswith(player.url + "/play?")
        name = query(button["web_app"]["url"])["puzzle"]
        async with http.get(button["web_app"]["url"]) as res:
            page = await res.text()
            assert res.status == 200 and "<svg" in page and json.dumps(solution["loop"]) not in page
        answer = f"{player.url}/api/answer"
        status, out = await _post(http, answer, {"puzzle": name, "solution": broken(solution)})
        assert status == 200 and out["ok"] is False and out["message"]
        status, out = await _post(http, f"{player.url}/api/hint", {"puzzle": name, "hint": 1})
        assert status == 200 and out["ok"] is True and out["message"].startswith("💡 Hint 1/")
        sent = len(api.calls)
        status, out = await _post(http, answer, {"puzzle": name, "solution": solution})
        assert status == 200 and out["ok"] is True
        status, _ = await _post(http, answer, {"puzzle": "b" + "0" * 32, "solution": solution})
        assert status == 404
        await _settle(api)
        assert not [c for c in api.calls[sent:] if c.method.startswith("send")]  # nothing said in a chat
