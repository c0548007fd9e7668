"""Masyu as a CP-SAT model: one circuit over the cells, pearl rules on edge literals.

Model: a Boolean per grid edge; two arc literals per edge (one per direction) feed
``add_circuit``, whose self-loops let cells stay off the loop, so the drawing is exactly one
closed loop. Pearl rules, on edge literals (X1 = the pearl's edge in direction X, X2 = the next
edge further that way; an edge off the board is false):

* every cell: degree = 2 x on-loop (redundant with the circuit, it propagates early);
* white: straight (U1 = D1, L1 = R1) and not straight on both sides (not (L1 and L2 and R2),
  not (U1 and U2 and D2));
* black: turns (not (U1 and D1), not (L1 and R1)) and goes straight after (X1 -> X2).

:class:`MasyuModel` is the one encoding: the solver builds it with the pearls fixed, the
generator's oracle with every pearl switched on and off by an assumption literal.

Uniqueness: a second loop containing every edge of the first would be the first (a closed loop
leaves no free ends), so "another solution" is "at least one edge of the first is unused";
:func:`solvers.cpsat.solve_twice` adds that clause (over every edge) and solves again.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from ortools.sat.python import cp_model, cp_model_helper

from solvers.cell import Cell
from solvers.cpsat import Budget, solve_twice
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, Grid
from solvers.masyu.deduce import Contradiction, deduce
from solvers.notation import BLACK, EMPTY, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution
from solvers.verdict import SolveOptions, SolveResult, Status

Lit = cp_model_helper.Literal  # a Boolean variable or its negation

# The generator's many small oracle calls (single worker, fixed seed): the circuit's LP relaxation,
# probing and presolve cost more than they prune.
ORACLE_PARAMS = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0,
                 "cp_model_presolve": False}
# The solver, every size (issue 11, bench/solve.py --peer): the same settings on one worker. A two-worker
# portfolio (the old setting above 400 cells) lost a 25x25 board for 10 s that one LP-free worker
# settles in 0.5 s, and on 10x10 boards these settings are a third faster than LP-free search with presolve.
SOLVE_PARAMS = dict(ORACLE_PARAMS, num_workers=1)


def search_params(rows: int, cols: int) -> dict[str, int]:
    """CP-SAT parameters of a solve (``SOLVE_PARAMS``; from 400 cells with presolve, which tames
    the heavy tail: on the 25 boards of 144+ cells deduction left open, the slowest solve and
    proof fell from 1.7 s to 0.4 s, the median rose from 39 to 49 ms; bench/solve.py --peer)."""
    params = dict(SOLVE_PARAMS)
    if rows * cols >= 400:
        params["cp_model_presolve"] = True
    return params


def pearls_of_puzzle(puzzle: Puzzle[int]) -> dict[Cell, int]:
    return {(r, c): v for r, c, v in puzzle.clues()}


class MasyuModel:
    """The CP-SAT model of one board; ``edges[i]`` is the literal of ``grid.edges[i]``.

    ``switched``: every pearl's rules hold only under its literal ``switch[cell]`` (the generator
    asks with assumptions which pearls keep a loop unique); otherwise they always hold.
    """

    def __init__(self, rows: int, cols: int, pearls: Mapping[Cell, int], *, switched: bool = False) -> None:
        self.rows, self.cols = rows, cols
        self.grid = grid = Grid(rows, cols)
        self.model = m = cp_model.CpModel()
        # variables in the order the generator's oracle was tuned with (cells, then edge, arc, arc per
        # edge): CP-SAT's single-worker search depends on it, and so do the generator's seeds and grades
        self.on: dict[Cell, Lit] = {cell: m.new_bool_var(f"on{cell}") for cell in grid.cells()
                                    if switched or pearls.get(cell, EMPTY) == EMPTY}
        self.edges: list[cp_model.IntVar] = []
        self.switch: dict[Cell, Lit] = {}
        arcs: list[tuple[int, int, Lit]] = []
        for i, (a, b) in enumerate(grid.edges):
            ia, ib = grid.index(a), grid.index(b)
            e, fwd, back = m.new_bool_var(f"e{i}"), m.new_bool_var(f"f{i}"), m.new_bool_var(f"b{i}")
            self.edges.append(e)
            arcs += [(ia, ib, fwd), (ib, ia, back)]
            m.add(e == fwd + back)
        for cell in grid.cells():
            inc = [self.edges[e] for _, e in grid.cell_edges(cell)]
            on = self.on.get(cell)
            if on is None:  # a fixed pearl: always on the loop
                m.add(sum(inc) == 2)
                continue
            arcs.append((grid.index(cell), grid.index(cell), ~on))
            m.add(sum(inc) == 2 * on)
        if not pearls and self.on and not switched:
            m.add_bool_or(list(self.on.values()))  # a loop must be drawn
        if arcs:
            m.add_circuit(arcs)
        for cell, kind in sorted(pearls.items()):
            if kind == EMPTY:
                continue
            if switched:
                s = self.switch[cell] = m.new_bool_var(f"p{cell}")
                m.add_implication(s, self.on[cell])
                self._pearl(cell, kind, s)
            else:
                self._pearl(cell, kind)

    @classmethod
    def of(cls, puzzle: Puzzle[int]) -> MasyuModel:
        return cls(puzzle.rows, puzzle.cols, pearls_of_puzzle(puzzle))

    def lit(self, cell: Cell, bit: int, distance: int = 1) -> Lit | None:
        """The edge ``distance`` steps from ``cell`` towards ``bit`` (None: off the board)."""
        e = self.grid.edge_towards(cell, bit, distance)
        return None if e is None else self.edges[e]

    def _pearl(self, cell: Cell, kind: int, switch: Lit | None = None) -> None:
        m = self.model
        when = [] if switch is None else [switch]
        for a, b in ((UP, DOWN), (LEFT, RIGHT)):
            x1, y1 = self.lit(cell, a), self.lit(cell, b)
            x2, y2 = self.lit(cell, a, 2), self.lit(cell, b, 2)
            if kind == WHITE:
                if x1 is None or y1 is None:  # cannot pass straight on this axis
                    for z in (x1, y1):
                        if z is not None:
                            m.add(z == 0).only_enforce_if(when)
                    continue
                m.add(x1 == y1).only_enforce_if(when)
                if x2 is not None and y2 is not None:
                    m.add_bool_or([~x1, ~x2, ~y2]).only_enforce_if(when)
            elif kind == BLACK:
                if x1 is not None and y1 is not None:
                    m.add_bool_or([~x1, ~y1]).only_enforce_if(when)
                for z1, z2 in ((x1, x2), (y1, y2)):
                    if z1 is None:
                        continue
                    if z2 is None:
                        m.add(z1 == 0).only_enforce_if(when)
                    else:
                        m.add_implication(z1, z2).only_enforce_if(when)

    def add_parity(self, known: Mapping[int, bool]) -> None:
        """Redundant cuts CP-SAT cannot see: the loop crosses each straight line between two rows
        (or two columns) an even number of times (measured: the uniqueness proof of a 20x36 board
        2-4x faster). ``known``: edges already fixed, left out of the constraints."""
        m = self.model
        for line in self.grid.lines():
            free = [self.edges[e] for e in line if e not in known]
            odd = sum(1 for e in line if known.get(e)) % 2 == 1
            if free:  # XOR of the free edges = parity of the used ones (add_bool_xor: an odd count)
                m.add_bool_xor(free if odd else [*free, m.new_constant(1)])

    def masks(self, solver: cp_model.CpSolver) -> list[list[int]]:
        """The loop of a solver's answer as connection masks."""
        return self.grid.masks_from_edges(i for i, e in enumerate(self.edges) if solver.boolean_value(e))

    def solution(self, solver: cp_model.CpSolver) -> LoopSolution:
        return LoopSolution.from_masks(self.masks(solver))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """Find the loop; with ``options.unique`` also prove it is the only one (or find a second).

    First :mod:`solvers.masyu.deduce` (with trials) to a fixed point: when it fixes every edge that loop is the
    only one (each step is forced by the rules) and no search runs; otherwise the deduced edges
    are fixed in the model and CP-SAT settles the rest.
    """
    budget, t0 = Budget(options), time.perf_counter()
    pearls = pearls_of_puzzle(puzzle)
    known: dict[int, bool] = {}
    try:
        found = deduce(puzzle.rows, puzzle.cols, pearls)
    except Contradiction:  # no loop: the full model says so
        pass
    else:
        if found.complete and found.used():  # every edge forced by the rules: the one loop
            budget.note("deduce", t0)
            status = Status.UNIQUE if options.unique else Status.SOLVED
            loop = LoopSolution.from_masks(found.grid.masks_from_edges(found.used()))
            return SolveResult(status, solution=loop, stats=budget.stats)
        known = found.known()
    t0 = budget.note("deduce", t0)
    mm = MasyuModel(puzzle.rows, puzzle.cols, pearls)
    for e, used in known.items():  # deduced edges: a head start for the search (measured: big boards gain)
        mm.model.add_bool_or([mm.edges[e] if used else mm.edges[e].Not()])
    mm.add_parity(known)
    budget.note("build", t0)
    return solve_twice(mm.model, mm.edges, mm.solution, options, budget=budget,
                       params=search_params(puzzle.rows, puzzle.cols))
