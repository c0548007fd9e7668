"""The web player off Telegram (Discord, the console): signed per-user links, answers recorded in the
same database and announced on the platform; and Telegram's initData check against the spec."""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import pytest

from bot.chat import Reply
from bot.config import WebConfig
from bot.daily import DailyChat
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from bot.web import WebPlayer
from bot.web.auth import Forged, make_token, verify_init_data
from tests.daily_support import corpus_maker
from tests.fake_bot_api import FakeUser
from tests.recording import RecordingChannel
from tests.web_support import init_data, query


class Platform:
    """Records what the bot says on its own initiative."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sent: list[tuple[Any, Reply]] = []

    async def send_to(self, chat_id: Any, reply: Reply) -> int:
        self.sent.append((chat_id, reply))
        return len(self.sent)

    def run_repeating(self, *args: Any, **kw: Any) -> None:
        return None


@pytest.fixture
async def setup(tmp_path, request):
    service = DailyService(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
                           DailyConfig(generate_workers=0, prepare_all=False), maker=corpus_maker)
    chat = DailyChat(service)
    chat.platform = Platform(request.param)  # type: ignore[assignment]
    player = WebPlayer(chat, WebConfig(url="http://127.0.0.1:0", port=0), bot_token=None, secret=None)
    await player.start()
    stored = await service.making.make(service.slot(service.today(), "masyu", "easy"))
    try:
        yield chat, player, stored
    finally:
        await player.stop()
        await service.close()


@pytest.mark.parametrize("setup", ["console", "discord"], indirect=True)
async def test_signed_link_records_and_announces(setup) -> None:
    chat, player, stored = setup
    platform = chat.platform.name
    target = (platform, "c1", platform == "discord", "u7", "Ann")
    (link,) = player.personal_links(stored, target, "en")
    # in a channel the link naming Ann is not on the public post (the daily chat sends it to her privately)
    assert player.links(stored, target, "en") == ((link,) if platform == "console" else ())
    assert link.url.startswith(f"http://127.0.0.1:{player.port}/play?") and not link.web_app
    q = query(link.url)
    solution = stored.solution.to_json()
    answer = f"{player.url}/api/answer"
    async with aiohttp.ClientSession() as http:
        async with http.get(link.url) as res:
            assert res.status == 200 and "<svg" in await res.text()
        for body in ({"token": q["t"][:-3] + "abc", "puzzle": q["puzzle"], "solution": solution},  # tampered
                     {"token": make_token(player.server.key, {"z": q["puzzle"], "p": platform, "u": "u7", "c": "c1"},
                                          ttl=-1), "puzzle": q["puzzle"], "solution": solution},  # expired
                     {"token": q["t"], "puzzle": "d999", "solution": solution},  # another puzzle
                     {"init_data": init_data(FakeUser(7, "Eve"), "1:x"), "puzzle": q["puzzle"], "solution": solution}):
            async with http.post(answer, json=body) as res:
                assert res.status == 403, body
        async with http.post(answer, json={"token": q["t"], "puzzle": q["puzzle"], "solution": solution}) as res:
            assert res.status == 200 and (await res.json())["ok"] is True
    ((chat_id, reply),) = chat.platform.sent
    assert chat_id == "c1" and reply.text.startswith("✅ Ann solved it in")
    store = await chat.service.ready()
    play = await store.play(platform, "c1", "u7", stored.id)
    assert play.solved_at is not None
    # a scheduled post has no user: no per-user link on these platforms
    assert player.links(stored, (platform, "c1", True, None, ""), "en") == ()


def _signed(bot_token: str, **fields: str) -> str:
    return init_data(FakeUser(5, "Ann"), bot_token, **fields)


def test_init_data_checked_as_the_spec_says() -> None:
    token = "42:secret-token"
    fields = verify_init_data(_signed(token), token)
    assert '"id":5' in fields["user"]
    with pytest.raises(Forged):
        verify_init_data(_signed("42:another"), token)
    with pytest.raises(Forged):
        verify_init_data(init_data(FakeUser(5, "Ann"), token, age=86_401), token)
    with pytest.raises(Forged):
        verify_init_data(_signed(token) + "&user=%7B%22id%22%3A6%7D", token)  # a field added twice
    with pytest.raises(Forged):
        verify_init_data(_signed(token, start_param="x").replace("start_param=x", "start_param=y"), token)
    assert verify_init_data(init_data(FakeUser(5, "Ann"), token, age=3600), token, now=time.time())


def test_discord_link_button() -> None:
    import discord

    from bot.chat import Choice, Link
    from bot.discord_replies import make_view

    view = make_view(Reply(text="x", choices=((Choice("A", "a"),),), links=(Link("▶ Play", "https://bot.example/play?t=x"),)))
    assert view is not None
    link = [b for b in view.children if isinstance(b, discord.ui.Button) and b.url]
    assert [(b.label, b.url, b.style) for b in link] == [("▶ Play", "https://bot.example/play?t=x",
                                                          discord.ButtonStyle.link)]


def test_web_settings() -> None:
    from bot.config import ConfigError, load_config

    token = "123:abc"
    assert load_config(None, {}).web is None
    web = load_config(None, {"TELEGRAM_TOKEN": token, "PUZZLEBOT_WEB_URL": "https://bot.example.org/play/",
                             "PUZZLEBOT_WEB_PORT": "9000", "PUZZLEBOT_WEB_APP": "puzzlebot/play"}).web
    assert web == WebConfig(url="https://bot.example.org/play", listen="127.0.0.1", port=9000, app="puzzlebot/play")
    console = load_config(None, {"PUZZLEBOT_WEB_PORT": "8090"}).web
    assert console is not None and console.url == "http://127.0.0.1:8090"
    for bad in ({"TELEGRAM_TOKEN": token, "PUZZLEBOT_WEB_URL": "http://bot.example.org"},  # Telegram needs https
                {"PUZZLEBOT_WEB_URL": "ftp://x"}, {"PUZZLEBOT_WEB_PORT": "0"},
                {"PUZZLEBOT_WEB_PORT": "80", "PUZZLEBOT_WEB_APP": "no slash"}):
        with pytest.raises(ConfigError, match="PUZZLEBOT_WEB"):
            load_config(None, bad)


@pytest.mark.parametrize("setup", ["discord"], indirect=True)
async def test_daily_in_a_channel_sends_the_personal_link_privately(setup) -> None:
    from bot.chat import Incoming
    from bot.commands import Context

    chat, player, stored = setup
    chat.personal_links = player.personal_links
    chat.play_links = player.links
    channel = RecordingChannel()
    msg = Incoming(platform="discord", chat_id=555, user_id=77, command="daily", args="masyu easy", is_group=True,
                   user_name="Ann")
    await chat.cmd_daily(Context(core=None, msg=msg, channel=channel))  # type: ignore[arg-type]
    (post,) = channel.sent
    assert post.image is not None and post.links == ()  # the channel sees no link naming Ann
    ((to, private),) = chat.platform.sent
    assert to == 77 and "do not share" in private.text
    (link,) = private.links
    assert link.url.startswith(f"{player.url}/play?puzzle=d{stored.id}&t=")


@pytest.mark.parametrize("setup", ["console"], indirect=True)
async def test_a_console_player_without_a_name_is_you_in_the_player(setup) -> None:
    """The console chat has no user name: its chat says "Hint 1/13 for you", but the player's page
    said "Hint 1/13 for console" (the token carried the user id as the name)."""
    chat, player, stored = setup
    (link,) = player.personal_links(stored, ("console", "console", False, "console", ""), "en")
    q = query(link.url)
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{player.url}/api/hint", json={"token": q["t"], "puzzle": q["puzzle"]}) as res:
            out = await res.json()
        assert out["ok"] is True and out["message"].startswith("💡 Hint 1/") and " for you: " in out["message"]
        async with http.post(f"{player.url}/api/hint", json={"token": q["t"], "puzzle": q["puzzle"],
                                                             "lang": "ja"}) as res:
            assert "あなたへのヒント 2/" in (await res.json())["message"]
