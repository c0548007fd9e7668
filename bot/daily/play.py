"""Playing the daily puzzle in a chat: answers, hints, what the chat was shown, streaks and the
leaderboard (one part of :class:`~bot.daily.service.DailyService`)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.daily.judge import Hint, Judgement, Verdict, hints, judge_answer, judge_solution
from bot.storage import DailyPuzzle, Play, Post, utcnow
from solvers.puzzle import Puzzle
from solvers.solution import Solution, differing_cells

if TYPE_CHECKING:
    from bot.daily.service import DailyService

log = logging.getLogger(__name__)


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
    user_id: str = ""


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


class DailyPlay:
    """The play in the chat, on the service's database."""

    def __init__(self, service: DailyService) -> None:
        self.service = service

    async def find_daily(self, platform: str, chat_id: Any, reply_to: Any = None,
                         now: dt.datetime | None = None) -> DailyPuzzle | None:
        """The puzzle a message is about: the daily post it replies to, else the chat's latest
        puzzle today (:meth:`open_dailies`)."""
        store = await self.service.ready()
        post = await self.post_for_reply(platform, chat_id, reply_to)
        if post is not None:
            return await store.get_daily_by_id(post.daily_id)
        opened = await self.open_dailies(platform, chat_id, now)
        return opened[0] if opened else None

    async def open_dailies(self, platform: str, chat_id: Any, now: dt.datetime | None = None) -> list[DailyPuzzle]:
        """Today's puzzles posted in the chat, the latest first (a chat may play several at once).

        Players may see a post before the bot knows which message it is: the posts on their way
        are waited for (:meth:`~bot.daily.delivery.DailyDelivery.recorded`), and the ones whose
        answer from the platform was lost (:meth:`unrecorded`) come after the recorded ones.
        """
        store = await self.service.ready()
        await self.service.delivery.recorded(platform, chat_id)
        posted = await store.dailies_posted(platform, str(chat_id), self.service.today(now))
        known = {d.id for d in posted}
        return posted + [d for d in await self.unrecorded(platform, chat_id, now) if d.id not in known]

    async def unrecorded(self, platform: str, chat_id: Any, now: dt.datetime | None = None) -> list[DailyPuzzle]:
        """Today's puzzles posted to the chat whose message the bot never learnt: the platform
        posted it but its answer was lost (``maybe_sent``, never sent again). A reply to the bot in
        that chat may be a reply to one of them."""
        store = await self.service.ready()
        return await store.dailies_unrecorded(platform, str(chat_id), self.service.today(now))

    async def post_for_reply(self, platform: str, chat_id: Any, reply_to: Any) -> Post | None:
        """The daily post ``reply_to`` is, if any. A reply can come in before the bot has recorded
        the post it answers (players see a post the moment the platform accepts it): when a post to
        the chat is on its way, look again once it is recorded."""
        if reply_to is None:
            return None
        store = await self.service.ready()
        post = await store.find_post(platform, str(chat_id), str(reply_to))
        if post is None and await self.service.delivery.recorded(platform, chat_id):
            post = await store.find_post(platform, str(chat_id), str(reply_to))
        return post

    async def _play(self, platform: str, chat_id: Any, user_id: Any, user_name: str, daily: DailyPuzzle) -> Play:
        store = await self.service.ready()
        started = await store.first_post_time(platform, str(chat_id), daily.id)
        return await store.play(platform, str(chat_id), str(user_id), daily.id, user_name=user_name,
                                started_at=started)

    async def answer(self, platform: str, chat_id: Any, user_id: Any, user_name: str, daily: DailyPuzzle,
                     text: str | Mapping[str, Any], now: dt.datetime | None = None) -> AnswerOutcome:
        """Judge a player's answer, typed (``str``) or drawn in the web player (a FORMATS.md
        ``solution`` mapping); records the solve (time, place) or the wrong try."""
        store = await self.service.ready()
        play = await self._play(platform, chat_id, user_id, user_name, daily)
        if play.solved_at is not None:
            return AnswerOutcome(Verdict.ALREADY, None, play, (play.solved_at - play.started_at).total_seconds(),
                                 await self._rank(platform, chat_id, daily, play), play.seen)
        puzzle = daily.puzzle
        if isinstance(text, str):
            judgement = await asyncio.to_thread(judge_answer, puzzle, text)
        else:
            judgement = await asyncio.to_thread(judge_solution, puzzle, text)
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
        store = await self.service.ready()
        board = [p for p, d in await store.leaderboard(platform, str(chat_id), daily.day)
                 if d.id == daily.id and p.solved_at is not None and p.seen is None]
        return next((i + 1 for i, p in enumerate(board) if p.id == play.id), None)

    async def hint(self, platform: str, chat_id: Any, user_id: Any, user_name: str,
                   daily: DailyPuzzle) -> HintOutcome:
        """The user's next hint for the puzzle (counted), or None when none are left or it is solved."""
        store = await self.service.ready()
        play = await self._play(platform, chat_id, user_id, user_name, daily)
        if play.solved_at is not None:
            return HintOutcome(None, play, solved=True)
        all_hints = await asyncio.to_thread(hints, daily.puzzle, daily.solution)  # the first ask may take seconds
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
        store = await self.service.ready()
        await store.add_reveal(platform, str(chat_id), daily.id, str(user_id), kind)
        if kind == "solution":
            play = await self._play(platform, chat_id, user_id, user_name, daily)
            await store.mark_seen(play.id, kind)

    async def stats(self, platform: str, chat_id: Any, user_id: Any, now: dt.datetime | None = None) -> Stats:
        """The user's streak and the chat's leaderboard for today's puzzles."""
        store = await self.service.ready()
        today = self.service.today(now)
        days = await store.solved_days(platform, str(user_id))
        current, best = streaks(days, today)
        board = []
        for p, d in await store.leaderboard(platform, str(chat_id), today):
            secs = (p.solved_at - p.started_at).total_seconds() if p.solved_at else None
            board.append(BoardRow(p.user_name, d.genre, d.difficulty, secs, p.hints, p.wrong, p.seen, str(p.user_id)))
        return Stats(current, best, len(days), board)


def judgement_differs(puzzle: Puzzle[Any], stored: Solution, text: str | Mapping[str, Any]) -> bool:
    """True when the answer (already judged right) is not the stored solution: a non-unique daily."""

    try:
        given = (puzzle.kind.parse_answer(puzzle, text) if isinstance(text, str)
                 else puzzle.kind.solution_from_json(text, puzzle))
    except Exception:
        return False
    return bool(differing_cells(given, stored))

