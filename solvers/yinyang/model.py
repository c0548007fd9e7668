"""Yin-Yang as CP-SAT: one Boolean per cell (true = black) and the colour boundary as one circuit.

Why a circuit: draw the edges between cells of different colours on the grid's lattice points.
No 2x2 block of one colour and no 2x2 checkerboard (see below) leave every inner lattice point
with 0 or 2 boundary edges, so the boundary is a set of disjoint curves, each a closed cycle or
a path from the frame to the frame. k such curves cut the board into k + 1 single-colour areas.
Both colours connected (and both present) therefore means exactly one curve. Joining the frame
to one extra node ``O`` turns a frame-to-frame path into a cycle through ``O``, and CP-SAT's
``add_circuit`` (optional nodes via self-loops) states "exactly one cycle" exactly. The model is
complete: one CP-SAT call finds an answer, a second one with it excluded proves uniqueness.

Redundant constraints (consequences of the rules, added because they prune early):

* no 2x2 checkerboard: its two black cells would need a black path between them and its two
  white cells a white path, and in the plane those paths would have to cross;
* at most two colour changes around the frame: with four, black frame cells a, c and white
  frame cells b, d alternate around the frame and the black a-c path and the white b-d path
  would cross. (The circuit already implies both; stating them helps propagation.)

Search: CP-SAT runs without its LP relaxation (see :func:`_run`) and starts from a hinted comb
colouring (:func:`_comb_hint`); uniqueness excludes the first answer's cell colours only, so the
circuit's direction never makes one colouring count twice.

``method="cuts"`` is a second, independent formulation (cells only, connectivity by lazily
added separator cuts, :mod:`solvers.connectivity`), used to cross-check the circuit model.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ortools.sat.python import cp_model

from solvers.connectivity import components, cuts, neighbours, solve_connected
from solvers.cpsat import Budget, exclude, found, timeout_result
from solvers.puzzle import BLACK, WHITE, Puzzle
from solvers.verdict import Solution, SolveOptions, SolveResult, Status

Cell = tuple[int, int]


def solve(puzzle: Puzzle, options: SolveOptions, method: str = "circuit") -> SolveResult:
    """The verdict for a Yin-Yang board (unique / multiple / solved / none / timeout)."""
    model = cp_model.CpModel()
    rows, cols = puzzle.rows, puzzle.cols
    black = [[model.new_bool_var(f"b{r}_{c}") for c in range(cols)] for r in range(rows)]
    for r, c, v in puzzle.clues():
        if v == BLACK:
            model.add(black[r][c] == 1)
        elif v == WHITE:
            model.add(black[r][c] == 0)
    flat = [b for row in black for b in row]

    def decode(solver: cp_model.CpSolver) -> Solution:
        return {"colors": ["".join("B" if solver.boolean_value(b) else "W" for b in row) for row in black]}

    if rows == 1 or cols == 1:
        _line(model, flat)
        return _verdict(model, flat, decode, options)
    _blocks(model, black)
    if method == "cuts":
        _frame_changes(model, black)
        return _verdict(model, flat, decode, options, _cut_finder(puzzle, black))
    fits = [c for c in combs(rows, cols) if _agrees(puzzle, c)]
    if len(fits) >= 2:  # two known answers that respect every given: no search needed
        status = Status.MULTIPLE if options.unique else Status.SOLVED
        return SolveResult(status, solution={"colors": fits[0]},
                           second_solution={"colors": fits[1]} if options.unique else None)
    _boundary_circuit(model, black)
    if fits:
        return _verdict(model, flat, decode, options, known={"colors": fits[0]}, puzzle=puzzle)
    _comb_hint(model, black, puzzle)
    return _verdict(model, flat, decode, options, puzzle=puzzle)


def _differ(model: cp_model.CpModel, a: cp_model.IntVar, b: cp_model.IntVar) -> cp_model.IntVar:
    """A Boolean equal to (a != b)."""
    d = model.new_bool_var("")
    model.add_bool_or([a, b, d.Not()])
    model.add_bool_or([a.Not(), b.Not(), d.Not()])
    model.add_bool_or([a, b.Not(), d])
    model.add_bool_or([a.Not(), b, d])
    return d


def _line(model: cp_model.CpModel, cells: list[cp_model.IntVar]) -> None:
    """A 1-row or 1-column board: each colour connected means at most one colour change."""
    changes = [_differ(model, a, b) for a, b in zip(cells, cells[1:], strict=False)]
    if changes:
        model.add(sum(changes) <= 1)


def _blocks(model: cp_model.CpModel, black: list[list[cp_model.IntVar]]) -> None:
    """Per 2x2 block: not one colour (the rule), not a checkerboard (a consequence, see above)."""
    for r in range(len(black) - 1):
        for c in range(len(black[0]) - 1):
            a, b, d, e = black[r][c], black[r][c + 1], black[r + 1][c], black[r + 1][c + 1]
            model.add_bool_or([a, b, d, e])
            model.add_bool_or([a.Not(), b.Not(), d.Not(), e.Not()])
            model.add_bool_or([a.Not(), b, d, e.Not()])  # not a=e black with b=d white
            model.add_bool_or([a, b.Not(), d.Not(), e])  # not a=e white with b=d black


def _agrees(puzzle: Puzzle, colours: list[str]) -> bool:
    """Does a colouring keep every given circle's colour?"""
    letter = {WHITE: "W", BLACK: "B"}
    return all(colours[r][c] == letter[v] for r, c, v in puzzle.clues())


