"""Slitherlink generator: a random loop, every clue it gives, then clues removed while unique.

The loop is the outline of a random polyomino of cells, grown and jittered one cell at a time
while its outline stays one simple loop. Every cell's clue is how many of its neighbours lie on
the other side of the loop. Uniqueness oracle: the solver's own deduction and search
(:func:`solvers.slitherlink.deduce.search`, a node budget), and when that runs out the solver's
:class:`SlitherModel` with each clue switched by an assumption literal, the redundant
inside/outside colours, and "some edge of the loop is unused" added; a second answer must also
break one of the clues just removed (it keeps all the others).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.generation import (
    Candidate,
    GeneratedPuzzle,
    search,
)
from solvers.puzzle import Puzzle
from solvers.slitherlink import deduce
from solvers.slitherlink.lattice import DotLoop, points, sides
from solvers.slitherlink.model import SlitherModel
from solvers.verdict import SolveOptions

RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
# grade bounds on effort: CP-SAT conflicts of one single-worker solve from the clues, per 100 cells
THRESHOLDS = (2.0, 12.0)
CALL_LIMIT = 2.0  # an oracle call that runs out keeps its clues (the final proof decides)
ORACLE_NODES = 100  # search branches per oracle question before the model takes it
# settings for grading (one fresh solve) and, without presolve, for the many small oracle calls: the
# circuit's LP relaxation and probing cost more than they prune
GRADING = {"num_workers": 1, "random_seed": 0, "linearization_level": 0, "cp_model_probing_level": 0,
           "symmetry_level": 0}
FAST = {**GRADING, "cp_model_presolve": False}


def _flippable(inside: set[Cell], rows: int, cols: int, cell: Cell) -> bool:
    """Whether ``cell`` can change sides and leave the outline one simple loop: the ring of eight
    cells around it, on the side it moves to (off the board is outside), is one run touching it
    orthogonally."""
    grow = cell not in inside
    ring = [((cell[0] + dr, cell[1] + dc) in inside) == grow
            if 0 <= cell[0] + dr < rows and 0 <= cell[1] + dc < cols else not grow for dr, dc in RING]
    if all(ring) or not any(ring[k] for k in (1, 3, 5, 7)):
        return False
    return sum(1 for k in range(8) if ring[k] and not ring[k - 1]) == 1


def random_inside(rows: int, cols: int, rng: random.Random, fill: float) -> set[Cell]:
    """The cells inside a random simple loop: a polyomino grown from one cell, then jittered."""
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    target = max(1, round(fill * rows * cols))
    for _ in range(30 * rows * cols):
        if len(inside) >= target:
            break
        r, c = rng.choice(sorted(inside))
        dr, dc = rng.choice(STEPS)
        cell = (r + dr, c + dc)
        if 0 <= cell[0] < rows and 0 <= cell[1] < cols and _flippable(inside, rows, cols, cell):
            inside.add(cell)
    for _ in range(rows * cols):
        cell = (rng.randrange(rows), rng.randrange(cols))
        if _flippable(inside, rows, cols, cell):
            inside ^= {cell}
    return inside


def local_alternatives(rows: int, cols: int, inside: set[Cell], full: dict[Cell, int]) -> list[frozenset[Cell]]:
    """The clues broken by each loop one cell away (a cell moved across the loop): trials keeping
    none of them are not unique, known without a solver call."""
    out = set()
    for r in range(rows):
        for c in range(cols):
            if _flippable(inside, rows, cols, (r, c)):
                near = {(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols}
                out.add(frozenset(near | ({(r, c)} if full[(r, c)] != 2 else set())))
    return sorted(out, key=lambda s: (len(s), sorted(s)))


def clues_of(rows: int, cols: int, inside: set[Cell]) -> dict[Cell, int]:
    """Every cell's clue: its sides between inside and outside."""
    return {(r, c): sum(((r + dr, c + dc) in inside) != ((r, c) in inside) for dr, dc in STEPS)
            for r in range(rows) for c in range(cols)}


