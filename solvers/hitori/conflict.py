"""Why a Hitori board has no answer: a small set of its numbers that cannot all be right.

The shared :mod:`solvers.explain` drops clues by blanking them, which a Hitori board cannot have
(every cell holds a number). Here a dropped number becomes a number found nowhere else on the
board instead: that only takes constraints away (a unique number never has to be shaded, and may
still be), so when the board is still without answer the numbers kept are a conflict whatever
the others are. Only numbers repeated in their row or column can take part. Deletion as in
:mod:`solvers.explain`: chunks of half the candidates down to single numbers; the set kept has no
answer at every step, so running out of time still names a correct (if not minimal) set. A trial
is judged by the deductions and the exhaustive search of :mod:`solvers.hitori.deduce` (exact, as
the solver's own count, and far quicker than a whole solve per trial).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solvers.cell import Cell
from solvers.explain import shrink
from solvers.hitori.deduce import Board, Contradiction, OutOfBudget, count, start

STEP_SECONDS = 0.5  # the most one trial may take; a trial that runs out keeps its numbers
STEP_NODES = 8  # search nodes a trial may take: the deductions settle most trials alone, and a
# trial that needs a deep search is cheaper kept (its numbers stay named) than proven


def conflicting_numbers(numbers: Sequence[Sequence[int]], seconds: float) -> tuple[Cell, ...] | None:
    """The cells of a small set of ``numbers`` no answer can keep all of (found within ``seconds``),
    or None when none is found in time."""
    rows, cols = len(numbers), len(numbers[0])
    board = Board.of(numbers)
    repeated = [divmod(i, cols) for i in range(rows * cols) if board.peers[i]]
    fresh = max(v for row in numbers for v in row) + 1
    deadline = time.perf_counter() + seconds

    def unsolvable(kept: list[Cell]) -> bool:
        """Proven without answer by the deductions and the exhaustive search (exact, as the
        solver's own count); a trial that runs out of nodes or time keeps its numbers."""
        keep = set(kept)
        trial = Board.of([[v if (r, c) in keep else fresh + r * cols + c for c, v in enumerate(row)]
                          for r, row in enumerate(numbers)])
        try:
            return not count(trial, start(trial), 1, STEP_NODES, min(deadline, time.perf_counter() + STEP_SECONDS))
        except Contradiction:
            return True
        except OutOfBudget:
            return False

    def smaller(core: list[Cell], i: int, chunk: int) -> list[Cell] | None:
        trial = core[:i] + core[i + chunk:]
        return trial if unsolvable(trial) else None

    core, minimal = shrink(repeated, smaller, deadline)
    return tuple(core) if minimal or len(core) < len(repeated) else None
