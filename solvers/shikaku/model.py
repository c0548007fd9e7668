"""Shikaku as exact cover: every cell covered by exactly one candidate rectangle.

A candidate is a rectangle of a clue's area (any area for a ``?`` clue) that contains that clue
and no other; since a clue cell is covered only by its own clue's candidates, "exactly one
rectangle per cell" already gives "exactly one rectangle per clue". Presolve
(:func:`solvers.cover.presolve`) takes forced rectangles (a clue with one candidate left, a cell
only one candidate can cover) and drops every rectangle overlapping a taken one; it often solves
the whole board, which then needs no CP-SAT call at all, and its deductions are proofs, so the
answer is unique. Otherwise CP-SAT gets what is left, and uniqueness is proven by
solving again with the first answer's rectangles excluded.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solvers.cover import Reduction, add_exact_cover, presolve
from solvers.cpsat import Budget, solve_twice
from solvers.puzzle import EMPTY, UNKNOWN, Puzzle
from solvers.verdict import Solution, SolveOptions, SolveResult, Status

Rect = tuple[int, int, int, int]  # top, left, height, width


def candidates(puzzle: Puzzle) -> list[Rect]:
    """Every rectangle that holds exactly one clue and has that clue's area (any area for '?')."""
    rows, cols = puzzle.rows, puzzle.cols
    pre = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        for c in range(cols):
            pre[r + 1][c + 1] = pre[r][c + 1] + pre[r + 1][c] - pre[r][c] + (puzzle.cells[r][c] != EMPTY)

    def clues_in(top: int, left: int, h: int, w: int) -> int:
        return pre[top + h][left + w] - pre[top][left + w] - pre[top + h][left] + pre[top][left]

    out: list[Rect] = []
    for r, c, v in puzzle.clues():
        if v == UNKNOWN:
            out.extend(_any_area(r, c, rows, cols, clues_in))
            continue
        for h in range(1, min(v, rows) + 1):
            if v % h or v // h > cols:
                continue
            w = v // h
            for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
                for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                    if clues_in(top, left, h, w) == 1:
                        out.append((top, left, h, w))
    return out


def _any_area(r: int, c: int, rows: int, cols: int, clues_in) -> list[Rect]:
    """Rectangles through (r, c) holding no other clue (for a '?'); growth stops at the first other clue."""
    out = []
    for top in range(r, -1, -1):
        if clues_in(top, c, r - top + 1, 1) > 1:
            break
        for bottom in range(r, rows):
            h = bottom - top + 1
            if clues_in(top, c, h, 1) > 1:
                break
            for left in range(c, -1, -1):
                if clues_in(top, left, h, c - left + 1) > 1:
                    break
                for right in range(c, cols):
                    if clues_in(top, left, h, right - left + 1) > 1:
                        break
                    out.append((top, left, h, right - left + 1))
    return out


def cells_of(rect: Rect) -> list[tuple[int, int]]:
    top, left, h, w = rect
    return [(r, c) for r in range(top, top + h) for c in range(left, left + w)]


def solve(puzzle: Puzzle, options: SolveOptions, presolve_level: int = 1) -> SolveResult:
    """The verdict for a Shikaku board (unique / multiple / solved / none / timeout).

    ``presolve_level``: 0 hands every candidate to CP-SAT, 1 (default) takes forced rectangles first,
    2 also probes each rectangle once (slower; CP-SAT settles the rest faster). 0 tests the CP-SAT path.
    """
    budget = Budget(options)
    rects = candidates(puzzle)
    items = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]
    covers = [cells_of(rect) for rect in rects]
    if presolve_level <= 0:
        red = Reduction(open=list(range(len(rects))))
    else:
        red = presolve(items, covers, probe=presolve_level >= 2)
    if red.dead is not None:
        return _dead_end(puzzle, red.dead, budget)
    taken = sorted(list(rects[k]) for k in red.taken)
    if red.solved:
        status = Status.UNIQUE if options.unique else Status.SOLVED
        return SolveResult(status, solution={"rects": taken}, stats=budget.stats)
    model = cp_model.CpModel()
    chosen = add_exact_cover(model, [it for it in items if it not in red.covered], covers, red.open)

    def decode(solver: cp_model.CpSolver) -> Solution:
        return {"rects": sorted(taken + [list(rects[k]) for k, var in chosen.items() if solver.boolean_value(var)])}

    return solve_twice(model, list(chosen.values()), decode, options, budget=budget)


def _dead_end(puzzle: Puzzle, cell: tuple[int, int], budget: Budget) -> SolveResult:
    """'none', naming the cell (or number) that no rectangle can cover once the forced ones are placed."""
    r, c = cell
    v = puzzle.cells[r][c]
    if v == EMPTY:
        what, what_ja = f"row {r + 1}, column {c + 1}", f"{r + 1} 行 {c + 1} 列"
    else:
        shown = "?" if v == UNKNOWN else str(v)
        what, what_ja = f"the {shown} at row {r + 1}, column {c + 1}", f"{r + 1} 行 {c + 1} 列の {shown}"
    return SolveResult(
        Status.NONE,
        error=f"This puzzle has no solution: once the forced rectangles are placed, no rectangle is left for {what}.",
        error_ja=f"このパズルには解がありません。確定する長方形を置くと、{what_ja}を覆える長方形が残りません。",
        cells=((r, c),), stats=budget.stats)