class Oracle:
    """The solver's model over all clues, each switched by an assumption, with the loop excluded."""

    def __init__(self, rows: int, cols: int, full: dict[Cell, int], loop: set[int]) -> None:
        self.sm = sm = SlitherModel(rows, cols, full, switched=True)
        sm.add_colors()  # (measured: 15x15 generation about 1.8x faster; no change at 10x10)
        self.full, self.loop = full, loop
        sm.model.add_bool_or([~sm.edges[e] for e in sorted(loop)])
        for i, e in enumerate(sm.edges):
            sm.model.add_hint(e, i in loop)
        self.calls = 0

    def broken(self, used: set[int], cells: Iterable[Cell]) -> frozenset[Cell]:
        """The clues among ``cells`` that the edges ``used`` break."""
        g = self.sm.grid
        return frozenset(x for x in cells if sum(e in used for e in sides(g, *x)) != self.full[x])

    def alternative(self, trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
        """The full clues broken by another loop keeping the ``trial`` clues; None if none, False on timeout.

        First the solver's deduction and search, bounded by nodes only (so the answer does not
        depend on the load; measured: 3.6x faster than the model at 15x15, level at 10x10, and it
        settles questions the model ran out of time on); the model when the search runs out."""
        sm = self.sm
        try:
            found = deduce.search(sm.rows, sm.cols, {x: self.full[x] for x in trial}, max_nodes=ORACLE_NODES,
                                  seconds=float("inf"))
        except deduce.Contradiction:  # (the loop meets the clues: only a bug gets here)
            return self.model_alternative(trial, kept)
        for loop in found.loops:
            used = {e for e, v in enumerate(loop) if v}
            if used != self.loop:
                return self.broken(used, self.full)
        if found.exhausted:
            return None
        return self.model_alternative(trial, kept)

    def model_alternative(self, trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
        """:meth:`alternative` by the CP-SAT model (a second loop must change a removed clue's sides)."""
        sm, m = self.sm, self.sm.model
        m.clear_assumptions()
        lits = [s if x in trial else ~s for x, s in sm.switch.items()]
        removed = sorted(kept - trial)
        if removed:
            act = m.new_bool_var(f"act{self.calls}")
            edges = sorted({e for x in removed for e in sides(sm.grid, *x)})
            m.add_bool_or([*(~sm.edges[e] if e in self.loop else sm.edges[e] for e in edges), ~act])
            lits.append(act)
        m.add_assumptions(lits)
        solver = cp_model.CpSolver()
        for key, value in FAST.items():
            setattr(solver.parameters, key, value)
        solver.parameters.max_time_in_seconds = CALL_LIMIT
        status = solver.solve(m)
        self.calls += 1
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        return self.broken(set(sm.used(solver)), self.full)


def effort(rows: int, cols: int, givens: dict[Cell, int]) -> float:
    """Conflicts of one fresh single-worker solve, per 100 cells (scaled down on big boards)."""
    solver = cp_model.CpSolver()
    for key, value in GRADING.items():
        setattr(solver.parameters, key, value)
    solver.parameters.max_time_in_seconds = CALL_LIMIT
    solver.solve(SlitherModel(rows, cols, givens).model)
    return float(solver.num_conflicts) * 100 / (rows * cols) / max(1.0, rows * cols / 100)


def _puzzle(rows: int, cols: int, givens: dict[Cell, int]) -> Puzzle[int]:
    return Puzzle("slitherlink", tuple(tuple(givens[(r, c)] + 1 if (r, c) in givens else 0 for c in range(cols))
                                       for r in range(rows)))


def generate(rows: int, cols: int, difficulty: str, seed: int,
             options: SolveOptions | None = None) -> GeneratedPuzzle:
    """A proven unique puzzle graded as close to ``difficulty`` as a few attempts allow."""

    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        inside = random_inside(rows, cols, rng, rng.uniform(0.45, 0.65))
        full = clues_of(rows, cols, inside)
        grid = points(rows, cols)
        loop = {i for i, (a, b) in enumerate(grid.edges) if _on_loop(a, b, inside)}
        oracle = Oracle(rows, cols, full, loop)
        cells = sorted(full)
        if oracle.alternative(frozenset(cells), frozenset(cells)) is not None:
            return None  # even every clue leaves another loop (or no answer in time)
        return Candidate(cells, oracle.alternative,
                         lambda kept: _puzzle(rows, cols, {x: full[x] for x in kept}),
                         lambda kept: effort(rows, cols, {x: full[x] for x in kept}),
                         DotLoop.from_masks(grid.masks_from_edges(loop)),
                         known=local_alternatives(rows, cols, inside, full), calls=lambda: oracle.calls)

    return search("slitherlink", rows, cols, difficulty, seed, THRESHOLDS, attempt)


def _on_loop(a: Cell, b: Cell, inside: set[Cell]) -> bool:
    """Whether the lattice edge a-b separates an inside cell from an outside one."""
    if a[0] == b[0]:  # horizontal: between the cells above and below
        return ((a[0] - 1, a[1]) in inside) != ((a[0], a[1]) in inside)
    return ((a[0], a[1] - 1) in inside) != ((a[0], a[1]) in inside)
