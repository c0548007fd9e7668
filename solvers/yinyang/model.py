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
added cuts around a split area, :meth:`YinYangModel.find_cuts`), used to cross-check the circuit
model and by the generator's oracle (givens as assumptions: the cuts stay valid for every question).

:class:`YinYangModel` is the one encoding of the rules; the verdict is
:func:`solvers.cpsat.solve_twice`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from functools import cached_property, partial
from typing import Any

from ortools.sat.python import cp_model, cp_model_helper

from solvers.cell import Cell
from solvers.connectivity import components, neighbours, separations, solve_connected
from solvers.cpsat import Budget, SolverStatus, run, solve_twice
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution
from solvers.verdict import SolveOptions, SolveResult, Status
from solvers.yinyang.areas import Board
from solvers.yinyang.deduce import Contradiction, deduce

Lit = cp_model_helper.Literal  # a Boolean variable or its negation
Runner = Callable[[cp_model.CpModel, Budget], tuple[SolverStatus, cp_model.CpSolver]]
# Deep trials give up after this many fruitless cells in a row (the most constrained cells come first)
PATIENCE = 60
# Lazy-cut rounds (solves) before presolve is switched on (see YinYangModel.runner)
LATE_ROUNDS = 30

# The generator's many small oracle calls (single worker, fixed seed): LP relaxation, probing and
# presolve cost more than they prune here.
ORACLE_PARAMS: dict[str, Any] = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0,
                                 "cp_model_presolve": False}


def search_params(options: SolveOptions) -> dict[str, Any]:
    """CP-SAT settings of a solve: no LP relaxation.

    The LP relaxation of the circuit costs much and prunes little here: with it, an empty 12x12
    board finds no answer in 8 s; without it, 20x20 takes about a second (measured in bench).
    With several workers the default portfolio brings the LP back: LP-free workers are chosen.
    """
    params: dict[str, Any] = {"linearization_level": 0}
    workers = max(1, options.workers)
    if workers > 1:
        params["subsolvers"] = ["no_lp", "quick_restart_no_lp", "pseudo_costs", "fixed"][:workers]
    return params


