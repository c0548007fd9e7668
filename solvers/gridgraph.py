"""Grid-graph helpers for line genres: cells, edges, neighbours and FORMATS.md connection masks.

A board of ``rows`` x ``cols`` cells is a graph whose vertices are the cells and whose edges
join orthogonal neighbours. Solutions of line genres (``loop``, ``links``) are written as one
connection mask per cell: up=1, right=2, down=4, left=8 (FORMATS.md).

Used by the checkers and models of line genres, and by anyone who needs to draw or read a line
solution (renderer, generator, answer parser).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from solvers.cell import Cell
from solvers.verdict import Violation

Edge = tuple[Cell, Cell]  # always (smaller cell, larger cell) in row-major order

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
DIRECTIONS: tuple[tuple[int, int, int], ...] = ((UP, -1, 0), (RIGHT, 0, 1), (DOWN, 1, 0), (LEFT, 0, -1))
OPPOSITE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}
DIR_NAMES = {UP: "up", RIGHT: "right", DOWN: "down", LEFT: "left"}

MaskGrid = list[list[int]]


def inside(rows: int, cols: int, r: int, c: int) -> bool:
    return 0 <= r < rows and 0 <= c < cols


def neighbours(rows: int, cols: int, r: int, c: int) -> Iterator[tuple[int, Cell]]:
    """(direction bit, neighbour cell) for every on-board orthogonal neighbour of (r, c)."""
    for bit, dr, dc in DIRECTIONS:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            yield bit, (nr, nc)


@cache
def within(rows: int, cols: int, radius: int) -> tuple[tuple[int, ...], ...]:
    """For each cell (row-major), the flat indices of the cells at most ``radius`` rows and
    ``radius`` columns away, itself included."""
    return tuple(tuple(r2 * cols + c2 for r2 in range(max(0, r - radius), min(rows, r + radius + 1))
                       for c2 in range(max(0, c - radius), min(cols, c + radius + 1)))
                 for r in range(rows) for c in range(cols))


def step(cell: Cell, bit: int, times: int = 1) -> Cell:
    """The cell ``times`` steps from ``cell`` in direction ``bit`` (may be off the board)."""
    for b, dr, dc in DIRECTIONS:
        if b == bit:
            return cell[0] + dr * times, cell[1] + dc * times
    raise ValueError(f"not a direction bit: {bit}")


def edge_key(a: Cell, b: Cell) -> Edge:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Grid:
    """Index tables of a rows x cols grid graph (cells row-major, edges right then down)."""

    rows: int
    cols: int
    edges: tuple[Edge, ...] = field(init=False)
    edge_index: dict[Edge, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        edges: list[Edge] = []
        for r in range(self.rows):
            for c in range(self.cols):
                if c + 1 < self.cols:
                    edges.append(((r, c), (r, c + 1)))
                if r + 1 < self.rows:
                    edges.append(((r, c), (r + 1, c)))
        object.__setattr__(self, "edges", tuple(edges))
        object.__setattr__(self, "edge_index", {e: i for i, e in enumerate(edges)})

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        return divmod(index, self.cols)

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def neighbours(self, cell: Cell) -> Iterator[tuple[int, Cell]]:
        return neighbours(self.rows, self.cols, cell[0], cell[1])

    def edge(self, a: Cell, b: Cell) -> int | None:
        """Index of the edge between cells a and b, or None when they are not neighbours."""
        return self.edge_index.get(edge_key(a, b))

    def edge_towards(self, cell: Cell, bit: int, distance: int = 1) -> int | None:
        """Index of the edge that starts ``distance - 1`` steps from ``cell`` in direction ``bit``
        and goes one step further that way (None when it leaves the board)."""
        a, b = step(cell, bit, distance - 1), step(cell, bit, distance)
        if not (self.inside(a) and self.inside(b)):
            return None
        return self.edge(a, b)

    def lines(self) -> list[list[int]]:
        """The edges crossing each straight line between two rows, then between two columns (a
        closed loop crosses every such line an even number of times)."""
        across_rows = [[self.edge_index[((r, c), (r + 1, c))] for c in range(self.cols)] for r in range(self.rows - 1)]
        across_cols = [[self.edge_index[((r, c), (r, c + 1))] for r in range(self.rows)] for c in range(self.cols - 1)]
        return across_rows + across_cols

    def cell_edges(self, cell: Cell) -> list[tuple[int, int]]:
        """(direction bit, edge index) for the edges at ``cell``."""
        return [(bit, self.edge_index[edge_key(cell, nb)]) for bit, nb in self.neighbours(cell)]

    # -- masks <-> edges
    def masks_from_edges(self, used: Iterable[int | Edge]) -> MaskGrid:
        """The FORMATS.md mask grid of a set of edges (indices or cell pairs)."""
        masks = [[0] * self.cols for _ in range(self.rows)]
        for e in used:
            a, b = self.edges[e] if isinstance(e, int) else edge_key(*e)
            if a[0] == b[0]:  # horizontal: a is left of b
                masks[a[0]][a[1]] |= RIGHT
                masks[b[0]][b[1]] |= LEFT
            else:  # vertical: a is above b
                masks[a[0]][a[1]] |= DOWN
                masks[b[0]][b[1]] |= UP
        return masks

    def edges_from_masks(self, masks: Sequence[Sequence[int]]) -> set[int]:
        """Edge indices named by a mask grid (an edge counts when either side names it;
        bits pointing off the board are ignored — check consistency with :func:`mask_problems`)."""
        used: set[int] = set()
        for r in range(self.rows):
            for c in range(self.cols):
                for bit, nb in self.neighbours((r, c)):
                    if masks[r][c] & bit:
                        used.add(self.edge_index[edge_key((r, c), nb)])
        return used


@dataclass
class EdgeValues:
    """Edge values of one board under deduction (indices of ``grid.edges``): True used, False
    unused, None open; what the loop genres' deducers fill in."""

    grid: Grid
    value: list[bool | None]

    @property
    def complete(self) -> bool:
        return all(v is not None for v in self.value)

    def known(self) -> dict[int, bool]:
        return {i: v for i, v in enumerate(self.value) if v is not None}

    def used(self) -> list[int]:
        return [i for i, v in enumerate(self.value) if v]


def mask_problems(masks: Sequence[Sequence[int]]) -> list[Violation]:
    """Lines leaving the board (``line-off-board``) and connections named by one cell but not by
    its neighbour (``line-mismatch``)."""
    rows, cols = len(masks), len(masks[0]) if masks else 0
    problems: list[Violation] = []
    for r in range(rows):
        for c in range(cols):
            m = masks[r][c]
            for bit, dr, dc in DIRECTIONS:
                if not m & bit:
                    continue
                nr, nc = r + dr, c + dc
                if not inside(rows, cols, nr, nc):
                    problems.append(Violation("line-off-board", cells=((r, c),),
                                              params={"cell": (r, c), "dir": DIR_NAMES[bit]}))
                elif not masks[nr][nc] & OPPOSITE[bit]:
                    problems.append(Violation("line-mismatch", cells=((r, c), (nr, nc)),
                                              params={"cell": (r, c), "dir": DIR_NAMES[bit], "other_cell": (nr, nc)}))
    return problems


def degree(mask: int) -> int:
    return bin(mask & 15).count("1")
