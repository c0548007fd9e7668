"""End to end: the real discord.py client against a fake Discord on 127.0.0.1 (REST, gateway, CDN),
solving in worker processes; and ``puzzlebot run`` pointed at it by DISCORD_API_URL and
DISCORD_GATEWAY_URL, stopped by SIGTERM.

Each flow prints its time from the event on the gateway to the bot's answer (``-s`` shows them);
they are figures, not assertions.
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
import pytest_asyncio
from discord.gateway import DiscordWebSocket

from bot.app import build_core
from bot.config import BotConfig, ConfigError, load_config
from bot.discord_adapter import PuzzleClient, connect, endpoints
from bot.pipeline import PipelineLimits
from rendering import render_png
from solvers.puzzle import Puzzle
from tests import process_drill as drill
from tests.corpus import own
from tests.fake_bot_api import png_size
from tests.fake_discord import BOT_ID, CHANNEL_ID, Call, FakeDiscord, handled_all

IN_MODULE_LOOP = pytest.mark.asyncio(loop_scope="module")
MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
CIRCLES_ONLY = "W . . B\n. . . .\n. . W .\n. . . ."  # Masyu or Yin-Yang: the bot must ask
EXIT_BOUND = 30.0  # seconds allowed from SIGTERM to exit (a liveness bound: the bot's own is 10 s)
ORPHAN_BOUND = 5.0


def mention(text: str) -> str:
    return f"<@{BOT_ID}>\n{text}"


def took(flow: str, seconds: float) -> None:
    print(f"\ndiscord e2e {flow}: {seconds:.2f} s")


def picture_reply(call: Call) -> bool:
    return bool(call.files) and call.files[0].filename.endswith("-solution.png")


def assert_spoiler_picture(call: Call, name: str, caption: str) -> None:
    """A solution picture uploaded as a spoiler: ``SPOILER_`` file name in the upload and in the attachments."""
    [upload] = call.files
    assert upload.filename == f"SPOILER_{name}"
    assert upload.data.startswith(b"\x89PNG") and min(png_size(upload.data)) > 50
    assert [a["filename"] for a in call.payload["attachments"]] == [f"SPOILER_{name}"]
    assert call.content.startswith(caption), call.content


# ---------------------------------------------------------------------- the configuration keys, and SIGTERM
# (first: the in-process bot below is started only when its tests come, so no workers compete with these)
def test_discord_urls_are_read_checked_and_redacted() -> None:
    cfg = load_config(None, environ={"DISCORD_TOKEN": "a.b.c", "DISCORD_API_URL": "http://127.0.0.1:9/api/v10/",
                                     "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/"})
    assert (cfg.discord_api_url, cfg.discord_gateway_url) == ("http://127.0.0.1:9/api/v10", "ws://127.0.0.1:9/")
    assert load_config(None, environ={}).discord_api_url is None  # discord.py's own endpoints
    with pytest.raises(ConfigError) as e:
        load_config(None, environ={"DISCORD_API_URL": "discord.com/api", "DISCORD_GATEWAY_URL": "http://x/"})
    assert "DISCORD_API_URL" in str(e.value) and "DISCORD_GATEWAY_URL" in str(e.value)
    proxy = load_config(None, environ={"DISCORD_API_URL": "https://u:secret@proxy.example/api/v10"})
    assert "secret" not in json.dumps(proxy.redacted(), default=str)


def test_endpoints_hold_for_the_block_only() -> None:
    before = discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    with endpoints("http://127.0.0.1:9/api/v10/", "ws://127.0.0.1:9/"):
        assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9/"
    assert before == (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    with endpoints(None, None):
        assert before == (discord.http.Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)


async def test_a_token_the_fake_rejects_ends_the_run_with_status_2(caplog: pytest.LogCaptureFixture) -> None:
    fake = FakeDiscord()
    try:
        core = build_core(BotConfig(limits=PipelineLimits(workers=1)), extensions=())
        code = await asyncio.wait_for(connect(core, "not.the.token", api_url=fake.api_url,
                                              gateway_url=fake.gateway_url), 30)
        assert code == 2 and "Discord rejected DISCORD_TOKEN" in caplog.text
        assert [(c.path, c.status) for c in fake.calls] == [("/users/@me", 401)]  # nothing after the login
    finally:
        fake.close()


@pytest.mark.slow
@pytest.mark.skipif(not drill.has_proc(), reason="needs /proc (Linux) to read the process table")
async def test_puzzlebot_run_reaches_the_fake_by_its_urls_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    fake = FakeDiscord()
    try:
        with drill.running_bot(tmp_path, DISCORD_TOKEN=fake.token, DISCORD_API_URL=fake.api_url,
                               DISCORD_GATEWAY_URL=fake.gateway_url, PUZZLEBOT_POOL_SIZE="1",
                               DAILY_PREPARE_ALL="0") as proc:
            t0 = time.perf_counter()
            deadline = time.monotonic() + 60
            while "connected to Discord as" not in drill.log_of(proc) and time.monotonic() < deadline:
                assert proc.poll() is None, drill.log_of(proc)
                await asyncio.sleep(0.1)
            assert "connected to Discord as" in drill.log_of(proc) and fake.connected, drill.log_of(proc)
            took("subprocess start -> ready", time.perf_counter() - t0)
            eve = fake.member(305, "Eve")
            sent = fake.post(eve, mention(MASYU_5))
            [photo] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and picture_reply(c), timeout=60)
            took("subprocess: pasted board -> spoiler picture", photo.at - sent)
            assert_spoiler_picture(photo, "masyu-5x5-solution.png", "Masyu 5×5: unique solution")
            fake.post(eve, mention(drill.slow_board(300)))  # one board being solved when the signal comes
            await fake.wait_for(lambda c: c.path == f"/channels/{CHANNEL_ID}/typing" and c.at > photo.at, timeout=30)
            ours = drill.descendants(proc.pid)
            assert drill.kinds(ours)["worker"] >= 1
            t1 = time.perf_counter()
            proc.send_signal(signal.SIGTERM)
            while proc.poll() is None and time.perf_counter() - t1 < EXIT_BOUND:
                await asyncio.sleep(0.05)
            took("SIGTERM -> exit", time.perf_counter() - t1)
            assert proc.returncode == 0, drill.log_of(proc)  # None: still running after the bound
            assert drill.survivors(ours, ORPHAN_BOUND) == []
            # one connection, ended by the bot's close frame (not dropped: 1006). Its code is discord.py's 1000, or
            # 4000 when aiohttp hands the close to discord.py's pending read first, which then closes with 4000
            assert fake.close_codes in ([1000], [4000]), (fake.close_codes, drill.log_of(proc))
            told = fake.find(lambda c: c.is_post(CHANNEL_ID) and "restarting" in c.content)
            assert told, [c.content[:60] for c in fake.find(lambda c: c.is_post(CHANNEL_ID))]
            assert "Traceback" not in drill.log_of(proc)
    finally:
        fake.close()


# ---------------------------------------------------------------------- the real client in this process
@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    """The real client, in this event loop, logged in and connected to the fake (READY seen)."""
    fake = FakeDiscord()
    cfg = BotConfig(discord_token=fake.token, discord_api_url=fake.api_url, discord_gateway_url=fake.gateway_url,
                    image_max_bytes=2_000_000,
                    limits=PipelineLimits(workers=2, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    client = PuzzleClient(core)
    try:
        with endpoints(cfg.discord_api_url, cfg.discord_gateway_url):
            t0 = time.perf_counter()
            running = asyncio.create_task(client.start(fake.token))
            ready = asyncio.create_task(client.wait_until_ready())
            await asyncio.wait({running, ready}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                ready.cancel()
                await client.close()
                raise RuntimeError(f"the client did not get ready: {running.exception() if running.done() else ''}")
            took("start (login, command sync, gateway, READY, workers)", time.perf_counter() - t0)
            yield SimpleNamespace(fake=fake, client=client, core=core)
            await client.close()
            await asyncio.wait_for(running, 30)
    finally:
        fake.close()


@IN_MODULE_LOOP
async def test_login_syncs_the_slash_commands_and_identifies_with_message_content(bot: SimpleNamespace) -> None:
    fake = bot.fake
    assert fake.find(lambda c: c.method == "GET" and c.path == "/users/@me")
    [sync] = fake.find(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    names = {c["name"] for c in sync.payload}
    assert names == {c.name for c in bot.core.registry.menu()} and {"solve", "masyu", "spoiler"} <= names
    solve = next(c for c in sync.payload if c["name"] == "solve")
    assert [(o["name"], o["type"]) for o in solve["options"]] == [("board", 3), ("file", 11)]
    [identify] = fake.identifies
    assert identify["intents"] & (1 << 15)  # Message Content
    assert not fake.find(lambda c: c.status >= 400), [(c.method, c.path, c.status) for c in fake.calls]


@IN_MODULE_LOOP
async def test_a_board_pasted_in_a_server_channel_gets_a_spoiler_picture(bot: SimpleNamespace) -> None:
    fake = bot.fake
    ann = fake.member(301, "Ann")
    start = time.perf_counter()
    fake.post(ann, MASYU_5)  # not addressed to the bot: a server channel's chatter is ignored
    sent = fake.post(ann, mention(MASYU_5))
    [photo] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and picture_reply(c))
    took("pasted board -> spoiler picture", photo.at - sent)
    assert_spoiler_picture(photo, "masyu-5x5-solution.png", "Masyu 5×5: unique solution")
    asked = max(mid for mid, m in fake.messages.items() if m["author"]["id"] == str(ann.id))
    assert photo.payload["message_reference"]["message_id"] == asked  # an answer to the mention, not the chatter
    assert photo.payload["allowed_mentions"]["parse"] == []  # nobody is pinged
    assert fake.find(lambda c: c.path == f"/channels/{CHANNEL_ID}/typing")
    await handled_all(fake, bot.client)  # the chatter was handled too: it got nothing
    assert len(fake.find(lambda c: c.is_post(CHANNEL_ID) and c.at > start)) == 1


@IN_MODULE_LOOP
async def test_a_slash_command_is_deferred_then_answered_by_a_followup(bot: SimpleNamespace) -> None:
    fake = bot.fake
    bob = fake.member(302, "Bob")
    rec = next(r for r in own("yinyang") if r.get("url") and r.get("unique"))
    inter = fake.slash(bob, "solve", board=rec["url"])
    [ack] = await fake.wait_for(lambda c: c.path == inter.callback_path)
    assert ack.payload == {"type": 5} and ack.query == {"with_response": "1"}  # "thinking…"
    [answer] = await fake.wait_for(lambda c: c.is_followup(inter.token))
    took("slash /solve -> follow-up picture", answer.at - inter.sent_at)
    assert answer.query.get("wait") in ("1", "true")  # the message comes back (its id is the reply's ref)
    name = f"yinyang-{rec['rows']}x{rec['cols']}-solution.png"
    assert_spoiler_picture(answer, name, f"Yin-Yang {rec['rows']}×{rec['cols']}: unique solution")
    assert not fake.find(lambda c: c.is_post(CHANNEL_ID) and c.at > inter.sent_at)  # all through the interaction


@IN_MODULE_LOOP
async def test_a_slash_command_reads_an_attached_txt_file(bot: SimpleNamespace) -> None:
    fake = bot.fake
    fay = fake.member(306, "Fay")
    rec = own("numberlink")[3]
    att = fake.upload("board.txt", ("numberlink\n" + "\n".join(rec["grid"])).encode(), "text/plain; charset=utf-8")
    inter = fake.slash(fay, "solve", files={"file": att})
    [answer] = await fake.wait_for(lambda c: c.is_followup(inter.token), timeout=60)
    took("slash /solve file:board.txt -> follow-up picture", answer.at - inter.sent_at)
    assert fake.downloads.count(att["url"].split("/attachments/", 1)[1]) == 1  # from the fake CDN
    name = f"numberlink-{rec['rows']}x{rec['cols']}-solution.png"
    assert_spoiler_picture(answer, name, f"Numberlink {rec['rows']}×{rec['cols']}: ")


@IN_MODULE_LOOP
async def test_a_board_command_without_a_board_opens_a_form_and_solves_what_is_typed(bot: SimpleNamespace) -> None:
    fake = bot.fake
    gil = fake.member(307, "Gil")
    rec = own("masyu")[2]
    inter = fake.slash(gil, "masyu")
    [form] = await fake.wait_for(lambda c: c.path == inter.callback_path)
    assert form.payload["type"] == 9  # a modal with a multi-line box
    submit = fake.submit(gil, form.payload["data"], ["\n".join(rec["grid"])])
    [ack] = await fake.wait_for(lambda c: c.path == submit.callback_path)
    assert ack.payload["type"] == 5  # "thinking…"
    [answer] = await fake.wait_for(lambda c: c.is_followup(submit.token), timeout=60)
    took("form submitted -> follow-up picture", answer.at - submit.sent_at)
    assert_spoiler_picture(answer, f"masyu-{rec['rows']}x{rec['cols']}-solution.png",
                           f"Masyu {rec['rows']}×{rec['cols']}: ")


@IN_MODULE_LOOP
async def test_an_ambiguous_board_asks_with_buttons_and_a_press_solves_it(bot: SimpleNamespace) -> None:
    fake = bot.fake
    cat = fake.member(303, "Cat")
    start = time.perf_counter()
    sent = fake.post(cat, mention(CIRCLES_ONLY))
    [question] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > start and bool(c.buttons))
    took("ambiguous board -> genre buttons", question.at - sent)
    assert "Which genre" in question.content
    labels = {b["label"]: b["custom_id"] for b in question.buttons}
    assert set(labels) == {"Masyu", "Yin-Yang"}
    press = fake.press(cat, int(question.result["id"]), labels["Yin-Yang"])
    [ack] = await fake.wait_for(lambda c: c.path == press.callback_path)
    assert ack.payload["type"] == 7 and ack.payload["data"]["components"] == []  # acknowledged: buttons removed
    [photo] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > press.sent_at and picture_reply(c))
    took("button press -> spoiler picture", photo.at - press.sent_at)
    assert_spoiler_picture(photo, "yinyang-4x4-solution.png", "Yin-Yang 4×4: several solutions")
    assert photo.payload["message_reference"]["message_id"] == int(question.result["id"])


@IN_MODULE_LOOP
async def test_a_picture_attachment_is_downloaded_read_and_solved(bot: SimpleNamespace) -> None:
    fake = bot.fake
    dee = fake.member(304, "Dee")
    p = Puzzle.from_record(own("slitherlink")[4])  # dots at the grid points: the picture names the genre
    att = fake.upload("board.png", render_png(p, None, view="puzzle"), "image/png")
    start = time.perf_counter()
    sent = fake.post(dee, f"<@{BOT_ID}>", attachments=[att])
    said, photo = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > start, count=2, timeout=60)
    took("picture attachment -> read board + spoiler picture", photo.at - sent)
    assert fake.downloads.count(att["url"].split("/attachments/", 1)[1]) == 1  # fetched from the fake CDN, once
    assert "I read this board from your picture" in said.content
    assert "\n".join(["slitherlink", *p.grid_lines()]) in said.content
    size = f"{p.rows}x{p.cols}"
    assert_spoiler_picture(photo, f"slitherlink-{size}-solution.png", f"Slitherlink {size.replace('x', '×')}: unique")
