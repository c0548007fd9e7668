"""Yin-Yang generator: a random valid colouring, then givens removed while the answer stays unique.

The uniqueness oracle is one incremental CP-SAT model per colouring: the givens are
*assumptions* (so removing a given is just a smaller assumption list), a second answer must
differ on a just-removed cell (the rest was already unique), and connectivity is enforced by
lazy cuts that stay in the model for every later question. "Infeasible" = still unique.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cpsat import Budget, found
from solvers.generation import (
    Candidate,
    GeneratedPuzzle,
    GenerationFailed,
    search,
)
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution
from solvers.verdict import SolveOptions
from solvers.yinyang.model import ORACLE_PARAMS, Lit, YinYangModel

Grid = list[list[int]]
Alternative = Callable[[frozenset[Cell], frozenset[Cell]], frozenset[Cell] | None | bool]
# grade bounds on effort: CP-SAT conflicts of a fresh single-worker solve from the givens, per 100 cells,
# divided by cells / 100 above 10x10 (search effort grows faster than the board)
THRESHOLDS = (5.0, 60.0)
CALL_LIMIT = 20.0  # seconds per oracle question; hitting it counts as "not unique" (conservative)
COLOURING_LIMIT = 5.0  # seconds per try at a random colouring


# -- the CP-SAT oracle --------------------------------------------------------------------------


class Oracle:
    """The solver's :class:`~solvers.yinyang.model.YinYangModel` ("cuts" method) with the givens as
    assumptions, asked "which answers keep these givens?" again and again. The lazy connectivity
    cuts stay in the model for every later question (they hold whatever the givens)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.ym = YinYangModel(rows, cols, method="cuts")
        self.model = self.ym.model
        self.x = self.ym.black
        self.runner = self.ym.runner(ORACLE_PARAMS)
        self.calls = 0
        self.branches = 0
        self.conflicts = 0

    def lit(self, cell: Cell, black: bool) -> Lit:
        return self.ym.lit(cell, black)

    def solve(self, givens: dict[Cell, bool], differ: dict[Cell, bool] | None = None,
              time_limit: float = CALL_LIMIT) -> Grid | None | Literal[False]:
        """A connected answer keeping ``givens`` (cell → black?), None if there is none, False on timeout.

        ``differ``: the answer must differ from these colours in at least one cell (the cells whose
        givens were just removed: any second answer must differ there).
        """
        m = self.model
        m.clear_assumptions()
        lits = [self.lit(cell, b) for cell, b in sorted(givens.items())]
        if differ:
            if len(differ) == 1:
                (cell, b), = differ.items()
                lits.append(self.lit(cell, not b))
            else:
                act = m.new_bool_var(f"act{self.calls}")
                m.add_bool_or([self.lit(cell, not b) for cell, b in sorted(differ.items())] + [act.Not()])
                lits.append(act)
        m.add_assumptions(lits)
        budget = Budget(SolveOptions(time_limit=time_limit, workers=1, seed=0))
        status, solver = self.runner(m, budget)
        self.calls += budget.stats.solver_calls
        self.branches += budget.stats.branches
        self.conflicts += budget.stats.conflicts
        if status == cp_model.INFEASIBLE:
            return None
        if not found(status):
            return False
        return [[int(solver.boolean_value(v)) for v in row] for row in self.x]

    def alternative_finder(self, sol: Grid) -> Alternative:
        """``find_alternative`` for :func:`~solvers.generation.remove_clues` against colouring ``sol``."""
        full = {(r, c): bool(v) for r, row in enumerate(sol) for c, v in enumerate(row)}

        def find(trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
            # ``kept`` is unique, so a second answer must differ on a cell just removed
            gone = {cell: full[cell] for cell in kept - trial}
            alt = self.solve({cell: full[cell] for cell in trial}, differ=gone)
            if alt is None or alt is False:
                return alt
            return frozenset(cell for cell, b in full.items() if bool(alt[cell[0]][cell[1]]) != b)

        return find


def random_colouring(rows: int, cols: int, rng: random.Random) -> Grid:
    """A random valid colouring (1 black): CP-SAT (single worker, fixed seed) led by random hints."""
    for _ in range(20):
        o = Oracle(rows, cols)
        for r in range(rows):
            for c in range(cols):
                o.model.add_hint(o.x[r][c], rng.random() < 0.5)
        grid = o.solve({}, time_limit=COLOURING_LIMIT)
        if grid:
            return grid
    raise GenerationFailed("yinyang-colouring-failed", rows=rows, cols=cols)


def effort(rows: int, cols: int, givens: dict[Cell, bool]) -> float:
    """Solver effort to solve from the givens: conflicts of a fresh single-worker model, size-normalised."""
    o = Oracle(rows, cols)
    o.solve(givens)
    return o.conflicts * 100 / (rows * cols) / max(1.0, rows * cols / 100)


# -- the generator ------------------------------------------------------------------------------


def _puzzle(rows: int, cols: int, givens: dict[Cell, bool]) -> Puzzle[int]:
    cells = [[0] * cols for _ in range(rows)]
    for (r, c), black in givens.items():
        cells[r][c] = BLACK if black else WHITE
    return Puzzle("yinyang", tuple(tuple(row) for row in cells))


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    def attempt(rng: random.Random) -> Candidate[Cell]:
        sol = random_colouring(rows, cols, rng)
        full = {(r, c): bool(sol[r][c]) for r in range(rows) for c in range(cols)}
        oracle = Oracle(rows, cols)
        for r in range(rows):  # start every search from the colouring: second answers are close to it
            for c in range(cols):
                oracle.model.add_hint(oracle.x[r][c], bool(sol[r][c]))
        return Candidate(sorted(full), oracle.alternative_finder(sol),
                         lambda kept: _puzzle(rows, cols, {cell: full[cell] for cell in kept}),
                         lambda kept: effort(rows, cols, {cell: full[cell] for cell in kept}),
                         ColorSolution(tuple("".join("B" if v else "W" for v in row) for row in sol)),
                         calls=lambda: oracle.calls)

    return search("yinyang", rows, cols, difficulty, seed, THRESHOLDS, attempt, attempts=50)
