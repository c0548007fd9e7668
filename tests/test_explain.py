"""'No solution' names the clues that cannot all hold together, for every genre (issue 24, item 3)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.explain import conflicting_clues
from solvers.genre import Genre
from solvers.puzzle import Puzzle
from solvers.registry import GENRES
from solvers.verdict import SolveOptions, Status
from tests.corpus import own

OPTIONS = SolveOptions(time_limit=10, workers=1, explain=3.0)


def _keep(puzzle: Puzzle[Any], cells: set[tuple[int, int]]) -> Puzzle[Any]:
    """The board with only the clues at ``cells``; the others dropped as the search drops them."""
    genre = puzzle.kind
    return replace(puzzle, cells=tuple(tuple(v if (r, c) in cells else genre.dropped(v) for c, v in enumerate(row))
                                       for r, row in enumerate(puzzle.cells)))


def _unsolvable(genre: Genre) -> Puzzle[Any]:  # type: ignore[type-arg]
    return Puzzle.from_record(next(r for r in own(genre.name) if r["solution"] is None))


@pytest.mark.parametrize("genre", GENRES.values(), ids=list(GENRES))
def test_no_solution_names_a_minimal_set_of_clues(genre: Genre) -> None:  # type: ignore[type-arg]
    puzzle = _unsolvable(genre)
    conflict = conflicting_clues(puzzle, 3.0, OPTIONS)
    quick = OPTIONS.with_(explain=0.0, unique=False)
    if conflict is None:  # the conflict lies in the rules or rooms: the board without clues fails too
        bare = solve_puzzle(_keep(puzzle, set()), quick)
        assert bare.status in (Status.NONE, Status.INVALID), genre.name
        return
    assert conflict.minimal
    named = set(conflict.cells)
    assert named <= {(r, c) for r, c, _ in puzzle.clues()}
    assert solve_puzzle(_keep(puzzle, named), quick).status is Status.NONE
    for cell in named:  # without any one of them the rest can hold (or stop being a board of the genre)
        rest = solve_puzzle(_keep(puzzle, named - {cell}), quick)
        assert rest.status in (Status.SOLVED, Status.INVALID)


@pytest.mark.parametrize("genre", GENRES.values(), ids=list(GENRES))
def test_the_verdict_marks_and_names_them(genre: Genre) -> None:  # type: ignore[type-arg]
    puzzle = _unsolvable(genre)
    result = solve_puzzle(puzzle, OPTIONS)
    assert result.status is Status.NONE and result.message is not None
    if not result.cells:  # nothing to name: no clue can go (each is the form), or the rules alone fail
        conflict = conflicting_clues(puzzle, 3.0, OPTIONS)
        assert conflict is None or (len(conflict.clues) == len(puzzle.clues()) and conflict.solves == 0)
        return
    words = say(result.message, "en")
    if result.message.code == "clues-conflict":  # else one clue, or the genre's own explanation
        assert result.message.params["count"] == len(result.cells) > 1
        assert "clues cannot hold together" in words  # not "all" of two
    named = [(r, c) for r, c in result.cells if f"row {r + 1}, column {c + 1}" in words]
    # every marked cell is named, or a room is named by its first cell and marked whole (LITS, Star
    # Battle), or the one row or column all marked cells lie in is named (Hitori, Star Battle)
    assert (named == list(result.cells) or _line_named(result.cells, words)
            or (re.search(f"(room|region) at {_at(result.cells[0])}", words) and len(named) == 1))


def _at(cell: tuple[int, int]) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _line_named(cells: tuple[tuple[int, int], ...], words: str) -> bool:
    """All ``cells`` in one row (column), and the words name it alone ("Row 3 ...", not "row 3, column 4")."""
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    return bool(len(rows) == 1 and re.search(rf"\brow {min(rows) + 1}\b(?!,)", words, re.IGNORECASE)
                or len(cols) == 1 and re.search(rf"\bcolumn {min(cols) + 1}\b", words, re.IGNORECASE)
                and not re.search(rf"row \d+, column {min(cols) + 1}\b", words))


def test_explaining_is_off_unless_asked() -> None:
    genre = next(iter(GENRES.values()))
    result = solve_puzzle(_unsolvable(genre), OPTIONS.with_(explain=0.0))
    assert result.status is Status.NONE and (result.message is None or result.message.code != "clues-conflict")


def test_the_chat_marks_them_on_the_picture() -> None:
    from bot.replies import result_reply
    from bot.worker import solve_job

    genre = next(g for g in GENRES.values() if not solve_puzzle(_unsolvable(g), OPTIONS.with_(explain=0.0)).cells)
    job = solve_job(_unsolvable(genre), 10.0, 1)
    assert job.status is Status.NONE and job.cells and job.png is not None
    assert "cannot" in result_reply(job, "en", spoiler=False).text


def test_a_bare_no_solution_is_not_given_as_its_own_reason() -> None:
    """'no solution' / 'Why: This puzzle has no solution.' said nothing: without a reason the
    caption says what the player can do."""
    from bot.replies import result_reply
    from bot.worker import JobResult
    from solvers.errors import Message

    job = JobResult(status=Status.NONE, genre="starbattle", rows=4, cols=4, message=Message("no-solution"))
    text = result_reply(job, "en", spoiler=False).text
    assert "This puzzle has no solution" not in text and "check the board for a typo" in text
    assert "打ち間違い" in result_reply(job, "ja", spoiler=False).text


def test_a_long_conflict_is_marked_not_listed() -> None:
    """A big board's conflict cut short by the time limit listed 40-137 coordinates in one
    message; past 16 clues the words give their number and point at the picture."""
    from solvers.explain import MOST_LISTED, conflict_message

    few = tuple((0, c) for c in range(MOST_LISTED))
    many = tuple((r, c) for r in range(3) for c in range(7))
    assert conflict_message(few).code == "clues-conflict" and conflict_message(((1, 1),)).code == "clue-impossible"
    msg = conflict_message(many)
    assert msg.code == "clues-conflict-many" and msg.cells == many
    assert say(msg) == "These 21 clues, marked on the picture, cannot all hold together. Check them for a typo."
    assert "21 個のヒント" in say(msg, "ja")
