"""Hashiwokakero rules in plain Python: the givens' form and the independent answer checker.

The rules: bridges join two islands in one row or column over water only, singly or doubly; no
pair is joined twice; no two bridges cross (share a cell); each island has as many bridge ends
as its number; all islands are connected. Written without :mod:`board` or the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import InvalidPuzzle, ParseError
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import BridgeSolution
from solvers.verdict import Violation

Cell = tuple[int, int]
MAX_NUMBER = 8


def validate_grid(cells: Sequence[Sequence[int]]) -> None:
    """Raise InvalidPuzzle for numbers outside 1-8, a board without islands, or an island that
    cannot hold its number (fewer than number/2 neighbours in sight). A '?' island (UNKNOWN, as
    puzz.link has them) takes any number of bridges."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    islands = [(r, c, v) for r in range(rows) for c in range(cols) if (v := cells[r][c])]
    if not islands:
        raise InvalidPuzzle("hashiwokakero-no-islands")
    for r, c, v in islands:
        if v == UNKNOWN:
            continue
        if not 1 <= v <= MAX_NUMBER:
            raise InvalidPuzzle("hashiwokakero-bad-number", cells=((r, c),), cell=(r, c), number=v)
        sight = 0
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and not cells[rr][cc]:
                rr, cc = rr + dr, cc + dc
            if 0 <= rr < rows and 0 <= cc < cols:
                sight += 2 if cells[rr][cc] == UNKNOWN else min(2, cells[rr][cc])
        if sight < v:
            raise InvalidPuzzle("hashiwokakero-no-room", cells=((r, c),), cell=(r, c), number=v, most=sight)
    if all(v != UNKNOWN for _, _, v in islands) and sum(v for _, _, v in islands) % 2:
        raise InvalidPuzzle("hashiwokakero-odd-total", total=sum(v for _, _, v in islands))


def check_bridges(cells: Sequence[Sequence[int]], bridges: Sequence[Sequence[int]]) -> list[Violation]:
    """Every rule the answer breaks (empty: correct). Never raises."""
    rows = len(cells)
    cols = len(cells[0]) if rows else 0

    def island(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and cells[r][c] != 0

    broken: list[Violation] = []
    ends: dict[Cell, int] = {}
    used: dict[Cell, int] = {}
    pairs: set[tuple[Cell, Cell]] = set()
    links: dict[Cell, set[Cell]] = {}
    for k, item in enumerate(bridges):
        if len(item) != 5 or not all(isinstance(v, int) for v in item):
            broken.append(Violation("hashiwokakero-bad-bridge", params={"index": k + 1}))
            continue
        r1, c1, r2, c2, n = item
        a, b = sorted(((r1, c1), (r2, c2)))
        if not island(*a) or not island(*b):
            spot = a if not island(*a) else b
            broken.append(Violation("hashiwokakero-end-not-island", cells=(spot,),
                                    params={"cell": spot, "index": k + 1}))
            continue
        if n not in (1, 2):
            broken.append(Violation("hashiwokakero-bridge-count", cells=(a, b),
                                    params={"cell": a, "other_cell": b, "count": n}))
            continue
        if a[0] != b[0] and a[1] != b[1] or a == b:
            broken.append(Violation("hashiwokakero-not-straight", cells=(a, b), params={"cell": a, "other_cell": b}))
            continue
        if (a, b) in pairs:
            broken.append(Violation("hashiwokakero-pair-twice", cells=(a, b), params={"cell": a, "other_cell": b}))
            continue
        pairs.add((a, b))
        between = ([(a[0], c) for c in range(a[1] + 1, b[1])] if a[0] == b[0]
                   else [(r, a[1]) for r in range(a[0] + 1, b[0])])
        blocked = [x for x in between if island(*x)]
        if blocked:
            broken.append(Violation("hashiwokakero-over-island", cells=(a, b, blocked[0]),
                                    params={"cell": a, "other_cell": b, "island_cell": blocked[0]}))
            continue
        for x in between:
            if x in used:
                broken.append(Violation("hashiwokakero-crossing", cells=(x,), params={"cell": x}))
            used[x] = k
        ends[a] = ends.get(a, 0) + n
        ends[b] = ends.get(b, 0) + n
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    islands = [(r, c) for r in range(rows) for c in range(cols) if cells[r][c] != 0]
    for r, c in islands:
        if cells[r][c] != UNKNOWN and ends.get((r, c), 0) != cells[r][c]:
            broken.append(Violation("hashiwokakero-count", cells=((r, c),),
                                    params={"cell": (r, c), "number": cells[r][c], "count": ends.get((r, c), 0)}))
    if islands:
        seen = {islands[0]}
        todo = [islands[0]]
        while todo:
            for nb in links.get(todo.pop(), ()):
                if nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        apart = [x for x in islands if x not in seen]
        if apart:
            broken.append(Violation("hashiwokakero-connected", cells=tuple(apart),
                                    params={"cell": apart[0], "count": len(apart)}))
    return broken


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens cannot be a Hashiwokakero at all (for genre detection), or None."""
    try:
        validate(puzzle)
    except InvalidPuzzle as e:
        return ParseError(e.code, cells=e.cells, **e.params)
    return None


def validate(puzzle: Puzzle[int]) -> None:
    validate_grid(puzzle.cells)


def check(puzzle: Puzzle[int], solution: BridgeSolution) -> list[Violation]:
    return check_bridges(puzzle.cells, solution.bridges)
