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

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solvers.cell import Cell
from solvers.wallside import target_side

if TYPE_CHECKING:  # OR-Tools is imported on first use: the plain-Python helpers here do without it
    from ortools.sat.python import cp_model
    from ortools.sat.python.cp_model_helper import Literal

    Lit = Literal  # a Boolean variable or its negation

    from solvers.cpsat import Budget, SolverStatus


def __getattr__(name: str) -> Any:
    """``Lit`` for the modules that import it, loaded then: a generator or deductions that only
    use the components and separations here build no model and need no OR-Tools (0.15 s cpu)."""
    if name == "Lit":
        from ortools.sat.python.cp_model_helper import Literal

        return Literal
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


def border(rows: int, cols: int, area: set[Cell], allowed: Container[Cell] | None = None) -> set[Cell]:
    """Cells outside ``area`` that touch it (only ``allowed`` cells, when given)."""
    out: set[Cell] = set()
    for r, c in area:  # the neighbours written out: the sea's wall is thousands of cells, every round of cuts
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in area and (allowed is None or n in allowed):
                out.add(n)
    return out


def separator(rows: int, cols: int, area: set[Cell], target: Cell,
              allowed: Container[Cell] | None = None, wall: set[Cell] | None = None,
              pieces: Mapping[Cell, int] | None = None) -> set[Cell]:
    """A minimal set of cells that every path from ``area`` to ``target`` must cross.

    ``area`` is a connected set not containing ``target``. Take its border N, then the region
    of ``target`` in the board without N; the cells of N touching that region separate them.
    ``allowed``: the cells a path may use at all (others can never be chosen), default all.
    ``wall``: N when the caller has it already (one area cut from several targets).
    ``pieces``: the component number of every allowed cell (every cell when ``allowed`` is None),
    for a small ``area`` far from ``target``: the region is then found from the wall's side
    (:func:`solvers.wallside.target_side`) instead of flooding the board from ``target``; the same set.
    """
    if wall is None:
        wall = border(rows, cols, area, allowed)
    if pieces is not None:
        side = target_side(rows, cols, area, target, allowed, wall, pieces)
        if side is not None:
            return {n for r, c in side for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in wall}
    region = {target}
    stack = [target]
    while stack:
        r, c = stack.pop()
        for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if (0 <= n[0] < rows and 0 <= n[1] < cols and n not in region and n not in wall
                    and (allowed is None or n in allowed)):
                region.add(n)
                stack.append(n)
    if len(region) < len(wall):  # the sea's wall from a small part's side: thousands of wall cells
        return {n for r, c in region for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in wall}
    return {cell for cell in wall if any(n in region for n in neighbours(rows, cols, cell))}


def cuts(
    rows: int,
    cols: int,
    chosen: Iterable[Cell],
    lit: Callable[[Cell], Lit],
    prefer: Callable[[Cell], int] | None = None,
    allowed: Container[Cell] | None = None,
    every: bool = False,
) -> list[list[Lit]]:
    """Clauses that cut off this disconnected choice of cells (empty when it is connected).

    For every area but the largest, one clause joins it to the largest: not u or not v or some
    separator cell chosen. ``prefer`` ranks cells to use as u and v (given cells make clauses
    shorter: their literal is fixed), lowest first. ``allowed``: the cells that may be chosen at
    all (separators then run around the others: shorter clauses), default all. ``every``: the
    small area's wall clause for each of its cells, not only u (more clauses, fewer rounds).
    """
    areas = components(rows, cols, chosen)
    if len(areas) < 2:
        return []
    rank = prefer or (lambda cell: 0)
    main = areas[0]
    v = min(main, key=rank)
    clauses: list[list[Lit]] = []
    main_wall = border(rows, cols, main, allowed)  # once, not per small area (the sea's wall: thousands of cells)
    pieces = _pieces(rows, cols, allowed)
    for area in areas[1:]:
        u = min(area, key=rank)
        # cut both ways: the small area's wall as seen from v, and the main area's wall as seen from u
        for a, b, t in ((area, u, v), (main, v, u)):
            sep = [lit(s) for s in sorted(separator(rows, cols, a, t, allowed, main_wall, None) if a is main
                                          else separator(rows, cols, a, t, allowed, None, pieces))]
            ends = sorted(area) if every and a is area else [b]
            clauses.extend([lit(e).Not(), lit(t).Not(), *sep] for e in ends)
    return clauses


def solve_connected(
    model: cp_model.CpModel,
    budget: Budget,
    find_cuts: Callable[[cp_model.CpSolver], Sequence[Sequence[Lit]]],
    max_rounds: int = 10_000,
    runner: Callable[[cp_model.CpModel, Budget], tuple[SolverStatus, cp_model.CpSolver]] | None = None,
) -> tuple[SolverStatus, cp_model.CpSolver]:
    """Solve, add the cuts ``find_cuts`` returns for the answer, repeat until it returns none.

    Returns the last CP-SAT status and solver: OPTIMAL/FEASIBLE with an answer that needs no
    cut, INFEASIBLE (a proof: cuts are rule consequences) or UNKNOWN when the budget ran out.
    ``runner`` solves once (default :func:`solvers.cpsat.run`).
    """
    from ortools.sat.python import cp_model

    from solvers.cpsat import run

    status, solver = (runner or run)(model, budget)
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
        status, solver = (runner or run)(model, budget)
    return cp_model.UNKNOWN, solver