def _comb_hint(model: cp_model.CpModel, black: list[list[cp_model.IntVar]], puzzle: Puzzle) -> None:
    """Hint a valid colouring of the empty board (givens win): a black comb (first column and even
    rows) meshing with a white one (odd rows and last column). Only a search hint: it finds
    answers on boards with few givens fast and changes no verdict."""
    rows, cols = len(black), len(black[0])
    for r in range(rows):
        for c in range(cols):
            given = puzzle.cells[r][c]
            comb = c == 0 or (r % 2 == 0 and c < cols - 1)
            model.add_hint(black[r][c], given == BLACK if given else comb)


def _frame(rows: int, cols: int) -> list[Cell]:
    """The frame cells in cyclic order (clockwise from the top-left corner)."""
    top = [(0, c) for c in range(cols)]
    right = [(r, cols - 1) for r in range(1, rows)]
    bottom = [(rows - 1, c) for c in range(cols - 2, -1, -1)]
    left = [(r, 0) for r in range(rows - 2, 0, -1)]
    return top + right + bottom + left


def _frame_changes(model: cp_model.CpModel, black: list[list[cp_model.IntVar]]) -> None:
    """At most two colour changes around the frame (a rule consequence, see the module doc)."""
    ring = _frame(len(black), len(black[0]))
    changes = [_differ(model, black[r][c], black[r2][c2])
               for (r, c), (r2, c2) in zip(ring, ring[1:] + ring[:1], strict=True)]
    model.add(sum(changes) <= 2)


def _boundary_circuit(model: cp_model.CpModel, black: list[list[cp_model.IntVar]]) -> None:
    """The colour boundary is exactly one cycle on the lattice points plus the outside node O.

    Lattice point (i, j) is the top-left corner of cell (i, j). The edge between cells
    (r, c-1) and (r, c) is the segment (r, c)-(r+1, c); the edge between (r-1, c) and (r, c) is
    (r, c)-(r, c+1). A segment is on the boundary iff its two cells differ. Frame points
    (not corners) have one segment into the board and an arc pair to O.
    """
    rows, cols = len(black), len(black[0])
    node: dict[tuple[int, int], int] = {}

    def index(p: tuple[int, int]) -> int:
        if p not in node:
            node[p] = len(node) + 1  # 0 is O
        return node[p]

    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    used_by_segment: dict[int, list[cp_model.IntVar]] = {}
    frame_changes = []

    def segment(p: tuple[int, int], q: tuple[int, int], a: cp_model.IntVar, b: cp_model.IntVar) -> None:
        d = _differ(model, a, b)
        i, j = index(p), index(q)
        fwd, back = model.new_bool_var(""), model.new_bool_var("")
        model.add(fwd + back == d)
        arcs.extend([(i, j, fwd), (j, i, back)])
        for n in (i, j):
            used_by_segment.setdefault(n, []).append(d)
        for point in (p, q):
            if _on_frame(point, rows, cols):
                frame_changes.append(d)

    for r in range(rows):
        for c in range(1, cols):
            segment((r, c), (r + 1, c), black[r][c - 1], black[r][c])
    for r in range(1, rows):
        for c in range(cols):
            segment((r, c), (r, c + 1), black[r - 1][c], black[r][c])

    outside = model.new_bool_var("O_skipped")
    arcs.append((0, 0, outside))
    for p, i in node.items():
        skip = model.new_bool_var("")
        arcs.append((i, i, skip))
        # a point is on the curve iff one of its segments is (the circuit implies it; stated for propagation)
        for d in used_by_segment[i]:
            model.add_implication(d, skip.Not())
        if _on_frame(p, rows, cols):
            (d,) = used_by_segment[i]  # a frame point has exactly one segment into the board
            model.add(skip + d == 1)
            to_o, from_o = model.new_bool_var(""), model.new_bool_var("")
            arcs.extend([(i, 0, to_o), (0, i, from_o)])
            model.add(to_o + from_o == d)
        else:
            model.add_bool_or([skip, *used_by_segment[i]])
    # the frame is crossed by the curve 0 or 2 times (a consequence the circuit also implies)
    model.add(sum(frame_changes) <= 2)
    model.add(sum(frame_changes) != 1)
    model.add_circuit(arcs)


