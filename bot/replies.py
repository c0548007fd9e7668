"""Turning a finished job into the reply people see: caption text, picture, file name, spoiler."""

from __future__ import annotations

from bot.chat import Reply
from bot.messages import t
from bot.worker import JobResult
from solvers.registry import find_genre

CAPTION_LIMIT = 1024  # Telegram's caption limit; longer text goes out as a separate message


def genre_title(genre: str, lang: str) -> str:
    g = find_genre(genre)
    if g is None:
        return genre
    return g.title_ja if lang == "ja" else g.title


def seconds_text(seconds: float) -> str:
    return "<0.01" if seconds < 0.01 else f"{seconds:.2f}"


def verdict_text(result: JobResult, lang: str) -> str:
    key = f"verdict_{result.status}"
    return t(lang, key, limit=result.time_limit) if result.status == "timeout" else t(lang, key)


def result_reply(result: JobResult, lang: str, *, spoiler: bool) -> Reply:
    """The chat reply for ``result`` (``lang`` is "en" or "ja")."""
    if result.failure == "crashed":
        return Reply(text=t(lang, "worker_crashed"))
    if result.failure == "killed":
        return Reply(text=t(lang, "worker_killed", limit=result.time_limit))
    if result.status == "error":
        return Reply(text=t(lang, "internal_error"))

    lines = [t(lang, "caption_head", genre=genre_title(result.genre, lang), rows=result.rows, cols=result.cols,
               verdict=verdict_text(result, lang))]
    if result.status == "none":
        lines.append(t(lang, "caption_why", reason=result.error_text(lang) or t(lang, "none_reason")))
    elif result.status == "invalid":
        lines.append(t(lang, "caption_why", reason=result.error_text(lang) or ""))
    elif result.status == "timeout":
        lines.append(t(lang, "timeout_hint"))
    else:
        key = "caption_time_cached" if result.cached else "caption_time"
        lines.append(t(lang, key, seconds=seconds_text(result.seconds)))
    if result.url:
        lines.append(t(lang, "caption_play", url=result.url))
    text = "\n".join(lines)
    if result.png is None:
        return Reply(text=text)
    kind = "solution" if result.status in ("unique", "solved", "multiple") else "check"
    filename = f"{result.genre}-{result.rows}x{result.cols}-{kind}.png"
    # Only a picture that shows a solution needs hiding; marked cells of a broken board do not.
    return Reply(text=text, image=result.png, filename=filename, spoiler=spoiler and kind == "solution")
