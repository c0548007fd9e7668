"""Shikaku as exact cover: every cell covered by exactly one candidate rectangle.

A candidate is a rectangle of a clue's area (any area for a ``?`` clue) that contains that clue
and no other; since a clue cell is covered only by its own clue's candidates, "exactly one
rectangle per cell" already gives "exactly one rectangle per clue". Presolve
(:func:`solvers.cover.presolve`) takes forced rectangles (a clue with one candidate left, a cell
only one candidate can cover) and drops every rectangle overlapping a taken one; it often solves
the whole board, which then needs no CP-SAT call at all, and its deductions are proofs, so the
answer is unique. Otherwise CP-SAT gets what is left, and uniqueness is proven by
solving again with the first answer's rectangles excluded.

Boards whose candidates are too big to list cell by cell (very large numbers, several '?' on
an open board) go to a second model: one optional 2-D box per candidate, ``add_no_overlap_2d``,
and chosen areas adding up to the board's area (:func:`_solve_boxes`). A '?' rectangle's area is
bounded by what the known numbers leave.
"""

from __future__ import annotations

from typing import cast

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cover import Reduction, add_exact_cover, presolve
from solvers.cpsat import Budget, found, run, solve_twice, timeout_result
from solvers.errors import Message
from solvers.notation import EMPTY, UNKNOWN
from solvers.puzzle import Puzzle
from solvers.shikaku.check import ClueCounter, clue_counter
from solvers.solution import Rect, RectSolution
from solvers.verdict import SolveOptions, SolveResult, Status

MAX_CANDIDATE_CELLS = 1_000_000  # summed areas of all candidates: beyond this '?' clues leave too much open


class TooManyCandidates(Exception):
    """The '?' clues allow more rectangles than the engine is willing to enumerate."""


def candidates(puzzle: Puzzle[int], limit: int = MAX_CANDIDATE_CELLS) -> list[Rect]:
    """Every rectangle that holds exactly one clue and has that clue's area (any area for '?')."""
    return [rect for rects in candidates_by_clue(puzzle, limit).values() for rect in rects]


def candidates_by_clue(puzzle: Puzzle[int], limit: int = MAX_CANDIDATE_CELLS,
                       by_area: bool = True) -> dict[Cell, list[Rect]]:
    """Each clue's candidate rectangles: they hold that clue and no other, with its area.

    A '?' rectangle's area is bounded by what the other numbers leave: the board's area minus the
    known numbers minus one cell per other '?' (exactly that, when there is a single '?').
    Raises :class:`TooManyCandidates` when the summed areas (``by_area``) or the number of
    rectangles passes ``limit``.
    """
    rows, cols = puzzle.rows, puzzle.cols
    clues_in = clue_counter(puzzle)
    clues = puzzle.clues()
    unknown = sum(1 for _, _, v in clues if v == UNKNOWN)
    room = rows * cols - sum(v for _, _, v in clues if v != UNKNOWN) - (unknown - 1)
    out: dict[Cell, list[Rect]] = {}
    budget = _Budget(limit, by_area)
    for r, c, v in clues:
        if v == UNKNOWN and unknown > 1:
            out[r, c] = _any_area(r, c, rows, cols, clues_in, room, budget)
            continue
        area = room if v == UNKNOWN else v
        found: list[Rect] = []
        out[r, c] = found
        for h in range(1, min(area, rows) + 1):
            if area % h or area // h > cols:
                continue
            w = area // h
            for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
                for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                    if clues_in(top, left, h, w) == 1:
                        found.append((top, left, h, w))
                        budget.left -= area if by_area else 1
        if budget.left < 0:
            raise TooManyCandidates
    return out


class _Budget:
    """How many more cells (or rectangles) the enumeration may list."""

    def __init__(self, left: int, by_area: bool) -> None:
        self.left = left
        self.by_area = by_area


def _any_area(r: int, c: int, rows: int, cols: int, clues_in: ClueCounter, room: int,
              budget: _Budget) -> list[Rect]:
    """Rectangles through (r, c) of at most ``room`` cells holding no other clue (for a '?').

    Growth in each direction stops at the first other clue or once the area passes ``room``.
    """
    out: list[Rect] = []
    for top in range(r, -1, -1):
        if clues_in(top, c, r - top + 1, 1) > 1 or r - top + 1 > room:
            break
        for bottom in range(r, rows):
            h = bottom - top + 1
            if h > room or clues_in(top, c, h, 1) > 1:
                break
            for left in range(c, -1, -1):
                if h * (c - left + 1) > room or clues_in(top, left, h, c - left + 1) > 1:
                    break
                for right in range(c, cols):
                    w = right - left + 1
                    if h * w > room or clues_in(top, left, h, w) > 1:
                        break
                    out.append((top, left, h, w))
                    budget.left -= h * w if budget.by_area else 1
                    if budget.left < 0:
                        raise TooManyCandidates
    return out


def cells_of(rect: Rect) -> list[Cell]:
    top, left, h, w = rect
    return [(r, c) for r in range(top, top + h) for c in range(left, left + w)]


