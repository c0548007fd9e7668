"""The message drill: generated hostile messages through the real core (issue 9, standing drills).

:func:`messages` makes a seeded stream of inputs: random text and bytes, broken boards of every
genre in the registry, huge numbers, long URLs, documents in many encodings (read the way the
adapters read them, :func:`bot.attachments.fetch_text`), commands with garbage arguments, button
presses with garbage data, in private chats and groups. :func:`run_drill` sends them through
:meth:`bot.core.Core.handle` (the daily extension installed, on a real SQLite file) and checks each
is answered, within a bound, with no traceback in the log. ``tests/test_fuzz_core.py`` runs a
sample; ``bench/fuzz.py`` runs 10,000 and reports the rate and the reply times.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import random
import statistics
import string
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import attachments
from bot.app import build_core
from bot.chat import ChatId, Incoming, JobCallback, MessageRef, Reply
from bot.config import BotConfig
from bot.core import Core
from bot.daily import install as install_daily
from bot.daily.slots import DailyConfig
from bot.pipeline import OnQueued, PipelineLimits, SolverBackend
from bot.worker import JobResult
from solvers.puzzle import Puzzle
from solvers.registry import GENRES
from solvers.verdict import Status
from tests.daily_support import corpus_maker
from tests.recording import RecordingChannel

ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "shift_jis", "cp932", "euc_jp",
             "iso2022_jp", "cp1252", "latin-1", "koi8-r", "gb18030")
JUNK = (string.printable + "○●◯⚪⚫・　ーＷＢ１２３４５６７８９０。、「」"
        "ましゅぬりかべ数字🧩💥\u200b\u202e\ufeff\x00\x07")


@dataclass
class DrillInput:
    kind: str
    incoming: Incoming
    document: bytes | None = None  # a file the user sent: decoded as the adapters do


@dataclass
class Outcome:
    kind: str
    replies: list[Reply]
    seconds: float
    hung: bool = False
    said: str = ""  # the start of what was sent (for the report)
    expected: bool = True  # False: another bot's button, or an unknown command in a group: left alone


@dataclass
class DrillReport:
    outcomes: list[Outcome] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)  # ERROR log lines and any record with exc_info
    wall: float = 0.0

    @property
    def hangs(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.hung]

    @property
    def unanswered(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.hung and not o.replies and o.expected]

    @property
    def apologies(self) -> list[Outcome]:
        """Answers that are the core's "something went wrong on my side" (a caught exception)."""
        return [o for o in self.outcomes if any("went wrong on my side" in r.text for r in o.replies)]

    def p(self, q: float) -> float:
        times = sorted(o.seconds for o in self.outcomes)
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    def summary(self) -> dict[str, Any]:
        n = len(self.outcomes)
        ignored = sum(1 for o in self.outcomes if not o.expected and not o.replies)
        return {"messages": n, "answered": n - len(self.unanswered) - len(self.hangs) - ignored,
                "not_ours_ignored": ignored, "hangs": len(self.hangs),
                "unanswered": len(self.unanswered), "tracebacks": len(self.tracebacks),
                "apologies": len(self.apologies), "wall_s": round(self.wall, 2),
                "msgs_per_s": round(n / self.wall, 1) if self.wall else 0.0,
                "p50_s": round(self.p(0.50), 4), "p99_s": round(self.p(0.99), 4),
                "max_s": round(max((o.seconds for o in self.outcomes), default=0.0), 4),
                "median_replies": statistics.median([len(o.replies) for o in self.outcomes]) if n else 0}


# ---------------------------------------------------------------------- stand-ins for the platform
class DrillPlatform:
    name = "drill"

    def __init__(self) -> None:
        self.sent: list[tuple[ChatId, Reply]] = []

    async def send_to(self, chat_id: ChatId, reply: Reply) -> MessageRef:
        self.sent.append((chat_id, reply))
        return len(self.sent)

    def run_daily(self, callback: JobCallback, time: dt.time, name: str) -> None:
        return None

    def run_repeating(self, callback: JobCallback, interval: float, first: float, name: str) -> None:
        return None


class FastBackend:
    """A solver backend that answers at once without solving (the drill is about the core, not the
    engine): an honest ``timeout`` verdict for every board it is given."""

    time_limit = 1.0

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def solve(self, puzzle: Puzzle[Any], *, user: str, lang: str = "en",
                    on_queued: OnQueued | None = None) -> JobResult:
        await asyncio.sleep(0)
        return JobResult(status=Status.TIMEOUT, genre=puzzle.genre, rows=puzzle.rows, cols=puzzle.cols,
                         time_limit=self.time_limit)


