"""The Discord front-end, offline: real discord.py Message/Guild/TextChannel objects on a Client whose
HTTP layer is replaced by a recorder (Discord's gateway can't be reached), minimal fakes of the
Interaction surface, and the REAL core (one real solver process, the real renderer).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot import i18n
from bot.app import build_core
from bot.attachments import split_text
from bot.config import BotConfig
from bot.discord_adapter import BoardForm, DiscordFrontEnd, PuzzleClient
from bot.discord_incoming import incoming_from_message, parse_command
from bot.discord_replies import TEXT_LIMIT
from bot.pipeline import PipelineLimits

in_module_loop = pytest.mark.asyncio(loop_scope="module")

BOT, GUILD, CHANNEL, DM_CHANNEL, OWNER, ANN, MOD = 100, 200, 400, 700, 999, 300, 301
MANAGE_GUILD = 1 << 5
MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
MASYU_5_URL = "https://puzz.link/p?mashu/5/5/i60026b00"
CIRCLES_ONLY = "W . . B\n. . . .\n. . W .\n. . . ."  # Masyu or Yin-Yang: the bot must ask
YINYANG = "yinyang\n. . . . .\n. . B . .\n. . . . .\n. . W B .\n. W . B B"


def user_json(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "avatar": None, "global_name": name, "bot": bot}


class Recorder:
    """Stands in for ``discord.http.HTTPClient.request``: records every call, answers like Discord."""

    def __init__(self) -> None:
        self.calls: list[SimpleNamespace] = []
        self._ids = itertools.count(9000)

    async def request(self, route: discord.http.Route, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
        payload = kw.get("json") or {}
        names = []
        for part in form or ():
            if part["name"] == "payload_json":
                payload = json.loads(part["value"])
            elif "filename" in part:
                names.append(part["filename"])
        call = SimpleNamespace(method=route.method, path=route.path, channel=route.channel_id, payload=payload,
                               files=names, data=[f.fp.getvalue() for f in files or ()])
        self.calls.append(call)
        if route.path.endswith("/messages") and route.method == "POST":
            return {"id": str(next(self._ids)), "channel_id": str(route.channel_id), "type": 0,
                    "content": payload.get("content") or "", "author": user_json(BOT, "puzzlebot", True),
                    "attachments": [], "embeds": [], "mentions": [], "mention_roles": [], "pinned": False,
                    "mention_everyone": False, "tts": False, "timestamp": "2026-01-01T00:00:00+00:00",
                    "edited_timestamp": None}
        return None

    def messages(self, channel: int) -> list[SimpleNamespace]:
        return [c for c in self.calls if c.method == "POST" and c.path.endswith("/messages") and c.channel == channel]


class World:
    """A Discord server (owner, Ann, a moderator with Manage Server), a text channel and a DM, offline."""

    def __init__(self, client: PuzzleClient, recorder: Recorder) -> None:
        self.client, self.recorder = client, recorder
        state = self.state = client._connection
        state.user = discord.ClientUser(state=state, data=user_json(BOT, "puzzlebot", True))  # type: ignore[arg-type]
        everyone = {"id": str(GUILD), "name": "@everyone", "permissions": "0", "position": 0, "color": 0,
                    "hoist": False, "managed": False, "mentionable": False}
        mods = dict(everyone, id="250", name="mods", permissions=str(MANAGE_GUILD), position=1)
        bot_role = dict(everyone, id="260", name="puzzlebot", position=2, managed=True, tags={"bot_id": str(BOT)})
        self.guild = discord.Guild(data={"id": str(GUILD), "name": "puzzles", "owner_id": str(OWNER),  # type: ignore
                                         "roles": [everyone, mods, bot_role], "member_count": 3,
                                         "preferred_locale": "en-US"},
                                   state=state)
        state._add_guild(self.guild)
        self.channel = discord.TextChannel(state=state, guild=self.guild, data={  # type: ignore[arg-type]
            "id": str(CHANNEL), "type": 0, "name": "general", "position": 0, "guild_id": str(GUILD),
            "permission_overwrites": []})
        self.guild._add_channel(self.channel)
        self.dm = discord.DMChannel(me=state.user, state=state, data={  # type: ignore[arg-type]
            "id": str(DM_CHANNEL), "type": 1, "recipients": [user_json(ANN, "ann")]})
        self._ids = itertools.count(5000)

    def message(self, content: str, *, author: int = ANN, dm: bool = False, roles: tuple[str, ...] = (),
                mentions: bool = False, roles_mentioned: tuple[str, ...] = (), reply_to: discord.Message | None = None,
                attachments: list[dict[str, Any]] | None = None) -> discord.Message:
        data: dict[str, Any] = {
            "id": str(next(self._ids)), "channel_id": str(DM_CHANNEL if dm else CHANNEL), "type": 0,
            "content": content, "author": user_json(author, f"user{author}"), "attachments": attachments or [],
            "embeds": [], "pinned": False, "mention_everyone": False, "tts": False,
            "mention_roles": list(roles_mentioned),
            "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
            "mentions": [user_json(BOT, "puzzlebot", True)] if mentions else []}
        if not dm:
            data["guild_id"] = str(GUILD)
            data["member"] = {"roles": list(roles), "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                              "mute": False, "flags": 0}
        if reply_to is not None:
            data["message_reference"] = {"message_id": str(reply_to.id), "channel_id": str(reply_to.channel.id)}
            data["referenced_message"] = None
        msg = discord.Message(state=self.state, channel=self.dm if dm else self.channel, data=data)  # type: ignore
        if reply_to is not None and msg.reference is not None:
            msg.reference.resolved = reply_to
        return msg

    def bot_message(self, content: str) -> discord.Message:
        return self.message(content, author=BOT)


class FakeInteraction:
    """The part of :class:`discord.Interaction` the adapter uses, recording the responses."""

    def __init__(self, world: World, *, custom_id: str | None = None, message: discord.Message | None = None,
                 manage: bool = False, dm: bool = False) -> None:
        self.type = discord.InteractionType.component if custom_id else discord.InteractionType.application_command
        self.data = {"custom_id": custom_id} if custom_id else {}
        self.guild = None if dm else world.guild
        self.channel = world.dm if dm else world.channel
        self.channel_id = self.channel.id
        self.user = SimpleNamespace(id=ANN, display_name="Ann")
        self.locale = discord.Locale.american_english
        self.permissions = discord.Permissions(MANAGE_GUILD if manage else 0)
        self.message = message
        self.responses: list[tuple[str, Any]] = []
        self.followups: list[dict[str, Any]] = []
        outer = self

        class Response:
            async def defer(self, thinking: bool = False) -> None:
                outer.responses.append(("defer", thinking))

            async def edit_message(self, **kw: Any) -> None:
                outer.responses.append(("edit_message", kw))

            async def send_modal(self, modal: discord.ui.Modal) -> None:
                outer.responses.append(("send_modal", modal))

        class Followup:
            async def send(self, **kw: Any) -> SimpleNamespace:
                outer.followups.append(kw)
                return SimpleNamespace(id=8000 + len(outer.followups))

        self.response, self.followup = Response(), Followup()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world() -> AsyncIterator[World]:
    cfg = BotConfig(limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3))
    core = build_core(cfg, extensions=())
    client = PuzzleClient(core, sync_commands=False)
    recorder = Recorder()
    client.http.request = recorder.request  # type: ignore[method-assign]
    w = World(client, recorder)
    client.front.bot_id = BOT
    client.front.add_slash_commands(client.tree)
    await core.backend.start()
    yield w
    await core.backend.close()


async def deliver(world: World, message: discord.Message) -> list[SimpleNamespace]:
    """Hand ``message`` to the client as the gateway would; the messages the bot posted in reply."""
    before = len(world.recorder.calls)
    await world.client.on_message(message)
    return [c for c in world.recorder.calls[before:] if c.path.endswith("/messages") and c.method == "POST"]


# ---------------------------------------------------------------------- conversion
def test_prefix_commands_keep_the_board_lines() -> None:
    known = {"solve", "help", "masyu"}
    assert parse_command("!solve\nB . B\n. . .", known) == ("solve", "B . B\n. . .")
    assert parse_command("  /masyu https://puzz.link/p?mashu/1/1/0", known) == ("masyu", "https://puzz.link/p?mashu/1/1/0")
    assert parse_command("!HELP", known) == ("help", "")
    assert parse_command("!play music", known) is None  # another bot's command
    assert parse_command("solve this", known) is None


@in_module_loop
async def test_a_mention_in_a_server_channel_becomes_a_group_message(world: World) -> None:
    msg = world.message(f"<@{BOT}> !solve\n{MASYU_5}", mentions=True)
    inc = incoming_from_message(msg, BOT, world.client.core.registry.commands)
    assert (inc.platform, inc.chat_id, inc.user_id, inc.is_group, inc.mentions_bot) == ("discord", CHANNEL, ANN,
                                                                                       True, True)
    assert inc.command == "solve" and inc.args == MASYU_5 and inc.message_id == msg.id
    dm = incoming_from_message(world.message(MASYU_5, dm=True), BOT, world.client.core.registry.commands)
    assert not dm.is_group and dm.command is None and dm.text == MASYU_5 and dm.addressed
    by_role = incoming_from_message(world.message(f"<@&260> {MASYU_5}", roles_mentioned=("260",)), BOT, {"solve"})
    assert by_role.mentions_bot and by_role.text == MASYU_5  # the bot's integration role counts as the bot
    question = world.bot_message("which genre?")
    answer = incoming_from_message(world.message("B . W", reply_to=question), BOT, {"solve"})
    assert answer.reply_to_bot and answer.reply_to_message_id == question.id and answer.reply_to_text == "which genre?"


# ---------------------------------------------------------------------- through the real core
@in_module_loop
async def test_a_board_in_a_server_channel_gets_a_spoiler_picture(world: World) -> None:
    [sent] = await deliver(world, world.message(f"!solve\n{MASYU_5}"))
    assert sent.files == ["SPOILER_masyu-5x5-solution.png"]
    assert sent.data[0].startswith(b"\x89PNG")
    assert sent.payload["content"].startswith("Masyu 5×5: unique solution") and MASYU_5_URL in sent.payload["content"]
    assert sent.payload["message_reference"]["message_id"] is not None  # answers the asker's message
    assert any(c.path.endswith("/typing") for c in world.recorder.calls)


@in_module_loop
async def test_a_board_in_a_dm_gets_a_plain_picture_and_chatter_is_ignored(world: World) -> None:
    [sent] = await deliver(world, world.message(YINYANG, dm=True))
    assert sent.channel == DM_CHANNEL and sent.files == ["yinyang-5x5-solution.png"]
    assert await deliver(world, world.message(YINYANG)) == []  # server chatter not addressed to the bot


@in_module_loop
async def test_a_txt_attachment_is_read_as_the_board(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    async def read(self: discord.Attachment, **kw: Any) -> bytes:
        return YINYANG.encode()

    monkeypatch.setattr(discord.Attachment, "read", read)
    att = {"id": "1", "filename": "board.txt", "size": len(YINYANG), "url": "http://x/board.txt",
           "proxy_url": "http://x/board.txt", "content_type": "text/plain; charset=utf-8"}
    [sent] = await deliver(world, world.message(f"<@{BOT}>", mentions=True, attachments=[att]))
    assert sent.files == ["SPOILER_yinyang-5x5-solution.png"]
    photo = dict(att, filename="puzzle.jpg", content_type="image/jpeg")
    [hint] = await deliver(world, world.message("", dm=True, attachments=[photo]))  # (its bytes are text)
    assert hint.payload["content"].startswith("I could not read a board in that picture: the file is not a picture")
    big = dict(att, size=10**6)
    [refused] = await deliver(world, world.message("!solve", attachments=[big]))
    assert refused.files == [] and "too large" in refused.payload["content"]


@in_module_loop
async def test_an_ambiguous_board_asks_with_buttons_and_a_press_solves_it(world: World) -> None:
    [question] = await deliver(world, world.message(f"<@{BOT}>\n{CIRCLES_ONLY}", mentions=True))
    buttons = [b for row in question.payload["components"] for b in row["components"]]
    assert {b["label"] for b in buttons} == {"Masyu", "Yin-Yang"}
    pick = next(b["custom_id"] for b in buttons if b["label"] == "Yin-Yang")
    assert pick.startswith("g:") and pick.endswith(":yinyang")
    press = FakeInteraction(world, custom_id=pick, message=world.bot_message(question.payload["content"]))
    before = len(world.recorder.calls)
    await world.client.on_interaction(press)  # type: ignore[arg-type]
    assert press.responses == [("edit_message", {"view": None})]  # acknowledged, buttons removed
    [answer] = [c for c in world.recorder.calls[before:] if c.path.endswith("/messages")]
    assert answer.payload["content"].startswith("Yin-Yang 4×4: ")  # solved as the genre picked


@in_module_loop
async def test_only_members_with_manage_server_change_the_spoiler_setting(world: World) -> None:
    [refused] = await deliver(world, world.message("!spoiler off"))
    assert refused.payload["content"] == i18n.t("en", "admins_only")
    [done] = await deliver(world, world.message("!spoiler off", author=MOD, roles=("250",)))
    assert done.payload["content"] == i18n.t("en", "spoiler_state", state=i18n.t("en", "spoiler_off"))
    [plain] = await deliver(world, world.message(f"!masyu {MASYU_5_URL}"))
    assert plain.files == ["masyu-5x5-solution.png"]
    world.client.core.chat_settings(CHANNEL).spoiler = None  # back to the default for the other tests


# ---------------------------------------------------------------------- slash commands
@in_module_loop
async def test_every_menu_command_is_a_slash_command(world: World) -> None:
    names = {c.name for c in world.client.tree.get_commands()}
    assert names == {c.name for c in world.client.core.registry.menu()}
    solve = world.client.tree.get_command("solve")
    assert isinstance(solve, discord.app_commands.Command)
    assert [p.name for p in solve.parameters] == ["board", "file"] and not any(p.required for p in solve.parameters)
    assert solve.parameters[1].type is discord.AppCommandOptionType.attachment


@in_module_loop
async def test_slash_solve_with_a_url_answers_through_the_followup(world: World) -> None:
    solve = world.client.tree.get_command("solve")
    inter = FakeInteraction(world)
    await solve.callback(inter, board=MASYU_5_URL)  # type: ignore[union-attr,call-arg]
    assert inter.responses == [("defer", True)]
    [reply] = inter.followups
    assert reply["file"].filename == "SPOILER_masyu-5x5-solution.png" and reply["file"].spoiler
    assert reply["content"].startswith("Masyu 5×5: unique solution")


@in_module_loop
async def test_slash_solve_without_a_board_opens_a_form_for_a_multiline_board(world: World) -> None:
    solve = world.client.tree.get_command("masyu")
    inter = FakeInteraction(world, dm=True)
    await solve.callback(inter)  # type: ignore[union-attr,call-arg]
    [(kind, form)] = inter.responses
    assert kind == "send_modal" and isinstance(form, BoardForm)
    submit = FakeInteraction(world, dm=True)
    form.board._refresh_state(submit, {"value": MASYU_5.split("\n", 1)[1]})  # type: ignore[arg-type,typeddict-item]
    await form.on_submit(submit)  # type: ignore[arg-type]
    [reply] = submit.followups
    assert reply["file"].filename == "masyu-5x5-solution.png" and not reply["file"].spoiler  # a DM


@in_module_loop
async def test_a_broken_board_gets_an_explanation_and_its_cells_marked(world: World) -> None:
    [sent] = await deliver(world, world.message("!masyu\nB . x\n. . ."))
    # the words name the pearl that cannot hold; the picture marks it, and hides no solution
    assert "row 1, column" in sent.payload["content"]
    assert sent.files == ["masyu-2x3-check.png"]


@in_module_loop
async def test_long_replies_are_split_at_line_ends_within_discords_limit(world: World) -> None:
    sent = await deliver(world, world.message("!help\n" + "x" * 10))
    assert sent and all(len(c.payload["content"]) <= 2000 for c in sent)
    assert "Masyu" in "".join(c.payload["content"] for c in sent)
    assert all(c.payload["flags"] & 4 and c.payload["allowed_mentions"]["parse"] == [] for c in sent)  # no embeds
    assert split_text("a\n" + "b" * 2500, TEXT_LIMIT) == ["a", "b" * 2000, "b" * 500]


def test_front_end_without_login_has_no_bot_id() -> None:
    assert DiscordFrontEnd(build_core(BotConfig(), extensions=())).bot_id == 0


def test_run_falls_back_without_message_content_and_explains_a_bad_token(monkeypatch: pytest.MonkeyPatch,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    from bot.discord_adapter import serve

    seen: list[bool] = []
    outcomes: list[BaseException | None] = [discord.PrivilegedIntentsRequired(None), None, discord.LoginFailure()]

    async def fake_start(self: PuzzleClient, token: str, **kw: Any) -> None:
        seen.append(self.intents.message_content)
        outcome = outcomes.pop(0)
        if outcome is not None:
            raise outcome

    monkeypatch.setattr(PuzzleClient, "start", fake_start)
    cfg = BotConfig(discord_token="a.b.c", limits=PipelineLimits(workers=1))
    core = build_core(cfg, extensions=())
    assert serve(core, cfg) == 0 and seen == [True, False]  # the same core, built once, for both attempts
    assert "Message Content intent is not enabled" in caplog.text
    assert serve(build_core(cfg, extensions=()), cfg) == 2 and "rejected DISCORD_TOKEN" in caplog.text


async def test_the_client_starts_the_runtime_when_ready_and_stops_it_on_close(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []
    cfg = BotConfig(limits=PipelineLimits(workers=1))
    core = build_core(cfg, extensions=())

    async def record(name: str) -> None:
        order.append(name)

    monkeypatch.setattr(core.backend, "start", lambda: record("backend.start"))
    monkeypatch.setattr(core.backend, "close", lambda: record("backend.close"))
    monkeypatch.setattr(core, "start", lambda platform: record(f"core.start:{platform.name}"))
    monkeypatch.setattr(core, "stop", lambda: record("core.stop"))
    client = PuzzleClient(core, sync_commands=False)
    client._connection.user = discord.ClientUser(state=client._connection,  # type: ignore[arg-type]
                                                 data=user_json(BOT, "puzzlebot", True))
    await client.setup_hook()
    await client.on_ready()
    await client.on_ready()  # a reconnection starts nothing twice
    assert client.front.bot_id == BOT
    await client.close()
    await client.runtime.stop()  # a second stop (the serve loop's) does nothing
    assert order == ["backend.start", "core.start:discord", "core.stop", "backend.close"]