class YinYangModel:
    """The rules of one board as CP-SAT: ``black[r][c]`` is true when the cell is black.

    ``givens`` (cell -> black?) are fixed; the generator leaves them out and asks with
    assumptions instead. ``method``: "circuit" (complete: one call per answer) or "cuts"
    (connectivity by lazy cuts: solve with :meth:`runner`).
    """

    def __init__(self, rows: int, cols: int, givens: Mapping[Cell, bool] | None = None,
                 method: str = "circuit") -> None:
        self.rows, self.cols, self.method = rows, cols, method
        self.model = model = cp_model.CpModel()
        self.black = [[model.new_bool_var(f"b{r}_{c}") for c in range(cols)] for r in range(rows)]
        self.givens = dict(givens or {})
        for (r, c), b in sorted(self.givens.items()):
            model.add(self.black[r][c] == int(b))
        self.flat = [b for row in self.black for b in row]
        if rows == 1 or cols == 1:
            _line(model, self.flat)
            return
        _blocks(model, self.black)
        if method == "cuts":
            _frame_changes(model, self.black)
        else:
            _boundary_circuit(model, self.black)

    @classmethod
    def of(cls, puzzle: Puzzle[int], method: str = "circuit") -> YinYangModel:
        return cls(puzzle.rows, puzzle.cols, givens_of(puzzle), method)

    @property
    def lazy(self) -> bool:
        """Whether connectivity still needs lazy cuts (the "cuts" method on a 2-D board)."""
        return self.method == "cuts" and self.rows > 1 and self.cols > 1

    def lit(self, cell: Cell, black: bool) -> Lit:
        v = self.black[cell[0]][cell[1]]
        return v if black else v.Not()

    def colours(self, solver: cp_model.CpSolver) -> list[str]:
        return ["".join("B" if solver.boolean_value(b) else "W" for b in row) for row in self.black]

    def solution(self, solver: cp_model.CpSolver) -> ColorSolution:
        return ColorSolution(tuple(self.colours(solver)))

    def find_cuts(self, solver: cp_model.CpSolver) -> list[list[Lit]]:
        """Cuts for an answer with a split colour: per extra area, "its first cell and the main area's
        first cell are not both this colour, or some cell around the area is" (a rule consequence,
        whatever the givens: the generator's questions all share them)."""
        grid = [[int(solver.boolean_value(v)) for v in row] for row in self.black]
        clauses: list[list[Lit]] = []
        for colour in (0, 1):
            split = areas(grid, colour)
            for area in split[1:]:
                rim = sorted({q for cell in area for q in neighbours(self.rows, self.cols, cell) if q not in area})
                u, v = min(area), min(split[0])
                clauses.append([self.lit(u, colour == 0), self.lit(v, colour == 0),
                                *(self.lit(q, colour == 1) for q in rim)])
        return clauses

    def separator_cuts(self, solver: cp_model.CpSolver) -> list[list[Lit]]:
        """Stronger cuts for a split colour (:func:`solvers.connectivity.cuts`: minimal separators, both
        ways, givens preferred as ends): fewer rounds than :meth:`find_cuts` on big boards."""
        black = [solver.boolean_value(v) for v in self.flat]
        cols = self.cols
        fixed = [divmod(i, cols) in self.givens for i in range(len(black))]
        clauses: list[list[Lit]] = []
        for colour in (False, True):
            def lit(i: int, colour: bool = colour) -> Lit:
                return self.lit(divmod(i, cols), colour)

            clauses += self.board.cuts([b == colour for b in black], lit, _negate,
                                       prefer=lambda i: 0 if fixed[i] else 1)
        return clauses

    @cached_property
    def board(self) -> Board:
        return Board(self.rows, self.cols)

    def runner(self, params: Mapping[str, Any], separators: bool = False) -> Runner:
        """One solve: a plain CP-SAT call, or a lazy-cut loop for the "cuts" method (``separators``:
        with :meth:`separator_cuts` instead of :meth:`find_cuts`)."""
        if not self.lazy:
            return partial(run, params=params)
        calls = 0
        late = dict(params, cp_model_presolve=True)

        def once(model: cp_model.CpModel, budget: Budget) -> tuple[SolverStatus, cp_model.CpSolver]:
            # a board with very many answers (a half-erased puzzle) can keep returning split
            # colourings; from round LATE_ROUNDS on, presolve makes the loop converge (measured:
            # 30x30 with 40% of a solution's cells given, "multiple" in 1.4-2.2 s instead of a timeout)
            nonlocal calls
            calls += 1
            return run(model, budget, params=params if calls <= LATE_ROUNDS else late)

        return partial(solve_connected, find_cuts=self.separator_cuts if separators else self.find_cuts, runner=once)


def _negate(lit: Lit) -> Lit:
    return lit.Not()


def areas(grid: list[list[int]], colour: int) -> list[set[Cell]]:
    """The connected areas of one colour (1 = black), largest first."""
    rows, cols = len(grid), len(grid[0])
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == colour]
    return sorted(components(rows, cols, cells), key=lambda a: (-len(a), min(a)))


def givens_of(puzzle: Puzzle[int]) -> dict[Cell, bool]:
    return {(r, c): v == BLACK for r, c, v in puzzle.clues() if v in (WHITE, BLACK)}


def solve(puzzle: Puzzle[int], options: SolveOptions, method: str = "deduce") -> SolveResult:
    """The verdict for a Yin-Yang board (unique / multiple / solved / none / timeout).

    ``method``: "deduce" (the default: :mod:`solvers.yinyang.deduce` to a fixed point, then the
    "cuts" model for the cells left), or "circuit" / "cuts" alone (the full models, for cross-checks).
    """
    budget, requested = Budget(options), method
    rows, cols = puzzle.rows, puzzle.cols
    two_d = rows > 1 and cols > 1
    fits = [c for c in combs(rows, cols) if _agrees(puzzle, c)] if two_d and method != "cuts" else []
    if len(fits) >= 2:  # two known answers that respect every given: no search needed
        status = Status.MULTIPLE if options.unique else Status.SOLVED
        return SolveResult(status, solution=ColorSolution(tuple(fits[0])),
                           second_solution=ColorSolution(tuple(fits[1])) if options.unique else None)
    givens = givens_of(puzzle)
    params = search_params(options)
    if method == "deduce" and two_d:
        t0 = time.perf_counter()
        try:
            found = deduce(rows, cols, givens, None, PATIENCE)
        except Contradiction:  # no solution: the full model says so (and names nothing we did not prove)
            method = "circuit"
        else:
            givens = found.known()
            if found.complete:
                budget.note("deduce", t0)  # every cell forced by the rules: the one solution
                status = Status.UNIQUE if options.unique else Status.SOLVED
                return SolveResult(status, solution=ColorSolution(tuple(found.colours())), stats=budget.stats)
            method, params = "cuts", deduced_params(options)
        budget.note("deduce", t0)
    t0 = time.perf_counter()
    ym = YinYangModel(rows, cols, givens, "circuit" if method == "deduce" else method)
    known = None
    if fits:
        known = (ColorSolution(tuple(fits[0])), [ch == "B" for ch in "".join(fits[0])])
    elif two_d and ym.method == "circuit":
        _comb_hint(ym.model, ym.black, puzzle)
    budget.note("build", t0)
    fixed = set(givens)

    def shortcut(first: Any) -> ColorSolution | None:
        other = one_flip(puzzle, list(first.colors), fixed)
        return None if other is None else ColorSolution(tuple(other))

    return solve_twice(ym.model, ym.flat, ym.solution, options, budget=budget,
                       runner=ym.runner(params, separators=requested == "deduce"),
                       known=known, shortcut=shortcut if two_d and requested != "cuts" else None)