def _pieces(rows: int, cols: int, allowed: Container[Cell] | None) -> Mapping[Cell, int] | None:
    """The component number of every allowed cell (of every cell when ``allowed`` is None), for
    :func:`separator`; None when ``allowed`` cannot be listed."""
    if allowed is None:
        return {(r, c): 0 for r in range(rows) for c in range(cols)}
    if not isinstance(allowed, Iterable):
        return None
    return {cell: k for k, part in enumerate(components(rows, cols, allowed)) for cell in part}


def anchored_cuts(
    rows: int,
    cols: int,
    chosen: Iterable[Cell],
    anchor: Cell,
    lit: Callable[[Cell], Lit],
    allowed: Container[Cell] | None = None,
) -> list[list[Lit]]:
    """Clauses that cut off every area of ``chosen`` that does not hold ``anchor``, a cell that is
    always chosen (an island's numbered cell): "u is not chosen or some separator cell is"."""
    clauses: list[list[Lit]] = []
    for area in components(rows, cols, chosen):
        if anchor in area:
            continue
        sep = [lit(s) for s in sorted(separator(rows, cols, area, anchor, allowed))]
        # one clause per cell of the area (the separator holds for each): fewer rounds than one
        clauses.extend([lit(u).Not(), *sep] for u in sorted(area))
    return clauses


@dataclass
class ConnectedArea:
    """"These Boolean cell variables form one connected area", for any genre's CP-SAT model.

    ``literals`` maps every cell that may be chosen to its literal (cells left out are never chosen;
    separators run around them). ``anchor``: a cell known to be chosen (the area must hold it:
    cuts then join every other part to it, and no literal of it is needed). ``prefer`` ranks
    cells as ends of cuts (see :func:`cuts`). Add :meth:`add_local` to the model once, then solve
    with :meth:`find_cuts` through :func:`solve_connected` (or :func:`joined` with other areas).
    """

    rows: int
    cols: int
    literals: Mapping[Cell, Lit]
    anchor: Cell | None = None
    prefer: Callable[[Cell], int] | None = None

    def chosen(self, solver: cp_model.CpSolver) -> list[Cell]:
        return [cell for cell, lit in self.literals.items() if solver.boolean_value(lit)]

    def lit(self, cell: Cell) -> Lit:
        return self.literals[cell]

    def add_local(self, model: cp_model.CpModel, several: Lit | bool = True) -> None:
        """A chosen cell has a chosen neighbour when the area has ``several`` cells (a literal, or
        True when it always has at least two): a local consequence that prunes before any cut."""
        for cell, lit in self.literals.items():
            near = [self.literals[n] for n in neighbours(self.rows, self.cols, cell) if n in self.literals]
            if several is True:
                model.add_bool_or([lit.Not(), *near])
            elif several is not False:
                model.add_bool_or([lit.Not(), several.Not(), *near])

    def find_cuts(self, solver: cp_model.CpSolver) -> list[list[Lit]]:
        """Cuts for the answer in ``solver`` (none when its chosen cells are connected)."""
        chosen = self.chosen(solver)
        if self.anchor is not None:
            return anchored_cuts(self.rows, self.cols, chosen, self.anchor, self.lit, self.literals)
        return cuts(self.rows, self.cols, chosen, self.lit, self.prefer, self.literals, every=True)


def joined(*finders: Callable[[cp_model.CpSolver], Sequence[Sequence[Lit]]],
           ) -> Callable[[cp_model.CpSolver], list[Sequence[Lit]]]:
    """One cut finder for :func:`solve_connected` from several (e.g. every island and the sea)."""
    def find(solver: cp_model.CpSolver) -> list[Sequence[Lit]]:
        return [clause for f in finders for clause in f(solver)]
    return find


def grid_adjacency(rows: int, cols: int) -> list[list[int]]:
    """The orthogonal neighbours of every cell, cells numbered r * cols + c (plain-Python deductions)."""
    return [[r2 * cols + c2 for r2, c2 in neighbours(rows, cols, (r, c))] for r in range(rows) for c in range(cols)]


@dataclass(frozen=True, slots=True)
class Separations:
    """What one depth-first search with Tarjan's low links learns about a graph (see :func:`separations`).

    Weight marks the vertices that must stay connected to each other (terminals): a cut vertex
    or bridge counts only when weight lies on both sides of it.
    """

    order: list[int]  # per vertex: its DFS discovery number, -1 where no search reached it
    totals: list[int]  # per component searched, in search order: the weight of its vertices
    cut_vertices: list[int]  # vertices whose removal leaves weight on two sides, in the order found
    bridges: list[tuple[int, int]]  # edges (parent, child) whose removal leaves weight on both sides


