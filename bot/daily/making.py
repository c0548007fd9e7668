"""Making a day's puzzle (runs in a generator process, never on the event loop).

A :class:`MadeDaily` is picklable (a puzzle and its typed solution), so it crosses the process
boundary as it is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solvers.puzzle import Puzzle
from solvers.solution import Solution

ATTEMPTS = 3  # seeds seed, seed+1, seed+2: still the same for everyone, if one seed fails to generate


@dataclass(frozen=True)
class MadeDaily:
    """A generated daily puzzle with its proven unique solution."""

    puzzle: Puzzle[Any]
    solution: Solution
    grade: str | None  # the generator's measured grade
    url: str | None
    seed: int  # the seed that made it
    seconds: float = 0.0


Maker = Callable[[str, int, int, str, int], MadeDaily]  # (genre, rows, cols, difficulty, seed)


def make_daily(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> MadeDaily:
    """Generate the puzzle for one slot with the real generator; its solution passes the checker."""
    from solvers.errors import PuzzleError
    from solvers.generation import generate, puzzle_url
    from solvers.registry import get_genre

    t0 = time.perf_counter()
    last: Exception | None = None
    for k in range(ATTEMPTS):
        try:
            gp = generate(genre, rows, cols, difficulty, seed + k)
        except PuzzleError as e:
            last = e
            continue
        broken = get_genre(gp.puzzle.genre).check(gp.puzzle, gp.solution)
        if broken:  # never happens: generate() proves it; kept as the independent gate
            raise RuntimeError(f"generated {genre} failed the checker: {broken[0].msg}")
        return MadeDaily(gp.puzzle, gp.solution, gp.difficulty, puzzle_url(gp.puzzle), seed + k,
                         time.perf_counter() - t0)
    raise RuntimeError(f"could not generate the daily {genre} {rows}x{cols} {difficulty}: {last}")
