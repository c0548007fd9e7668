"""Flood and replay protection for the player's API (in memory, per process)."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any


@dataclass
class RateLimit:
    """At most ``count`` requests per ``window`` seconds for each key (a sliding window).

    The server keys it by user (signed requests; unsigned checks and shared boards by address), not
    by puzzle: one person taps no faster with two puzzles open, so
    the allowance is sized to a hand, not shared out per board. The page sends a request only when
    a button is pressed; 120 a minute lets a player press Check after every move at a sustained
    move a second with bursts on top, on any number of puzzles, while a script is held to 120
    Checks a minute (~50 ms each on a 40x57 board, a few ms on a daily's); a hint's deductions are
    worked out once per puzzle (:func:`bot.daily.judge.hints`). Memory: at most ``max_keys`` keys
    of ``count`` times each, about 4 kB a key at the full allowance: ~40 MB at worst."""

    count: int = 120
    window: float = 60.0
    max_keys: int = 10_000
    _seen: OrderedDict[Any, deque[float]] = field(default_factory=OrderedDict, repr=False)

    def allow(self, key: Any, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        times = self._seen.pop(key, None) or deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        ok = len(times) < self.count
        if ok:
            times.append(now)
        self._seen[key] = times  # most recently used last
        while len(self._seen) > self.max_keys:
            self._seen.popitem(last=False)
        return ok


@dataclass
class Replays:
    """Answers already judged, by (player, puzzle, answer): a repeat gets the first response and
    is not recorded again (a wrong try counts once, a solve once)."""

    max_items: int = 20_000
    _done: OrderedDict[Any, Any] = field(default_factory=OrderedDict, repr=False)

    def get(self, key: Any) -> Any:
        return self._done.get(key)

    def put(self, key: Any, response: Any) -> None:
        self._done[key] = response
        self._done.move_to_end(key)
        while len(self._done) > self.max_items:
            self._done.popitem(last=False)
