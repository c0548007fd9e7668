"""LITS rules in plain Python: the regions' form and the independent answer checker.

The rules: shade exactly four orthogonally connected cells in every region (a tetromino) that are
not a 2x2 square, so every region holds an L, I, T or S (rotations and reflections count as the
same shape); two tetrominoes of the same shape never share an edge; all shaded cells are
orthogonally connected; no 2x2 block is all shaded.

Written independently of :mod:`solvers.lits.model`: shapes are told apart here by their adjacency
graph (a cycle is the square, a cell with three neighbours the T, a straight line the I, three
cells in one line the L, else the S), not by the model's canonical forms.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import InvalidPuzzle, ParseError
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import ShadeSolution
from solvers.verdict import Violation

Cell = tuple[int, int]


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    start = min(cells)
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def region_cells(regions: Sequence[Sequence[int]]) -> dict[int, list[Cell]]:
    """Each region's cells in reading order."""
    out: dict[int, list[Cell]] = {}
    for r, row in enumerate(regions):
        for c, v in enumerate(row):
            out.setdefault(v, []).append((r, c))
    return out


def form_problems(regions: Sequence[Sequence[int]]) -> list[Violation]:
    """Why these regions cannot hold a LITS puzzle: a region split in two, or one under four cells."""
    out: list[Violation] = []
    for _, cells in sorted(region_cells(regions).items()):
        if not _connected(set(cells)):
            out.append(Violation("lits-form-split", cells=tuple(cells), params={"cell": cells[0]}))
        elif len(cells) < 4:
            out.append(Violation("lits-form-small", cells=tuple(cells), params={"cell": cells[0], "size": len(cells)}))
    return out


def shape_of(cells: Sequence[Cell]) -> str:
    """'O', 'T', 'I', 'L' or 'S' for four connected cells (see the module doc)."""
    members = set(cells)
    degree = {cell: sum((cell[0] + dr, cell[1] + dc) in members for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
              for cell in members}
    if sum(degree.values()) == 8:
        return "O"
    if max(degree.values()) == 3:
        return "T"
    rs, cs = [r for r, _ in members], [c for _, c in members]
    if len(set(rs)) == 1 or len(set(cs)) == 1:
        return "I"
    if any(rs.count(r) == 3 for r in rs) or any(cs.count(c) == 3 for c in cs):
        return "L"
    return "S"


def violations(regions: Sequence[Sequence[int]], shaded: Sequence[str]) -> list[Violation]:
    """Every rule the answer breaks (empty: correct). ``shaded`` rows of '#' (shaded) and '.'."""
    rows, cols = len(regions), len(regions[0])
    if len(shaded) != rows or any(len(row) != cols for row in shaded):
        return [Violation("lits-answer-size", params={"rows": rows, "cols": cols})]
    dark = {(r, c) for r in range(rows) for c in range(cols) if shaded[r][c] == "#"}
    out: list[Violation] = []
    shape: dict[int, str] = {}
    for rid, cells in sorted(region_cells(regions).items()):
        mine = [cell for cell in cells if cell in dark]
        if len(mine) != 4:
            out.append(Violation("lits-four", cells=tuple(mine or cells),
                                 params={"cell": cells[0], "count": len(mine)}))
        elif not _connected(set(mine)):
            out.append(Violation("lits-tetromino", cells=tuple(mine), params={"cell": mine[0]}))
        elif (s := shape_of(mine)) == "O":
            out.append(Violation("lits-square-piece", cells=tuple(mine), params={"cell": mine[0]}))
        else:
            shape[rid] = s
    for r, c in sorted(dark):
        for q in ((r, c + 1), (r + 1, c)):
            if q in dark and regions[r][c] != regions[q[0]][q[1]]:
                a, b = shape.get(regions[r][c]), shape.get(regions[q[0]][q[1]])
                if a is not None and a == b:
                    out.append(Violation("lits-same-shape", cells=((r, c), q), params={"cell": (r, c), "shape": a}))
        if (r, c + 1) in dark and (r + 1, c) in dark and (r + 1, c + 1) in dark:
            out.append(Violation("lits-block", cells=((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)),
                                 params={"cell": (r, c)}))
    if not _connected(dark):
        start = min(dark)
        seen = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in dark and q not in seen:
                    seen.add(q)
                    stack.append(q)
        cut = sorted(dark - seen)
        out.append(Violation("lits-connected", cells=tuple(cut), params={"cell": cut[0], "count": len(cut)}))
    return out


def _regions(puzzle: Puzzle[int]) -> Sequence[Sequence[int]]:
    if puzzle.regions is None:
        raise InvalidPuzzle("regions-missing", genre="lits")
    return puzzle.regions


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why this board cannot be a LITS (for genre detection), or None: a region under four cells."""
    if puzzle.regions is None:
        return ParseError("regions-missing", genre="lits")
    found = form_problems(puzzle.regions)
    return None if not found else ParseError(found[0].rule, cells=found[0].cells, **found[0].params)


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless the board is regions only, each connected and of four cells or more."""
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v != 0:
                raise InvalidPuzzle("lits-given", cells=((r, c),), cell=(r, c))
    found = form_problems(_regions(puzzle))
    if found:
        raise InvalidPuzzle(found[0].rule, cells=found[0].cells, **found[0].params)


def check(puzzle: Puzzle[int], solution: ShadeSolution) -> list[Violation]:
    """Every rule the answer breaks; [] when it is right. Never raises."""
    if puzzle.regions is None:
        return [Violation("lits-answer-size", params={"rows": puzzle.rows, "cols": puzzle.cols})]
    return violations(puzzle.regions, solution.marks)
