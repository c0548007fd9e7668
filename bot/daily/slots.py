"""Which daily puzzle a day has: genres, difficulties, sizes, seeds and the daily settings."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n import understood
from solvers.generation import DIFFICULTIES, Difficulty
from solvers.registry import GENRES, find_genre

MIX = "mix"  # a subscription to "mix" gets the genre of the day (a different genre each day)
Slot = tuple[dt.date, str, Difficulty]  # (day, genre, difficulty): one daily puzzle


def default_sizes() -> dict[str, dict[str, tuple[int, int]]]:
    """rows x cols of each genre's daily puzzle per difficulty (the genres' ``daily_sizes``)."""
    return {g.name: dict(g.daily_sizes) for g in GENRES.values()}
TIME_RE = re.compile(r"^([01]?\d|2[0-3])[:.h]([0-5]\d)$")


def genre_of_day(day: dt.date) -> str:
    """The genre a "mix" subscription (and a bare /daily) gets on ``day``: one genre after another."""
    names = list(GENRES)
    return names[day.toordinal() % len(names)]


def daily_seed(day: dt.date, genre: str, difficulty: Difficulty, salt: str = "puzzlebot") -> int:
    """The generator seed of a day's puzzle: the same for everyone, different for each slot."""
    digest = hashlib.sha256(f"{salt}:{day.isoformat()}:{genre}:{difficulty}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (2**31 - 1) + 1


def parse_time(text: str) -> str | None:
    """``HH:MM`` (also ``9:00``, ``9.30``, ``21h05``) normalised to ``HH:MM``; None if it is not a time."""
    m = TIME_RE.match(text.strip())
    return f"{int(m.group(1)):02d}:{m.group(2)}" if m else None


def parse_genre(word: str) -> str | None:
    if understood(word) == MIX:
        return MIX
    g = find_genre(word)
    return g.name if g else None


def parse_difficulty(word: str) -> Difficulty | None:
    meaning = understood(word)
    return Difficulty(meaning) if meaning in DIFFICULTIES else None


@dataclass(frozen=True)
class DailyArgs:
    genre: str | None = None
    difficulty: Difficulty | None = None
    time: str | None = None
    unknown: tuple[str, ...] = ()


def parse_args(args: str) -> DailyArgs:
    """``[genre] [difficulty] [HH:MM]`` in any order; words that are none of them go to ``unknown``."""
    genre = difficulty = time = None
    unknown = []
    for word in args.split():
        if genre is None and (g := parse_genre(word)):
            genre = g
        elif difficulty is None and (d := parse_difficulty(word)):
            difficulty = d
        elif time is None and (t := parse_time(word)):
            time = t
        else:
            unknown.append(word)
    return DailyArgs(genre, difficulty, time, tuple(unknown))


@dataclass(frozen=True)
class DailyConfig:
    """The daily puzzle's settings (environment keys in brackets)."""

    tick_seconds: float = 60.0  # how often due posts are sent and puzzles prepared [DAILY_TICK_SECONDS]
    timezone: str = "UTC"  # days and HH:MM are in this zone [DAILY_TIMEZONE]
    send_time: str = "09:00"  # default time of /subscribe [DAILY_SEND_TIME]
    difficulty: Difficulty = Difficulty.MEDIUM  # default difficulty [DAILY_DIFFICULTY]
    salt: str = "puzzlebot"  # mixed into the seeds: another salt, other puzzles [DAILY_SALT]
    prepare_all: bool = True  # also make every genre at the default difficulty ahead [DAILY_PREPARE_ALL]
    generate_workers: int = 1  # generator processes; 0 = a thread [DAILY_GENERATE_WORKERS]
    max_attempts: int = 3  # sends of one post before giving up on transient errors [DAILY_MAX_ATTEMPTS]
    lease_seconds: float = 120.0  # a dead replica's fan-out and claims are taken over after this [DAILY_LEASE_SECONDS]
    sizes: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=default_sizes)

    @property
    def zone(self) -> dt.tzinfo:
        return dt.UTC if self.timezone.upper() == "UTC" else ZoneInfo(self.timezone)

    def size(self, genre: str, difficulty: Difficulty) -> tuple[int, int]:
        return tuple(self.sizes[genre][difficulty])  # type: ignore[return-value]

    def local_now(self, now: dt.datetime | None = None) -> dt.datetime:
        now = now or dt.datetime.now(dt.UTC)
        if now.tzinfo is None:
            now = now.replace(tzinfo=dt.UTC)
        return now.astimezone(self.zone)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> DailyConfig:
        """Read the ``DAILY_*`` keys; raises ValueError naming every bad one."""
        config, problems = read_config(env)
        if problems:
            raise ValueError("\n".join(problems))
        return config


def _tick(v: str) -> float:
    try:
        x = float(v)
    except ValueError:
        raise ValueError(f"DAILY_TICK_SECONDS={v!r} is not a number of seconds.") from None
    if not 0.05 <= x <= 3600:
        raise ValueError("DAILY_TICK_SECONDS must be between 0.05 and 3600.")
    return x


def _lease(v: str) -> float:
    try:
        x = float(v)
    except ValueError:
        raise ValueError(f"DAILY_LEASE_SECONDS={v!r} is not a number of seconds.") from None
    if not 0.5 <= x <= 86400:
        raise ValueError("DAILY_LEASE_SECONDS must be between 0.5 and 86400.")
    return x


def _zone(v: str) -> str:
    try:
        if v.upper() != "UTC":
            ZoneInfo(v)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"DAILY_TIMEZONE={v!r} is not a time zone such as UTC or Asia/Tokyo.") from None
    return v


def _time(v: str) -> str:
    t = parse_time(v)
    if t is None:
        raise ValueError(f"DAILY_SEND_TIME={v!r} must look like 09:00.")
    return t


def _difficulty(v: str) -> Difficulty:
    d = parse_difficulty(v)
    if d is None:
        raise ValueError(f"DAILY_DIFFICULTY={v!r} must be easy, medium or hard.")
    return d


def _count(key: str) -> Callable[[str], int]:
    def read(v: str) -> int:
        if not v.isdigit() or int(v) > 64:
            raise ValueError(f"{key}={v!r} must be a whole number from 0 to 64.")
        return int(v)

    return read


_KEYS: dict[str, tuple[str, Callable[[str], object]]] = {
    "DAILY_TICK_SECONDS": ("tick_seconds", _tick),
    "DAILY_TIMEZONE": ("timezone", _zone),
    "DAILY_SEND_TIME": ("send_time", _time),
    "DAILY_DIFFICULTY": ("difficulty", _difficulty),
    "DAILY_SALT": ("salt", str),
    "DAILY_PREPARE_ALL": ("prepare_all", lambda v: v.lower() in ("1", "true", "yes", "on")),
    "DAILY_GENERATE_WORKERS": ("generate_workers", _count("DAILY_GENERATE_WORKERS")),
    "DAILY_MAX_ATTEMPTS": ("max_attempts", _count("DAILY_MAX_ATTEMPTS")),
    "DAILY_LEASE_SECONDS": ("lease_seconds", _lease),
}


def read_config(env: Mapping[str, str]) -> tuple[DailyConfig, list[str]]:
    """The daily settings from ``env`` and a message per bad key (that key keeps its default)."""
    kw: dict[str, Any] = {}
    problems: list[str] = []
    for key, (name, read) in _KEYS.items():
        v = (env.get(key) or "").strip()
        if not v:
            continue
        try:
            kw[name] = read(v)
        except ValueError as e:
            problems.append(str(e))
    return DailyConfig(**kw), problems
