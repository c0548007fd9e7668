"""The daily tables on a SQLite file and a real PostgreSQL server: migrations, slots, claims, plays."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from bot.storage import Base, Database, Store, database_url
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution
from tests.pg_server import BACKENDS, fresh_url


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A fresh database: a SQLite file, then the real PostgreSQL server (skipped, with the reason, without one)."""
    return fresh_url(tmp_path, request.param)


@pytest.fixture
async def store(db_url):
    db = Database(db_url)
    await db.upgrade()
    yield Store(db)
    await db.close()


def _daily(day=dt.date(2026, 11, 21), genre="masyu", difficulty="easy"):
    puzzle = Puzzle.from_record({"genre": genre, "grid": [". . .", ". . .", ". . ."]})
    return dict(day=day, genre=genre, difficulty=difficulty, grade=difficulty, seed=7, puzzle=puzzle,
                solution=LoopSolution.from_masks([[0] * 3] * 3), url=None, gen_seconds=0.1)


async def test_migrations_create_the_models_schema_and_are_idempotent(db_url):
    db = Database(db_url)
    assert db.url.startswith(("sqlite+aiosqlite:///", "postgresql+asyncpg://"))
    await db.upgrade()
    await db.upgrade()  # running at every start is harmless

    def diff(conn):
        return compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)

    async with db.engine.connect() as conn:
        assert await conn.run_sync(diff) == []
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    assert {"daily_puzzles", "subscriptions", "deliveries", "daily_posts", "plays", "alembic_version"} <= tables
    await db.close()


def test_database_url_from_environment(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://u:p@db/puzzles")
    assert database_url() == "postgresql+asyncpg://u:p@db/puzzles"
    assert database_url("sqlite:///a.db") == "sqlite+aiosqlite:///a.db"


async def test_one_puzzle_per_slot(store):
    a = await store.save_daily(**_daily())
    b = await store.save_daily(**{**_daily(), "seed": 99})
    assert a.id == b.id and b.seed == 7
    stored = await store.get_daily_by_id(a.id)  # typed values in, FORMATS.md text in the table, typed out
    assert stored.solution_json == {"loop": ["0 0 0"] * 3} and stored.record["grid"] == [". . ."] * 3
    assert stored.solution == _daily()["solution"] and stored.puzzle == _daily()["puzzle"]
    assert (await store.get_daily(dt.date(2026, 11, 21), "masyu", "easy")).id == a.id
    assert await store.get_daily(dt.date(2026, 11, 22), "masyu", "easy") is None


async def test_claim_before_send_wins_once_even_when_racing(store):
    d = await store.save_daily(**_daily())
    claims = await asyncio.gather(*[store.claim_delivery("telegram", "-100", d.id) for _ in range(8)])
    won = [c for c in claims if c is not None]
    assert len(won) == 1
    assert await store.claim_delivery("telegram", "-100", d.id) is None
    await store.finish_delivery(won[0].id, "retry", error="timed out")
    again = await store.claim_delivery("telegram", "-100", d.id, max_attempts=2)
    assert again is not None and again.attempts == 2
    await store.finish_delivery(again.id, "retry", error="timed out")
    assert await store.claim_delivery("telegram", "-100", d.id, max_attempts=2) is None  # gave up
    assert await store.claim_delivery("telegram", "-200", d.id) is not None  # another chat


async def test_subscriptions_upsert_and_remove(store):
    await store.subscribe("telegram", "-1", "masyu", "easy", "09:00", "5")
    await store.subscribe("telegram", "-1", "masyu", "hard", "10:30", "5")
    await store.subscribe("telegram", "-1", "shikaku", "easy", "08:00", "5")
    subs = await store.subscriptions("telegram", "-1")
    assert [(s.genre, s.difficulty, s.send_time) for s in subs] == [("masyu", "hard", "10:30"),
                                                                   ("shikaku", "easy", "08:00")]
    assert await store.unsubscribe("telegram", "-1", "masyu") == 1
    assert await store.unsubscribe("telegram", "-1") == 1
    assert await store.subscriptions() == []


async def test_plays_hints_solves_and_streak_days(store):
    d1 = await store.save_daily(**_daily(day=dt.date(2026, 11, 20)))
    d2 = await store.save_daily(**_daily(day=dt.date(2026, 11, 21)))
    t0 = dt.datetime(2026, 11, 21, 9, 0)
    p = await store.play("telegram", "-1", "7", d2.id, user_name="Ann", started_at=t0)
    assert (await store.play("telegram", "-1", "7", d2.id)).id == p.id
    assert await store.add_hint(p.id) == 1 and await store.add_hint(p.id) == 2
    assert await store.mark_solved(p.id, t0 + dt.timedelta(minutes=3))
    assert not await store.mark_solved(p.id)  # the first solve time stays
    q = await store.play("telegram", "-1", "8", d2.id, user_name="Bob", started_at=t0)
    board = await store.leaderboard("telegram", "-1", dt.date(2026, 11, 21))
    assert [(pl.user_name, pl.hints, pl.solved_at is not None) for pl, _ in board] == [("Ann", 2, True),
                                                                                       ("Bob", 0, False)]
    assert q.id != p.id
    p1 = await store.play("telegram", "-2", "7", d1.id)
    await store.mark_solved(p1.id)
    assert await store.solved_days("telegram", "7") == [dt.date(2026, 11, 21), dt.date(2026, 11, 20)]


async def test_bulk_claims_are_disjoint_and_take_over_lapsed_ones(store):
    d = await store.save_daily(**_daily())
    wanted = [(str(-i), d.id) for i in range(1, 31)]
    x, y = await asyncio.gather(store.claim_deliveries("telegram", wanted, holder="x", lease_seconds=60),
                                store.claim_deliveries("telegram", wanted, holder="y", lease_seconds=60))
    assert not set(x) & set(y) and set(x) | set(y) == set(wanted)  # racing: every post claimed once
    d = await store.save_daily(**_daily(difficulty="hard"))
    wanted = [(str(-i), d.id) for i in range(1, 31)]
    a = await store.claim_deliveries("telegram", wanted[:20], holder="a", lease_seconds=60)
    b = await store.claim_deliveries("telegram", wanted, holder="b", lease_seconds=60)
    assert set(a) == set(wanted[:20]) and set(b) == set(wanted[20:])  # live claims are not taken
    assert await store.claim_deliveries("telegram", wanted, holder="c", lease_seconds=60) == {}
    retried = wanted[0]
    await store.finish_delivery(a[retried].id, "retry", error="network")
    await store.release_claims("b")  # b stopped early: its claims are free at once
    c = await store.claim_deliveries("telegram", wanted, holder="c", lease_seconds=60)
    assert set(c) == set(b) | {retried}
    assert {c[k].attempts for k in b} == {1} and c[retried].attempts == 2  # a retry counts, a takeover not
