"""The database handle: an async engine from a URL, sessions, and Alembic ``upgrade head`` at start."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
DEFAULT_URL = "sqlite+aiosqlite:///puzzlebot.db"
MIGRATION_LOCK_KEY = 0x70757A7A  # pg_advisory_xact_lock key of the migration ("puzz")


def database_url(url: str | None = None) -> str:
    """``url``, else ``DATABASE_URL`` from the environment, else a SQLite file in the working folder.

    Plain driver names are made async: ``sqlite://`` becomes ``sqlite+aiosqlite://`` and
    ``postgresql://`` becomes ``postgresql+asyncpg://``.
    """
    url = url or os.environ.get("DATABASE_URL") or DEFAULT_URL
    u = make_url(url)
    if u.drivername == "sqlite":
        u = u.set(drivername="sqlite+aiosqlite")
    elif u.drivername in ("postgresql", "postgres"):
        u = u.set(drivername="postgresql+asyncpg")
    return u.render_as_string(hide_password=False)


def alembic_config() -> Config:
    """The Alembic config shipped inside the package (script location resolved to this folder)."""
    from alembic.config import Config

    cfg = Config(str(HERE / "alembic.ini"))
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    return cfg


def _upgrade_sync(connection: Connection) -> None:
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


class Database:
    """One async engine and its session factory."""

    def __init__(self, url: str | None = None, *, echo: bool = False) -> None:
        self.url = database_url(url)
        u = make_url(self.url)
        kwargs: dict[str, Any] = {"echo": echo}
        if u.get_backend_name() == "sqlite":
            kwargs["connect_args"] = {"timeout": 30}
            if u.database and u.database != ":memory:":
                Path(u.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        self.engine: AsyncEngine = create_async_engine(self.url, **kwargs)
        if u.get_backend_name() == "sqlite":
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(self.engine, expire_on_commit=False)

    async def upgrade(self) -> None:
        """Bring the schema to the newest Alembic revision (idempotent; run at every start).

        Processes started together migrate one after another: SQLite under an exclusive lock on
        a file next to the database, PostgreSQL under a transaction-scoped advisory lock. The
        second finds the schema at head and does nothing.
        """
        u = make_url(self.url)
        async with contextlib.AsyncExitStack() as stack:
            if u.get_backend_name() == "sqlite" and u.database and u.database != ":memory:":
                await stack.enter_async_context(_file_lock(Path(u.database).expanduser().with_suffix(".migrate.lock")))
            async with self.engine.begin() as conn:
                if u.get_backend_name() == "postgresql":
                    await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
                await conn.run_sync(_upgrade_sync)
        log.info("database schema is at head (%s)", make_url(self.url).render_as_string(hide_password=True))

    async def close(self) -> None:
        await self.engine.dispose()


@contextlib.asynccontextmanager
async def _file_lock(path: Path) -> AsyncIterator[None]:
    """An exclusive ``flock`` on ``path`` (waited for in a thread; the kernel frees it if we die)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        await asyncio.to_thread(fcntl.flock, fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # WAL: a commit survives a crash of the process; fsync at checkpoints
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
