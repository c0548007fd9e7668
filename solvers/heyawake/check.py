"""The independent Heyawake checker (plain Python, no solver) and the form gate of the givens.

Rules: no two shaded cells side by side; the unshaded cells are one orthogonally connected area;
a room with a number has exactly that many shaded cells; no straight run of unshaded cells
crosses two room borders.
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.connectivity import components
from solvers.errors import InvalidPuzzle
from solvers.heyawake.rooms import Numbers, Regions, Rooms, connected, numbers_of, regions_of
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import ShadeSolution
from solvers.verdict import Violation

Cell = tuple[int, int]


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless both grids are the same rectangle, every room is connected,
    holds at most one number, and its number fits (:func:`most_apart`)."""
    check_rectangular(puzzle)
    if puzzle.regions is None:
        raise InvalidPuzzle("regions-missing", genre="heyawake")
    validate_board(numbers_of(puzzle), regions_of(puzzle))


def validate_board(numbers: Numbers, regions: Regions) -> None:
    """:func:`validate` on plain grids."""
    rows = len(regions)
    cols = len(regions[0]) if rows else 0
    if rows == 0 or cols == 0 or len(numbers) != rows or any(len(x) != cols for x in (*numbers, *regions)):
        raise InvalidPuzzle("heyawake-shape")
    rooms = Rooms.of_board([[None] * cols for _ in range(rows)], regions)
    seen: dict[int, Cell] = {}
    for cells in rooms.cells:
        if not connected(rows, cols, cells):
            raise InvalidPuzzle("heyawake-room-split", cells=tuple(rooms.cell(i) for i in cells),
                                cell=rooms.cell(cells[0]))
    for r, row in enumerate(numbers):
        for c, v in enumerate(row):
            if v is None:
                continue
            k = rooms.of[r * cols + c]
            if k in seen:
                raise InvalidPuzzle("heyawake-two-numbers", cells=(seen[k], (r, c)), cell=(r, c), other_cell=seen[k])
            seen[k] = (r, c)
            room = rooms.cells[k]
            if v < 0 or v > (len(room) + 1) // 2:  # (half, rounded up, always fits: either colour of a chessboard)
                most = most_apart(room, cols)
                if not 0 <= v <= most:
                    raise InvalidPuzzle("heyawake-number-too-big", cells=((r, c),), cell=(r, c), number=v,
                                        size=len(room), most=most)


def most_apart(cells: Sequence[int], cols: int) -> int:
    """The most cells of a room (cell indices, ``cols`` a row) shaded with no two side by side:
    its cells less a largest matching of neighbours (Konig: a grid's cells are two-coloured like a
    chessboard). Half the cells rounded up holds for a rectangle only; a comb of 8 cells takes 5."""
    inside = set(cells)
    black = [i for i in cells if (i // cols + i % cols) % 2 == 0]
    partner: dict[int, int] = {}  # white cell -> the black cell it is matched with

    def near(i: int) -> list[int]:
        r, c = divmod(i, cols)
        return [j for j, ok in ((i - cols, r > 0), (i + cols, True), (i - 1, c > 0), (i + 1, c < cols - 1))
                if ok and j in inside]

    def augment(i: int, tried: set[int]) -> bool:
        for j in near(i):
            if j not in tried:
                tried.add(j)
                if j not in partner or augment(partner[j], tried):
                    partner[j] = i
                    return True
        return False

    matched = sum(augment(i, set()) for i in black)
    return len(cells) - matched


def check(puzzle: Puzzle[int], solution: ShadeSolution) -> list[Violation]:
    """Every broken rule, one message code each, with the cells at fault."""
    return problems(numbers_of(puzzle), regions_of(puzzle), solution.marks)


def problems(numbers: Numbers, regions: Regions, shaded: Sequence[str]) -> list[Violation]:
    """:func:`check` on plain grids and ``#``/``.`` rows."""
    rows, cols = len(regions), len(regions[0])
    if len(shaded) != rows or any(len(s) != cols for s in shaded):
        return [Violation("heyawake-size", params={"rows": rows, "cols": cols})]
    rooms = Rooms.of_board(numbers, regions)
    dark = [shaded[r][c] == "#" for r in range(rows) for c in range(cols)]
    out: list[Violation] = []
    for i, d in enumerate(dark):
        r, c = divmod(i, cols)
        for j in ((i + 1) if c + 1 < cols else -1, (i + cols) if r + 1 < rows else -1):
            if d and j >= 0 and dark[j]:
                out.append(Violation("heyawake-adjacent", cells=((r, c), rooms.cell(j)),
                                     params={"cell": (r, c), "other_cell": rooms.cell(j)}))
    parts = components(rows, cols, (rooms.cell(i) for i, d in enumerate(dark) if not d))
    if len(parts) > 1:
        cut = sorted(set().union(*parts[1:]))
        out.append(Violation("heyawake-split", cells=tuple(cut), params={"cell": cut[0], "count": len(cut)}))
    for k, cells in enumerate(rooms.cells):
        n = rooms.number[k]
        got = sum(1 for i in cells if dark[i])
        if n is not None and got != n:
            at = rooms.number_cell(k)
            for r, row in enumerate(numbers):
                for c, v in enumerate(row):
                    if v is not None and rooms.of[r * cols + c] == k:
                        at = (r, c)
            out.append(Violation("heyawake-count", cells=(at,), params={"cell": at, "number": n, "got": got}))
    for window in rooms.windows:
        if not any(dark[i] for i in window):
            run = tuple(rooms.cell(i) for i in window)
            out.append(Violation("heyawake-run", cells=run, params={"cell": run[0], "other_cell": run[-1]}))
    return out
