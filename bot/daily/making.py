"""Making a day's puzzle (runs in a generator process, never on the event loop).

Plain data in, plain data out, so it can cross a process boundary.
"""

from __future__ import annotations

import time
from typing import Any

ATTEMPTS = 3  # seeds seed, seed+1, seed+2: still the same for everyone, if one seed fails to generate


def make_daily(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> dict[str, Any]:
    """Generate the puzzle for one slot with the real generator; its solution passes the checker.

    Returns ``{"record", "solution", "grade", "url", "seed", "seconds"}``.
    """
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
            raise RuntimeError(f"generated {genre} failed the checker: {broken[0].message}")
        return {
            "record": gp.puzzle.to_record(),
            "solution": gp.solution,
            "grade": gp.difficulty,
            "url": puzzle_url(gp.puzzle),
            "seed": seed + k,
            "seconds": time.perf_counter() - t0,
        }
    raise RuntimeError(f"could not generate the daily {genre} {rows}x{cols} {difficulty}: {last}")