def _on_frame(p: tuple[int, int], rows: int, cols: int) -> bool:
    return p[0] in (0, rows) or p[1] in (0, cols)


def _run(model: cp_model.CpModel, budget: Budget) -> tuple[int, cp_model.CpSolver]:
    """One CP-SAT call under the budget, without the LP relaxation.

    The LP relaxation of the circuit costs much and prunes little here: with it, an empty 12x12
    board finds no answer in 8 s; without it, 20x20 takes about a second (measured in bench).
    """
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.max_time_in_seconds = max(0.01, budget.remaining())
    p.num_workers = max(1, budget.options.workers)
    p.random_seed = budget.options.seed
    p.linearization_level = 0
    if p.num_workers > 1:  # the default portfolio brings the LP back: choose LP-free workers
        p.subsolvers.extend(["no_lp", "quick_restart_no_lp", "pseudo_costs", "fixed"][: p.num_workers])
    t0 = time.perf_counter()
    status = solver.solve(model)
    budget.stats.add(solver.num_branches, solver.num_conflicts, time.perf_counter() - t0)
    return status, solver


def _verdict(model: cp_model.CpModel, decision: list[cp_model.IntVar], decode: Callable[[cp_model.CpSolver], Solution],
             options: SolveOptions, find_cuts: Callable | None = None, known: Solution | None = None,
             puzzle: Puzzle | None = None) -> SolveResult:
    """Solve, then (if asked) solve again with the answer's colours excluded: the verdict.

    Exclusion is on the cell colours only, so one colouring is one answer whatever the auxiliary
    variables (circuit direction, arcs) say. With ``find_cuts``, each call is a lazy-cut loop.
    ``known``: an answer already in hand (a comb), so only the uniqueness search runs.
    ``puzzle``: when given, a one-cell change of the first answer is tried before the search.
    """
    budget = Budget(options)
    if known is not None:
        if not options.unique:
            return SolveResult(Status.SOLVED, solution=known, stats=budget.stats)
        if puzzle is not None and (other := one_flip(puzzle, known["colors"])) is not None:
            return SolveResult(Status.MULTIPLE, solution=known, second_solution={"colors": other}, stats=budget.stats)
        letters = "".join(known["colors"])
        value = [ch == "B" for ch in letters]
        model.add_bool_or([b.Not() if v else b for b, v in zip(decision, value, strict=True)])
        model.clear_hints()
        for b, v in zip(decision, value, strict=True):
            model.add_hint(b, v)
        return _second(model, decode, budget, _once(model, budget, find_cuts), known)

    solve_once = _once(model, budget, find_cuts)
    status, solver = solve_once()
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.NONE, error="This puzzle has no solution.",
                           error_ja="このパズルには解がありません。", stats=budget.stats)
    if not found(status):
        return timeout_result(budget)
    first = decode(solver)
    if not options.unique:
        return SolveResult(Status.SOLVED, solution=first, stats=budget.stats)
    if puzzle is not None and (other := one_flip(puzzle, first["colors"])) is not None:
        return SolveResult(Status.MULTIPLE, solution=first, second_solution={"colors": other}, stats=budget.stats)
    exclude(model, decision, solver)
    model.clear_hints()
    for b in decision:  # the second search starts next to the first answer
        model.add_hint(b, solver.boolean_value(b))
    return _second(model, decode, budget, solve_once, first)


