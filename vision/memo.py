"""Results remembered by their input's content for the length of one reading.

A screenshot's empty cells are cropped alike, so one picture asks the same question many times
(of the 20x20 screenshots' cell inks, 451 distinct among 1,227: bench/README.md, "vspeed2").
The memory lives only while :func:`one_reading` is open (:func:`vision.read_image` opens it), so
a long-lived process reading pictures in threads keeps nothing between pictures and each thread
its own (a context variable); outside one, nothing is remembered.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")

_memories: ContextVar[dict[str, dict[Hashable, Any]] | None] = ContextVar("vision_memories", default=None)


@contextmanager
def one_reading() -> Iterator[None]:
    """Remember within the block (a block within another shares the outer one's memory)."""
    if _memories.get() is not None:
        yield
        return
    token = _memories.set({})
    try:
        yield
    finally:
        _memories.reset(token)


def memory(name: str) -> dict[Hashable, Any] | None:
    """The open reading's memory called ``name`` (made empty at first use), None outside one."""
    memories = _memories.get()
    return None if memories is None else memories.setdefault(name, {})


def remembered(name: str, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, remembered under ``key`` in the memory ``name`` while a reading is open."""
    found = memory(name)
    if found is None:
        return make()
    if key in found:
        result: T = found[key]
        return result
    result = found[key] = make()
    return result
