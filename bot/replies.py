"""Turning a finished job into the reply people see: caption text, picture, file name, spoiler.

The picture itself (which view each verdict gets, its title) is drawn in the worker by
:mod:`bot.pictures`; here the verdict becomes words through :mod:`bot.i18n`.
"""

from __future__ import annotations

from bot.chat import Reply
from bot.i18n import named_size, say, series, t
from bot.worker import Failure, JobResult
from solvers.verdict import Status

CAPTION_LIMIT = 1024  # Telegram's caption limit; longer text goes out as a separate message
FAILURE_KEYS = {Failure.UNAVAILABLE: "solver_unavailable", Failure.STOPPING: "bot_restarting",
                Failure.TOO_LARGE: "board_too_large"}  # catalogue keys of the failures told in one sentence


def seconds_text(seconds: float) -> str:
    return "<0.01" if seconds < 0.01 else f"{seconds:.2f}"


def verdict_text(result: JobResult, lang: str) -> str:
    if result.status is Status.TIMEOUT and result.answered:
        return t(lang, "verdict_timeout_solution")
    return t(lang, f"verdict_{Status(result.status)}", limit=result.time_limit)


def reason_text(result: JobResult, lang: str) -> str | None:
    """Why the engine gave this verdict, in words (None when it said nothing, or only the verdict
    again: "no-solution" under "no solution")."""
    if result.message is None or result.message.code == "no-solution":
        return None
    return say(result.message, lang)


def result_reply(result: JobResult, lang: str, *, spoiler: bool) -> Reply:
    """The chat reply for ``result`` in ``lang``."""
    if result.failure is Failure.CRASHED:
        return Reply(text=t(lang, "worker_crashed"))
    if result.failure is Failure.KILLED:
        return Reply(text=t(lang, "worker_killed", limit=result.time_limit))
    if result.failure in FAILURE_KEYS:
        return Reply(text=t(lang, FAILURE_KEYS[result.failure]))
    if result.status is Status.ERROR or result.failure is not None:
        return Reply(text=t(lang, "internal_error"))

    size = named_size(result.genre, result.rows, result.cols)
    lines = [t(lang, "caption_head", genre=result.genre, **size,
               verdict=verdict_text(result, lang))]
    if result.rules:  # a rule variant (e.g. the Flow rule): say it was applied
        lines.append(t(lang, "caption_rule", rule=series([say(code, lang) for code in result.rules], lang)))
    if result.status is Status.NONE:
        lines.append(t(lang, "caption_why", reason=reason_text(result, lang) or t(lang, "none_reason")))
    elif result.status is Status.INVALID:
        lines.append(t(lang, "caption_why", reason=reason_text(result, lang) or ""))
    elif result.status is Status.TIMEOUT and result.answered:
        lines.append(t(lang, "timeout_solution", limit=result.time_limit))
    elif result.status is Status.TIMEOUT:
        lines.append(t(lang, "timeout_hint"))
    else:
        key = "caption_time_cached" if result.cached else "caption_time"
        lines.append(t(lang, key, seconds=seconds_text(result.seconds)))
    if result.url:
        lines.append(t(lang, "caption_play", url=result.url))
    text = "\n".join(lines)
    if result.png is None:
        return Reply(text=text)
    kind = "solution" if result.answered else "check"
    filename = f"{result.genre}-{size['rows']}x{size['cols']}-{kind}.png"
    # Only a picture that shows a solution needs hiding; marked cells of a broken board do not.
    return Reply(text=text, image=result.png, filename=filename, spoiler=spoiler and kind == "solution")
