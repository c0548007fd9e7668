"""The daily puzzle on Discord, end to end: the real discord.py client against the fake Discord, the
real daily extension and generator. Each genre of issue 21 is posted on demand in a server channel
(its picture and how to answer), a wrong answer is told where it breaks a rule, a right one wins.
Which genre a "mix" subscription gets on a day is the platform-free ``genre_of_day`` over the
registry (tests/test_daily_service.py); this shows the genres work on the Discord side of it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.app import build_core
from bot.config import BotConfig
from bot.daily.slots import DailyConfig, default_sizes
from bot.discord_adapter import PuzzleClient, endpoints
from bot.pipeline import PipelineLimits
from tests.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord

IN_MODULE_LOOP = pytest.mark.asyncio(loop_scope="module")
GENRES = ("nurikabe", "hitori", "lits", "fillomino")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[SimpleNamespace]:
    fake = FakeDiscord()
    db = Path(tmp_path_factory.mktemp("daily")) / "bot.db"
    sizes = {g: {**s, **({"easy": (6, 6)} if g in GENRES else {})} for g, s in default_sizes().items()}
    cfg = BotConfig(discord_token=fake.token, discord_api_url=fake.api_url, discord_gateway_url=fake.gateway_url,
                    database_url=f"sqlite+aiosqlite:///{db}",
                    daily=DailyConfig(tick_seconds=0.2, prepare_all=False, generate_workers=0, sizes=sizes),
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=("bot.daily",))
    client = PuzzleClient(core)
    try:
        with endpoints(cfg.discord_api_url, cfg.discord_gateway_url):
            running = asyncio.create_task(client.start(fake.token))
            ready = asyncio.create_task(client.wait_until_ready())
            await asyncio.wait({running, ready}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            assert ready.done(), running.exception() if running.done() else "the client did not get ready"
            service = core.daily.service  # type: ignore[attr-defined]
            for genre in GENRES:  # made ahead, as the scheduler does (a /daily never waits for a generator)
                await service.making.make(service.slot(service.today(), genre, "easy"))
            yield SimpleNamespace(fake=fake, service=service)
            await client.close()
            await asyncio.wait_for(running, 30)
    finally:
        fake.close()


def said(fake: FakeDiscord, user: object, text: str) -> float:
    return fake.post(user, f"<@{BOT_ID}>\n{text}")  # type: ignore[arg-type]


@IN_MODULE_LOOP
@pytest.mark.parametrize("genre", GENRES)
async def test_each_genre_is_posted_and_played_on_discord(bot: SimpleNamespace, genre: str) -> None:
    fake = bot.fake
    ann = fake.member(301, "Ann")
    title = {"nurikabe": "Nurikabe", "hitori": "Hitori", "lits": "LITS", "fillomino": "Fillomino"}[genre]
    sent = said(fake, ann, f"/daily {genre} easy")
    [post] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > sent and bool(c.files), timeout=60)
    assert post.content.startswith(f"🧩 Daily {title}") and "6×6 · easy" in post.content
    assert post.files[0].data.startswith(b"\x89PNG")
    daily = await (await bot.service.ready()).get_daily(bot.service.today(), genre, "easy")
    [rows] = daily.solution.to_json().values()
    right = "\n".join(rows)
    first = rows[0].split()[0] if " " in rows[0] else rows[0][0]
    other = {"#": ".", ".": "#"}.get(first, "9" if first != "9" else "8")
    wrong = "\n".join([(other + rows[0][1:]) if " " not in rows[0] else " ".join([other, *rows[0].split()[1:]]),
                       *rows[1:]])
    sent = said(fake, ann, f"/answer\n{wrong}")
    [told] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > sent, timeout=60)
    assert "Not right yet" in told.content and "row " in told.content.lower(), told.content  # it says where
    sent = said(fake, ann, f"/answer\n{right}")
    [won] = await fake.wait_for(lambda c: c.is_post(CHANNEL_ID) and c.at > sent, timeout=60)
    assert "solved it" in won.content, won.content