def solve(puzzle: Puzzle[int], options: SolveOptions, presolve_level: int = 1) -> SolveResult:
    """The verdict for a Shikaku board (unique / multiple / solved / none / timeout).

    ``presolve_level``: 0 hands every candidate to CP-SAT, 1 (default) takes forced rectangles first,
    2 also probes each rectangle once (slower; CP-SAT settles the rest faster). 0 tests the CP-SAT path.
    """
    budget = Budget(options)
    try:
        rects = candidates(puzzle)
    except TooManyCandidates:
        return _solve_boxes(puzzle, options, budget)
    items = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    covers = [cells_of(rect) for rect in rects]
    if presolve_level <= 0:
        red = Reduction(open=list(range(len(rects))))
    else:
        red = presolve(items, covers, probe=presolve_level >= 2)
    if red.dead is not None:
        return _dead_end(puzzle, cast(Cell, red.dead), budget)  # the items are cells
    taken = [rects[k] for k in red.taken]
    if red.solved:
        status = Status.UNIQUE if options.unique else Status.SOLVED
        return SolveResult(status, solution=_solution(puzzle, taken), stats=budget.stats)
    model = cp_model.CpModel()
    chosen = add_exact_cover(model, [it for it in items if it not in red.covered], covers, red.open)

    def decode(solver: cp_model.CpSolver) -> RectSolution:
        return _solution(puzzle, taken + [rects[k] for k, var in chosen.items() if solver.boolean_value(var)])

    return solve_twice(model, list(chosen.values()), decode, options, budget=budget)


def other_solution(puzzle: Puzzle[int], known: RectSolution, options: SolveOptions) -> SolveResult:
    """Is there a solution besides ``known`` (the generator's question)? On the same exact-cover
    model, with ``known`` excluded: UNIQUE (``known`` is the only one), MULTIPLE (``known`` first,
    the other second) or TIMEOUT. One CP-SAT call; no presolve, so every rectangle stays a choice."""
    budget = Budget(options)
    try:
        groups = candidates_by_clue(puzzle)
    except TooManyCandidates:
        return timeout_result(budget)
    rects = [rect for group in groups.values() for rect in group]
    items = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    model = cp_model.CpModel()
    chosen = add_exact_cover(model, items, [cells_of(rect) for rect in rects], range(len(rects)))
    start = 0
    for group in groups.values():  # one rectangle per clue (implied by the cover; helps the search)
        model.add_exactly_one(chosen[k] for k in range(start, start + len(group)))
        start += len(group)
    mine = set(known.rects)
    model.add_bool_or([~var for k, var in chosen.items() if rects[k] in mine])
    status, solver = run(model, budget)
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.UNIQUE, solution=known, stats=budget.stats)
    if found(status):
        other = _solution(puzzle, [rects[k] for k, var in chosen.items() if solver.boolean_value(var)])
        return SolveResult(Status.MULTIPLE, solution=known, second_solution=other, stats=budget.stats)
    return timeout_result(budget)


MAX_BOXES = 150_000  # candidate rectangles the box model takes on


def _solve_boxes(puzzle: Puzzle[int], options: SolveOptions, budget: Budget) -> SolveResult:
    """The model for boards whose candidates are too big to list cell by cell (huge or '?' numbers).

    One optional 2-D box per candidate, exactly one per clue, no two chosen boxes overlap, and
    their areas add up to the board's: non-overlapping boxes inside the board with the board's
    total area tile it exactly.
    """
    try:
        groups = candidates_by_clue(puzzle, MAX_BOXES, by_area=False)
    except TooManyCandidates:
        return SolveResult(Status.TIMEOUT, message=Message("shikaku-too-many-rectangles"), stats=budget.stats)
    model = cp_model.CpModel()
    chosen: list[tuple[cp_model.IntVar, Rect]] = []
    xs: list[cp_model.IntervalVar] = []
    ys: list[cp_model.IntervalVar] = []
    area: list[cp_model.LinearExprT] = []
    for rects in groups.values():
        lits = []
        for rect in rects:
            top, left, h, w = rect
            b = model.new_bool_var("")
            xs.append(model.new_optional_fixed_size_interval_var(left, w, b, ""))
            ys.append(model.new_optional_fixed_size_interval_var(top, h, b, ""))
            area.append(h * w * b)
            lits.append(b)
            chosen.append((b, rect))
        model.add_exactly_one(lits)
    model.add_no_overlap_2d(xs, ys)
    model.add(sum(area) == puzzle.rows * puzzle.cols)

    def decode(solver: cp_model.CpSolver) -> RectSolution:
        return _solution(puzzle, [rect for b, rect in chosen if solver.boolean_value(b)])

    return solve_twice(model, [b for b, _ in chosen], decode, options, budget=budget)


def _solution(puzzle: Puzzle[int], rects: list[Rect]) -> RectSolution:
    return RectSolution(tuple(sorted(rects)), puzzle.rows, puzzle.cols)


def _dead_end(puzzle: Puzzle[int], cell: Cell, budget: Budget) -> SolveResult:
    """'none', naming the cell (or number) that no rectangle can cover once the forced ones are placed."""
    r, c = cell
    v = puzzle.cells[r][c]
    if v == EMPTY:
        msg = Message("shikaku-stuck-cell", {"cell": cell}, (cell,))
    else:
        msg = Message("shikaku-stuck-number", {"number": "?" if v == UNKNOWN else v, "cell": cell}, (cell,))
    return SolveResult(Status.NONE, message=msg, stats=budget.stats)
