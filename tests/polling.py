"""Waiting in a test for what a fake server records (the fake Bot API's and Discord's calls)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


async def found(find: Callable[[], list[T]], count: int, timeout: float, last: Callable[[], object]) -> list[T]:
    """``find()`` once it holds ``count`` items or more; TimeoutError after ``timeout`` seconds,
    showing ``last()`` (the latest calls, to see what came instead)."""
    deadline = time.monotonic() + timeout
    while True:
        items = find()
        if len(items) >= count:
            return items
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {len(items)}/{count} matching calls after {timeout} s; last: {last()}")
        await asyncio.sleep(0.02)