def deduced_params(options: SolveOptions) -> dict[str, Any]:
    """CP-SAT settings for the "cuts" model after deduction: many small calls (one per round of cuts),
    so presolve, probing and the LP relaxation cost more than they prune, and one worker beats two
    on a busy 2-core machine (measured with bench/solve.py --peer)."""
    return dict(ORACLE_PARAMS, num_workers=1)


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


def _agrees(puzzle: Puzzle[int], colours: list[str]) -> bool:
    """Does a colouring keep every given circle's colour?"""
    letter = {WHITE: "W", BLACK: "B"}
    return all(colours[r][c] == letter[v] for r, c, v in puzzle.clues())


def _comb_hint(model: cp_model.CpModel, black: list[list[cp_model.IntVar]], puzzle: Puzzle[int]) -> None:
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
    changes = []
    for i, ((r, c), (r2, c2)) in enumerate(zip(ring, ring[1:] + ring[:1], strict=True)):
        ch = model.new_bool_var(f"ch{i}")
        model.add_bool_xor([black[r][c], black[r2][c2], ch.Not()])
        changes.append(ch)
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


def one_flip(puzzle: Puzzle[int], colours: list[str], fixed: set[Cell] | None = None) -> list[str] | None:
    """Another valid colouring that differs from ``colours`` in one non-given cell, if there is one.

    A cheap way to show "multiple" on boards with few givens before the uniqueness search: the
    flipped cell must not complete a one-colour 2x2 block and must touch its new colour (so that
    colour stays connected), and it must not be a cut cell of its old colour (so that one stays
    connected too). ``fixed``: cells known to keep their colour in every solution (givens and
    deduced cells), never flipped.
    """
    rows, cols = puzzle.rows, puzzle.cols
    grid = [list(row) for row in colours]
    board = Board(rows, cols)
    flat = "".join(colours)
    if any(len(board.components([ch == letter for ch in flat])) > 1 for letter in "WB"):
        return _one_flip_checked(puzzle, grid, fixed)  # a split colouring: check every flip in full
    cut = {letter: set(separations(board.adj, [ch == letter for ch in flat]).cut_vertices) for letter in "WB"}
    size = {letter: flat.count(letter) for letter in "WB"}
    for r in range(rows):
        for c in range(cols):
            if puzzle.cells[r][c] or (fixed and (r, c) in fixed):
                continue
            old = grid[r][c]
            new = "W" if old == "B" else "B"
            if r * cols + c in cut[old] or size[old] < 2:
                continue
            if not any(grid[y][x] == new for y, x in neighbours(rows, cols, (r, c))):
                continue
            grid[r][c] = new
            if not _mono_block_at(grid, r, c):
                return ["".join(row) for row in grid]
            grid[r][c] = old
    return None


def _one_flip_checked(puzzle: Puzzle[int], grid: list[list[str]], fixed: set[Cell] | None) -> list[str] | None:
    """:func:`one_flip` for any colouring: each candidate flip is checked with a flood fill of both colours."""
    rows, cols = puzzle.rows, puzzle.cols
    for r in range(rows):
        for c in range(cols):
            if puzzle.cells[r][c] or (fixed and (r, c) in fixed):
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
