"""The /help examples (each genre's ``example``) must read as their genre and have a unique solution."""

from __future__ import annotations

import pytest

from solvers.engine import solve_puzzle
from solvers.reading import read_board
from solvers.registry import GENRES
from solvers.verdict import SolveOptions, Status


@pytest.mark.parametrize("genre", sorted(GENRES))
def test_help_example_is_unique(genre: str) -> None:
    puzzle = read_board(GENRES[genre].example)
    assert puzzle.genre == genre
    assert solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).status is Status.UNIQUE


def test_a_genre_command_reads_well_before_a_vowel() -> None:
    """The menu line of a genre command: "solve Akari boards", not "solve a Akari board"."""
    from bot.i18n import say

    assert say("cmd_genre", genre="akari") == "solve Akari boards"
