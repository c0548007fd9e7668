"""The daily puzzle service: platform-neutral, on the database; chat commands sit on top of it.

Three parts share the service's database, settings and calendar:

- ``service.making`` (:class:`~bot.daily.making.DailyMaking`): puzzles made ahead of time
  (today's and tomorrow's slots, in a generator process) and looked up, never generated while
  someone waits; their pictures;
- ``service.delivery`` (:class:`~bot.daily.delivery.DailyDelivery`): subscriptions and the
  scheduled fan-out, in which each subscribed chat gets each day's post exactly once;
- ``service.play`` (:class:`~bot.daily.play.DailyPlay`): answers, hints and stats in the chat.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from concurrent.futures import Executor

from bot.daily.delivery import DailyDelivery
from bot.daily.making import DailyMaking, Maker, make_daily
from bot.daily.play import DailyPlay
from bot.daily.slots import MIX, DailyConfig, Slot, genre_of_day
from bot.storage import Database, Store
from solvers.generation import DIFFICULTIES, Difficulty


class DatabaseUnavailable(Exception):
    """The database could not be opened or migrated (the message says why)."""


class DailyService:
    """Daily puzzles on one database: its connection, the settings and the calendar, shared by the
    making, delivery and play parts."""

    def __init__(self, database_url: str | None = None, config: DailyConfig | None = None, *,
                 maker: Maker = make_daily, executor: Executor | None = None) -> None:
        self.database_url = database_url
        self.config = config or DailyConfig()
        self.db: Database | None = None
        self.store: Store | None = None
        self._ready_lock = asyncio.Lock()
        self.making = DailyMaking(self, maker, executor)
        self.delivery = DailyDelivery(self, self.making)
        self.play = DailyPlay(self)

    async def ready(self) -> Store:
        """Open the database and bring its schema to the newest migration (once)."""
        async with self._ready_lock:
            if self.store is None:
                try:
                    db = Database(self.database_url)
                    await db.upgrade()
                except Exception as e:
                    raise DatabaseUnavailable(f"{type(e).__name__}: {e}") from e
                self.db, self.store = db, Store(db)
            return self.store

    async def close(self) -> None:
        """Posts that went out are recorded first, then the generators stop, then the database closes."""
        await self.delivery.close()
        await self.making.close()
        if self.db is not None:
            await self.db.close()
            self.db = self.store = None

    def today(self, now: dt.datetime | None = None) -> dt.date:
        return self.config.local_now(now).date()

    def slot(self, day: dt.date, genre: str | None, difficulty: str | None) -> Slot:
        """A concrete slot: ``mix``/None becomes the genre of the day, None the default difficulty."""
        g = genre_of_day(day) if genre in (None, MIX) else genre
        d = Difficulty(difficulty) if difficulty in DIFFICULTIES else self.config.difficulty
        return day, g, d
