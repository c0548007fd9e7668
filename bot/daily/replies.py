"""What the daily puzzle says, in the chat and from the web player alike: its date, a time taken, how
to type an answer, the player addressed, a judged answer, a leaderboard's names, and where to answer.
Split from :mod:`bot.daily.chat`, which sends it."""

from __future__ import annotations

import datetime as dt

from bot.commands import Context
from bot.daily.judge import Verdict
from bot.daily.play import AnswerOutcome, BoardRow
from bot.i18n import for_platform, t
from solvers.registry import GENRES, get_genre


def date_text(day: dt.date, lang: str) -> str:
    """The puzzle's day as its post and solution say it."""
    return t(lang, "daily_date", date=day)


def notation(genre: str, lang: str) -> str:
    """How to type an answer of ``genre`` (the genre's ``answer_help`` message)."""
    return t(lang, get_genre(genre).answer_help)


def duration(seconds: float | None) -> str:
    """``m:ss`` or ``h:mm:ss``."""
    if seconds is None:
        return "?"
    s = max(0, int(round(seconds)))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def example_genre() -> str:
    """The genre named in usage examples ("/daily <name> hard"): the registry's first."""
    return next(iter(GENRES))


def addressed(name: str, lang: str) -> str:
    """The player as a reply addresses them ("Ann" / "Ann さん"; "you" / "あなた" when no name is
    known, as in the console chat)."""
    return t(lang, "daily_name", name=name) if name else t(lang, "daily_name_unknown")


def outcome_text(out: AnswerOutcome, name: str, genre: str, lang: str) -> str:
    """What the chat says about a judged answer (typed in chat or drawn in the web player)."""
    if out.verdict is Verdict.RIGHT:
        hints = t(lang, "daily_right_hints", count=out.play.hints) if out.play.hints else ""
        if out.seen is not None:
            return t(lang, "daily_right_unranked", name=name, time=duration(out.seconds), hints=hints,
                     seen=t(lang, f"daily_seen_{out.seen}"))
        return t(lang, "daily_right", name=name, time=duration(out.seconds), hints=hints, rank=out.rank or 1)
    if out.verdict is Verdict.ALREADY:
        return t(lang, "daily_already", name=name, time=duration(out.seconds))
    assert out.judgement is not None
    if out.verdict is Verdict.WRONG:
        return t(lang, "daily_wrong", name=name, reason=out.judgement.text(lang))
    return t(lang, "daily_unreadable", reason=out.judgement.text(lang), notation=notation(genre, lang))


def listed_name(ctx: Context, row: BoardRow) -> str:
    """A leaderboard name: the player's, else "you" for the asker (the console chat has no names),
    else the player's id."""
    if row.user_name:
        return row.user_name
    return ctx.t("daily_name_unknown") if row.user_id == str(ctx.msg.user_id) else row.user_id


def none_here(ctx: Context, command: str = "answer") -> str:
    """No daily puzzle to act on: how to answer one, or (for /hint and /solution) to ask again after /daily."""
    if command != "answer":
        return ctx.t("daily_none_here_for", command=command)
    return ctx.t(for_platform("daily_none_here", ctx.msg.platform))  # (the console has no replies)
