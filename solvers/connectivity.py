"""Connectivity of a set of grid cells: plain-Python components and lazily added CP-SAT cuts.

CP-SAT has no lazy-constraint callback, so "the chosen cells form one orthogonally connected
area" is enforced by re-solving: solve, find the separate areas of the answer, add one cut per
extra area, solve again (:func:`solve_connected`). A cut says: if cell ``u`` (in one area) and
cell ``v`` (in another) are both chosen, at least one cell of a separator between them is chosen.
The separator is the part of the first area's border that touches the second area's side
(a minimal vertex cut between the two areas), which keeps the clauses short and strong.
Every cut is a consequence of the rule, so "infeasible" after cuts is a proof.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ortools.sat.python import cp_model
from ortools.sat.python.cp_model_helper import Literal

from solvers.cell import Cell
from solvers.cpsat import Budget, SolverStatus, run

Lit = Literal  # a Boolean variable or its negation


def neighbours(rows: int, cols: int, cell: Cell) -> Iterable[Cell]:
    """The up to four orthogonal neighbours of ``cell`` inside a rows x cols board."""
    r, c = cell
    if r > 0:
        yield r - 1, c
    if r + 1 < rows:
        yield r + 1, c
    if c > 0:
        yield r, c - 1
    if c + 1 < cols:
        yield r, c + 1


def components(rows: int, cols: int, cells: Iterable[Cell]) -> list[set[Cell]]:
    """The orthogonally connected areas of ``cells``, largest first."""
    todo = set(cells)
    areas = []
    while todo:
        start = todo.pop()
        area = {start}
        stack = [start]
        while stack:
            for n in neighbours(rows, cols, stack.pop()):
                if n in todo:
                    todo.remove(n)
                    area.add(n)
                    stack.append(n)
        areas.append(area)
    areas.sort(key=len, reverse=True)
    return areas


def border(rows: int, cols: int, area: set[Cell]) -> set[Cell]:
    """Cells outside ``area`` that touch it."""
    return {n for cell in area for n in neighbours(rows, cols, cell) if n not in area}


def separator(rows: int, cols: int, area: set[Cell], target: Cell) -> set[Cell]:
    """A minimal set of cells that every path from ``area`` to ``target`` must cross.

    ``area`` is a connected set not containing ``target``. Take its border N, then the region
    of ``target`` in the board without N; the cells of N touching that region separate them.
    """
    wall = border(rows, cols, area)
    region = {target}
    stack = [target]
    while stack:
        for n in neighbours(rows, cols, stack.pop()):
            if n not in region and n not in wall:
                region.add(n)
                stack.append(n)
    return {cell for cell in wall if any(n in region for n in neighbours(rows, cols, cell))}


def cuts(
    rows: int,
    cols: int,
    chosen: Iterable[Cell],
    lit: Callable[[Cell], Lit],
    prefer: Callable[[Cell], int] | None = None,
) -> list[list[Lit]]:
    """Clauses that cut off this disconnected choice of cells (empty when it is connected).

    For every area but the largest, one clause joins it to the largest: not u or not v or some
    separator cell chosen. ``prefer`` ranks cells to use as u and v (given cells make clauses
    shorter: their literal is fixed), lowest first.
    """
    areas = components(rows, cols, chosen)
    if len(areas) < 2:
        return []
    rank = prefer or (lambda cell: 0)
    main = areas[0]
    v = min(main, key=rank)
    clauses = []
    for area in areas[1:]:
        u = min(area, key=rank)
        # cut both ways: the small area's wall as seen from v, and the main area's wall as seen from u
        for a, b, t in ((area, u, v), (main, v, u)):
            sep = separator(rows, cols, a, t)
            clauses.append([lit(b).Not(), lit(t).Not(), *(lit(s) for s in sorted(sep))])
    return clauses


def solve_connected(
    model: cp_model.CpModel,
    budget: Budget,
    find_cuts: Callable[[cp_model.CpSolver], Sequence[Sequence[Lit]]],
    max_rounds: int = 10_000,
    runner: Callable[[cp_model.CpModel, Budget], tuple[SolverStatus, cp_model.CpSolver]] = run,
) -> tuple[SolverStatus, cp_model.CpSolver]:
    """Solve, add the cuts ``find_cuts`` returns for the answer, repeat until it returns none.

    Returns the last CP-SAT status and solver: OPTIMAL/FEASIBLE with an answer that needs no
    cut, INFEASIBLE (a proof: cuts are rule consequences) or UNKNOWN when the budget ran out.
    ``runner`` solves once (default :func:`solvers.cpsat.run`).
    """
    status, solver = runner(model, budget)
    for _ in range(max_rounds):
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return status, solver
        new = find_cuts(solver)
        if not new:
            return status, solver
        for clause in new:
            model.add_bool_or(list(clause))
        if budget.expired():
            return cp_model.UNKNOWN, solver
        status, solver = runner(model, budget)
    return cp_model.UNKNOWN, solver
