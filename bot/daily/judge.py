"""Judging a player's typed answer and giving hints (pure functions, no database, no chat).

Both come back as message codes (:class:`~solvers.errors.Message`); the chat says them in the
player's language with :func:`bot.i18n.say`.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from bot.i18n import say
from solvers.cell import Cell
from solvers.errors import Message, PuzzleError
from solvers.puzzle import Puzzle
from solvers.solution import Solution

D = TypeVar("D")


class Verdict(StrEnum):
    """What an answer typed in chat is."""

    RIGHT = "right"
    WRONG = "wrong"  # a rule is broken: which and where
    UNREADABLE = "unreadable"  # the text is not an answer
    BLANK = "blank"  # the web player's fresh board, sent as it is: nothing marked, not a wrong try
    ALREADY = "already"  # the player had solved it before (the service's verdict, never the judge's)


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    message: Message | None = None  # the first broken rule, or why the text is not an answer
    cells: tuple[Cell, ...] = ()

    def text(self, lang: str) -> str:
        return say(self.message, lang) if self.message is not None else ""


def judge_answer(puzzle: Puzzle[Any], text: str) -> Judgement:
    """Read ``text`` as an answer to ``puzzle`` and check it against the genre's rules.

    Right iff the genre's independent checker finds no broken rule: the daily puzzles are proven
    unique, so a rule-valid answer is the solution. The message names the first broken rule and
    where, never the solution itself.
    """
    genre = puzzle.kind
    try:
        solution = genre.parse_answer(puzzle, text)
    except PuzzleError as e:
        return Judgement(Verdict.UNREADABLE, e.msg, e.cells)
    return _checked(puzzle, solution)


def judge_solution(puzzle: Puzzle[Any], value: Any) -> Judgement:
    """Judge an answer given in the FORMATS.md ``solution`` shape (the web player's), as :func:`judge_answer`."""
    try:
        solution = puzzle.kind.solution_from_json(value, puzzle)
    except PuzzleError as e:
        return Judgement(Verdict.UNREADABLE, e.msg, e.cells)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # any JSON a browser may send
        return Judgement(Verdict.UNREADABLE, Message("solution-shape", {"key": "solution"}))
    judgement = _checked(puzzle, solution)
    if judgement.verdict is Verdict.WRONG and solution == puzzle.kind.blank_answer(puzzle):
        return Judgement(Verdict.BLANK, Message("web_nothing_yet"))  # not every cell in red
    return judgement


def _checked(puzzle: Puzzle[Any], solution: Solution) -> Judgement:
    try:
        broken = puzzle.kind.check(puzzle, solution)
    except (TypeError, ValueError, KeyError, IndexError):  # a shape the reader let through but the checker cannot walk
        return Judgement(Verdict.UNREADABLE, Message("solution-shape", {"key": "solution"}))
    if not broken:
        return Judgement(Verdict.RIGHT)
    v = broken[0]
    return Judgement(Verdict.WRONG, v.msg, tuple(v.cells))


def answered_puzzle(dailies: Sequence[D], puzzle_of: Callable[[D], Puzzle[Any]], text: str) -> D:
    """Of the puzzles open in a chat (the latest first), the one ``text`` solves; else the first it
    reads as an answer to (right size, right symbols); the latest when it fits none. Two open
    puzzles of one size both read a drawn loop, so being right decides before fitting does."""
    verdicts = [judge_answer(puzzle_of(daily), text).verdict for daily in dailies]
    for wanted in (Verdict.RIGHT, Verdict.WRONG):
        if wanted in verdicts:
            return dailies[verdicts.index(wanted)]
    return dailies[0]


@dataclass(frozen=True)
class Hint:
    number: int  # 1-based
    total: int  # how many hints the puzzle has
    message: Message
    cells: tuple[Cell, ...]

    def text(self, lang: str) -> str:
        return say(self.message, lang)


def hints(puzzle: Puzzle[Any], solution: Solution) -> list[Hint]:
    """Every hint the puzzle has, in the order they are revealed (the genre's :meth:`~solvers.genre.Genre.hints`).

    Kept for the last puzzles asked: each Hint press asks again, and a large board's deductions
    take seconds (2.7 s on a 40x57 board) where the lookup takes microseconds. Two threads asking
    for a puzzle not kept yet both work its hints out (rare: the first press of a fresh puzzle)."""
    answer = hashlib.sha256(json.dumps(solution.to_json(), sort_keys=True).encode()).hexdigest()
    key = (puzzle.key(), answer)
    with _HINTS_LOCK:  # asked from worker threads (asyncio.to_thread)
        found = _HINTS.get(key)
    if found is None:
        steps = puzzle.kind.hints(puzzle, solution)
        found = [Hint(i + 1, len(steps), Message(s.code, dict(s.params), tuple(s.cells)), tuple(s.cells))
                 for i, s in enumerate(steps)]
    with _HINTS_LOCK:
        _HINTS[key] = found
        _HINTS.move_to_end(key)  # most recently asked last
        while len(_HINTS) > HINT_BOARDS:
            _HINTS.popitem(last=False)
    return list(found)


# puzzles whose hints are kept (a day's dailies and the boards being played): the largest board's
# hints, a 40x57 board of the shared corpus, are 2,067 hints, 0.2 MB pickled (about 1 MB as objects), so at most ~16 MB
HINT_BOARDS = 16
_HINTS: OrderedDict[tuple[str, str], list[Hint]] = OrderedDict()
_HINTS_LOCK = threading.Lock()