def drill_core(tmp: Path, backend: SolverBackend | None = None, limits: PipelineLimits | None = None) -> Core:
    """The core with the daily puzzle on a fresh SQLite file (puzzles from the corpus: no generation)."""
    cfg = BotConfig(limits=limits or PipelineLimits(workers=1, time_limit=2.0, queue_limit=50))
    core = build_core(cfg, backend=backend or FastBackend(), extensions=())
    install_daily(core, config=DailyConfig(generate_workers=0, prepare_all=False),
                  database_url=f"sqlite+aiosqlite:///{tmp / 'drill.db'}", maker=corpus_maker)
    return core


# ---------------------------------------------------------------------- the messages
def _junk(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(JUNK) for _ in range(n))


def _mutate(rng: random.Random, text: str) -> str:
    """A board with mistakes: characters dropped, swapped or replaced, rows cut or doubled, junk in."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(8)
        i = rng.randrange(len(lines))
        if op == 0 and len(lines) > 1:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[i])
        elif op == 2 and lines[i]:
            j = rng.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + rng.choice("XZ#?9○●-0 ") + lines[i][j + 1:]
        elif op == 3:
            lines[i] = lines[i] + " " + rng.choice([".", "1", "B", "W", "99", "-3", "1e9", "∞"])
        elif op == 4:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 5:
            lines[i] = lines[i].replace(" ", rng.choice(["", ",", "\t", "  ", "|"]))
        elif op == 6:
            lines = [line * rng.randint(2, 12) for line in lines]  # very wide
        else:
            lines = lines * rng.randint(2, 15)  # very tall
    return "\n".join(lines)


def _huge_number_board(rng: random.Random, genre: str) -> str:
    size = rng.randint(2, 6)
    big = str(rng.choice([10**rng.randint(6, 400), -(10**12), 2**64, 999999999]))
    rows = [" ".join(rng.choice([".", ".", "1", big]) for _ in range(size)) for _ in range(size)]
    return genre + "\n" + "\n".join(rows)


def _url(rng: random.Random) -> str:
    pids = [pid for g in GENRES.values() for pid in g.url_pids] + ["unknown", ""]
    pid = rng.choice(pids)
    dims = rng.choice(["5/5", "0/0", "999999/999999", "-1/3", "5", "a/b", "60/60", "10/10/extra"])
    body = rng.choice(["", _junk(rng, rng.randint(1, 40)), "z" * rng.randint(100, 20_000),
                       "".join(rng.choices(string.digits + string.ascii_lowercase, k=rng.randint(1, 3000)))])
    host = rng.choice(["https://puzz.link/p?", "http://pzv.jp/p.html?", "https://puzz.link/p?" + "%" * 50,
                       "puzz.link/p?", "https://example.com/?"])
    return f"{host}{pid}/{dims}/{body}"


def _document(rng: random.Random, genres: list[Any]) -> tuple[str, bytes]:
    kind = rng.randrange(5)
    if kind == 0:  # random bytes
        return "bytes", bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 4000)))
    if kind == 1:  # a picture, an archive
        return "binary", b"\x89PNG\r\n\x1a\n" + bytes(rng.getrandbits(8) for _ in range(rng.randint(10, 3000)))
    genre = rng.choice(genres)
    text = genre.example if kind == 2 else _mutate(rng, genre.example)
    if rng.random() < 0.5:
        text = text.replace("B", "●").replace("W", "○")
    encoding = rng.choice(ENCODINGS)
    try:
        return f"text/{encoding}", text.encode(encoding)
    except UnicodeEncodeError:
        return "text/utf-8", text.encode("utf-8")


def _garbage_args(rng: random.Random) -> str:
    return rng.choice([
        "", _junk(rng, rng.randint(1, 60)), "zzz 99:99", "25:61", "hard easy medium", "-1", "10" * 200,
        "on off", "maybe", "fill fill fill", "@someone", "\n\n\n", "mix 12:00 extra words", "1e308",
        "\u202e" * 5, "<b>bold</b>", "' OR 1=1 --", "../../etc/passwd", "%s %d {0} {name}", "x" * 5000,
    ])


def messages(seed: int, n: int, user_base: int = 1000) -> Iterator[DrillInput]:
    """``n`` seeded inputs of every kind (see the module docstring)."""
    rng = random.Random(seed)
    genres = list(GENRES.values())
    commands = ["start", "help", "solve", "spoiler", "daily", "solution", "hint", "stats", "answer", "subscribe",
                "unsubscribe", "nosuchcommand"] + [g.name for g in genres]
    for i in range(n):
        is_group = rng.random() < 0.3
        user = user_base + rng.randrange(40)
        chat: ChatId = -(user_base + rng.randrange(5)) if is_group else user
        base: dict[str, Any] = dict(platform="drill", chat_id=chat, user_id=user, is_group=is_group,
                                    lang=rng.choice(["en", "en", "ja"]), user_name=f"u{user}", message_id=i + 1)
        kind = rng.choice(["text", "bytes", "broken", "huge", "url", "document", "command", "command", "button",
                           "valid", "reply"])
        document: bytes | None = None
        text = ""
        command = None
        args = ""
        callback = None
        if kind == "text":
            text = _junk(rng, rng.choice([1, 5, 40, 400, 4000, 30_000]))
        elif kind == "bytes":
            text = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 2000))).decode("utf-8", "replace")
        elif kind == "broken":
            text = _mutate(rng, rng.choice(genres).example)
        elif kind == "huge":
            text = _huge_number_board(rng, rng.choice(genres).name)
        elif kind == "url":
            text = _url(rng)
        elif kind == "document":
            kind, document = _document(rng, genres)
        elif kind == "command":
            command = rng.choice(commands)
            args = _garbage_args(rng) if rng.random() < 0.8 else _mutate(rng, rng.choice(genres).example)
            text = f"/{command} {args}"
        elif kind == "button":
            callback = rng.choice(["g:", "g:nope:" + rng.choice(genres).name, "g::", "g:" + _junk(rng, 30),
                                   "g:x:" + "y" * 5000, "d:hint:999999", "zz:1", ""])  # the last three: not ours
        elif kind == "valid":
            text = rng.choice(genres).example
        else:  # a reply to the bot (a daily post, say) with an answer-like text
            text = _mutate(rng, rng.choice(genres).example) if rng.random() < 0.5 else _junk(rng, 30)
            base.update(reply_to_bot=True, reply_to_message_id=rng.randint(1, 50), reply_to_text="daily")
        if not text.strip() and command is None and callback is None and document is None:
            text = "?" + text  # nobody can send an empty message
        if is_group and command is None and callback is None:
            base["mentions_bot"] = True  # in groups only what is addressed to the bot is its business
        incoming = Incoming(text=text, command=command, args=args.strip(), callback_data=callback, **base)
        yield DrillInput(kind, incoming, document)


# ---------------------------------------------------------------------- running them
class _Tracebacks(logging.Handler):
    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.sink.append(f"{record.levelname} {record.name}: {record.getMessage()}"[:500])


async def _one(core: Core, item: DrillInput, bound: float) -> Outcome:
    channel = RecordingChannel(admin=item.incoming.user_id % 2 == 0)
    data = item.incoming.callback_data
    command = (item.incoming.command or "").lower()
    # left alone, rightly: another bot's button, or in a group a command that may be another bot's
    expected = ((data is None or core.registry.find_callback(data) is not None)
                and not (item.incoming.is_group and command and command not in core.registry.commands))
    said = (f"/{item.incoming.command} " if item.incoming.command else "") + (
        item.incoming.args if item.incoming.command else item.incoming.text or data or "")
    said = said[:80]
    start = time.perf_counter()
    try:
        async with asyncio.timeout(bound):
            if item.document is not None:
                data = item.document

                async def download() -> bytes:
                    return data

                content = await attachments.fetch_text(len(data), download, item.incoming.lang)
                if isinstance(content, Reply):
                    await channel.send(content)
                else:
                    item.incoming.document_text, item.incoming.document_name = content, "board.txt"
                    await core.handle(item.incoming, channel)
            else:
                await core.handle(item.incoming, channel)
    except TimeoutError:
        return Outcome(item.kind, channel.sent, time.perf_counter() - start, hung=True, expected=expected,
                       said=said)
    return Outcome(item.kind, channel.sent, time.perf_counter() - start, expected=expected, said=said)


async def run_drill(core: Core, inputs: Iterator[DrillInput] | list[DrillInput], *, concurrency: int = 8,
                    bound: float = 30.0) -> DrillReport:
    """Send every input through ``core`` (``concurrency`` at a time), each within ``bound`` seconds."""
    report = DrillReport()
    handler = _Tracebacks(report.tracebacks)
    root = logging.getLogger()
    root.addHandler(handler)
    platform = DrillPlatform()
    await core.backend.start()
    await core.start(platform)
    sem = asyncio.Semaphore(concurrency)

    async def guarded(item: DrillInput) -> None:
        async with sem:
            report.outcomes.append(await _one(core, item, bound))

    start = time.perf_counter()
    try:
        await asyncio.gather(*(guarded(item) for item in inputs))
    finally:
        report.wall = time.perf_counter() - start
        await core.stop()
        await core.backend.close()
        root.removeHandler(handler)
    return report
