"""The independent Slitherlink checker (plain Python, no solver) and the form gate."""

from __future__ import annotations

from solvers.errors import InvalidPuzzle, PuzzleError
from solvers.gridgraph import DIRECTIONS, OPPOSITE, degree
from solvers.puzzle import Puzzle, check_rectangular
from solvers.slitherlink.lattice import DotLoop, cells_at, clues, points, sides
from solvers.verdict import Violation


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle of empty cells and clues 0-3."""
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if not 0 <= v <= 4:
                raise InvalidPuzzle("slitherlink-bad-clue", cells=((r, c),), cell=(r, c), value=v)


def form_problem(puzzle: Puzzle[int]) -> PuzzleError | None:
    """Why these givens cannot be a Slitherlink board (for genre detection), or None."""
    try:
        validate(puzzle)
    except PuzzleError as e:
        return e
    return None


def check(puzzle: Puzzle[int], solution: DotLoop) -> list[Violation]:
    """Every broken rule: lattice shape, line ends, branches, one loop, and each clue's count."""
    rows, cols = puzzle.rows + 1, puzzle.cols + 1
    masks = solution.masks
    if len(masks) != rows or any(len(row) != cols for row in masks):
        return [Violation("slitherlink-size", params={"rows": rows, "cols": cols})]
    out: list[Violation] = []

    def at(rule: str, r: int, c: int, **params: object) -> None:
        cells = cells_at(puzzle.rows, puzzle.cols, r, c)
        out.append(Violation(rule, cells=cells, params={"dot_cell": (r, c), **params}))

    for r in range(rows):
        for c in range(cols):
            m = masks[r][c]
            for bit, dr, dc in DIRECTIONS:
                rr, cc = r + dr, c + dc
                if not m & bit:
                    continue
                if not (0 <= rr < rows and 0 <= cc < cols):
                    at("slitherlink-off-board", r, c)
                elif not masks[rr][cc] & OPPOSITE[bit]:
                    at("slitherlink-mismatch", r, c, other_cell=(rr, cc))
            if degree(m) == 1:
                at("slitherlink-dead-end", r, c)
            elif degree(m) > 2:
                at("slitherlink-branch", r, c)
    grid = points(puzzle.rows, puzzle.cols)
    used = grid.edges_from_masks(masks)
    loops = _components(grid.edges, used)
    if not used:
        out.append(Violation("slitherlink-no-loop"))
    elif loops > 1:
        out.append(Violation("slitherlink-loops", params={"count": loops}))
    for (r, c), n in sorted(clues(puzzle).items()):
        got = sum(1 for e in sides(grid, r, c) if e in used)
        if got != n:
            out.append(Violation("slitherlink-clue", cells=((r, c),), params={"cell": (r, c), "clue": n, "got": got}))
    return out


def _components(edges: tuple[tuple[tuple[int, int], tuple[int, int]], ...], used: set[int]) -> int:
    """How many separate pieces the used edges form."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(p: tuple[int, int]) -> tuple[int, int]:
        while parent.setdefault(p, p) != p:
            p = parent[p]
        return p

    for e in used:
        a, b = edges[e]
        parent[find(a)] = find(b)
    return len({find(p) for p in list(parent)})
