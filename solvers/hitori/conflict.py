"""Why a Hitori board has no answer: a small set of its numbers that cannot all be right.

The shared :mod:`solvers.explain` drops clues by blanking them, which a Hitori board cannot have
(every cell holds a number). Here a dropped number becomes a number found nowhere else on the
board instead: that only takes constraints away (a unique number never has to be shaded, and may
still be), so when the board is still without answer the numbers kept are a conflict whatever
the others are. Only numbers repeated in their row or column can take part. Deletion as in
:mod:`solvers.explain`: chunks of half the candidates down to single numbers; the set kept has no
answer at every step, so running out of time still names a correct (if not minimal) set.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solvers.cell import Cell
from solvers.hitori.deduce import Board
from solvers.verdict import SolveOptions, Status

STEP_SECONDS = 0.5  # the most one trial may take; a trial that runs out keeps its numbers


def conflicting_numbers(numbers: Sequence[Sequence[int]], seconds: float,
                        options: SolveOptions) -> tuple[Cell, ...] | None:
    """The cells of a small set of ``numbers`` no answer can keep all of (found within ``seconds``),
    or None when none is found in time."""
    from solvers.hitori.model import solve_numbers

    rows, cols = len(numbers), len(numbers[0])
    board = Board.of(numbers)
    repeated = [divmod(i, cols) for i in range(rows * cols) if board.peers[i]]
    fresh = max(v for row in numbers for v in row) + 1
    deadline = time.perf_counter() + seconds
    base = options.with_(unique=False, explain=0.0)

    def unsolvable(kept: list[Cell]) -> bool:
        left = deadline - time.perf_counter()
        if left < 0.02:
            return False
        keep = set(kept)
        trial = [[v if (r, c) in keep else fresh + r * cols + c for c, v in enumerate(row)]
                 for r, row in enumerate(numbers)]
        outcome = solve_numbers(trial, base.with_(time_limit=min(STEP_SECONDS, left)))
        return outcome.status is Status.NONE

    core = repeated
    chunk = max(1, len(core) // 2)
    while time.perf_counter() < deadline:
        i = 0
        while i < len(core) and time.perf_counter() < deadline:
            trial = core[:i] + core[i + chunk:]
            if unsolvable(trial):
                core = trial
            else:
                i += chunk
        if i < len(core):  # out of time
            break
        if chunk == 1:
            return tuple(core)
        chunk = max(1, chunk // 2)
    return tuple(core) if len(core) < len(repeated) else None
