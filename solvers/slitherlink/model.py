"""Slitherlink as CP-SAT: the one model behind solving, the uniqueness proof and the generator.

A Boolean per cell side (an edge of the point lattice); two arc literals per edge feed
``add_circuit`` over the points, whose self-loops let unused points stay off the loop, so the
drawing is one closed loop; each point has degree 2 x on-loop (redundant, it propagates early);
at least one edge is used; each clue fixes the sum of its cell's four sides. The generator
builds the same model with ``switched=True``: every clue then holds only under its own literal,
set by assumptions (which clues a trial keeps).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any

from ortools.sat.python import cp_model

from solvers import cpsat
from solvers.cell import Cell
from solvers.cpsat import Budget, SolverStatus, no_solution, solve_twice
from solvers.puzzle import Puzzle
from solvers.slitherlink.deduce import Contradiction, regions, search
from solvers.slitherlink.lattice import DotLoop, clues, points, sides
from solvers.verdict import SolveOptions, SolveResult, Status

# the relay's settings: no LP relaxation and no symmetry detection (fast on most boards), then the
# circuit's full LP relaxation (slower, but settles some boards the first cannot); the first slice
# in CP-SAT deterministic time (about seconds). Up to 400 cells one search worker, 2-3x faster
# than the portfolio (measured on generated 10x10 and 15x15 hard boards)
RELAY: tuple[dict[str, Any], ...] = ({"linearization_level": 0, "symmetry_level": 0},
                                     {"linearization_level": 2, "symmetry_level": 0})
FIRST_SLICE = 0.25
SMALL_BOARD_CELLS = 400
# the search after deduction: branches and seconds (at most a quarter of the time limit) before
# CP-SAT takes over (measured: boards of 144-400 cells the deduction leaves open need 12-108)
SEARCH_NODES = 300
SEARCH_SECONDS = 1.0


class SlitherModel:
    """The CP-SAT model of one board; ``edges[i]`` is the literal of lattice edge ``grid.edges[i]``."""

    def __init__(self, rows: int, cols: int, givens: Mapping[Cell, int], *, switched: bool = False) -> None:
        self.rows, self.cols = rows, cols
        self.grid = grid = points(rows, cols)
        self.model = m = cp_model.CpModel()
        self.edges = [m.new_bool_var(f"e{i}") for i in range(len(grid.edges))]
        arcs: list[tuple[int, int, cp_model.LiteralT]] = []
        for i, (a, b) in enumerate(grid.edges):
            fwd, back = m.new_bool_var(f"f{i}"), m.new_bool_var(f"b{i}")
            arcs += [(grid.index(a), grid.index(b), fwd), (grid.index(b), grid.index(a), back)]
            m.add(self.edges[i] == fwd + back)
        for p in grid.cells():
            on = m.new_bool_var(f"on{p}")
            arcs.append((grid.index(p), grid.index(p), ~on))
            m.add(sum(self.edges[e] for _, e in grid.cell_edges(p)) == 2 * on)
        m.add_circuit(arcs)
        m.add_bool_or(self.edges)
        self.switch: dict[Cell, cp_model.IntVar] = {}
        for (r, c), n in sorted(givens.items()):
            ct = m.add(sum(self.edges[e] for e in sides(grid, r, c)) == n)
            if switched:
                self.switch[(r, c)] = s = m.new_bool_var(f"clue{r}_{c}")
                ct.only_enforce_if(s)

    def add_colors(self) -> None:
        """Redundant inside/outside colours CP-SAT cannot see: a Boolean per cell (the outside is
        False), and each edge is on the loop exactly when the cells either side differ."""
        m, rows, cols = self.model, self.rows, self.cols
        inside = [m.new_bool_var(f"in{k}") for k in range(rows * cols)]
        outside = m.new_constant(0)
        for e, (a, b) in enumerate(self.grid.edges):
            p, q = regions(rows, cols, a, b)
            x = inside[p] if p < rows * cols else outside
            y = inside[q] if q < rows * cols else outside
            m.add_bool_xor([self.edges[e], x, y, m.new_constant(1)])

    def used(self, solver: cp_model.CpSolver) -> list[int]:
        return [i for i, e in enumerate(self.edges) if solver.boolean_value(e)]

    def solution(self, used: Iterable[int]) -> DotLoop:
        return DotLoop.from_masks(self.grid.masks_from_edges(used))

    def decode(self, solver: cp_model.CpSolver) -> DotLoop:
        return self.solution(self.used(solver))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """Find the loop; with ``options.unique`` also prove it is the only one (or find a second).

    First :func:`solvers.slitherlink.deduce.search`: deduction (with trials) to a fixed point,
    then a small search over what it leaves open, deducing again at every node. Every deduced
    edge is forced, so a tree searched to the end holds every answer: one loop is unique, none
    means no loop, and no CP-SAT call is made. A search that runs out of nodes leaves the board
    to CP-SAT with the root's deduced edges fixed (and the loop it found, if any, as the first
    answer: only the proof runs).
    """
    budget, t0 = Budget(options), time.perf_counter()
    givens = clues(puzzle)
    limit = 2 if options.unique else 1
    known: dict[int, bool] = {}
    first: list[bool] | None = None
    try:
        found = search(puzzle.rows, puzzle.cols, givens, limit=limit, max_nodes=SEARCH_NODES,
                       seconds=min(SEARCH_SECONDS, budget.remaining() / 4))
    except Contradiction:  # no loop: the full model says so
        pass
    else:
        loops = [DotLoop.from_masks(found.deduction.grid.masks_from_edges(
            [e for e, v in enumerate(loop) if v])) for loop in found.loops]
        if found.exhausted or len(loops) == limit:
            budget.note("deduce", t0)
            if not loops:
                return no_solution(budget)
            if len(loops) == 2:
                return SolveResult(Status.MULTIPLE, solution=loops[0], second_solution=loops[1], stats=budget.stats)
            status = Status.UNIQUE if options.unique else Status.SOLVED
            return SolveResult(status, solution=loops[0], stats=budget.stats)
        known = found.deduction.known()
        first = found.loops[0] if found.loops else None
    t0 = budget.note("deduce", t0)
    sm = SlitherModel(puzzle.rows, puzzle.cols, givens)
    sm.add_colors()
    for e, used in known.items():
        sm.model.add_bool_or([sm.edges[e] if used else ~sm.edges[e]])
    budget.note("build", t0)
    one = puzzle.rows * puzzle.cols <= SMALL_BOARD_CELLS
    settings = [dict(p, num_workers=1) if one else p for p in RELAY]
    return solve_twice(sm.model, sm.edges, sm.decode, options, budget=budget,
                       runner=lambda model, bud: relay(model, bud, settings),
                       known=None if first is None else (sm.solution(e for e, v in enumerate(first) if v), first))


def relay(model: cp_model.CpModel, budget: Budget,
          settings: list[dict[str, Any]]) -> tuple[SolverStatus, cp_model.CpSolver]:
    """One solve as a relay of short runs, alternating the settings with doubling slices:
    a single run's time is heavy-tailed (measured: one setting took 0.1 s on a 15x15 board and
    over 10 s on another, the other setting the reverse), a relay wastes at most about half."""
    slice_s = FIRST_SLICE
    k = 0
    while True:
        last = budget.remaining() <= slice_s * 1.5
        params = settings[k % len(settings)]
        if not last:  # a slice of CP-SAT's deterministic time: the relay does not depend on the load
            params = {**params, "max_deterministic_time": slice_s}
        status, solver = cpsat.run(model, budget, params=params)
        if last or status != cp_model.UNKNOWN or budget.expired():
            return status, solver
        k += 1
        if k % len(settings) == 0:
            slice_s *= 2
