"""State for the daily puzzle: SQLAlchemy 2 async models, repository functions, Alembic migrations.

SQLite (``sqlite+aiosqlite``) by default, any SQLAlchemy async URL via ``DATABASE_URL``.
``await Database(url).upgrade()`` brings the schema to the newest migration.
"""

from bot.storage.database import DEFAULT_URL, Database, alembic_config, database_url
from bot.storage.models import Base, DailyPuzzle, Delivery, Lease, Play, Post, Reveal, Subscription
from bot.storage.repo import Claim, Store, utcnow

__all__ = ["DEFAULT_URL", "Base", "Claim", "DailyPuzzle", "Database", "Delivery", "Lease", "Play", "Post", "Reveal",
           "Store", "Subscription", "alembic_config", "database_url", "utcnow"]
