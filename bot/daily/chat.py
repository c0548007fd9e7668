"""The daily puzzle in the chat: commands, replies to the daily post and the scheduled tick.

Everything goes through the core's registry (``install``), so every front-end gets it unchanged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.chat import Link, Platform, Reply
from bot.commands import Command, Context
from bot.daily.judge import answered_puzzle
from bot.daily.replies import (
    addressed,
    date_text,
    duration,
    example_genre,
    listed_name,
    none_here,
    notation,
    outcome_text,
)
from bot.daily.service import DailyService, DatabaseUnavailable
from bot.daily.slots import MIX, parse_args
from bot.i18n import for_platform, named_size, param_rules, t
from bot.storage import DailyPuzzle, Subscription

if TYPE_CHECKING:
    from bot.core import Core

log = logging.getLogger(__name__)
# seconds the console chat's /daily waits for a puzzle being made: each genre's daily easy size took
# 0.5-4.5 s on the busy shared machine (docs/user-guide.md, `puzzlebot generate`); hard ones take longer
CONSOLE_WAIT = 120.0


def _chat_target(chat_id: str) -> int | str:
    return int(chat_id) if chat_id.lstrip("-").isdigit() else chat_id


def _looks_like_grid(text: str, rows: int) -> bool:
    """At least two non-blank lines (or one for a one-row board): an attempt at an answer grid."""
    lines = [line for line in text.splitlines() if line.strip() and not line.strip().startswith("```")]
    return len(lines) >= min(2, rows)


def _reads_as_answer(daily: DailyPuzzle, text: str) -> bool:
    from solvers.errors import PuzzleError

    try:
        daily.puzzle.kind.parse_answer(daily.puzzle, text)
    except PuzzleError:
        return False
    return True


def _can_only_be_answer(daily: DailyPuzzle, text: str) -> bool:
    """Text sent without a reply answers today's puzzle only when it reads as an answer and cannot be a
    board to solve: no reading of it as a board (any genre, or the daily's) leaves a cell to fill.
    So drawn lines or a full grid are answers; a pasted puzzle, even of the daily's genre, is solved."""
    from solvers.errors import ParseError
    from solvers.reading import read_board

    if not _reads_as_answer(daily, text):
        return False
    for genre in (None, daily.genre):
        try:
            board = read_board(text, genre)
        except ParseError:
            continue
        if len(board.clues()) < board.rows * board.cols:
            return False
    return True


def _redact(url: str | None) -> str:
    from bot.logsafe import redact_url  # not SQLAlchemy's rendering: it shows half of "bot:p@ss@db"
    from bot.storage import database_url

    try:
        return redact_url(url or database_url(None)) or "DATABASE_URL"  # the URL as configured
    except Exception:
        return "DATABASE_URL"


def _first_seen_puzzle(board: Sequence[Any]) -> Callable[[Any], int]:
    """Sort key: the rows of one puzzle together, puzzles in the order they first appear (stable)."""
    order: dict[tuple[str, str], int] = {}
    for row in board:
        order.setdefault((row.genre, row.difficulty), len(order))
    return lambda row: order[row.genre, row.difficulty]


def _guarded(handler: Callable[[Context], Awaitable[Any]]) -> Callable[[Context], Awaitable[Any]]:
    """Tell the user, not just the log, when the daily puzzle's database is unavailable."""

    async def run(ctx: Context) -> Any:
        try:
            return await handler(ctx)
        except DatabaseUnavailable as e:
            log.error("daily puzzle database unavailable: %s", e)
            await ctx.reply(ctx.t("daily_unavailable"))
            return True

    return run


# Where a daily post goes: (platform, chat id, is_group, user id or None, user name)
PostTarget = tuple[str, Any, bool, Any, str]
# The web player's buttons for a post: (daily, target, lang) -> links
PlayLinks = Callable[[DailyPuzzle, PostTarget, str], tuple[Link, ...]]


class DailyChat:
    """The chat side of the daily puzzle for one core."""

    def __init__(self, service: DailyService) -> None:
        self.service = service
        self.platform: Platform | None = None
        self._round: asyncio.Task[None] | None = None
        self.play_links: PlayLinks | None = None  # set by the web player (bot/web) when it serves
        self.personal_links: PlayLinks | None = None  # links naming one player, sent to them privately

    # ------------------------------------------------------------------ wiring
    def install(self, core: Core) -> None:
        reg = core.registry
        for name, handler in (("daily", self.cmd_daily), ("solution", self.cmd_solution), ("hint", self.cmd_hint),
                              ("stats", self.cmd_stats), ("answer", self.cmd_answer),
                              ("subscribe", self.cmd_subscribe), ("unsubscribe", self.cmd_unsubscribe)):
            reg.add(Command(name, _guarded(handler), f"cmd_{name}", takes_board=name == "answer"))
        reg.text_hook(self._on_text_quietly)
        reg.on_startup(self.start)
        reg.on_shutdown(self.stop)

    async def start(self, core: Core, platform: Platform) -> None:
        """At bot start: migrate the database, make today's/tomorrow's puzzles, schedule the tick."""
        self.platform = platform
        if platform.name == "console":  # the offline console chat opens the database on first use
            return
        try:
            await self.service.ready()
        except Exception as e:  # the bot still solves boards; each tick tries the database again
            log.error("the daily puzzle cannot open its database (%s): %s: %s",
                      _redact(self.service.database_url), type(e).__name__, e)
        interval = self.service.config.tick_seconds
        platform.run_repeating(self.tick, interval=interval, first=min(1.0, interval), name="daily-tick")

    async def stop(self, core: Core, platform: Platform | None) -> None:
        self.service.delivery.stopping = True  # no new claims; a send that fails now releases its claim
        if self._round is not None and not self._round.done():
            self._round.cancel()
            with contextlib.suppress(BaseException):
                await self._round
        await self.service.close()

    async def tick(self) -> None:
        """The one scheduled job: prepare upcoming puzzles, then post what is due.

        The work runs as a task of its own, so a long fan-out never makes the scheduler skip or
        stack ticks; a tick that finds the previous round still running does nothing.
        """
        if self.platform is None or (self._round is not None and not self._round.done()):
            return
        self._round = asyncio.get_running_loop().create_task(self._tick_round(self.platform), name="daily-round")

    async def _tick_round(self, platform: Platform) -> None:
        try:
            await self.service.making.prepare(platform.name)
            report = await self.service.delivery.deliver_due(platform.name, self._send_post)
            if report.sent or report.failed:
                log.info("daily tick: %d sent, %d failed, %d waiting", len(report.sent), len(report.failed),
                         len(report.waiting))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("daily tick failed")

    async def _send_post(self, sub: Subscription, daily: DailyPuzzle) -> Any:
        assert self.platform is not None
        from bot.observability import count_daily_post, count_send_failure

        try:
            reply = await self.post_reply(daily, sub.lang, chat=(self.platform.name, sub.chat_id,
                                                                  str(sub.chat_id).startswith("-"), None, ""))
            ref = await self.platform.send_to(_chat_target(sub.chat_id), reply)
        except Exception:
            count_send_failure(self.platform.name)
            raise
        count_daily_post(self.platform.name)
        return ref

    # ------------------------------------------------------------------ replies
    async def post_reply(self, daily: DailyPuzzle, lang: str,
                         chat: PostTarget | None = None) -> Reply:
        """The daily post; ``chat`` (where it goes) adds the web player's buttons."""
        diff = t(lang, f"difficulty_{daily.difficulty}")
        key = for_platform("daily_caption", chat[0] if chat is not None else None)
        rules = param_rules(daily.puzzle, lang)
        caption = t(lang, key, genre=daily.genre, date=date_text(daily.day, lang),
                    **named_size(daily.genre, daily.rows, daily.cols),
                    difficulty=diff + (f" · {rules}" if rules else ""),
                    play=t(lang, "daily_play", url=daily.url) if daily.url else "",
                    notation=notation(daily.genre, lang))
        links = self.play_links(daily, chat, lang) if chat is not None and self.play_links is not None else ()
        return Reply(text=caption, image=await self.service.making.picture(daily, "puzzle"),
                     filename=f"daily-{daily.genre}-{daily.day.isoformat()}.png", links=links)

    # ------------------------------------------------------------------ commands
    async def cmd_daily(self, ctx: Context) -> None:
        args = parse_args(ctx.args)
        if args.unknown or args.time:
            words = " ".join(args.unknown) or args.time
            await ctx.reply(ctx.t("daily_usage", words=f"'{words}'", example=example_genre()))
            return
        m = ctx.msg
        genre: str | None = args.genre
        difficulty: str | None = args.difficulty
        if genre is None:  # the chat's subscription, else the genre of the day
            subs = await self.service.delivery.subscriptions(m.platform, m.chat_id)
            if subs:
                genre, difficulty = subs[0].genre, difficulty or subs[0].difficulty
        slot = self.service.slot(self.service.today(), genre or MIX, difficulty)
        daily = await self.service.making.get(slot)
        named = {"genre": slot[1], "difficulty": ctx.t(f"difficulty_{slot[2]}")}
        if daily is None and m.platform == "console" and self.service.making.under_way(slot):
            # the console chat has no tick making puzzles ahead and one player, often a script that
            # cannot "try again in a minute": it waits for the puzzle being made
            await ctx.reply(ctx.t("daily_making_now", **named))
            daily = await self.service.making.wait(slot, CONSOLE_WAIT)
        if daily is None:  # still being made, or its making failed (and is not tried again for a while)
            key = "daily_preparing" if self.service.making.under_way(slot) else "daily_not_made"
            await ctx.reply(ctx.t(key, **named))
            return
        await ctx.channel.action("upload_photo")
        post = await self.post_reply(daily, ctx.lang, chat=(m.platform, m.chat_id, m.is_group, m.user_id, m.user_name))
        async with self.service.delivery.posting(m.platform, m.chat_id):  # a reply to it waits for its record
            message_id = await ctx.reply(post)
            await self.service.delivery.register_post(m.platform, m.chat_id, message_id, daily.id)
        if self.personal_links is not None and m.is_group:  # a link that names its player goes to them alone
            links = self.personal_links(daily, (m.platform, m.chat_id, True, m.user_id, m.user_name), ctx.lang)
            if links:
                await self._send_privately(m.user_id, ctx.t("web_play_private"), links)

    async def _daily_for(self, ctx: Context, command: str = "answer") -> DailyPuzzle | None:
        """The daily post the command replies to, else the chat's latest daily post today."""
        m = ctx.msg
        daily = await self.service.play.find_daily(m.platform, m.chat_id, m.reply_to_message_id)
        if daily is None:
            await ctx.reply(none_here(ctx, command))
        return daily

    async def cmd_solution(self, ctx: Context) -> None:
        daily = await self._daily_for(ctx, "solution")
        if daily is None:
            return
        m = ctx.msg
        await self.service.play.reveal(m.platform, m.chat_id, m.user_id, m.user_name, daily, "solution")
        text = ctx.t("daily_solution", genre=daily.genre, date=date_text(daily.day, ctx.lang),
                     **named_size(daily.genre, daily.rows, daily.cols),
                     difficulty=ctx.t(f"difficulty_{daily.difficulty}"))
        await ctx.reply(Reply(text=text, image=await self.service.making.picture(daily, "solution"),
                              filename=f"daily-{daily.genre}-{daily.day.isoformat()}-solution.png", spoiler=True))

    async def cmd_hint(self, ctx: Context) -> None:
        daily = await self._daily_for(ctx, "hint")
        if daily is None:
            return
        m = ctx.msg
        name = addressed(ctx.msg.user_name, ctx.lang)
        out = await self.service.play.hint(m.platform, m.chat_id, m.user_id, m.user_name, daily)
        if out.solved:
            await ctx.reply(ctx.t("daily_hint_solved", name=name))
        elif out.hint is None:
            await ctx.reply(ctx.t("daily_hint_none", name=name))
        else:
            hint = ctx.t("daily_hint", number=out.hint.number, total=out.hint.total, name=name,
                         text=out.hint.text(ctx.lang))
            if m.is_group and await self._send_privately(m.user_id, hint):
                await ctx.reply(ctx.t("daily_hint_private", name=name, number=out.hint.number, total=out.hint.total))
                return
            if m.is_group:  # everyone sees it: solves after it (but the asker's) are unranked
                await self.service.play.reveal(m.platform, m.chat_id, m.user_id, m.user_name, daily, "hints")
            await ctx.reply(hint)

    async def _send_privately(self, user_id: Any, text: str, links: tuple[Link, ...] = ()) -> bool:
        """Send ``text`` to the user's private chat with the bot; False when the platform refuses
        (e.g. the user never started the bot)."""
        if self.platform is None or user_id is None:
            return False
        try:
            await self.platform.send_to(_chat_target(str(user_id)), Reply(text=text, links=links))
        except Exception as e:
            log.info("hint not sent privately to user %s (%s: %s); sent in the group", user_id, type(e).__name__, e)
            return False
        return True

    async def cmd_stats(self, ctx: Context) -> None:
        m = ctx.msg
        st = await self.service.play.stats(m.platform, m.chat_id, m.user_id)
        name = addressed(ctx.msg.user_name, ctx.lang)
        lines = [ctx.t("daily_stats_user", name=name, streak=st.streak, best=st.best, total=st.solved_total)]
        if not st.board:
            lines.append(ctx.t("daily_stats_empty"))
        else:
            lines.append(ctx.t("daily_stats_head"))
            places: dict[tuple[str, str], int] = {}  # one ranking per puzzle (genre and difficulty)
            for row in sorted(st.board, key=_first_seen_puzzle(st.board)):
                kw = dict(name=listed_name(ctx, row), genre=row.genre,
                          difficulty=ctx.t(f"difficulty_{row.difficulty}"), hints=row.hints, wrong=row.wrong)
                if row.seconds is not None and row.seen is not None:
                    lines.append(ctx.t("daily_stats_unranked", time=duration(row.seconds),
                                       seen=ctx.t(f"daily_seen_{row.seen}"), **kw))
                elif row.seconds is not None:
                    place = places[row.genre, row.difficulty] = places.get((row.genre, row.difficulty), 0) + 1
                    lines.append(ctx.t("daily_stats_solved", place=place, time=duration(row.seconds), **kw))
                else:
                    lines.append(ctx.t("daily_stats_playing", **kw))
        await ctx.reply("\n".join(lines))

    async def cmd_answer(self, ctx: Context) -> None:
        m = ctx.msg
        text = ctx.args if ctx.args.strip() else (m.document_text or "")
        if await self.service.play.post_for_reply(m.platform, m.chat_id, m.reply_to_message_id) is not None:
            daily = await self._daily_for(ctx)
            if daily is not None:
                await self._answer(ctx, daily, text)
            return
        opened = await self.service.play.open_dailies(m.platform, m.chat_id)
        if not opened:
            await ctx.reply(none_here(ctx))
            return
        await self._answer(ctx, await self._fitting(opened, text), text, name_it=len(opened) > 1)

    async def _answer(self, ctx: Context, daily: DailyPuzzle, text: str, *, name_it: bool = False) -> None:
        if not text.strip():
            await ctx.reply(ctx.t("daily_no_answer", notation=notation(daily.genre, ctx.lang)))
            return
        await self._judge(ctx, daily, text, name_it=name_it)

    @staticmethod
    async def _fitting(opened: list[DailyPuzzle], text: str) -> DailyPuzzle:
        """Of several puzzles open in the chat, the one the answer fits (the latest when none)."""
        if len(opened) == 1:
            return opened[0]
        return await asyncio.to_thread(answered_puzzle, opened, lambda d: d.puzzle, text)

    async def _judge(self, ctx: Context, daily: DailyPuzzle, text: str, *, name_it: bool = False) -> None:
        """Judge ``text`` as an answer to ``daily``; ``name_it``: several puzzles are open here, so
        the reply says which one it judged."""
        m = ctx.msg
        name = addressed(ctx.msg.user_name, ctx.lang)
        out = await self.service.play.answer(m.platform, m.chat_id, m.user_id, m.user_name, daily, text)
        said = outcome_text(out, name, daily.genre, ctx.lang)
        if name_it:
            said = ctx.t("daily_about", genre=daily.genre, **named_size(daily.genre, daily.rows, daily.cols),
                         difficulty=ctx.t(f"difficulty_{daily.difficulty}")) + said
        await ctx.reply(said)

    async def cmd_subscribe(self, ctx: Context) -> None:
        if not await ctx.require_admin():
            return
        args = parse_args(ctx.args)
        if args.unknown:
            await ctx.reply(ctx.t("daily_subscribe_usage", words="'" + " ".join(args.unknown) + "'",
                                  example=example_genre()))
            return
        m = ctx.msg
        sub = await self.service.delivery.subscribe(m.platform, m.chat_id, args.genre, args.difficulty, args.time,
                                           by=m.user_id, lang=ctx.lang)
        diff = ctx.t(f"difficulty_{sub.difficulty}")
        what = (ctx.t("daily_what_mix", difficulty=diff) if sub.genre == MIX
                else ctx.t("daily_what_genre", genre=sub.genre, difficulty=diff))
        text = ctx.t("daily_subscribed", what=what, time=sub.send_time, zone=self.service.config.timezone)
        note = ctx.t(for_platform("daily_subscribed_note", m.platform), time=sub.send_time)
        if note:  # (the console: no server behind it, a post goes out only while that chat runs)
            text += "\n" + note
        await ctx.reply(text)

    async def cmd_unsubscribe(self, ctx: Context) -> None:
        if not await ctx.require_admin():
            return
        args = parse_args(ctx.args)
        if args.unknown or args.difficulty or args.time:
            await ctx.reply(ctx.t("daily_subscribe_usage", words="'" + ctx.args.strip() + "'",
                                  example=example_genre()))
            return
        m = ctx.msg
        n = await self.service.delivery.unsubscribe(m.platform, m.chat_id, args.genre)
        await ctx.reply(ctx.t("daily_unsubscribed", count=n) if n else ctx.t("daily_not_subscribed"))

    # ------------------------------------------------------------------ replies to the daily post
    async def _on_text_quietly(self, ctx: Context) -> bool:
        try:
            return await self.on_text(ctx)
        except DatabaseUnavailable as e:  # not every reply to the bot is about the daily puzzle: stay quiet
            log.error("daily puzzle database unavailable: %s", e)
            return False

    async def on_text(self, ctx: Context) -> bool:
        """A reply to a daily post is an answer to it. In a private chat that has today's daily
        puzzle, text that can only be an answer to it (see :func:`_can_only_be_answer`) is one too.
        A reply to the bot in a chat whose post today went out unrecorded is taken as one to that
        post. Other text, a pasted board above all, goes on to board solving."""
        m = ctx.msg
        if m.callback_data is not None:
            return False
        text = m.document_text if m.document_text is not None else m.text
        if m.reply_to_message_id is None:
            if m.is_group or self.service.store is None:  # (the console opens the database on first use)
                return False
            opened = await self.service.play.open_dailies(m.platform, m.chat_id)
            if not opened:
                return False
            daily = await self._fitting(opened, text)
            if not _can_only_be_answer(daily, text):
                return False
            await self._judge(ctx, daily, text, name_it=len(opened) > 1)
            return True
        post = await self.service.play.post_for_reply(m.platform, m.chat_id, m.reply_to_message_id)
        if post is not None:
            replied = await (await self.service.ready()).get_daily_by_id(post.daily_id)
        else:  # a reply to the bot may be to a post whose message id was lost (see DailyPlay.unrecorded)
            lost = await self.service.play.unrecorded(m.platform, m.chat_id) if m.reply_to_bot else []
            replied = await self._fitting(lost, text) if lost else None
            if replied is not None and not m.is_group and not _can_only_be_answer(replied, text):
                replied = None  # a guess: in a private chat only text that can only be an answer
        if replied is None:
            log.debug("reply to message %s in chat %s: not a daily post", m.reply_to_message_id, m.chat_id)
            return False
        if m.is_group and not _looks_like_grid(text, replied.rows):
            return False  # chatter about the puzzle ("nice one!"), not an answer: stay quiet in groups
        await self._judge(ctx, replied, text)
        return True
