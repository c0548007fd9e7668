"""Boards sent as pictures: read off the event loop, shown as text, then solved (or asked about first).

The reader (:mod:`vision`) runs in a thread, two pictures at a time, within
:data:`READ_LIMIT` seconds. The reply always shows what was read as the bot's own text notation,
so the player can copy it, fix a cell and send it back. Cells the reader is unsure of are named,
and the board is solved only when the player presses "Solve as read" (or sends a fixed board).
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.chat import Choice, Reply
from bot.commands import Context, Registry
from bot.i18n import named_size
from solvers.reading import genre_named
from solvers.registry import get_genre
from solvers.verdict import Status

if TYPE_CHECKING:
    from vision import Reading

log = logging.getLogger(__name__)

READ_LIMIT = 10.0  # seconds to read one picture
# seconds after which no further place of a picture is read again from a crop: a crop takes 1-3 s
# (photographed pages, 2026-11-27), and a held-out photo that tried every place took 17 s, past
# READ_LIMIT, where the player got "took too long" instead of the best reading found by then
READ_BUDGET = 5.0
# a reading that got less than this share of READ_LIMIT in CPU time was held up by the machine (other
# pictures, solves), not by its picture: tests/data/images read in 0.2-0.7 s of the reading thread's
# CPU (screenshots) and 1.1-1.9 s (1.6-2.1 MP photos), 2026-11-28, while their wall time at load 13
# was 3.5 times that; one that ran out of time with under 5 s of CPU was waiting for a core
BUSY_SHARE = 0.5
# pictures above this many pixels are read at full size, then scaled to vision's WORK_SIDE (1400 px);
# a page photo read again place by place took 17 s (READ_BUDGET above): "send a smaller picture" helps
LARGE_PIXELS = 1400 * 1400
MAX_NAMED = 8  # unsure cells named in one reply
# verdicts on a board read sure from a picture that point at a misread cell rather than at the
# puzzle: a published board has one solution (a clue lost whole leaves several, one too many none)
MISREAD = frozenset({Status.NONE, Status.MULTIPLE, Status.INVALID})
_slots: dict[int, asyncio.Semaphore] = {}  # per event loop: pictures read at the same time


def _slot() -> asyncio.Semaphore:
    loop = id(asyncio.get_running_loop())
    if loop not in _slots:
        _slots[loop] = asyncio.Semaphore(2)
    return _slots[loop]


async def solve_image(ctx: Context, data: bytes) -> None:
    """Read the board in ``data`` and answer: the text read, then the verdict (or a question first)."""
    from vision import Unreadable, read_image

    core = ctx.core
    limit = core.image_limit
    # the reading thread's CPU clock and its reading at the start (a pool thread has read before), to
    # tell a busy machine from a hard picture
    clock: list[tuple[int, float]] = []

    def read() -> Reading:
        if hasattr(time, "pthread_getcpuclockid"):
            cid = time.pthread_getcpuclockid(threading.get_ident())
            clock.append((cid, time.clock_gettime(cid)))
        return read_image(data, max_bytes=limit, budget=READ_BUDGET)

    try:
        async with _slot():
            reading = await asyncio.wait_for(asyncio.to_thread(read), READ_LIMIT)
    except Unreadable as e:
        from bot.i18n import template

        known = template(f"image_why_{e.code}", ctx.lang) is not None
        why = ctx.t(f"image_why_{e.code}", limit=f"{limit / 1e6:.0f}") if known else e.message
        await ctx.reply(ctx.t("image_unreadable", reason=why))
        return
    except TimeoutError:
        await ctx.reply(ctx.t(timeout_advice(_cpu_seconds(clock), _pixels(data), _loaded())))
        return
    log.info("picture read: %dx%d, genres %s, %d unsure, %.2f s", reading.rows, reading.cols,
             ",".join(reading.genres), len(reading.unsure), reading.seconds)
    genre = _genre(reading, ctx.msg.text or "")
    reading, board = reading.taken(genre)  # (the clues the genre taken cannot hold asked: see Reading.taken)
    text = reading.text(genre) if genre else reading.grid_text()  # as the player would type it
    genres = (genre,) if genre else reading.genres
    if not reading.sure:
        pid = core.remember_board(text, genres, boards=() if board is None else (board,))
        button = ctx.t("image_solve_as_read")
        named = [_cell_words(ctx, u.row, u.col, u.token, same_notation(genres, u.alternatives))
                 for u in reading.unsure[:MAX_NAMED]]
        cells = "; ".join(named) + (" …" if len(reading.unsure) > MAX_NAMED else "")
        message = ctx.t("image_unsure", count=len(reading.unsure), which=cells, button=button) if named else ""
        if reading.size_unsure:
            size = ctx.t("image_size_unsure", **named_size(genre, reading.rows, reading.cols), button=button)
            message = f"{size}\n{message}" if message else size
        await ctx.reply(Reply(text=f"{message}\n\n{text}", choices=((Choice(button, f"i:{pid}"),),)))
        return
    await ctx.reply(f"{ctx.t('image_read')}\n\n{text}")
    result = await core.solve_puzzle(ctx, board) if board is not None else await core.solve_text(ctx, text)
    if result is not None and result.status in MISREAD:
        await ctx.reply(ctx.t("image_misread"))


def timeout_advice(cpu: float | None, pixels: int | None, loaded: bool) -> str:
    """The message for a picture whose reading ran out of time, by its cause: a reading held up by
    the machine (its thread got ``cpu`` seconds, None: not known, while the machine was ``loaded``) is
    asked again later, whatever the picture's size; a large picture (``pixels``, None: not known) is
    asked smaller; another is asked for just the grid. The thread's CPU alone does not tell: OpenCV
    runs part of a reading on threads of its own, so on an idle machine with many cores a hard
    picture's reading thread can use little CPU."""
    if loaded and cpu is not None and cpu < BUSY_SHARE * READ_LIMIT:
        return "image_timeout_busy"
    if pixels is not None and pixels > LARGE_PIXELS:
        return "image_timeout"
    return "image_timeout_hard"


