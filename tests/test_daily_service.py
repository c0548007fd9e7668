"""The daily service on a SQLite file and a real PostgreSQL server: slots, judging, hints, stats, the fan-out."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections import OrderedDict

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, TimedOut

from bot.daily.judge import hints, judge_answer
from bot.daily.play import streaks
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig, daily_seed, genre_of_day, parse_args, parse_time
from solvers.puzzle import Puzzle
from solvers.registry import GENRES as REGISTRY
from solvers.registry import get_genre
from tests import corpus
from tests.daily_support import broken_answer, corpus_maker, typed_answer
from tests.pg_server import BACKENDS, fresh_url

GENRES = ("masyu", "yinyang", "numberlink", "shikaku")  # genres with an own corpus and a typed-answer helper
DAY = dt.date(2026, 11, 21)
NOON = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A fresh database: a SQLite file, then the real PostgreSQL server (skipped, with the reason, without one)."""
    return fresh_url(tmp_path, request.param)


@pytest.fixture
async def service(db_url):
    svc = DailyService(db_url,
                       DailyConfig(generate_workers=0, prepare_all=False), maker=corpus_maker)
    await svc.ready()
    yield svc
    await svc.close()


async def _ready_daily(svc: DailyService, genre: str, difficulty: str = "easy", day: dt.date = DAY):
    slot = svc.slot(day, genre, difficulty)
    assert await svc.making.get(slot) is None  # not there yet: being made in the background
    await svc.making.request(slot)
    daily = await svc.making.get(slot, make=False)
    assert daily is not None
    return daily


def test_seeds_slots_and_arguments():
    assert daily_seed(DAY, "masyu", "easy") == daily_seed(DAY, "masyu", "easy")
    seeds = {daily_seed(DAY + dt.timedelta(days=i), g, d) for i in range(3) for g in GENRES
             for d in ("easy", "medium", "hard")}
    assert len(seeds) == 36
    assert daily_seed(DAY, "masyu", "easy", salt="other") != daily_seed(DAY, "masyu", "easy")
    assert {genre_of_day(DAY + dt.timedelta(days=i)) for i in range(len(REGISTRY))} == set(REGISTRY)
    a = parse_args("08:30 Hard shikaku")
    assert (a.genre, a.difficulty, a.time, a.unknown) == ("shikaku", "hard", "08:30", ())
    assert parse_args("mix 7:05 banana").unknown == ("banana",)
    assert parse_time("24:00") is None and parse_time("9.30") == "09:30"


def test_config_from_env_names_the_bad_key():
    cfg = DailyConfig.from_env({"DAILY_TICK_SECONDS": "0.5", "DAILY_TIMEZONE": "Asia/Tokyo",
                                "DAILY_SEND_TIME": "7:00", "DAILY_PREPARE_ALL": "0"})
    assert (cfg.tick_seconds, cfg.send_time, cfg.prepare_all) == (0.5, "07:00", False)
    assert cfg.local_now(NOON).hour == 21
    with pytest.raises(ValueError, match="DAILY_TIMEZONE"):
        DailyConfig.from_env({"DAILY_TIMEZONE": "Mars/Olympus"})
    with pytest.raises(ValueError, match="DAILY_SEND_TIME"):
        DailyConfig.from_env({"DAILY_SEND_TIME": "noon"})


def test_streaks():
    d = [DAY - dt.timedelta(days=k) for k in (0, 1, 2, 5, 6, 7, 8)]
    assert streaks(d, DAY) == (3, 4)
    assert streaks(d[1:], DAY) == (2, 4)  # today not solved yet: yesterday's streak still counts
    assert streaks(d[3:], DAY) == (0, 4)
    assert streaks([], DAY) == (0, 0)


