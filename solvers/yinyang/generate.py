"""Yin-Yang generator: a random valid colouring, then givens removed while the answer stays unique.

The uniqueness oracle is one incremental CP-SAT model per colouring: the givens are
*assumptions* (so removing a given is just a smaller assumption list), a second answer must
differ on a just-removed cell (the rest was already unique), and connectivity is enforced by
lazy cuts that stay in the model for every later question. "Infeasible" = still unique.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ortools.sat.python import cp_model

from solvers.generation import (
    DEFAULT_BUDGET,
    BestAttempt,
    GeneratedPuzzle,
    GenerationFailed,
    add_back,
    grade,
    harder,
    prove,
    remove_clues,
    sub_rng,
)
from solvers.puzzle import BLACK, WHITE, Puzzle
from solvers.verdict import SolveOptions

Cell = tuple[int, int]
# grade bounds on effort: CP-SAT conflicts of a fresh single-worker solve from the givens, per 100 cells,
# divided by cells / 100 above 10x10 (search effort grows faster than the board)
THRESHOLDS = (5.0, 60.0)
CALL_LIMIT = 20.0  # seconds per CP-SAT call; hitting it counts as "not unique" (conservative)
COLOURING_LIMIT = 5.0  # seconds per try at a random colouring
# CP-SAT settings for the many small oracle calls: LP relaxation and probing cost more than they prune here
FAST: dict = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0, "cp_model_presolve": False}


# -- a random valid colouring -------------------------------------------------------------------


def _nbrs(rows: int, cols: int, r: int, c: int) -> list[Cell]:
    out = []
    if r > 0:
        out.append((r - 1, c))
    if r + 1 < rows:
        out.append((r + 1, c))
    if c > 0:
        out.append((r, c - 1))
    if c + 1 < cols:
        out.append((r, c + 1))
    return out


# -- the CP-SAT model ---------------------------------------------------------------------------


class Oracle:
    """Yin-Yang rules as CP-SAT, asked "which answers keep these givens?" again and again."""

    def __init__(self, rows: int, cols: int, exclude: list[list[int]] | None = None) -> None:
        self.rows, self.cols = rows, cols
        m = self.model = cp_model.CpModel()
        x = self.x = [[m.new_bool_var(f"b{r}_{c}") for c in range(cols)] for r in range(rows)]
        for r in range(rows - 1):
            for c in range(cols - 1):
                a, b, d, e = x[r][c], x[r][c + 1], x[r + 1][c], x[r + 1][c + 1]
                m.add_bool_or([a, b, d, e])
                m.add_bool_or([a.Not(), b.Not(), d.Not(), e.Not()])
                # a 2x2 checkerboard can never have both colours connected (planarity)
                m.add_bool_or([a.Not(), e.Not(), b, d])
                m.add_bool_or([a, e, b.Not(), d.Not()])
        # walking round the border, the colour changes at most twice
        ring = ([(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
                + [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)])
        changes = []
        for i, (p, q) in enumerate(zip(ring, ring[1:] + ring[:1], strict=True)):
            ch = m.new_bool_var(f"ch{i}")
            m.add_bool_xor([x[p[0]][p[1]], x[q[0]][q[1]], ch.Not()])
            changes.append(ch)
        m.add(sum(changes) <= 2)
        if exclude is not None:
            m.add_bool_or([x[r][c].Not() if exclude[r][c] else x[r][c] for r in range(rows) for c in range(cols)])
        self.calls = 0
        self.branches = 0
        self.conflicts = 0

    def lit(self, cell: Cell, black: bool) -> Any:
        v = self.x[cell[0]][cell[1]]
        return v if black else v.Not()

    def solve(
        self, givens: dict[Cell, bool], differ: dict[Cell, bool] | None = None, time_limit: float = CALL_LIMIT
    ) -> list[list[int]] | None | bool:
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
        t_end = time.perf_counter() + time_limit
        while True:
            solver = cp_model.CpSolver()
            p = solver.parameters
            p.num_workers = 1
            for key, value in FAST.items():
                setattr(p, key, value)
            p.random_seed = 0
            p.max_time_in_seconds = max(0.05, t_end - time.perf_counter())
            status = solver.solve(m)
            self.calls += 1
            self.branches += solver.num_branches
            self.conflicts += solver.num_conflicts
            if status == cp_model.INFEASIBLE:
                return None
            if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return False
            grid = [[int(solver.boolean_value(v)) for v in row] for row in self.x]
            if not self._cut(grid):
                return grid

    def alternative_finder(self, sol: list[list[int]]) -> Any:
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

    def _cut(self, grid: list[list[int]]) -> bool:
        """Add connectivity cuts for every split colour of ``grid``; False if it is connected."""
        rows, cols = self.rows, self.cols
        added = False
        for colour in (0, 1):
            areas = _areas(grid, colour)
            if len(areas) < 2:
                continue
            for area in areas[1:]:
                rim = sorted({q for (r, c) in area for q in _nbrs(rows, cols, r, c) if q not in area})
                u = min(area)
                for other in areas:
                    if other is area:
                        continue
                    v = min(other)
                    # u and v both of this colour → some rim cell has this colour too
                    self.model.add_bool_or([self.lit(u, colour == 0), self.lit(v, colour == 0)]
                                           + [self.lit(q, colour == 1) for q in rim])
                    added = True
                    break
        return added


def _areas(grid: list[list[int]], colour: int) -> list[set[Cell]]:
    rows, cols = len(grid), len(grid[0])
    seen: set[Cell] = set()
    areas = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != colour or (r, c) in seen:
                continue
            area = {(r, c)}
            seen.add((r, c))
            stack = [(r, c)]
            while stack:
                cr, cc = stack.pop()
                for q in _nbrs(rows, cols, cr, cc):
                    if q not in seen and grid[q[0]][q[1]] == colour:
                        seen.add(q)
                        area.add(q)
                        stack.append(q)
            areas.append(area)
    areas.sort(key=lambda a: (-len(a), min(a)))
    return areas


def random_colouring(rows: int, cols: int, rng: random.Random) -> list[list[int]]:
    """A random valid colouring (1 black): CP-SAT (single worker, fixed seed) led by random hints."""
    for _ in range(20):
        o = Oracle(rows, cols)
        for r in range(rows):
            for c in range(cols):
                o.model.add_hint(o.x[r][c], rng.random() < 0.5)
        grid = o.solve({}, time_limit=COLOURING_LIMIT)
        if grid:
            return grid
    raise GenerationFailed(f"Could not build a {rows}x{cols} Yin-Yang colouring in time.")


def effort(rows: int, cols: int, givens: dict[Cell, bool]) -> float:
    """Solver effort to solve from the givens: conflicts of a fresh single-worker model, size-normalised."""
    o = Oracle(rows, cols)
    o.solve(givens)
    return o.conflicts * 100 / (rows * cols) / max(1.0, rows * cols / 100)


# -- the generator ------------------------------------------------------------------------------


def _puzzle(rows: int, cols: int, givens: dict[Cell, bool]) -> Puzzle:
    cells = [[0] * cols for _ in range(rows)]
    for (r, c), black in givens.items():
        cells[r][c] = BLACK if black else WHITE
    return Puzzle("yinyang", tuple(tuple(row) for row in cells))


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    t0 = time.perf_counter()
    deadline = t0 + DEFAULT_BUDGET
    search = BestAttempt(difficulty)
    for attempt in range(50):
        rng = sub_rng(seed, "yinyang", rows, cols, difficulty, attempt)
        sol = random_colouring(rows, cols, rng)
        full = {(r, c): bool(sol[r][c]) for r in range(rows) for c in range(cols)}
        oracle = Oracle(rows, cols)
        for r in range(rows):  # start every search from the colouring: second answers are close to it
            for c in range(cols):
                oracle.model.add_hint(oracle.x[r][c], bool(sol[r][c]))
        alternative = oracle.alternative_finder(sol)

        cells = sorted(full)
        kept = remove_clues(cells, alternative, rng, deadline=deadline)
        givens = {cell: full[cell] for cell in kept}
        eff = effort(rows, cols, givens)
        got = grade(eff, THRESHOLDS)
        # too hard: give back removed givens (more givens never break uniqueness) until it grades lower
        step = 0
        while harder(got, difficulty):
            step += 1
            if step > 20:
                break
            kept = add_back(cells, kept, rng, 0.05)
            givens = {cell: full[cell] for cell in kept}
            eff = effort(rows, cols, givens)
            got = grade(eff, THRESHOLDS)
        puzzle = _puzzle(rows, cols, givens)
        solution = {"colors": ["".join("B" if v else "W" for v in row) for row in sol]}
        ok, info = prove(puzzle, solution)
        if not ok:
            continue
        info.update(attempts=attempt + 1, generator_calls=oracle.calls, clues=len(givens), effort=round(eff, 1))
        if search.offer(GeneratedPuzzle(puzzle, solution, got, info, seed)):
            break
    return search.result(f"Could not generate a unique {rows}x{cols} Yin-Yang in time; try another seed.")
