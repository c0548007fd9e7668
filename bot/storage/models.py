"""The daily puzzle's tables (SQLAlchemy 2 declarative models). Times are naive UTC datetimes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, BigInteger, Date, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from solvers.puzzle import Puzzle
from solvers.solution import Solution


class Base(DeclarativeBase):
    pass


class DailyPuzzle(Base):
    """One day's puzzle for one genre and difficulty: the same for every chat."""

    __tablename__ = "daily_puzzles"
    __table_args__ = (UniqueConstraint("day", "genre", "difficulty", name="uq_daily_day_genre_difficulty"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    day: Mapped[dt.date] = mapped_column(Date, index=True)
    genre: Mapped[str] = mapped_column(String(32))
    difficulty: Mapped[str] = mapped_column(String(16))  # the slot asked for: easy / medium / hard
    grade: Mapped[str | None] = mapped_column(String(16))  # the generator's measured grade
    seed: Mapped[int] = mapped_column(BigInteger)
    rows: Mapped[int] = mapped_column(Integer)
    cols: Mapped[int] = mapped_column(Integer)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)  # FORMATS.md record: genre, grid, fill
    solution_json: Mapped[dict[str, Any]] = mapped_column("solution", JSON)  # FORMATS.md solution
    url: Mapped[str | None] = mapped_column(Text)
    gen_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)

    # The typed values (FORMATS.md text stays in the columns: storage is an edge).
    @property
    def puzzle(self) -> Puzzle[Any]:
        return Puzzle.from_record(self.record)

    @property
    def solution(self) -> Solution:
        """The stored solution, read the genre's way (:meth:`~solvers.genre.Genre.solution_from_json`)."""

        return self.puzzle.kind.solution_from_json(self.solution_json, self.puzzle)  # type: ignore[no-any-return]


class Subscription(Base):
    """A chat that gets a genre's daily puzzle every day at ``send_time`` (HH:MM, UTC)."""

    __tablename__ = "subscriptions"
    __table_args__ = (UniqueConstraint("platform", "chat_id", "genre", name="uq_subscription_chat_genre"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    genre: Mapped[str] = mapped_column(String(32))
    difficulty: Mapped[str] = mapped_column(String(16))
    send_time: Mapped[str] = mapped_column(String(5))  # "HH:MM" in the daily time zone
    lang: Mapped[str] = mapped_column(String(8), default="en")  # language of the posts
    active: Mapped[bool] = mapped_column(default=True)
    created_by: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime)


class Delivery(Base):
    """One scheduled post of a daily puzzle to a chat; the unique key lets one claimant at a time send it.

    ``status``: ``claimed`` (being sent by ``holder`` until ``lease_until``; a lapsed claim is taken
    over), ``sent``, ``retry`` (a transient error; sent again up to ``max_attempts``), ``maybe_sent``
    (the platform's answer was lost after the request left: never sent again, its message id
    unknown; ``sent_at`` is when it went out) or ``failed``.
    """

    __tablename__ = "deliveries"
    __table_args__ = (UniqueConstraint("platform", "chat_id", "daily_id", name="uq_delivery_chat_daily"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    daily_id: Mapped[int] = mapped_column(ForeignKey("daily_puzzles.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(16))  # claimed / sent / retry / maybe_sent / failed
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    claimed_at: Mapped[dt.datetime] = mapped_column(DateTime)
    sent_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    message_id: Mapped[str | None] = mapped_column(String(64))
    error: Mapped[str | None] = mapped_column(Text)
    holder: Mapped[str | None] = mapped_column(String(64))  # the process that claimed it
    lease_until: Mapped[dt.datetime | None] = mapped_column(DateTime)  # a claim past this is taken over


class Lease(Base):
    """A named lease: one holder at a time, until ``expires_at`` unless renewed (e.g. the daily fan-out)."""

    __tablename__ = "leases"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime)


class Post(Base):
    """A message that shows a daily puzzle, so a reply to it finds its puzzle."""

    __tablename__ = "daily_posts"
    __table_args__ = (UniqueConstraint("platform", "chat_id", "message_id", name="uq_post_message"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    message_id: Mapped[str] = mapped_column(String(64))
    daily_id: Mapped[int] = mapped_column(ForeignKey("daily_puzzles.id", ondelete="CASCADE"), index=True)
    posted_at: Mapped[dt.datetime] = mapped_column(DateTime)


class Play(Base):
    """One user's play of one daily puzzle in one chat: hints taken, wrong tries, solve time."""

    __tablename__ = "plays"
    __table_args__ = (UniqueConstraint("platform", "chat_id", "user_id", "daily_id", name="uq_play_user_daily"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[str] = mapped_column(String(64), index=True)
    user_name: Mapped[str] = mapped_column(String(128), default="")
    daily_id: Mapped[int] = mapped_column(ForeignKey("daily_puzzles.id", ondelete="CASCADE"), index=True)
    started_at: Mapped[dt.datetime] = mapped_column(DateTime)
    solved_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    hints: Mapped[int] = mapped_column(Integer, default=0)
    wrong: Mapped[int] = mapped_column(Integer, default=0)
    seen: Mapped[str | None] = mapped_column(String(16))  # solved after seeing "solution" / "hints": unranked


class Reveal(Base):
    """Something shown to the whole chat that gives a daily puzzle away: its solution or a hint."""

    __tablename__ = "reveals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    daily_id: Mapped[int] = mapped_column(ForeignKey("daily_puzzles.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str] = mapped_column(String(64))  # who asked for it
    kind: Mapped[str] = mapped_column(String(16))  # "solution" / "hints"
    at: Mapped[dt.datetime] = mapped_column(DateTime)
