"""Posting the daily puzzle: subscriptions, the posts made, and the scheduled fan-out in which
each subscribed chat gets each day's post exactly once (claim in the database before sending; see
:meth:`DailyDelivery._deliver_one`). One part of :class:`~bot.daily.service.DailyService`."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import os
import socket
import uuid
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.daily.slots import MIX, Slot
from bot.sending import Failure, classify, delivery_status, migrated_to
from bot.storage import Claim, DailyPuzzle, Subscription

if TYPE_CHECKING:
    from bot.daily.making import DailyMaking
    from bot.daily.service import DailyService

log = logging.getLogger(__name__)

SEND_CONCURRENCY = 8  # posts in flight at once (the rate limiter paces them; a kill can duplicate at most these)
OPEN = ("retry", "claimed")  # delivery states a tick tries to claim (a live claim is refused by the store)
WRITE_GRACE = 10.0  # seconds close() waits for shielded database writes to finish
RECORD_WAIT = 30.0  # seconds a reply to a post on its way waits for the post's record (send + write)


class DeliveryGone(Exception):
    """The chat can no longer receive posts (bot blocked or removed): stop its subscriptions."""


@dataclass
class DeliveryReport:
    sent: list[str] = field(default_factory=list)  # chat ids
    failed: list[str] = field(default_factory=list)
    waiting: list[Slot] = field(default_factory=list)  # due, but the puzzle is still being made
    leader: bool = True  # False: another process holds the fan-out lease and sends the posts


class DailyDelivery:
    """Subscriptions, posts and the fan-out, on the service's database; due puzzles come from ``making``."""

    def __init__(self, service: DailyService, making: DailyMaking) -> None:
        self.service = service
        self.making = making
        self.holder = f"{socket.gethostname()[:30]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"  # this process's leases
        self.stopping = False  # set on the way out: no new claims; a failing send releases its claim
        self._writes: set[asyncio.Task[None]] = set()
        self._leases: set[str] = set()
        self._on_the_way: dict[tuple[str, str], set[asyncio.Event]] = {}  # (platform, chat): posts not recorded

    async def close(self) -> None:
        """Stop claiming; let the records of posts that went out reach the database; give up the leases."""
        self.stopping = True
        if self._writes:  # a post that went out gets its record before the database closes
            await asyncio.wait(list(self._writes), timeout=WRITE_GRACE)
        if self.service.store is not None:
            for name in list(self._leases):
                with contextlib.suppress(Exception):
                    await self.service.store.release_lease(name, self.holder)

    @contextlib.asynccontextmanager
    async def posting(self, platform: str, chat_id: Any) -> AsyncIterator[None]:
        """Mark a post to the chat as on its way, from before it is sent until its record is written.

        Players see the post as soon as the platform accepts it, before the bot has heard back and
        recorded which message it is; a reply in that window waits (:meth:`recorded`) rather than
        being taken for chatter and left unanswered.
        """
        key = (platform, str(chat_id))
        done = asyncio.Event()
        self._on_the_way.setdefault(key, set()).add(done)
        try:
            yield
        finally:
            done.set()
            waiting = self._on_the_way.get(key, set())
            waiting.discard(done)
            if not waiting:
                self._on_the_way.pop(key, None)

    async def recorded(self, platform: str, chat_id: Any, timeout: float = RECORD_WAIT) -> bool:
        """Wait (at most ``timeout`` seconds) until the posts on their way to the chat are recorded;
        False when none was on its way."""
        waiting = [asyncio.ensure_future(e.wait()) for e in self._on_the_way.get((platform, str(chat_id)), ())]
        if not waiting:
            return False
        try:
            _, late = await asyncio.wait(waiting, timeout=timeout)
        finally:  # none left behind, also when the waiting handler is cancelled
            for task in waiting:
                task.cancel()
        if late:
            log.warning("a daily post to chat %s is still not recorded after %.0f s", chat_id, timeout)
        return True

    async def register_post(self, platform: str, chat_id: Any, message_id: Any, daily_id: int) -> None:
        if message_id is None:
            return
        store = await self.service.ready()
        await store.record_post(platform, str(chat_id), str(message_id), daily_id)

    async def subscribe(self, platform: str, chat_id: Any, genre: str | None, difficulty: str | None,
                        send_time: str | None, by: Any = None, lang: str = "en") -> Subscription:
        store = await self.service.ready()
        sub = await store.subscribe(platform, str(chat_id), genre or MIX, difficulty or self.service.config.difficulty,
                                    send_time or self.service.config.send_time, None if by is None else str(by), lang)
        # be ready for the first post
        self.making.request(self.service.slot(self.service.today(), sub.genre, sub.difficulty))
        return sub

    async def unsubscribe(self, platform: str, chat_id: Any, genre: str | None = None) -> int:
        store = await self.service.ready()
        return await store.unsubscribe(platform, str(chat_id), genre)

    async def subscriptions(self, platform: str, chat_id: Any) -> Sequence[Subscription]:
        store = await self.service.ready()
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
        store = await self.service.ready()
        report = DeliveryReport()
        if self.stopping or not await store.acquire_lease(self.lease_name(platform_name), self.holder,
                                                          self.service.config.lease_seconds):
            report.leader = False
            return report
        self._leases.add(self.lease_name(platform_name))
        local = self.service.config.local_now(now)
        hhmm, today = local.strftime("%H:%M"), local.date()
        due: list[tuple[Subscription, DailyPuzzle]] = []
        dailies: dict[Slot, DailyPuzzle | None] = {}
        for sub in await store.subscriptions(platform_name):
            if sub.send_time > hhmm:
                continue
            slot = self.service.slot(today, sub.genre, sub.difficulty)
            if slot not in dailies:
                dailies[slot] = await self.making.get(slot)
                if dailies[slot] is None:
                    report.waiting.append(slot)
            if (daily := dailies[slot]) is not None:
                due.append((sub, daily))
        states = await store.delivery_states(platform_name, [d.id for d in dailies.values() if d is not None])
        todo = [(sub, daily) for sub, daily in due if states.get((sub.chat_id, daily.id), "retry") in OPEN]
        if not todo:
            return report
        claims = await store.claim_deliveries(platform_name, [(sub.chat_id, daily.id) for sub, daily in todo],
                                              self.service.config.max_attempts, holder=self.holder,
                                              lease_seconds=self.service.config.lease_seconds)
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
        store = self.service.store
        assert store is not None
        lease = self.service.config.lease_seconds
        every = lease / 4
        while True:
            await asyncio.sleep(every)
            try:
                await store.acquire_lease(self.lease_name(platform_name), self.holder, lease)
                await store.renew_claims(self.holder, lease)
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
          the message and that commit can lead to a second post (the claim lapses and is re-sent).
          Until that commit the post is marked on its way (:meth:`posting`): players may reply to it already;
        - stopping (cancelled, or the platform's client already closed): the claim is released
          for the next process;
        - what a failure means is decided in one place, :func:`bot.sending.delivery_status`;
        - the chat is gone (bot blocked/removed): ``failed`` and the chat's subscriptions are off;
        - the group became a supergroup: the chat's rows move to the new id, the post is ``retry``;
        - not sent (a network error before the request left, no rights to post for now, a rate
          limit beyond the send's own waits): ``retry``, at most ``max_attempts`` sends;
        - maybe sent (a read error or timeout after the request left): ``maybe_sent``, never re-sent,
          with the time it went out; its message id is unknown, so replies and commands in the chat
          find its puzzle by chat and day (:meth:`~bot.daily.play.DailyPlay.unrecorded`);
        - any other error: ``failed`` for good.
        """
        store = self.service.store
        assert store is not None
        chat_id = sub.chat_id
        async with sem, self.posting(platform_name, chat_id):  # a reply to the post waits for its record
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



def client_closed(exc: BaseException) -> bool:
    """The platform's HTTP client is already shut down (the bot is stopping): the request never left."""
    return classify(exc).failure is Failure.CLOSED


def classify_failure(exc: BaseException) -> str:
    """The delivery state after ``exc`` (:func:`bot.sending.delivery_status`; ``gone`` for :class:`DeliveryGone`)."""
    return "gone" if isinstance(exc, DeliveryGone) else delivery_status(exc)