async def test_same_day_same_puzzle_in_every_database(tmp_path):
    records = []
    for name in ("a", "b"):
        svc = DailyService(f"sqlite+aiosqlite:///{tmp_path / name}.db", DailyConfig(generate_workers=0),
                           maker=corpus_maker)
        daily = await svc.making.make(svc.slot(DAY, "masyu", "easy"))
        records.append((daily.record, daily.seed))
        assert (await svc.making.make(svc.slot(DAY, "masyu", "easy"))).id == daily.id  # stored, not made again
        await svc.close()
    assert records[0] == records[1]


@pytest.mark.parametrize("genre", GENRES)
def test_judging_right_and_wrong(genre):
    for rec in [r for r in corpus.solved(genre) if r["rows"] * r["cols"] <= 100 and not r.get("fill")][:3]:
        puzzle = Puzzle.from_record(rec)
        assert judge_answer(puzzle, typed_answer(genre, rec["solution"])).verdict == "right", rec["id"]
        wrong = judge_answer(puzzle, broken_answer(genre, rec["solution"]))
        assert wrong.verdict == "wrong", (rec["id"], wrong)
        assert wrong.message is not None and wrong.text("en") and wrong.text("ja")
        assert wrong.text("en") != wrong.text("ja"), wrong.message  # the rule has Japanese words too
        assert typed_answer(genre, rec["solution"]) not in wrong.text("en")  # says the rule, not the answer
        assert judge_answer(puzzle, "hello").verdict == "unreadable"


@pytest.mark.parametrize("genre", GENRES)
def test_hints_reveal_solution_cells_one_at_a_time(genre):
    rec = next(r for r in corpus.own(genre) if r["rows"] * r["cols"] <= 64 and not r.get("fill") and r["unique"])
    puzzle = Puzzle.from_record(rec)
    solution = get_genre(genre).solution_from_json(rec["solution"], puzzle)
    hs = hints(puzzle, solution)
    assert hs and [h.number for h in hs] == list(range(1, len(hs) + 1)) and hs[0].total == len(hs)
    assert hints(puzzle, solution) == hs  # the same order for everyone
    assert all(h.cells and "row" in h.text("en").lower() and "行" in h.text("ja") for h in hs)
    if genre == "yinyang":
        r, c = hs[0].cells[0]
        colour = rec["solution"]["colors"][r][c]
        assert ("black" if colour == "B" else "white") in hs[0].text("en")


def test_a_puzzles_hints_are_worked_out_once(monkeypatch):
    """Every Hint press asked the genre for all the deductions again (2.7 s on a 40x57 board);
    they are kept per puzzle and solution, so a second ask costs a lookup."""
    rec = next(r for r in corpus.own("masyu") if r["unique"])
    puzzle = Puzzle.from_record(rec)
    solution = get_genre("masyu").solution_from_json(rec["solution"], puzzle)
    genre, asked = type(puzzle.kind), []
    real = genre.hints
    monkeypatch.setattr(genre, "hints", lambda self, p, s: asked.append(p) or real(self, p, s))
    monkeypatch.setattr("bot.daily.judge._HINTS", OrderedDict())  # none kept from other tests
    first = hints(puzzle, solution)
    assert hints(puzzle, solution) == first and len(asked) == 1
    first.clear()  # a caller's list is its own
    assert hints(puzzle, solution) and len(asked) == 1


