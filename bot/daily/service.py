"""The daily puzzle service: platform-neutral, on the database; chat commands sit on top of it.

- puzzles are made ahead of time by :meth:`DailyService.prepare` (today's and tomorrow's slots,
  in a generator process) and looked up, never generated while someone waits;
- :meth:`DailyService.deliver_due` is the scheduled fan-out: each subscribed chat gets each day's
  post exactly once (claim in the database before sending; see :meth:`_deliver_one`);
- :meth:`answer`, :meth:`hint` and :meth:`stats` are the play in the chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import multiprocessing
import os
import socket
import uuid
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from bot.daily.judge import Hint, Judgement, Verdict, hints, judge_answer
from bot.daily.making import Maker, make_daily
from bot.daily.slots import DIFFICULTIES, MIX, DailyConfig, daily_seed, genre_of_day
from bot.sending import Failure, classify, delivery_status, migrated_to
from bot.storage import Claim, DailyPuzzle, Database, Play, Post, Store, Subscription, utcnow
from solvers.puzzle import Puzzle
from solvers.solution import Solution, differing_cells

log = logging.getLogger(__name__)

Slot = tuple[dt.date, str, str]  # (day, genre, difficulty)
RETRY_FAILED_AFTER = 600.0  # seconds before a slot whose generation failed is tried again
SEND_CONCURRENCY = 8  # posts in flight at once (the rate limiter paces them; a kill can duplicate at most these)
OPEN = ("retry", "claimed")  # delivery states a tick tries to claim (a live claim is refused by the store)
WRITE_GRACE = 10.0  # seconds close() waits for shielded database writes to finish


class DatabaseUnavailable(Exception):
    """The database could not be opened or migrated (the message says why)."""


class DeliveryGone(Exception):
    """The chat can no longer receive posts (bot blocked or removed): stop its subscriptions."""


@dataclass
class DeliveryReport:
    sent: list[str] = field(default_factory=list)  # chat ids
    failed: list[str] = field(default_factory=list)
    waiting: list[Slot] = field(default_factory=list)  # due, but the puzzle is still being made
    leader: bool = True  # False: another process holds the fan-out lease and sends the posts


@dataclass(frozen=True)
class AnswerOutcome:
    verdict: Verdict  # right / wrong / unreadable / already
    judgement: Judgement | None
    play: Play
    seconds: float | None = None  # solve time when right or already solved
    rank: int | None = None  # place in the chat's leaderboard for this puzzle (None: unranked)
    seen: str | None = None  # "solution" / "hints": solved after seeing them given away, so unranked


@dataclass(frozen=True)
class HintOutcome:
    hint: Hint | None  # None: no more hints, or already solved
    play: Play
    solved: bool = False


@dataclass(frozen=True)
class BoardRow:
    user_name: str
    genre: str
    difficulty: str
    seconds: float | None  # None: not solved yet
    hints: int
    wrong: int
    seen: str | None = None  # solved after seeing the solution / others' hints: listed, not ranked


@dataclass(frozen=True)
class Stats:
    streak: int
    best: int
    solved_total: int
    board: list[BoardRow]


def streaks(days: list[dt.date], today: dt.date) -> tuple[int, int]:
    """(current streak, best streak) from the days (any order) with a solved puzzle.

    The current streak still counts when today's puzzle is not solved yet but yesterday's was.
    """
    uniq = sorted(set(days))
    best = run = 0
    prev: dt.date | None = None
    for d in uniq:
        run = run + 1 if prev is not None and (d - prev).days == 1 else 1
        best = max(best, run)
        prev = d
    current = 0
    if uniq and (today - uniq[-1]).days <= 1:
        current = 1
        for a, b in zip(reversed(uniq[:-1]), reversed(uniq[1:]), strict=True):
            if (b - a).days != 1:
                break
            current += 1
    return current, best


def _spawn_pool(workers: int) -> Executor:
    from bot.children import guard

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=guard, initargs=(os.getpid(),))  # generators die with the bot


class DailyService:
    """Daily puzzles, subscriptions, deliveries and play, on one database."""

    def __init__(self, database_url: str | None = None, config: DailyConfig | None = None, *,
                 maker: Maker = make_daily, executor: Executor | None = None) -> None:
        self.database_url = database_url
        self.config = config or DailyConfig()
        self.maker = maker
        self._executor = executor
        self._own_executor = False
        self.db: Database | None = None
        self.store: Store | None = None
        self._ready_lock = asyncio.Lock()
        self._making: dict[Slot, asyncio.Task[DailyPuzzle | None]] = {}
        self._known: set[Slot] = set()
        self._failed: dict[Slot, float] = {}  # slot -> loop time of its last failed generation
        self._pictures: OrderedDict[tuple[int, str], bytes] = OrderedDict()
        self.holder = f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"  # this process's leases
        self.stopping = False  # set by stop(): no new claims; a failing send releases its claim
        self._writes: set[asyncio.Task[None]] = set()
        self._leases: set[str] = set()

    # ------------------------------------------------------------------ lifecycle
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
        self.stopping = True
        if self._writes:  # a post that went out gets its record before the database closes
            await asyncio.wait(list(self._writes), timeout=WRITE_GRACE)
        if self.store is not None:
            for name in list(self._leases):
                with contextlib.suppress(Exception):
                    await self.store.release_lease(name, self.holder)
        for task in list(self._making.values()):
            task.cancel()
        for task in list(self._making.values()):
            with contextlib.suppress(BaseException):
                await task
        if self._own_executor and self._executor is not None:
            processes = list(getattr(self._executor, "_processes", {}).values())
            self._executor.shutdown(wait=False, cancel_futures=True)
            for proc in processes:  # a generation still running would hold up the exit
                with contextlib.suppress(Exception):
                    proc.terminate()
            self._executor = None
        if self.db is not None:
            await self.db.close()
            self.db = self.store = None

    # ------------------------------------------------------------------ days and slots
    def today(self, now: dt.datetime | None = None) -> dt.date:
        return self.config.local_now(now).date()

    def slot(self, day: dt.date, genre: str | None, difficulty: str | None) -> Slot:
        """A concrete slot: ``mix``/None becomes the genre of the day, None the default difficulty."""
        g = genre_of_day(day) if genre in (None, MIX) else genre
        d = difficulty if difficulty in DIFFICULTIES else self.config.difficulty
        return day, g, d

    # ------------------------------------------------------------------ making puzzles
    async def get(self, slot: Slot, *, make: bool = True) -> DailyPuzzle | None:
        """The slot's stored puzzle; when missing, starts making it in the background and returns None."""
        store = await self.ready()
        row = await store.get_daily(*slot)
        if row is None and make and not self._backing_off(slot):
            self.request(slot)
        if row is not None:
            self._known.add(slot)
        return row

    def request(self, slot: Slot) -> asyncio.Task[DailyPuzzle | None]:
        """Make the slot's puzzle in the background (one task per slot at a time)."""
        task = self._making.get(slot)
        if task is None or task.done():
            task = asyncio.get_running_loop().create_task(self._make_logged(slot), name=f"daily-make-{slot}")
            self._making[slot] = task
            task.add_done_callback(lambda t: self._forget(slot, t))
        return task

    def _forget(self, slot: Slot, task: asyncio.Task[DailyPuzzle | None]) -> None:
        if self._making.get(slot) is task:
            del self._making[slot]

    def _backing_off(self, slot: Slot) -> bool:
        failed = self._failed.get(slot)
        return failed is not None and asyncio.get_running_loop().time() - failed < RETRY_FAILED_AFTER

    async def _make_logged(self, slot: Slot) -> DailyPuzzle | None:
        try:
            return await self.make(slot)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not make the daily puzzle %s; trying again in %.0f s", slot, RETRY_FAILED_AFTER)
            self._failed[slot] = asyncio.get_running_loop().time()
            return None

    async def make(self, slot: Slot) -> DailyPuzzle:
        """Generate and store the slot's puzzle (off the event loop); an existing one is kept."""
        store = await self.ready()
        existing = await store.get_daily(*slot)
        if existing is not None:
            return existing
        day, genre, difficulty = slot
        rows, cols = self.config.size(genre, difficulty)
        seed = daily_seed(day, genre, difficulty, self.config.salt)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):  # a generator process that died breaks the pool: a new pool, the same puzzle again
            try:
                made = await loop.run_in_executor(self._generator(), self.maker, genre, rows, cols, difficulty, seed)
                break
            except BrokenProcessPool:
                log.warning("the daily generator pool broke (a process died); rebuilding it")
                if self._own_executor:
                    from bot.children import kill_pool

                    kill_pool(self._executor)
                    self._executor = None
                if attempt == 2:
                    raise
        row = await store.save_daily(
            day=day, genre=genre, difficulty=difficulty, puzzle=made.puzzle, solution=made.solution,
            seed=made.seed, grade=made.grade, url=made.url, gen_seconds=made.seconds)
        self._known.add(slot)
        log.info("daily %s %s %s ready (%dx%d, grade %s, %.2fs)", day, genre, difficulty, row.rows, row.cols,
                 row.grade, row.gen_seconds)
        return row

    def _generator(self) -> Executor | None:
        if self._executor is None and self.config.generate_workers > 0:
            self._executor = _spawn_pool(self.config.generate_workers)
            self._own_executor = True
        return self._executor

    async def prepare(self, platform: str | None = None, now: dt.datetime | None = None) -> list[Slot]:
        """Start making today's and tomorrow's puzzles for every subscription (and, with
        ``prepare_all``, every genre at the default difficulty). Returns the slots started."""
        store = await self.ready()
        today = self.today(now)
        wanted: list[Slot] = []
        subs = await store.subscriptions(platform)
        for day in (today, today + dt.timedelta(days=1)):
            for s in subs:
                wanted.append(self.slot(day, s.genre, s.difficulty))
            if self.config.prepare_all:
                wanted += [self.slot(day, g, None) for g in self.config.sizes]
        started = []
        for slot in dict.fromkeys(wanted):
            if slot in self._known or slot in self._making or self._backing_off(slot):
                continue
            if await store.get_daily(*slot) is not None:
                self._known.add(slot)
                continue
            self.request(slot)
            started.append(slot)
        return started

    # ------------------------------------------------------------------ pictures
    async def picture(self, daily: DailyPuzzle, view: str = "puzzle") -> bytes:
        """The puzzle (``view="puzzle"``) or its solution (``"solution"``) as PNG, rendered off the loop."""
        key = (daily.id, view)
        png = self._pictures.get(key)
        if png is None:
            from bot.pictures import board_png

            solution = daily.solution if view == "solution" else None
            png = await asyncio.to_thread(board_png, daily.puzzle, solution)
            self._pictures[key] = png
            while len(self._pictures) > 64:
                self._pictures.popitem(last=False)
        return png

    # ------------------------------------------------------------------ posts
    async def register_post(self, platform: str, chat_id: Any, message_id: Any, daily_id: int) -> None:
        if message_id is None:
            return
        store = await self.ready()
        await store.record_post(platform, str(chat_id), str(message_id), daily_id)

    async def find_daily(self, platform: str, chat_id: Any, reply_to: Any = None,
                         now: dt.datetime | None = None) -> DailyPuzzle | None:
        """The puzzle a message is about: the daily post it replies to, else the chat's latest post today."""
        store = await self.ready()
        post: Post | None = None
        if reply_to is not None:
            post = await store.find_post(platform, str(chat_id), str(reply_to))
        if post is None:
            post = await store.latest_post(platform, str(chat_id), self.today(now))
        return await store.get_daily_by_id(post.daily_id) if post else None

    async def open_dailies(self, platform: str, chat_id: Any, now: dt.datetime | None = None) -> list[DailyPuzzle]:
        """Today's puzzles posted in the chat, the latest first (a chat may play several at once)."""
        store = await self.ready()
        return await store.dailies_posted(platform, str(chat_id), self.today(now))

    async def post_for_reply(self, platform: str, chat_id: Any, reply_to: Any) -> Post | None:
        if reply_to is None:
            return None
        store = await self.ready()
        return await store.find_post(platform, str(chat_id), str(reply_to))

    # ------------------------------------------------------------------ subscriptions and fan-out
    async def subscribe(self, platform: str, chat_id: Any, genre: str | None, difficulty: str | None,
                        send_time: str | None, by: Any = None, lang: str = "en") -> Subscription:
        store = await self.ready()
        sub = await store.subscribe(platform, str(chat_id), genre or MIX, difficulty or self.config.difficulty,
                                    send_time or self.config.send_time, None if by is None else str(by), lang)
        self.request(self.slot(self.today(), sub.genre, sub.difficulty))  # be ready for the first post
        return sub

    async def unsubscribe(self, platform: str, chat_id: Any, genre: str | None = None) -> int:
        store = await self.ready()
        return await store.unsubscribe(platform, str(chat_id), genre)

    async def subscriptions(self, platform: str, chat_id: Any) -> Sequence[Subscription]:
        store = await self.ready()
        return await store.subscriptions(platform, str(chat_id))

    async def deliver_due(self, platform_name: str, send: Callable[[Subscription, DailyPuzzle], Any],
                          now: dt.datetime | None = None) -> DeliveryReport:
        """Post today's puzzle to every subscribed chat whose time has come and that has not had it.

        ``send(subscription, daily)`` posts it and returns the platform's message id; it raises
        :class:`DeliveryGone` when the chat is gone for good. A chat subscribed after its time gets
        today's post at the next tick. Of several processes on one database only the holder of
        the platform's fan-out lease sends (``report.leader``); the lease and the claims it sends
        are renewed while it works, and taken over by another process when the holder dies.
        """
        store = await self.ready()
        report = DeliveryReport()
        if self.stopping or not await store.acquire_lease(self.lease_name(platform_name), self.holder,
                                                          self.config.lease_seconds):
            report.leader = False
            return report
        self._leases.add(self.lease_name(platform_name))
        local = self.config.local_now(now)
        hhmm, today = local.strftime("%H:%M"), local.date()
        due: list[tuple[Subscription, DailyPuzzle]] = []
        dailies: dict[Slot, DailyPuzzle | None] = {}
        for sub in await store.subscriptions(platform_name):
            if sub.send_time > hhmm:
                continue
            slot = self.slot(today, sub.genre, sub.difficulty)
            if slot not in dailies:
                dailies[slot] = await self.get(slot)
                if dailies[slot] is None:
                    report.waiting.append(slot)
            if (daily := dailies[slot]) is not None:
                due.append((sub, daily))
        states = await store.delivery_states(platform_name, [d.id for d in dailies.values() if d is not None])
        todo = [(sub, daily) for sub, daily in due if states.get((sub.chat_id, daily.id), "retry") in OPEN]
        if not todo:
            return report
        claims = await store.claim_deliveries(platform_name, [(sub.chat_id, daily.id) for sub, daily in todo],
                                              self.config.max_attempts, holder=self.holder,
                                              lease_seconds=self.config.lease_seconds)
        if not claims:
            return report
        sem = asyncio.Semaphore(SEND_CONCURRENCY)
        heartbeat = asyncio.get_running_loop().create_task(self._heartbeat(platform_name), name="daily-lease")
        try:
            await asyncio.gather(*(self._deliver_one(platform_name, sub, daily, claim, send, sem, report)
                                   for sub, daily in todo if (claim := claims.get((sub.chat_id, daily.id)))))
        finally:
            heartbeat.cancel()
            with contextlib.suppress(BaseException):
                await heartbeat
            with contextlib.suppress(BaseException):  # claims never sent (stopping): free for the next process
                await self._shielded(store.release_claims(self.holder))
        return report

    @staticmethod
    def lease_name(platform_name: str) -> str:
        return f"daily-fanout:{platform_name}"

    async def _heartbeat(self, platform_name: str) -> None:
        """Renew the fan-out lease and this process's claims while a fan-out runs."""
        assert self.store is not None
        every = self.config.lease_seconds / 4
        while True:
            await asyncio.sleep(every)
            try:
                await self.store.acquire_lease(self.lease_name(platform_name), self.holder, self.config.lease_seconds)
                await self.store.renew_claims(self.holder, self.config.lease_seconds)
            except Exception as e:  # the database may be briefly busy: try again at the next beat
                log.warning("could not renew the daily fan-out lease: %s: %s", type(e).__name__, e)

    async def _deliver_one(self, platform_name: str, sub: Subscription, daily: DailyPuzzle, claim: Claim,
                           send: Callable[[Subscription, DailyPuzzle], Any], sem: asyncio.Semaphore,
                           report: DeliveryReport) -> None:
        """Send one claimed post, then record it. Failure policy:

        - the fan-out claimed its posts up front (:meth:`~bot.storage.Store.claim_deliveries`): rows
          with a unique (platform, chat, puzzle) key, a holder and a lease, so one process at a time
          sends a given post; a claim whose holder died (its lease ran out) is taken over, so no
          chat misses its post because of a crash, a restart or SIGTERM;
        - the send went through: the delivery is ``sent`` and its post recorded in one
          transaction, shielded from cancellation. Only a death between the platform accepting
          the message and that commit can lead to a second post (the claim lapses and is re-sent);
        - stopping (cancelled, or the platform's client already closed): the claim is released
          for the next process;
        - what a failure means is decided in one place, :func:`bot.sending.delivery_status`;
        - the chat is gone (bot blocked/removed): ``failed`` and the chat's subscriptions are off;
        - the group became a supergroup: the chat's rows move to the new id, the post is ``retry``;
        - not sent (a network error before the request left, no rights to post for now, a rate
          limit beyond the send's own waits): ``retry``, at most ``max_attempts`` sends;
        - maybe sent (a read error or timeout after the request left): ``maybe_sent``, never re-sent;
        - any other error: ``failed`` for good.
        """
        assert self.store is not None
        store = self.store
        chat_id = sub.chat_id
        async with sem:
            if self.stopping:
                return  # released with the others at the end of the fan-out
            try:
                message_id = await send(sub, daily)
            except asyncio.CancelledError:
                await self._shielded(store.release_delivery(claim.id))
                raise
            except Exception as e:
                status = "release" if self.stopping or client_closed(e) else classify_failure(e)
                if status == "release":  # the send never left: the platform is shutting down
                    await self._shielded(store.release_delivery(claim.id))
                    log.info("daily post to chat %s released for the next process (%s)", chat_id, e)
                    return
                if status == "gone":
                    await store.finish_delivery(claim.id, "failed", error=f"chat gone: {e}"[:500])
                    await store.deactivate(platform_name, chat_id)
                    report.failed.append(chat_id)
                    log.warning("daily post to chat %s: chat gone (%s); its subscriptions are off", chat_id, e)
                    return
                if status == "migrated":
                    new_id = str(migrated_to(e))
                    await store.migrate_chat(platform_name, chat_id, new_id)
                    await store.finish_delivery(claim.id, "retry", error=f"chat moved to {new_id}")
                    report.failed.append(chat_id)
                    log.info("daily post: chat %s became %s; its subscriptions moved there", chat_id, new_id)
                    return
                await store.finish_delivery(claim.id, status, error=f"{type(e).__name__}: {e}"[:500])
                report.failed.append(chat_id)
                log.warning("daily post to chat %s failed (%s, attempt %d): %s", chat_id, status, claim.attempts, e)
                return
            await self._shielded(store.record_sent(claim.id, platform_name, chat_id, daily.id,
                                                   None if message_id is None else str(message_id)))
            report.sent.append(chat_id)

    async def _shielded(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run a database write to its end even if the caller is cancelled (:meth:`close` waits for it)."""
        task = asyncio.get_running_loop().create_task(coro)
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        await asyncio.shield(task)

    # ------------------------------------------------------------------ play
    async def _play(self, platform: str, chat_id: Any, user_id: Any, user_name: str, daily: DailyPuzzle) -> Play:
        store = await self.ready()
        started = await store.first_post_time(platform, str(chat_id), daily.id)
        return await store.play(platform, str(chat_id), str(user_id), daily.id, user_name=user_name,
                                started_at=started)

    async def answer(self, platform: str, chat_id: Any, user_id: Any, user_name: str, daily: DailyPuzzle,
                     text: str, now: dt.datetime | None = None) -> AnswerOutcome:
        """Judge a player's typed answer; records the solve (time, place) or the wrong try."""
        store = await self.ready()
        play = await self._play(platform, chat_id, user_id, user_name, daily)
        if play.solved_at is not None:
            return AnswerOutcome(Verdict.ALREADY, None, play, (play.solved_at - play.started_at).total_seconds(),
                                 await self._rank(platform, chat_id, daily, play), play.seen)
        puzzle = daily.puzzle
        judgement = await asyncio.to_thread(judge_answer, puzzle, text)
        if judgement.verdict is Verdict.RIGHT:
            at = (now.astimezone(dt.UTC).replace(tzinfo=None) if now and now.tzinfo else now) or utcnow()
            seen = play.seen or await store.seen_before(platform, str(chat_id), daily.id, str(user_id), at)
            if seen is not None:
                await store.mark_seen(play.id, seen)
            await store.mark_solved(play.id, at)
            play = await store.play(platform, str(chat_id), str(user_id), daily.id)
            if judgement_differs(puzzle, daily.solution, text):
                log.warning("daily %s: a rule-valid answer differs from the stored solution", daily.id)
            seconds = (play.solved_at - play.started_at).total_seconds() if play.solved_at else None
            rank = await self._rank(platform, chat_id, daily, play)
            return AnswerOutcome(Verdict.RIGHT, judgement, play, seconds, rank, play.seen)
        if judgement.verdict is Verdict.WRONG:
            await store.add_wrong(play.id)
        return AnswerOutcome(judgement.verdict, judgement, play)

    async def _rank(self, platform: str, chat_id: Any, daily: DailyPuzzle, play: Play) -> int | None:
        store = await self.ready()
        board = [p for p, d in await store.leaderboard(platform, str(chat_id), daily.day)
                 if d.id == daily.id and p.solved_at is not None and p.seen is None]
        return next((i + 1 for i, p in enumerate(board) if p.id == play.id), None)

    async def hint(self, platform: str, chat_id: Any, user_id: Any, user_name: str,
                   daily: DailyPuzzle) -> HintOutcome:
        """The user's next hint for the puzzle (counted), or None when none are left or it is solved."""
        store = await self.ready()
        play = await self._play(platform, chat_id, user_id, user_name, daily)
        if play.solved_at is not None:
            return HintOutcome(None, play, solved=True)
        all_hints = hints(daily.puzzle, daily.solution)
        if play.hints >= len(all_hints):
            return HintOutcome(None, play)
        n = await store.add_hint(play.id)
        if n > len(all_hints):
            return HintOutcome(None, play)
        return HintOutcome(all_hints[n - 1], play)

    async def reveal(self, platform: str, chat_id: Any, user_id: Any, user_name: str, daily: DailyPuzzle,
                     kind: str) -> None:
        """The chat was shown ``kind`` ("solution" / "hints") of the puzzle at ``user_id``'s request:
        solves after it are unranked (the asker's own hints only count as hints)."""
        store = await self.ready()
        await store.add_reveal(platform, str(chat_id), daily.id, str(user_id), kind)
        if kind == "solution":
            play = await self._play(platform, chat_id, user_id, user_name, daily)
            await store.mark_seen(play.id, kind)

    async def stats(self, platform: str, chat_id: Any, user_id: Any, now: dt.datetime | None = None) -> Stats:
        """The user's streak and the chat's leaderboard for today's puzzles."""
        store = await self.ready()
        today = self.today(now)
        days = await store.solved_days(platform, str(user_id))
        current, best = streaks(days, today)
        board = []
        for p, d in await store.leaderboard(platform, str(chat_id), today):
            secs = (p.solved_at - p.started_at).total_seconds() if p.solved_at else None
            board.append(BoardRow(p.user_name or str(p.user_id), d.genre, d.difficulty, secs, p.hints, p.wrong,
                                  p.seen))
        return Stats(current, best, len(days), board)


def judgement_differs(puzzle: Puzzle[Any], stored: Solution, text: str) -> bool:
    """True when the answer (already judged right) is not the stored solution: a non-unique daily."""
    from solvers.registry import get_genre

    try:
        given = get_genre(puzzle.genre).parse_answer(puzzle, text)
    except Exception:
        return False
    return bool(differing_cells(given, stored))


def client_closed(exc: BaseException) -> bool:
    """The platform's HTTP client is already shut down (the bot is stopping): the request never left."""
    return classify(exc).failure is Failure.CLOSED


def classify_failure(exc: BaseException) -> str:
    """The delivery state after ``exc`` (:func:`bot.sending.delivery_status`; ``gone`` for :class:`DeliveryGone`)."""
    return "gone" if isinstance(exc, DeliveryGone) else delivery_status(exc)