def one_flip(puzzle: Puzzle, colours: list[str]) -> list[str] | None:
    """Another valid colouring that differs from ``colours`` in one non-given cell, if there is one.

    A cheap way to show "multiple" on boards with few givens before the uniqueness search: the
    flipped cell must not complete a one-colour 2x2 block, must touch its new colour, and both
    colours must stay connected (checked with a flood fill).
    """
    rows, cols = puzzle.rows, puzzle.cols
    grid = [list(row) for row in colours]
    for r in range(rows):
        for c in range(cols):
            if puzzle.cells[r][c]:
                continue
            new = "W" if grid[r][c] == "B" else "B"
            if not any(grid[y][x] == new for y, x in neighbours(rows, cols, (r, c))):
                continue
            grid[r][c] = new
            if not _mono_block_at(grid, r, c) and all(
                    len(components(rows, cols, [(y, x) for y in range(rows) for x in range(cols)
                                                if grid[y][x] == letter])) <= 1 for letter in "WB"):
                return ["".join(row) for row in grid]
            grid[r][c] = "W" if new == "B" else "B"
    return None


def _mono_block_at(grid: list[list[str]], r: int, c: int) -> bool:
    """Is one of the (up to four) 2x2 blocks holding (r, c) all one colour?"""
    rows, cols = len(grid), len(grid[0])
    for top in (r - 1, r):
        for left in (c - 1, c):
            if 0 <= top < rows - 1 and 0 <= left < cols - 1 and len(
                    {grid[top][left], grid[top][left + 1], grid[top + 1][left], grid[top + 1][left + 1]}) == 1:
                return True
    return False


def _once(model: cp_model.CpModel, budget: Budget, find_cuts: Callable | None) -> Callable:
    """One solve of ``model``: a plain CP-SAT call, or a lazy-cut loop when ``find_cuts`` is set."""

    def solve_once() -> tuple[int, cp_model.CpSolver]:
        if find_cuts is None:
            return _run(model, budget)
        return solve_connected(model, budget, find_cuts, runner=_run)

    return solve_once


def _second(model: cp_model.CpModel, decode: Callable, budget: Budget, solve_once: Callable,
            first: Solution) -> SolveResult:
    """The uniqueness search (the first answer is already excluded from ``model``)."""
    status, solver = solve_once()
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.UNIQUE, solution=first, stats=budget.stats)
    if found(status):
        return SolveResult(Status.MULTIPLE, solution=first, second_solution=decode(solver), stats=budget.stats)
    res = timeout_result(budget)
    res.solution = first  # an answer exists; whether it is the only one was not settled in time
    return res


def combs(rows: int, cols: int) -> list[list[str]]:
    """Valid colourings of any empty board with at least 2 rows and 2 columns: two interlocking combs.

    Black takes the first column and the even rows (but not the last column); white takes the
    odd rows and the last column. Each colour is connected through its spine; each 2x2 block
    spans an even and an odd row and holds both colours. The eight symmetries (mirror, transpose,
    colour swap) are all valid too.
    """
    def comb(h: int, w: int) -> list[list[bool]]:
        return [[c == 0 or (r % 2 == 0 and c < w - 1) for c in range(w)] for r in range(h)]

    out: list[list[str]] = []
    for transpose in (False, True):
        base = comb(cols, rows) if transpose else comb(rows, cols)
        if transpose:
            base = [[base[c][r] for c in range(cols)] for r in range(rows)]
        for mirror in (False, True):
            grid = [row[::-1] for row in base] if mirror else base
            for swap in (False, True):
                colours = ["".join("B" if v != swap else "W" for v in row) for row in grid]
                if colours not in out:
                    out.append(colours)
    return out


def _cut_finder(puzzle: Puzzle, black: list[list[cp_model.IntVar]]) -> Callable:
    """Cuts for both colours of a CP-SAT answer (given cells first: their literals are fixed)."""
    rows, cols = puzzle.rows, puzzle.cols

    def given_first(cell: Cell) -> int:
        return 0 if puzzle.cells[cell[0]][cell[1]] else 1

    def find_cuts(solver: cp_model.CpSolver) -> list[list[cp_model.IntVar]]:
        on = {(r, c) for r in range(rows) for c in range(cols) if solver.boolean_value(black[r][c])}
        off = {(r, c) for r in range(rows) for c in range(cols)} - on
        return (cuts(rows, cols, on, lambda cell: black[cell[0]][cell[1]], given_first)
                + cuts(rows, cols, off, lambda cell: black[cell[0]][cell[1]].Not(), given_first))

    return find_cuts