async def test_play_answers_hints_and_stats(service):
    daily = await _ready_daily(service, "yinyang")
    await service.delivery.register_post("telegram", -5, 900, daily.id)
    assert (await service.play.find_daily("telegram", -5, 900)).id == daily.id
    assert (await service.play.find_daily("telegram", -5, None, now=NOON)).id == daily.id
    assert await service.play.find_daily("telegram", -6, None, now=NOON) is None

    h1 = await service.play.hint("telegram", -5, 1, "Ann", daily)
    h2 = await service.play.hint("telegram", -5, 1, "Ann", daily)
    assert (h1.hint.number, h2.hint.number) == (1, 2) and h1.hint.cells != h2.hint.cells
    wrong = await service.play.answer("telegram", -5, 1, "Ann", daily, broken_answer("yinyang", daily.solution))
    assert wrong.verdict == "wrong"
    right = await service.play.answer("telegram", -5, 1, "Ann", daily, typed_answer("yinyang", daily.solution))
    assert right.verdict == "right" and right.rank == 1 and right.seconds is not None and right.seconds >= 0
    again = await service.play.answer("telegram", -5, 1, "Ann", daily, "whatever")
    assert again.verdict == "already"
    assert (await service.play.hint("telegram", -5, 1, "Ann", daily)).solved
    bob = await service.play.answer("telegram", -5, 2, "Bob", daily, typed_answer("yinyang", daily.solution))
    assert bob.rank == 2
    await service.play.hint("telegram", -5, 3, "Cy", daily)

    st = await service.play.stats("telegram", -5, 1, now=NOON)
    assert (st.streak, st.best, st.solved_total) == (1, 1, 1)
    assert [(r.user_name, r.seconds is not None, r.hints, r.wrong) for r in st.board] == [
        ("Ann", True, 2, 1), ("Bob", True, 0, 0), ("Cy", False, 1, 0)]
    assert (await service.play.stats("telegram", -99, 1, now=NOON)).board == []


