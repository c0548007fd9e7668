"""Masyu rules in plain Python: is the board well-formed, and does a drawn loop obey every rule?

Rules (Nikoli): draw one closed loop through cell centres, orthogonally, never crossing or
branching, through every pearl (other cells optional). On a white pearl the loop goes straight
and turns in at least one of the two cells before/after it. On a black pearl the loop turns
and goes straight through both cells after it.

Written independently of :mod:`solvers.masyu.model`. :func:`pearl_problems` is the one statement
of the pearl rules on a drawn loop: the checker and the generator (which pearls a loop allows,
which pearls another loop breaks) both use it. Violations are message codes (see ``messages``
in :mod:`solvers.masyu`).
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.cell import Cell
from solvers.errors import InvalidPuzzle
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, mask_problems
from solvers.notation import BLACK, EMPTY, WHITE
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import LoopSolution
from solvers.verdict import Violation

Masks = Sequence[Sequence[int]]
HORIZONTAL = LEFT | RIGHT  # 10: straight left-right
VERTICAL = UP | DOWN  # 5: straight up-down
CORNERS = frozenset({UP | RIGHT, RIGHT | DOWN, DOWN | LEFT, LEFT | UP})
STEP = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
COLOUR = {WHITE: "white", BLACK: "black"}
MAX_VIOLATIONS = 50


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle of '.', 'W' and 'B'.

    A board without pearls is valid (its verdict is decided by the solver: on a 2x2 board the
    only loop is the square, larger boards have many loops, a 1xN board has none); pearls that
    make the puzzle impossible are a 'none' verdict, not an invalid board.
    """
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v not in (EMPTY, WHITE, BLACK):
                raise InvalidPuzzle("masyu-bad-cell", cells=((r, c),), row=r + 1, col=c + 1, value=v)


def _at(masks: Masks, r: int, c: int) -> int:
    return masks[r][c] if 0 <= r < len(masks) and 0 <= c < len(masks[r]) else 0


def pearl_problems(masks: Masks, r: int, c: int, kind: int) -> list[Violation]:
    """The rules a pearl of ``kind`` at (r, c) breaks on the drawing ``masks`` ([] when kept).

    A pearl on a cell of degree other than 2 is left to the dead-end / branch rules ([]).
    """
    m = masks[r][c]
    if m == 0:
        return [Violation(f"masyu-{COLOUR[kind]}-unvisited", cells=((r, c),), params={"cell": (r, c)})]
    if bin(m).count("1") != 2:
        return []
    if kind == WHITE:
        if m not in (HORIZONTAL, VERTICAL):
            return [Violation("masyu-white-straight", cells=((r, c),), params={"cell": (r, c)})]
        a, b = (LEFT, RIGHT) if m == HORIZONTAL else (UP, DOWN)
        (ar, ac), (br, bc) = (r + STEP[a][0], c + STEP[a][1]), (r + STEP[b][0], c + STEP[b][1])
        if _at(masks, ar, ac) == m and _at(masks, br, bc) == m:
            return [Violation("masyu-white-turn", cells=((r, c), (ar, ac), (br, bc)), params={"cell": (r, c)})]
        return []
    if m not in CORNERS:
        return [Violation("masyu-black-turn", cells=((r, c),), params={"cell": (r, c)})]
    out = []
    for bit in (UP, RIGHT, DOWN, LEFT):
        if m & bit:
            nr, nc = r + STEP[bit][0], c + STEP[bit][1]
            if _at(masks, nr, nc) != (VERTICAL if bit in (UP, DOWN) else HORIZONTAL):
                out.append(Violation("masyu-black-straight", cells=((r, c), (nr, nc)),
                                     params={"cell": (r, c), "next_cell": (nr, nc)}))
    return out


def pearl_kept(masks: Masks, r: int, c: int, kind: int) -> bool:
    """Whether a pearl of ``kind`` at (r, c) is satisfied by a loop (every cell of degree 0 or 2)."""
    return not pearl_problems(masks, r, c, kind)


def _shape_problem(puzzle: Puzzle[int], solution: object) -> Violation | None:
    if not isinstance(solution, LoopSolution):
        return Violation("masyu-format")
    if solution.rows != puzzle.rows:
        return Violation("solution-row-count", params={"key": "loop", "got": solution.rows, "rows": puzzle.rows})
    for r, row in enumerate(solution.masks):
        if len(row) != puzzle.cols:
            return Violation("solution-row-length", cells=((r, 0),),
                             params={"key": "loop", "row": r + 1, "got": len(row), "cols": puzzle.cols})
        for c, v in enumerate(row):
            if not 0 <= v <= 15:
                return Violation("solution-mask", cells=((r, c),), params={"cell": (r, c), "token": str(v)})
    return None


def check(puzzle: Puzzle[int], solution: LoopSolution) -> list[Violation]:
    """Every broken rule of the loop on ``puzzle``; [] when correct."""
    shape = _shape_problem(puzzle, solution)
    if shape is not None:
        return [shape]
    masks = solution.masks
    problems = mask_problems(masks)
    if problems:
        return problems[:MAX_VIOLATIONS]
    out: list[Violation] = []
    for r, row in enumerate(masks):
        for c, m in enumerate(row):
            n = bin(m).count("1")
            if n == 1:
                out.append(Violation("masyu-dead-end", cells=((r, c),), params={"cell": (r, c)}))
            elif n > 2:
                out.append(Violation("masyu-branch", cells=((r, c),), params={"cell": (r, c)}))
    for r, c, v in puzzle.clues():
        out += pearl_problems(masks, r, c, v)
    comps = components(masks)
    if not comps:
        out.append(Violation("masyu-no-loop"))
    elif len(comps) > 1:
        out.append(Violation("masyu-single-loop", cells=tuple(comp[0] for comp in comps),
                             params={"count": len(comps)}))
    return out[:MAX_VIOLATIONS]


def components(masks: Masks) -> list[list[Cell]]:
    """Connected pieces of the drawing (cells with a non-zero mask, joined by their connections)."""
    rows = len(masks)
    seen: set[Cell] = set()
    comps = []
    for r0 in range(rows):
        for c0 in range(len(masks[r0])):
            if masks[r0][c0] == 0 or (r0, c0) in seen:
                continue
            seen.add((r0, c0))
            stack, comp = [(r0, c0)], []
            while stack:
                r, c = stack.pop()
                comp.append((r, c))
                for bit, (dr, dc) in STEP.items():
                    nr, nc = r + dr, c + dc
                    if masks[r][c] & bit and 0 <= nr < rows and 0 <= nc < len(masks[nr]) and (nr, nc) not in seen:
                        seen.add((nr, nc))
                        stack.append((nr, nc))
            comps.append(comp)
    return comps
