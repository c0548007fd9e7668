"""Hashiwokakero answers typed in chat, and hints.

An answer is the board redrawn, one line per row, one character per cell: the island numbers,
``.`` for open water, and the bridges: ``-`` or ``─`` single and ``=`` or ``═`` double across,
``|`` or ``│`` single and ``H``, ``‖`` or ``║`` double down. The 3x3 example ``1 . 3 / . . . /
1 . 3`` with a single bridge along the top, a double one down the right and a single one along
the bottom is::

    1-3
    ..H
    1-3
"""

from __future__ import annotations

from solvers.answer_grid import answer_cells
from solvers.errors import ParseError
from solvers.genre import HintStep
from solvers.hashiwokakero.board import board_of
from solvers.hashiwokakero.deduce import Contradiction, propagate, start
from solvers.hinting import shuffled
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.solution import Bridge, BridgeSolution

ACROSS = {"-": 1, "─": 1, "━": 1, "=": 2, "═": 2}
DOWN = {"|": 1, "│": 1, "┃": 1, "H": 2, "‖": 2, "║": 2, '"': 2}
WATER = frozenset({".", "·", "_", "0"})


def parse_answer(puzzle: Puzzle[int], text: str) -> BridgeSolution:
    """The player's bridges; raises ParseError naming the cell."""
    grid = answer_cells(puzzle, text)
    rows, cols = puzzle.rows, puzzle.cols
    covered: set[tuple[int, int]] = set()
    bridges: list[Bridge] = []
    for r in range(rows):
        for c in range(cols):
            tok = grid[r][c]
            if puzzle.cells[r][c]:
                if tok != ("?" if puzzle.cells[r][c] == UNKNOWN else str(puzzle.cells[r][c])):
                    raise ParseError("hashiwokakero-answer-island", cells=((r, c),), cell=(r, c),
                                     number=puzzle.cells[r][c], token=tok)
                for dr, dc, kinds in ((0, 1, ACROSS), (1, 0, DOWN)):
                    found = _follow(puzzle, grid, r, c, dr, dc, kinds, covered)
                    if found is not None:
                        bridges.append(found)
            elif tok not in WATER and tok not in ACROSS and tok not in DOWN:
                raise ParseError("hashiwokakero-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
    for r in range(rows):
        for c in range(cols):
            if not puzzle.cells[r][c] and grid[r][c] not in WATER and (r, c) not in covered:
                raise ParseError("hashiwokakero-answer-stray", cells=((r, c),), cell=(r, c), token=grid[r][c])
    return BridgeSolution(tuple(bridges), rows, cols)


def _follow(puzzle: Puzzle[int], grid: list[list[str]], r: int, c: int, dr: int, dc: int,
            kinds: dict[str, int], covered: set[tuple[int, int]]) -> Bridge | None:
    """The bridge leaving island (r, c) rightwards or downwards, if one is drawn."""
    rr, cc = r + dr, c + dc
    counts = []
    path = []
    while rr < puzzle.rows and cc < puzzle.cols and not puzzle.cells[rr][cc] and grid[rr][cc] in kinds:
        counts.append(kinds[grid[rr][cc]])
        path.append((rr, cc))
        rr, cc = rr + dr, cc + dc
    if not path:
        return None
    if rr >= puzzle.rows or cc >= puzzle.cols or not puzzle.cells[rr][cc]:
        raise ParseError("hashiwokakero-answer-nowhere", cells=(path[-1],), cell=(r, c))
    if len(set(counts)) > 1:
        raise ParseError("hashiwokakero-answer-mixed", cells=tuple(path), cell=(r, c), other_cell=(rr, cc))
    covered.update(path)
    return (r, c, rr, cc, counts[0])


def hints(puzzle: Puzzle[int], solution: BridgeSolution) -> list[HintStep]:
    """One bridge per hint: first those the deductions settle, in the order they do and saying
    which rule did it (counting, no closed group, the only link left), then the rest in an order
    fixed by the board."""
    board = board_of(puzzle.cells)
    trace: dict[int, str] = {}
    try:
        propagate(board, start(board), trace)
    except Contradiction:
        trace = {}
    place = {(board.islands[e.a][:2], board.islands[e.b][:2]): k for k, e in enumerate(board.edges)}
    taught: list[tuple[int, HintStep]] = []
    rest: list[HintStep] = []
    for r1, c1, r2, c2, n in solution.bridges:
        params = {"cell": (r1, c1), "other_cell": (r2, c2), "count": n}
        k = place.get(((r1, c1), (r2, c2)))
        if k is not None and k in trace:
            taught.append((list(trace).index(k), HintStep(f"hashiwokakero-hint-{trace[k]}", params,
                                                          ((r1, c1), (r2, c2)))))
        else:
            code = "hashiwokakero-hint-single" if n == 1 else "hashiwokakero-hint-double"
            rest.append(HintStep(code, params, ((r1, c1), (r2, c2))))
    return [step for _, step in sorted(taught, key=lambda x: x[0])] + shuffled(puzzle, rest)