class Sender:
    """Records posts; raises the queued errors first."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.sent: list[tuple[str, int]] = []

    async def __call__(self, sub, daily):
        if self.errors:
            raise self.errors.pop(0)
        self.sent.append((sub.chat_id, daily.id))
        return 1000 + len(self.sent)


async def test_fan_out_posts_each_chat_once_at_its_time(service):
    await service.delivery.subscribe("telegram", -1, "masyu", "easy", "09:00")
    await service.delivery.subscribe("telegram", -2, "masyu", "easy", "13:00")
    await service.delivery.subscribe("telegram", -3, None, None, "08:00")  # mix: the genre of the day
    await service.making.prepare("telegram", now=NOON)  # the test's day, whatever the clock says
    await asyncio.gather(*service.making._making.values())
    send = Sender()
    report = await service.delivery.deliver_due("telegram", send, now=NOON)
    assert sorted(report.sent) == ["-1", "-3"] and not report.waiting
    assert (await service.delivery.deliver_due("telegram", send, now=NOON)).sent == []  # no duplicates
    later = await service.delivery.deliver_due("telegram", send, now=NOON + dt.timedelta(hours=2))
    assert later.sent == ["-2"]
    assert len(send.sent) == 3
    # a reply to a scheduled post finds its puzzle
    message_id = 1001 + [chat for chat, _ in send.sent].index("-1")  # posts go out concurrently, in any order
    daily = await service.play.find_daily("telegram", -1, message_id)
    assert daily is not None and daily.genre == "masyu"
    assert (await service.store.get_daily_by_id(send.sent[0][1])).day == DAY


async def test_fan_out_waits_for_a_missing_puzzle(service):
    await service.store.subscribe("telegram", "-1", "shikaku", "hard", "09:00")
    send = Sender()
    report = await service.delivery.deliver_due("telegram", send, now=NOON)
    assert report.waiting == [(DAY, "shikaku", "hard")] and not send.sent
    await asyncio.gather(*service.making._making.values())
    assert (await service.delivery.deliver_due("telegram", send, now=NOON)).sent == ["-1"]


async def test_send_failures(service):
    for chat in ("-1", "-2", "-3", "-4"):
        await service.store.subscribe("telegram", chat, "masyu", "easy", "09:00")
    await _ready_daily(service, "masyu")
    # -1: network error then fine -> retried; -2: timeout -> never resent; -3: blocked -> unsubscribed;
    # -4: chat not found -> unsubscribed
    errors = {"-1": NetworkError("httpx.ConnectError: [Errno 111] Connection refused"), "-2": TimedOut(),
              "-3": Forbidden("bot was blocked"), "-4": BadRequest("Chat not found")}
    seen: list[str] = []

    async def send(sub, daily):
        seen.append(sub.chat_id)
        if sub.chat_id in errors:
            raise errors.pop(sub.chat_id)
        return 7

    first = await service.delivery.deliver_due("telegram", send, now=NOON)
    assert sorted(first.failed) == ["-1", "-2", "-3", "-4"]
    second = await service.delivery.deliver_due("telegram", send, now=NOON)
    assert second.sent == ["-1"] and sorted(seen) == ["-1", "-1", "-2", "-3", "-4"]
    assert [s.chat_id for s in await service.store.subscriptions("telegram")] == ["-1", "-2"]
    status = {d.chat_id: (d.status, d.attempts) for d in await service.store.deliveries("telegram")}
    assert status == {"-1": ("sent", 2), "-2": ("maybe_sent", 1), "-3": ("failed", 1), "-4": ("failed", 1)}


async def test_an_unreachable_database_is_reported_not_crashed():
    from bot.daily.service import DatabaseUnavailable

    svc = DailyService("postgresql://user:pw@127.0.0.1:1/none", DailyConfig(generate_workers=0))
    with pytest.raises(DatabaseUnavailable):
        await svc.ready()
    await svc.close()


def _failing_maker(genre, rows, cols, difficulty, seed):
    raise RuntimeError("no puzzle today")


async def test_a_failed_generation_is_not_retried_every_tick(tmp_path):
    svc = DailyService(f"sqlite+aiosqlite:///{tmp_path / 'f.db'}", DailyConfig(generate_workers=0, prepare_all=True),
                       maker=_failing_maker)
    started = await svc.making.prepare(now=NOON)
    assert len(started) == 2 * len(REGISTRY)  # every genre, today and tomorrow
    await asyncio.gather(*svc.making._making.values())
    assert await svc.making.prepare(now=NOON) == []  # backing off
    assert await svc.making.get(svc.slot(DAY, "masyu", "medium")) is None and not svc.making._making
    await svc.close()


def test_failure_classes():
    import discord

    from bot.daily.delivery import DeliveryGone, classify_failure

    class Resp:
        status, reason = 403, "Forbidden"

    assert classify_failure(DeliveryGone("left")) == "gone"
    assert classify_failure(Forbidden("bot was kicked")) == "gone"
    assert classify_failure(BadRequest("Message is too long")) == "failed"
    assert classify_failure(TimedOut()) == "maybe_sent"  # Telegram may have posted it: never re-sent
    assert classify_failure(NetworkError("connection refused")) == "retry"
    assert classify_failure(discord.Forbidden(Resp(), "missing access")) == "gone"
    assert classify_failure(ValueError("bug")) == "failed"


async def test_a_daily_caption_names_the_size_players_know(tmp_path) -> None:
    """A 6x6 Kakuro grid (clue row and column included) is what puzz.link and players call 5x5:
    the daily post's caption names the size the genre does (Genre.named_size), not the grid's."""
    import datetime as dt
    from types import SimpleNamespace
    from typing import Any, cast

    from bot.daily.chat import DailyChat
    from bot.storage.models import DailyPuzzle

    rows = ["# 4\\ 3\\ # # #", "\\3 . . # # #", "\\4 . . # # #"] + ["# # # # # #"] * 3
    daily = DailyPuzzle(day=dt.date(2026, 11, 21), genre="kakuro", difficulty="easy", grade="easy", seed=7,
                        rows=6, cols=6, record={"genre": "kakuro", "grid": rows}, url=None)

    async def picture(*_: Any) -> bytes:
        return b""

    chat = DailyChat(cast(Any, SimpleNamespace(making=SimpleNamespace(picture=picture))))
    for lang, platform in (("en", None), ("ja", "console")):
        target = None if platform is None else (platform, 1, False, 1, "me")
        caption = (await chat.post_reply(daily, lang, target)).text
        assert "5×5" in caption and "6×6" not in caption, caption
