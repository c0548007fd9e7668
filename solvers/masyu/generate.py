"""Masyu generator: a random loop, every pearl it allows, then pearls removed while unique.

The loop is the outline of a random simply connected polyomino grown square by square on the
lattice of cell centres, so it is always one simple closed loop. Pearls: black where the loop
turns and runs straight on both sides, white where it runs straight next to a turn.
Uniqueness oracle: one CP-SAT model per loop (``add_circuit`` over the cells, each pearl's rules
switched on by an assumption literal, "some edge of the loop is unused" as a permanent clause).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cpsat import Budget, found, run
from solvers.generation import (
    Candidate,
    GeneratedPuzzle,
    search,
)
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP
from solvers.masyu.check import pearl_kept
from solvers.masyu.model import ORACLE_PARAMS, MasyuModel
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution
from solvers.verdict import SolveOptions

Masks = Sequence[Sequence[int]]
STEP = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
RING = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))
# grade bounds on effort: CP-SAT conflicts of a fresh single-worker solve from the pearls, per 100 cells,
# divided by cells / 100 above 10x10 (search effort grows faster than the board)
THRESHOLDS = (3.0, 30.0)
CALL_LIMIT = 20.0  # seconds per oracle call; hitting it counts as "not unique" (conservative)


# -- a random loop ------------------------------------------------------------------------------


def _flippable(inside: list[list[bool]], i: int, j: int) -> bool:
    """Whether square (i, j) can join (or leave) the polyomino and keep its outline one simple loop.

    Judged on the side the square moves to (off-board counts as outside): its members among the
    8 squares around must form one run that touches the square orthogonally.
    """
    h, w = len(inside), len(inside[0])
    grow = not inside[i][j]  # joining: the square moves to the inside
    ring = []
    for di, dj in RING:
        on_board = 0 <= i + di < h and 0 <= j + dj < w
        ring.append(inside[i + di][j + dj] == grow if on_board else not grow)
    if all(ring) or not any(ring[k] for k in (1, 3, 5, 7)):
        return False
    return sum(1 for k in range(8) if ring[k] and not ring[k - 1]) == 1


def random_loop(
    rows: int, cols: int, rng: random.Random, fill: float, scale: int = 2, jitter: float = 0.1, branchy: float = 0.0
) -> list[list[int]]:
    """Masks of a random simple loop: the outline of a polyomino of unit squares between cell centres.

    The polyomino grows in blocks of ``scale`` x ``scale`` squares (straight runs between turns:
    room for pearls), then random single squares join or leave it (irregularity).
    """
    h, w = rows - 1, cols - 1
    inside = [[False] * w for _ in range(h)]
    ch, cw = max(1, h // scale), max(1, w // scale)
    oi, oj = rng.randrange(h - ch * scale + 1), rng.randrange(w - cw * scale + 1)
    coarse = [[False] * cw for _ in range(ch)]
    coarse[rng.randrange(ch)][rng.randrange(cw)] = True
    size, target = 1, max(1, round(fill * ch * cw))
    for _ in range(60 * ch * cw):
        if size >= target:
            break
        i, j = rng.randrange(ch), rng.randrange(cw)
        if not coarse[i][j] and _flippable(coarse, i, j):
            sides = sum(1 for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1))
                        if 0 <= i + di < ch and 0 <= j + dj < cw and coarse[i + di][j + dj])
            if sides > 1 and rng.random() < branchy:
                continue
            coarse[i][j] = True
            size += 1
    for i in range(ch):
        for j in range(cw):
            if coarse[i][j]:
                for a in range(scale):
                    for b in range(scale):
                        inside[oi + i * scale + a][oj + j * scale + b] = True
    count = sum(map(sum, inside))
    for _ in range(round(jitter * h * w)):
        i, j = rng.randrange(h), rng.randrange(w)
        if (count > 2 or not inside[i][j]) and _flippable(inside, i, j):
            count += -1 if inside[i][j] else 1
            inside[i][j] = not inside[i][j]

    def sq(i: int, j: int) -> bool:
        return 0 <= i < h and 0 <= j < w and inside[i][j]

    masks = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and sq(r - 1, c) != sq(r, c):  # edge (r,c)-(r,c+1)
                masks[r][c] |= RIGHT
                masks[r][c + 1] |= LEFT
            if r + 1 < rows and sq(r, c - 1) != sq(r, c):  # edge (r,c)-(r+1,c)
                masks[r][c] |= DOWN
                masks[r + 1][c] |= UP
    return masks


def pearls_of(masks: Masks) -> dict[Cell, int]:
    """Every pearl the loop allows: the colour whose rule the loop keeps at each of its cells."""
    return {(r, c): kind for r, row in enumerate(masks) for c, m in enumerate(row) if m
            for kind in (BLACK, WHITE) if pearl_kept(masks, r, c, kind)}


def broken_pearls(masks: Masks, pearls: dict[Cell, int]) -> frozenset[Cell]:
    """The pearls whose rule the loop ``masks`` breaks."""
    return frozenset(cell for cell, kind in pearls.items() if not pearl_kept(masks, cell[0], cell[1], kind))


# -- the CP-SAT oracle --------------------------------------------------------------------------


class Oracle:
    """The solver's :class:`~solvers.masyu.model.MasyuModel` with every pearl switched on and off by
    an assumption literal, asked again and again which pearls keep a loop unique."""

    def __init__(self, rows: int, cols: int, pearls: dict[Cell, int], exclude: Masks | None = None) -> None:
        self.rows, self.cols = rows, cols
        self.mm = MasyuModel(rows, cols, pearls, switched=True)
        self.model = self.mm.model
        self.switch = self.mm.switch
        if exclude is not None:
            self.exclude(exclude)
        self.calls = self.conflicts = 0

    def _used(self, masks: Masks) -> set[int]:
        return self.mm.grid.edges_from_masks(masks)

    def hint(self, masks: Masks) -> None:
        """Start every search from the loop ``masks`` (second answers are usually close to it)."""
        self.model.clear_hints()  # type: ignore[no-untyped-call]
        used = self._used(masks)
        for i, e in enumerate(self.mm.edges):
            self.model.add_hint(e, i in used)

    def exclude(self, masks: Masks) -> None:
        """Forbid the loop ``masks``: another loop must leave out at least one of its edges."""
        self.model.add_bool_or([~self.mm.edges[i] for i in sorted(self._used(masks))])

    def rule_edges(self, cell: Cell) -> list[int]:
        """The edges a pearl at ``cell`` reads (its own edges and the next ones out)."""
        out: list[int] = []
        for d in (UP, RIGHT, DOWN, LEFT):
            for far in (1, 2):
                e = self.mm.grid.edge_towards(cell, d, far)
                if e is not None and e not in out:
                    out.append(e)
        return out

    def solve(self, active: frozenset[Cell] | set[Cell], time_limit: float = CALL_LIMIT,
              differ: tuple[Masks, set[Cell]] | None = None) -> list[list[int]] | None | Literal[False]:
        """Loop masks with the ``active`` pearls, None when there is none, False on timeout.

        ``differ`` = (loop, cells): the answer must differ from ``loop`` on an edge that a pearl at
        one of ``cells`` reads (a second answer must break a just-removed pearl).
        """
        m = self.model
        m.clear_assumptions()
        lits = [s if cell in active else ~s for cell, s in sorted(self.switch.items())]
        if differ:
            loop, cells = differ
            on = self._used(loop)
            clause: list[int] = []
            for cell in sorted(cells):
                clause += [e for e in self.rule_edges(cell) if e not in clause]
            act = m.new_bool_var(f"act{self.calls}")
            m.add_bool_or([*(~self.mm.edges[e] if e in on else self.mm.edges[e] for e in clause), ~act])
            lits.append(act)
        m.add_assumptions(lits)
        budget = Budget(SolveOptions(time_limit=time_limit, workers=1, seed=0))
        status, solver = run(m, budget, params=ORACLE_PARAMS)
        self.calls += 1
        self.conflicts += budget.stats.conflicts
        if status == cp_model.INFEASIBLE:
            return None
        if not found(status):
            return False
        return self.mm.masks(solver)


def _single_loop(masks: list[list[int]]) -> bool:
    """Whether ``masks`` (consistent, degrees 0 or 2) draw exactly one loop."""
    cells = [(r, c) for r, row in enumerate(masks) for c, v in enumerate(row) if v]
    if not cells:
        return False
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        r, c = stack.pop()
        for d in (UP, RIGHT, DOWN, LEFT):
            if masks[r][c] & d:
                x = (r + STEP[d][0], c + STEP[d][1])
                if x not in seen:
                    seen.add(x)
                    stack.append(x)
    return len(seen) == len(cells)


def _toggles(masks: list[list[int]]) -> list[tuple[list[list[int]], set[Cell]]]:
    """Every other single loop made by toggling the outline of a 1x1, 1x2, 2x1 or 2x2 block of
    squares between cell centres, with the cells it touches."""
    rows, cols = len(masks), len(masks[0])
    out = []
    for h, w in ((1, 1), (1, 2), (2, 1), (2, 2)):
        for i in range(rows - h):
            for j in range(cols - w):
                alt = [row[:] for row in masks]
                for c in range(j, j + w):  # top and bottom sides
                    for r in (i, i + h):
                        alt[r][c] ^= RIGHT
                        alt[r][c + 1] ^= LEFT
                for r in range(i, i + h):  # left and right sides
                    for c in (j, j + w):
                        alt[r][c] ^= DOWN
                        alt[r + 1][c] ^= UP
                touched = {(r, c) for r in range(i, i + h + 1) for c in range(j, j + w + 1)}
                if any(alt[r][c] and alt[r][c] not in (3, 5, 6, 9, 10, 12) for r, c in touched):
                    continue
                if _single_loop(alt):
                    out.append((alt, touched))
    return out


def local_alternatives(masks: list[list[int]], pearls: dict[Cell, int]) -> list[frozenset[Cell]]:
    """Pearls broken by each loop that differs from ``masks`` around one small block (:func:`_toggles`).

    Any trial that keeps none of the pearls such a loop breaks is not unique: known without a
    solver call.
    """
    broken = {broken_pearls(alt, pearls) for alt, _ in _toggles(masks)}
    return sorted(broken, key=lambda s: (len(s), sorted(s)))


def settle(rows: int, cols: int, masks: list[list[int]], rng: random.Random,
           steps: int = 60) -> list[list[int]] | None:
    """Walk from a loop to one that all its possible pearls pin down.

    While another loop (not seen before) keeps every pearl of the current loop, move to it: it
    allows all those pearls and maybe more, so the pearl set only grows. If the walk ends on a
    loop with a *twin* (an earlier loop with the very same pearls), toggle a small block where the
    two differ and walk on. None if no unique loop is reached within ``steps`` solves.
    """
    seen = [masks]
    for _ in range(steps):
        oracle = Oracle(rows, cols, pearls_of(masks))
        for old in seen:
            oracle.exclude(old)
        oracle.hint(masks)
        alt = oracle.solve(frozenset(oracle.switch))
        if alt is False:
            return None
        if alt is not None:
            seen.append(alt)
            masks = alt
            continue
        twin = next((old for old in seen[:-1] if not broken_pearls(old, pearls_of(masks))), None)
        if twin is None:
            return masks
        diff = {(r, c) for r in range(rows) for c in range(cols) if twin[r][c] != masks[r][c]}
        moved = [alt for alt, touched in _toggles(masks) if touched & diff]
        if not moved:
            return None
        masks = rng.choice(moved)
        seen = [masks]
    return None


def effort(rows: int, cols: int, pearls: dict[Cell, int]) -> float:
    o = Oracle(rows, cols, pearls)
    o.solve(frozenset(pearls))
    return o.conflicts * 100 / (rows * cols) / max(1.0, rows * cols / 100)


def _puzzle(rows: int, cols: int, pearls: dict[Cell, int]) -> Puzzle[int]:
    cells = [[0] * cols for _ in range(rows)]
    for (r, c), k in pearls.items():
        cells[r][c] = k
    return Puzzle("masyu", tuple(tuple(row) for row in cells))


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        masks = settle(rows, cols, random_loop(rows, cols, rng, rng.uniform(0.5, 0.8), jitter=0.05, branchy=0.5), rng)
        if masks is None:
            return None
        full = pearls_of(masks)
        oracle = Oracle(rows, cols, full, exclude=masks)
        oracle.hint(masks)
        if oracle.solve(frozenset(full)) is not None:
            return None  # even every pearl leaves a second loop (or no answer in time): another loop

        def alternative(trial: frozenset[Cell], kept: frozenset[Cell]) -> frozenset[Cell] | None | bool:
            alt = oracle.solve(trial, differ=(masks, set(kept - trial)))
            if alt is None or alt is False:
                return alt
            return broken_pearls(alt, full)

        def pearls(kept: frozenset[Cell]) -> dict[Cell, int]:
            return {cell: full[cell] for cell in kept}

        return Candidate(sorted(full), alternative, lambda kept: _puzzle(rows, cols, pearls(kept)),
                         lambda kept: effort(rows, cols, pearls(kept)), LoopSolution.from_masks(masks),
                         known=local_alternatives(masks, full), calls=lambda: oracle.calls)

    return search("masyu", rows, cols, difficulty, seed, THRESHOLDS, attempt)