def separations(
    adj: Sequence[Sequence[int]],
    member: Sequence[bool],
    weight: Sequence[int] | None = None,
    roots: Iterable[int] | None = None,
    find_bridges: bool = False,
) -> Separations:
    """The cut vertices and bridges of the subgraph induced by ``member`` vertices of the simple
    graph ``adj`` (one iterative DFS, so no recursion limit on large boards).

    ``weight`` (default: 1 per member) says which vertices count: a vertex is a cut vertex when
    removing it leaves weight in two parts of its component (its own weight never counts), an
    edge a bridge when removing it leaves weight on both sides. With the default every
    articulation point is found. ``roots`` limits the search to the components of these vertices
    (default: every component), for callers that need only one. Bridges are listed only with
    ``find_bridges`` (the deductions call this in their inner loop).
    """
    n = len(adj)
    w: Sequence[int] = weight if weight is not None else [1] * n
    disc = [-1] * n
    low = [0] * n
    below = [0] * n  # weight in the DFS subtree
    totals: list[int] = []
    cut_vertices: list[int] = []
    bridges: list[tuple[int, int]] = []
    found = [False] * n
    timer = 0
    for root in range(n) if roots is None else roots:
        if not member[root] or disc[root] != -1:
            continue
        splits: list[tuple[int, int]] = []  # (vertex, child) where the child's subtree hangs off the vertex
        disc[root] = low[root] = timer
        below[root] = w[root]
        timer += 1
        stack: list[tuple[int, int, int]] = [(root, -1, 0)]
        while stack:
            v, parent, k = stack[-1]
            nb = adj[v]
            if k < len(nb):
                stack[-1] = (v, parent, k + 1)
                u = nb[k]
                if not member[u] or u == parent:
                    continue
                if disc[u] == -1:
                    disc[u] = low[u] = timer
                    below[u] = w[u]
                    timer += 1
                    stack.append((u, v, 0))
                elif disc[u] < low[v]:
                    low[v] = disc[u]
                continue
            stack.pop()
            if parent == -1:
                continue
            below[parent] += below[v]
            if low[v] < low[parent]:
                low[parent] = low[v]
            if low[v] >= disc[parent] and below[v]:
                splits.append((parent, v))
        total = below[root]
        totals.append(total)
        for v, child in splits:
            rest = total - below[child]
            if not found[v] and rest - w[v] > 0:
                found[v] = True
                cut_vertices.append(v)
            if find_bridges and rest > 0 and low[child] > disc[v]:
                bridges.append((v, child))
    return Separations(disc, totals, cut_vertices, bridges)


def needed_cells(adj: Sequence[Sequence[int]], member: Sequence[bool], marked: Sequence[bool]) -> set[int]:
    """Cells of ``member`` (not ``marked``) whose removal would split the ``marked`` cells of their
    component: when the marked cells must end up connected through member cells, these must be used."""
    return {v for v in separations(adj, member, marked).cut_vertices if not marked[v]}


def add_tree(
    model: cp_model.CpModel,
    rows: int,
    cols: int,
    literals: Mapping[Cell, Lit],
    root: Cell,
    max_depth: int | None = None,
) -> None:
    """"The chosen cells are connected to ``root``" stated in full (no cuts needed): every chosen
    cell but the root picks one chosen neighbour as its parent, one step closer to the root.

    ``literals`` maps each cell that may be chosen to its literal (``root`` is always chosen and
    needs none). A cell farther than ``max_depth`` steps from the root (through cells of
    ``literals``) is never chosen; depths start at that distance, which keeps the domains small.
    Suits small areas of known size (an island of n cells: depth below n); for a large area
    lazy cuts (:class:`ConnectedArea`) cost less.
    """
    dist = {root: 0}
    order = [root]
    for cell in order:
        for n in neighbours(rows, cols, cell):
            if n in literals and n not in dist and (max_depth is None or dist[cell] < max_depth):
                dist[n] = dist[cell] + 1
                order.append(n)
    top = max_depth if max_depth is not None else len(literals)
    depth = {root: model.new_constant(0)}
    for cell in order[1:]:
        depth[cell] = model.new_int_var(dist[cell], top, "")
    for cell, lit in literals.items():
        if cell == root:
            continue
        if cell not in dist:
            model.add_bool_or([lit.Not()])
            continue
        parents = []
        for n in neighbours(rows, cols, cell):
            if n not in dist or dist[n] > top - 1:
                continue
            p = model.new_bool_var("")
            parents.append(p)
            model.add_implication(p, literals[n] if n != root else p)
            model.add(depth[cell] == depth[n] + 1).only_enforce_if(p)
        model.add(sum(parents) == 1).only_enforce_if(lit)
        model.add(sum(parents) == 0).only_enforce_if(lit.Not())
