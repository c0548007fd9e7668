"""Repository functions over the daily tables: every query the daily service needs, nothing else."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import and_, case, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError

from bot.storage.database import Database
from bot.storage.models import DailyPuzzle, Delivery, Lease, Play, Post, Reveal, Subscription
from solvers.generation import Difficulty
from solvers.puzzle import Puzzle
from solvers.solution import Solution


def utcnow() -> dt.datetime:
    """Now as a naive UTC datetime (how every time is stored)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


@dataclass(frozen=True)
class Claim:
    """A delivery this process now owns and must send."""

    id: int
    attempts: int


class Store:
    """Async repository on a :class:`Database`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # -- daily puzzles
    async def get_daily(self, day: dt.date, genre: str, difficulty: Difficulty) -> DailyPuzzle | None:
        async with self.db.sessions() as s:
            return (await s.execute(select(DailyPuzzle).where(
                DailyPuzzle.day == day, DailyPuzzle.genre == genre, DailyPuzzle.difficulty == difficulty))).scalar()

    async def get_daily_by_id(self, daily_id: int) -> DailyPuzzle | None:
        async with self.db.sessions() as s:
            return await s.get(DailyPuzzle, daily_id)

    async def save_daily(self, *, day: dt.date, genre: str, difficulty: Difficulty, puzzle: Puzzle[Any],
                         solution: Solution, seed: int, grade: str | None = None, url: str | None = None,
                         gen_seconds: float = 0.0) -> DailyPuzzle:
        """Insert a day's puzzle (as FORMATS.md text); if another worker stored that slot first, return theirs."""
        fields: dict[str, Any] = dict(
            day=day, genre=genre, difficulty=difficulty, grade=grade, seed=seed, rows=puzzle.rows, cols=puzzle.cols,
            record=puzzle.to_record(), solution_json=solution.to_json(), url=url, gen_seconds=gen_seconds,
            created_at=utcnow())
        async with self.db.sessions() as s:
            row = DailyPuzzle(**fields)
            s.add(row)
            try:
                await s.commit()
                return row
            except IntegrityError:
                await s.rollback()
        existing = await self.get_daily(day, genre, difficulty)
        assert existing is not None
        return existing

    # -- subscriptions
    async def subscribe(self, platform: str, chat_id: str, genre: str, difficulty: str, send_time: str,
                        created_by: str | None = None, lang: str = "en") -> Subscription:
        async with self.db.sessions() as s:
            sub = (await s.execute(select(Subscription).where(
                Subscription.platform == platform, Subscription.chat_id == chat_id,
                Subscription.genre == genre))).scalar()
            if sub is None:
                sub = Subscription(platform=platform, chat_id=chat_id, genre=genre, created_at=utcnow())
                s.add(sub)
            sub.difficulty, sub.send_time, sub.active, sub.created_by = difficulty, send_time, True, created_by
            sub.lang = lang
            await s.commit()
            return sub

    async def unsubscribe(self, platform: str, chat_id: str, genre: str | None = None) -> int:
        """Remove the chat's subscription to ``genre`` (every genre when None); returns how many."""
        async with self.db.sessions() as s:
            stmt = delete(Subscription).where(Subscription.platform == platform, Subscription.chat_id == chat_id)
            if genre:
                stmt = stmt.where(Subscription.genre == genre)
            n = cast(CursorResult[Any], await s.execute(stmt)).rowcount
            await s.commit()
            return int(n or 0)

    async def deactivate(self, platform: str, chat_id: str) -> None:
        async with self.db.sessions() as s:
            await s.execute(update(Subscription).where(Subscription.platform == platform,
                                                       Subscription.chat_id == chat_id).values(active=False))
            await s.commit()

    async def migrate_chat(self, platform: str, old: str, new: str) -> int:
        """Move a chat's subscriptions, deliveries, posts, plays and reveals to its new id (a Telegram
        group that became a supergroup), in one transaction; a row the new id already has wins.
        Returns how many rows moved."""
        keys: list[tuple[Any, tuple[str, ...]]] = [(Subscription, ("genre",)), (Delivery, ("daily_id",)),
                                                   (Post, ("message_id",)), (Play, ("user_id", "daily_id")),
                                                   (Reveal, ())]
        moved = 0
        async with self.db.sessions() as s, s.begin():
            for model, key in keys:
                taken = {tuple(getattr(r, k) for k in key) for r in (await s.execute(select(model).where(
                    model.platform == platform, model.chat_id == new))).scalars()} if key else set()
                for row in (await s.execute(select(model).where(model.platform == platform,
                                                                model.chat_id == old))).scalars().all():
                    if key and tuple(getattr(row, k) for k in key) in taken:
                        await s.delete(row)
                    else:
                        row.chat_id, moved = new, moved + 1
        return moved

    async def subscriptions(self, platform: str | None = None, chat_id: str | None = None) -> Sequence[Subscription]:
        async with self.db.sessions() as s:
            stmt = select(Subscription).where(Subscription.active.is_(True)).order_by(Subscription.id)
            if platform is not None:
                stmt = stmt.where(Subscription.platform == platform)
            if chat_id is not None:
                stmt = stmt.where(Subscription.chat_id == chat_id)
            return (await s.execute(stmt)).scalars().all()

    # -- deliveries (claim before send)
    async def claim_delivery(self, platform: str, chat_id: str, daily_id: int, max_attempts: int = 3, *,
                             holder: str = "", lease_seconds: float = 120.0) -> Claim | None:
        """Claim the post of ``daily_id`` to a chat for ``lease_seconds``. None when it is sent, being
        sent by a live holder, or given up.

        The unique key (platform, chat_id, daily_id) lets exactly one claimant win, across
        processes and restarts. A delivery marked ``retry`` can be claimed again until
        ``max_attempts``; a ``claimed`` one whose lease ran out (its holder died, or let it go)
        is taken over without counting an attempt.
        """
        now = utcnow()
        until = now + dt.timedelta(seconds=lease_seconds)
        async with self.db.sessions() as s:
            s.add(Delivery(platform=platform, chat_id=chat_id, daily_id=daily_id, status="claimed", attempts=1,
                           claimed_at=now, holder=holder, lease_until=until))
            try:
                await s.commit()
            except IntegrityError:
                await s.rollback()
            else:
                d = (await s.execute(select(Delivery.id).where(
                    Delivery.platform == platform, Delivery.chat_id == chat_id,
                    Delivery.daily_id == daily_id))).scalar_one()
                return Claim(d, 1)
            retry = and_(Delivery.status == "retry", Delivery.attempts < max_attempts)
            lapsed = and_(Delivery.status == "claimed",
                          or_(Delivery.lease_until.is_(None), Delivery.lease_until < now))
            res = await s.execute(update(Delivery).where(
                Delivery.platform == platform, Delivery.chat_id == chat_id, Delivery.daily_id == daily_id,
                or_(retry, lapsed),
            ).values(status="claimed", attempts=case((Delivery.status == "retry", Delivery.attempts + 1),
                                                     else_=Delivery.attempts),
                     claimed_at=now, holder=holder, lease_until=until).returning(Delivery.id, Delivery.attempts))
            row = res.first()
            await s.commit()
            return Claim(row[0], row[1]) if row else None

    async def claim_deliveries(self, platform: str, wanted: Sequence[tuple[str, int]], max_attempts: int = 3, *,
                               holder: str, lease_seconds: float = 120.0) -> dict[tuple[str, int], Claim]:
        """Claim many posts ((chat_id, daily_id) pairs) in one transaction, as :meth:`claim_delivery` does
        one: new ones, ``retry`` ones under ``max_attempts``, and lapsed claims. Returns the ones won.

        A fan-out claims its chats up front, so while it sends, the only database write per post is
        :meth:`record_sent` (the shortest window between a post going out and its record).
        """
        if not wanted:
            return {}
        now = utcnow()
        until = now + dt.timedelta(seconds=lease_seconds)
        by_daily: dict[int, list[str]] = {}
        for chat_id, daily_id in dict.fromkeys(wanted):
            by_daily.setdefault(daily_id, []).append(chat_id)
        async with self.db.sessions() as s, s.begin():
            dialect = s.get_bind().dialect.name
            insert = sqlite_insert if dialect == "sqlite" else pg_insert
            for daily_id, chats in by_daily.items():
                for part in _chunks(chats, 500):
                    await s.execute(insert(Delivery).values([
                        dict(platform=platform, chat_id=c, daily_id=daily_id, status="claimed", attempts=1,
                             claimed_at=now, holder=holder, lease_until=until) for c in part]
                    ).on_conflict_do_nothing(index_elements=["platform", "chat_id", "daily_id"]))
                    retry = and_(Delivery.status == "retry", Delivery.attempts < max_attempts)
                    lapsed = and_(Delivery.status == "claimed",
                                  or_(Delivery.lease_until.is_(None), Delivery.lease_until < now))
                    await s.execute(update(Delivery).where(
                        Delivery.platform == platform, Delivery.daily_id == daily_id, Delivery.chat_id.in_(part),
                        or_(retry, lapsed),
                    ).values(status="claimed", attempts=case((Delivery.status == "retry", Delivery.attempts + 1),
                                                             else_=Delivery.attempts),
                             claimed_at=now, holder=holder, lease_until=until))
            rows = (await s.execute(select(Delivery.id, Delivery.chat_id, Delivery.daily_id, Delivery.attempts).where(
                Delivery.platform == platform, Delivery.holder == holder, Delivery.status == "claimed",
                Delivery.lease_until == until))).all()
        return {(c, d): Claim(i, a) for i, c, d, a in rows}

    async def renew_claims(self, holder: str, lease_seconds: float) -> int:
        """Extend the lease of every delivery ``holder`` is still sending; returns how many."""
        async with self.db.sessions() as s:
            res = await s.execute(update(Delivery).where(Delivery.holder == holder, Delivery.status == "claimed")
                                  .values(lease_until=utcnow() + dt.timedelta(seconds=lease_seconds)))
            await s.commit()
            return int(cast(CursorResult[Any], res).rowcount or 0)

    async def release_delivery(self, claim_id: int) -> None:
        """Give a claim up unsent (stopping, or the send never left): the next claimant takes it at once."""
        async with self.db.sessions() as s:
            await s.execute(update(Delivery).where(Delivery.id == claim_id, Delivery.status == "claimed")
                            .values(lease_until=utcnow() - dt.timedelta(seconds=1)))
            await s.commit()

    async def release_claims(self, holder: str) -> None:
        """Give up every claim ``holder`` still has unsent (a fan-out that stopped early)."""
        async with self.db.sessions() as s:
            await s.execute(update(Delivery).where(Delivery.holder == holder, Delivery.status == "claimed")
                            .values(lease_until=utcnow() - dt.timedelta(seconds=1)))
            await s.commit()

    async def finish_delivery(self, claim_id: int, status: str, message_id: str | None = None,
                              error: str | None = None) -> None:
        async with self.db.sessions() as s:
            await s.execute(update(Delivery).where(Delivery.id == claim_id).values(
                status=status, message_id=message_id, error=error,
                sent_at=utcnow() if status in ("sent", "maybe_sent") else None))  # maybe_sent: when it went out
            await s.commit()

    async def record_sent(self, claim_id: int, platform: str, chat_id: str, daily_id: int,
                          message_id: str | None) -> None:
        """Mark the delivery sent and record its post, in one transaction: a sent delivery always has its post."""
        async with self.db.sessions() as s, s.begin():
            await s.execute(update(Delivery).where(Delivery.id == claim_id).values(
                status="sent", message_id=message_id, error=None, sent_at=utcnow()))
            if message_id is not None:
                exists = (await s.execute(select(Post.id).where(
                    Post.platform == platform, Post.chat_id == chat_id, Post.message_id == message_id))).first()
                if exists is None:
                    s.add(Post(platform=platform, chat_id=chat_id, message_id=message_id, daily_id=daily_id,
                               posted_at=utcnow()))

    # -- leases (one holder at a time)
    async def acquire_lease(self, name: str, holder: str, seconds: float) -> bool:
        """Take or renew the lease ``name`` for ``seconds``; False while another holder's lease runs."""
        now = utcnow()
        until = now + dt.timedelta(seconds=seconds)
        async with self.db.sessions() as s:
            res = await s.execute(update(Lease).where(Lease.name == name, or_(Lease.holder == holder,
                                                                              Lease.expires_at < now))
                                  .values(holder=holder, expires_at=until))
            await s.commit()
            if cast(CursorResult[Any], res).rowcount:
                return True
            s.add(Lease(name=name, holder=holder, expires_at=until))
            try:
                await s.commit()
            except IntegrityError:
                await s.rollback()
                return False
            return True

    async def release_lease(self, name: str, holder: str) -> None:
        """Let the lease go (a clean stop): another replica takes it at its next tick."""
        async with self.db.sessions() as s:
            await s.execute(delete(Lease).where(Lease.name == name, Lease.holder == holder))
            await s.commit()

    async def lease_holder(self, name: str) -> str | None:
        """Who holds ``name`` now (None when nobody does, or the lease ran out)."""
        async with self.db.sessions() as s:
            return (await s.execute(select(Lease.holder).where(Lease.name == name,
                                                               Lease.expires_at >= utcnow()))).scalar()

    async def delivery_states(self, platform: str, daily_ids: Sequence[int]) -> dict[tuple[str, int], str]:
        """(chat_id, daily_id) -> status of every delivery of these puzzles (one query per tick)."""
        if not daily_ids:
            return {}
        async with self.db.sessions() as s:
            rows = await s.execute(select(Delivery.chat_id, Delivery.daily_id, Delivery.status).where(
                Delivery.platform == platform, Delivery.daily_id.in_(list(daily_ids))))
            return {(c, d): st for c, d, st in rows.all()}

    async def deliveries(self, platform: str | None = None) -> Sequence[Delivery]:
        async with self.db.sessions() as s:
            stmt = select(Delivery).order_by(Delivery.id)
            if platform is not None:
                stmt = stmt.where(Delivery.platform == platform)
            return (await s.execute(stmt)).scalars().all()

    # -- posts (message -> puzzle)
    async def record_post(self, platform: str, chat_id: str, message_id: str, daily_id: int,
                          posted_at: dt.datetime | None = None) -> None:
        async with self.db.sessions() as s:
            s.add(Post(platform=platform, chat_id=chat_id, message_id=message_id, daily_id=daily_id,
                       posted_at=posted_at or utcnow()))
            try:
                await s.commit()
            except IntegrityError:
                await s.rollback()

    async def find_post(self, platform: str, chat_id: str, message_id: str) -> Post | None:
        async with self.db.sessions() as s:
            return (await s.execute(select(Post).where(Post.platform == platform, Post.chat_id == chat_id,
                                                       Post.message_id == message_id))).scalar()

    async def latest_post(self, platform: str, chat_id: str, day: dt.date | None = None) -> Post | None:
        """The chat's most recent daily post (of ``day``'s puzzles when given)."""
        async with self.db.sessions() as s:
            stmt = select(Post).where(Post.platform == platform, Post.chat_id == chat_id)
            if day is not None:
                stmt = stmt.join(DailyPuzzle, DailyPuzzle.id == Post.daily_id).where(DailyPuzzle.day == day)
            return (await s.execute(stmt.order_by(Post.posted_at.desc(), Post.id.desc()).limit(1))).scalar()

    async def dailies_posted(self, platform: str, chat_id: str, day: dt.date) -> list[DailyPuzzle]:
        """``day``'s puzzles posted in the chat, the most recently posted first, each once."""
        async with self.db.sessions() as s:
            stmt = (select(Post.daily_id).join(DailyPuzzle, DailyPuzzle.id == Post.daily_id)
                    .where(Post.platform == platform, Post.chat_id == chat_id, DailyPuzzle.day == day)
                    .order_by(Post.posted_at.desc(), Post.id.desc()))
            ids = list(dict.fromkeys((await s.execute(stmt)).scalars().all()))
            found = {d.id: d for d in (await s.execute(select(DailyPuzzle).where(DailyPuzzle.id.in_(ids)))).scalars()}
            return [found[i] for i in ids if i in found]

    async def dailies_unrecorded(self, platform: str, chat_id: str, day: dt.date) -> list[DailyPuzzle]:
        """``day``'s puzzles whose scheduled post to the chat may have gone out with its message id
        unknown (``maybe_sent``: the platform's answer was lost), the most recent first."""
        async with self.db.sessions() as s:
            stmt = (select(DailyPuzzle).join(Delivery, Delivery.daily_id == DailyPuzzle.id)
                    .where(Delivery.platform == platform, Delivery.chat_id == chat_id,
                           Delivery.status == "maybe_sent", DailyPuzzle.day == day)
                    .order_by(Delivery.sent_at.desc(), Delivery.id.desc()))
            return list((await s.execute(stmt)).scalars().all())

    async def first_post_time(self, platform: str, chat_id: str, daily_id: int) -> dt.datetime | None:
        """When the puzzle was first shown in the chat: its first recorded post, else the time its
        post went out with the answer lost (``maybe_sent``)."""
        async with self.db.sessions() as s:
            first = (await s.execute(select(func.min(Post.posted_at)).where(
                Post.platform == platform, Post.chat_id == chat_id, Post.daily_id == daily_id))).scalar()
            if first is None:
                first = (await s.execute(select(Delivery.sent_at).where(
                    Delivery.platform == platform, Delivery.chat_id == chat_id, Delivery.daily_id == daily_id,
                    Delivery.status == "maybe_sent"))).scalar()
            return first

    # -- plays
    async def play(self, platform: str, chat_id: str, user_id: str, daily_id: int, *, user_name: str = "",
                   started_at: dt.datetime | None = None) -> Play:
        """The user's play of a puzzle in a chat, created on first touch."""
        async with self.db.sessions() as s:
            stmt = select(Play).where(Play.platform == platform, Play.chat_id == chat_id, Play.user_id == user_id,
                                      Play.daily_id == daily_id)
            row = (await s.execute(stmt)).scalar()
            if row is not None:
                if user_name and row.user_name != user_name:
                    row.user_name = user_name
                    await s.commit()
                return row
            s.add(Play(platform=platform, chat_id=chat_id, user_id=user_id, daily_id=daily_id, user_name=user_name,
                       started_at=started_at or utcnow(), hints=0, wrong=0))
            try:
                await s.commit()
            except IntegrityError:
                await s.rollback()
            return (await s.execute(stmt)).scalar_one()

    async def add_hint(self, play_id: int) -> int:
        """Count one more hint; returns the new count."""
        async with self.db.sessions() as s:
            res = await s.execute(update(Play).where(Play.id == play_id).values(hints=Play.hints + 1)
                                  .returning(Play.hints))
            n = res.scalar_one()
            await s.commit()
            return int(n)

    async def add_wrong(self, play_id: int) -> None:
        async with self.db.sessions() as s:
            await s.execute(update(Play).where(Play.id == play_id).values(wrong=Play.wrong + 1))
            await s.commit()

    async def mark_solved(self, play_id: int, at: dt.datetime | None = None) -> bool:
        """Record the solve time once; False when the play was already solved."""
        async with self.db.sessions() as s:
            res = await s.execute(update(Play).where(Play.id == play_id, Play.solved_at.is_(None))
                                  .values(solved_at=at or utcnow()))
            await s.commit()
            return bool(cast(CursorResult[Any], res).rowcount)

    async def mark_seen(self, play_id: int, kind: str) -> None:
        """The player saw ``kind`` ("solution" / "hints") given away before solving: the solve is unranked."""
        async with self.db.sessions() as s:
            await s.execute(update(Play).where(Play.id == play_id, Play.solved_at.is_(None), Play.seen.is_(None))
                            .values(seen=kind))
            await s.commit()

    # -- reveals (what the whole chat has seen)
    async def add_reveal(self, platform: str, chat_id: str, daily_id: int, user_id: str, kind: str,
                         at: dt.datetime | None = None) -> None:
        async with self.db.sessions() as s:
            s.add(Reveal(platform=platform, chat_id=chat_id, daily_id=daily_id, user_id=user_id, kind=kind,
                         at=at or utcnow()))
            await s.commit()

    async def seen_before(self, platform: str, chat_id: str, daily_id: int, user_id: str,
                          at: dt.datetime) -> str | None:
        """What the chat showed of the puzzle before ``at`` that ``user_id`` did not ask for themselves
        ("solution" wins over "hints"; the asker's own /solution counts too); None when nothing."""
        async with self.db.sessions() as s:
            rows = (await s.execute(select(Reveal.kind, Reveal.user_id).where(
                Reveal.platform == platform, Reveal.chat_id == chat_id, Reveal.daily_id == daily_id,
                Reveal.at <= at))).all()
        kinds = {k for k, u in rows if k == "solution" or u != user_id}
        return "solution" if "solution" in kinds else ("hints" if kinds else None)

    async def leaderboard(self, platform: str, chat_id: str, day: dt.date) -> Sequence[tuple[Play, DailyPuzzle]]:
        """The chat's plays of ``day``'s puzzles: ranked solves by solve time, then unranked ones in the
        order they were solved, then the rest (see :func:`_board_order`)."""
        async with self.db.sessions() as s:
            stmt = (select(Play, DailyPuzzle).join(DailyPuzzle, DailyPuzzle.id == Play.daily_id)
                    .where(Play.platform == platform, Play.chat_id == chat_id, DailyPuzzle.day == day))
            rows = [(p, d) for p, d in (await s.execute(stmt)).all()]
        return sorted(rows, key=lambda pd: _board_order(pd[0]))

    async def solved_days(self, platform: str, user_id: str) -> list[dt.date]:
        """The days (newest first) on which the user solved at least one daily puzzle, in any chat."""
        async with self.db.sessions() as s:
            stmt = (select(DailyPuzzle.day).join(Play, Play.daily_id == DailyPuzzle.id)
                    .where(Play.platform == platform, Play.user_id == user_id, Play.solved_at.is_not(None))
                    .distinct().order_by(DailyPuzzle.day.desc()))
            return list((await s.execute(stmt)).scalars().all())


def _board_order(play: Play) -> tuple[Any, ...]:
    """A total order of a leaderboard: ranked solves by solve time then hints, unranked solves by when
    they were solved (their solve time says nothing: they had seen the answer), then the unsolved;
    every tie broken by name and row id so two equal rows never swap between runs."""
    last = (play.user_name, play.id)
    if play.solved_at is None:
        return (2, play.hints, *last)
    if play.seen is not None:
        return (1, play.solved_at, *last)
    return (0, play.solved_at - play.started_at, play.hints, play.solved_at, *last)
