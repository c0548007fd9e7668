"""Masyu as a CP-SAT model: one circuit over the cells, pearl rules on edge literals.

Model: a Boolean per grid edge; two arc literals per edge (one per direction) feed
``add_circuit``, whose self-loops let non-pearl cells stay off the loop, so the drawing is
exactly one closed loop. Pearl rules, on edge literals (X1 = the pearl's edge in direction X,
X2 = the next edge further that way; an edge off the board is false):

* every cell: degree = 2 x on-loop (redundant with the circuit, it propagates early);
* white: straight (U1 = D1, L1 = R1) and not straight on both sides (not (L1 and L2 and R2),
  not (U1 and U2 and D2));
* black: turns (not (U1 and D1), not (L1 and R1)) and goes straight after (X1 -> X2).

Uniqueness: a second loop containing every edge of the first would be the first (a closed loop
leaves no free ends), so "another solution" is "at least one edge of the first is unused";
that one clause is added and the model solved again.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solvers.cpsat import Budget, found, run, timeout_result
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, Grid, format_masks
from solvers.puzzle import BLACK, EMPTY, WHITE, Puzzle
from solvers.verdict import Solution, SolveOptions, SolveResult, Status

# Measured on the corpus (bench/solve.py): on boards up to 400 cells one search worker without the
# LP relaxation and symmetry detection settles loop models 15-25% faster than a portfolio.
SMALL_BOARD_CELLS = 400
SMALL_BOARD_PARAMS = {"num_workers": 1, "linearization_level": 0, "symmetry_level": 0}


def search_params(puzzle: Puzzle) -> dict[str, int]:
    """Extra CP-SAT parameters for this board (none on big boards: the configured portfolio)."""
    return dict(SMALL_BOARD_PARAMS) if puzzle.rows * puzzle.cols <= SMALL_BOARD_CELLS else {}


class MasyuModel:
    """The CP-SAT model of one board; ``edges[i]`` is the literal of ``grid.edges[i]``."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.grid = grid = Grid(puzzle.rows, puzzle.cols)
        self.model = m = cp_model.CpModel()
        self.edges = [m.new_bool_var(f"e{i}") for i in range(len(grid.edges))]
        arcs: list[tuple[int, int, cp_model.IntVar]] = []
        for i, (a, b) in enumerate(grid.edges):
            ia, ib = grid.index(a), grid.index(b)
            fwd, back = m.new_bool_var(f"f{i}"), m.new_bool_var(f"b{i}")
            arcs += [(ia, ib, fwd), (ib, ia, back)]
            m.add(self.edges[i] == fwd + back)
        on_vars = []
        for cell in grid.cells():
            inc = [self.edges[e] for _, e in grid.cell_edges(cell)]
            if puzzle[cell] == EMPTY:
                on = m.new_bool_var(f"on{cell}")
                on_vars.append(on)
                arcs.append((grid.index(cell), grid.index(cell), ~on))
                m.add(sum(inc) == 2 * on)
            else:
                m.add(sum(inc) == 2)
        if not puzzle.clues() and on_vars:
            m.add_bool_or(on_vars)  # a loop must be drawn
        if arcs:
            m.add_circuit(arcs)
        for r, c, v in puzzle.clues():
            self._pearl((r, c), v)

    def lit(self, cell: tuple[int, int], bit: int, distance: int = 1) -> cp_model.IntVar | None:
        e = self.grid.edge_towards(cell, bit, distance)
        return None if e is None else self.edges[e]

    def _pearl(self, cell: tuple[int, int], kind: int) -> None:
        m = self.model
        for a, b in ((UP, DOWN), (LEFT, RIGHT)):
            x1, y1 = self.lit(cell, a), self.lit(cell, b)
            x2, y2 = self.lit(cell, a, 2), self.lit(cell, b, 2)
            if kind == WHITE:
                if x1 is None or y1 is None:  # cannot pass straight on this axis
                    for z in (x1, y1):
                        if z is not None:
                            m.add(z == 0)
                    continue
                m.add(x1 == y1)
                if x2 is not None and y2 is not None:
                    m.add_bool_or([~x1, ~x2, ~y2])
            elif kind == BLACK:
                if x1 is not None and y1 is not None:
                    m.add_bool_or([~x1, ~y1])
                for z1, z2 in ((x1, x2), (y1, y2)):
                    if z1 is None:
                        continue
                    if z2 is None:
                        m.add(z1 == 0)
                    else:
                        m.add_implication(z1, z2)

    def used(self, solver: cp_model.CpSolver) -> list[int]:
        return [i for i, e in enumerate(self.edges) if solver.boolean_value(e)]

    def solution(self, used: list[int]) -> Solution:
        return {"loop": format_masks(self.grid.masks_from_edges(used))}


def solve(puzzle: Puzzle, options: SolveOptions) -> SolveResult:
    """Find the loop; with ``options.unique`` also prove it is the only one (or find a second)."""
    budget = Budget(options)
    mm = MasyuModel(puzzle)
    params = search_params(puzzle)
    status, solver = run(mm.model, budget, params=params)
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.NONE, error="This puzzle has no solution.",
                           error_ja="このパズルには解がありません。", stats=budget.stats)
    if not found(status):
        return timeout_result(budget)
    first = mm.used(solver)
    sol = mm.solution(first)
    if not options.unique:
        return SolveResult(Status.SOLVED, solution=sol, stats=budget.stats)
    mm.model.add_bool_or([~mm.edges[e] for e in first])
    status, solver = run(mm.model, budget, params=params)
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.UNIQUE, solution=sol, stats=budget.stats)
    if found(status):
        return SolveResult(Status.MULTIPLE, solution=sol, second_solution=mm.solution(mm.used(solver)),
                           stats=budget.stats)
    res = timeout_result(budget)
    res.solution = sol
    return res