def _loaded() -> bool:
    """Whether the machine has more runnable work than cores (the last minute's load average at
    least the core count: 14 on 2 cores when a console session's reading got 2.4 s of CPU in 22.8 s,
    2026-11-28); False when the system gives no load average."""
    try:
        return os.getloadavg()[0] >= (os.cpu_count() or 1)
    except (AttributeError, OSError):  # no getloadavg on Windows
        return False


def _cpu_seconds(clock: list[tuple[int, float]]) -> float | None:
    """CPU seconds the reading thread has used on this picture (it goes on after the time-out),
    None: not known."""
    try:
        return time.clock_gettime(clock[0][0]) - clock[0][1] if clock else None
    except OSError:  # the thread has just ended
        return None


def _pixels(data: bytes) -> int | None:
    """The picture's pixel count from its header, None when it cannot be read."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as head:
            width, height = head.size
    except Exception:
        return None
    return int(width * height)


def _genre(reading: Reading, caption: str) -> str | None:
    """The genre to take the picture as: the one its cells fit, or of several the one its caption
    names ("please solve this <genre>": the bot asked which genre though the player had said it);
    None: the bot asks."""
    if len(reading.genres) == 1:
        return reading.genres[0]
    named = genre_named(caption) if caption.strip() else None
    return named if named in reading.genres else None


def same_notation(genres: Sequence[str], alternatives: Sequence[str]) -> tuple[str, ...]:
    """The alternatives a player could type for the genres the board may be (a number board is
    not offered a circle): one notation in the list of unsure cells."""
    if not genres:
        return tuple(alternatives)
    notations = [get_genre(g).notation for g in genres]
    return tuple(a for a in alternatives if any(n.read_token(a) is not None for n in notations))


def _cell_words(ctx: Context, row: int, col: int, token: str, alternatives: tuple[str, ...]) -> str:
    if alternatives:
        return ctx.t("image_cell_or", row=row + 1, col=col + 1, token=token, alternatives=" / ".join(alternatives))
    return ctx.t("image_cell", row=row + 1, col=col + 1, token=token)


async def on_solve_as_read(ctx: Context) -> None:
    """The "Solve as read" button: solve the board as the picture was read."""
    _, _, pid = (ctx.msg.callback_data or "").partition(":")
    board = ctx.core.take_board(pid)
    if board is None:
        await ctx.reply(ctx.t("choice_expired"))
        return
    if board.boards:
        await ctx.core.solve_puzzle(ctx, board.boards[0])
    else:
        await ctx.core.solve_text(ctx, board.text)


def install(reg: Registry) -> None:
    reg.callback("i", on_solve_as_read)
