"""Hitori deductions and a small exhaustive search, in plain Python on a flat cell array.

A state holds one value per cell: UNKNOWN, WHITE (unshaded) or BLACK (shaded). Every rule below
is a consequence of the Hitori rules alone (no "the puzzle is unique" shortcuts), so a board the
deductions fill completely has exactly one answer, and the search's count of answers is exact.

* a black cell's neighbours are white; a white cell's equal numbers in its row and column are black;
* sandwich: in ``a x a`` along a line, ``x`` is white (one of the two ``a`` is black);
* pair: in ``a a`` along a line, one of the two is white, so every other ``a`` of that line is black;
* connectivity: the non-black cells must join all white cells. A cell not reachable from the
  white cells must be black; a cell whose removal splits the non-black cells (an articulation
  point) must be white, since shading it would make its neighbour on the far side white and cut off.

:func:`count` searches (branching on a cell that still repeats a number, white first) and stops at
two answers or when its node budget runs out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from solvers import trial
from solvers.connectivity import separations

UNKNOWN, WHITE, BLACK = -1, 0, 1


class Contradiction(trial.Contradiction):
    """The state breaks a rule: no answer extends it."""


class OutOfBudget(trial.OutOfBudget):
    """The search used up its node budget before settling the count."""


@dataclass(frozen=True)
class Board:
    """The fixed facts of one board: neighbours and same-number peers per cell (index r * cols + c)."""

    rows: int
    cols: int
    numbers: tuple[int, ...]
    nbrs: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]  # other cells of the same row or column with the same number

    @classmethod
    def of(cls, numbers: Sequence[Sequence[int]]) -> Board:
        rows, cols = len(numbers), len(numbers[0])
        flat = tuple(v for row in numbers for v in row)
        nbrs = []
        peers = []
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            nb = []
            if r > 0:
                nb.append(i - cols)
            if c > 0:
                nb.append(i - 1)
            if c + 1 < cols:
                nb.append(i + 1)
            if r + 1 < rows:
                nb.append(i + cols)
            nbrs.append(tuple(nb))
            same = [r * cols + x for x in range(cols) if x != c and flat[r * cols + x] == flat[i]]
            same += [y * cols + c for y in range(rows) if y != r and flat[y * cols + c] == flat[i]]
            peers.append(tuple(same))
        return cls(rows, cols, flat, tuple(nbrs), tuple(peers))

    def lines(self) -> list[list[int]]:
        rows, cols = self.rows, self.cols
        return [[r * cols + c for c in range(cols)] for r in range(rows)] + \
               [[r * cols + c for r in range(rows)] for c in range(cols)]


def pattern_facts(board: Board) -> list[tuple[int, int]]:
    """The sandwich and pair rules: (cell, value) facts read from the numbers alone."""
    return [(cell, value) for cell, value, _, _ in pattern_reasons(board)]


def pattern_reasons(board: Board) -> list[tuple[int, int, str, tuple[int, int]]]:
    """The pattern facts with their reason: (cell, value, "sandwich" or "pair", the two equal cells)."""
    out: list[tuple[int, int, str, tuple[int, int]]] = []
    nums = board.numbers
    for line in board.lines():
        for k in range(len(line) - 2):
            if nums[line[k]] == nums[line[k + 2]]:
                out.append((line[k + 1], WHITE, "sandwich", (line[k], line[k + 2])))
        for k in range(len(line) - 1):
            a, b = line[k], line[k + 1]
            if nums[a] == nums[b]:
                out += [(x, BLACK, "pair", (a, b)) for x in line if x not in (a, b) and nums[x] == nums[a]]
    return out


def crowded(board: Board) -> tuple[int, int, tuple[int, ...]] | None:
    """A line whose copies of one number cannot all but one be shaded without two shaded cells
    touching in that line: (line index in :meth:`Board.lines`, the number, its cells), the "where"
    of a board with no answer read from the numbers alone; None when every line allows it."""
    nums = board.numbers
    for li, line in enumerate(board.lines()):
        at: dict[int, list[int]] = {}
        for k, i in enumerate(line):
            at.setdefault(nums[i], []).append(k)
        for number, ks in at.items():
            if len(ks) > 2 and not any(_apart([k for k in ks if k != keep]) for keep in ks):
                return li, number, tuple(line[k] for k in ks)
    return None


def _apart(ks: list[int]) -> bool:
    return all(b - a > 1 for a, b in zip(ks, ks[1:], strict=False))


def assign(board: Board, state: list[int], facts: Sequence[tuple[int, int]]) -> None:
    """Set the facts and everything the neighbour and peer rules imply; raises Contradiction."""
    nbrs, peers = board.nbrs, board.peers
    todo = list(facts)
    while todo:
        i, v = todo.pop()
        s = state[i]
        if s == v:
            continue
        if s != UNKNOWN:
            raise Contradiction
        state[i] = v
        if v == BLACK:
            for j in nbrs[i]:
                if state[j] != WHITE:
                    todo.append((j, WHITE))
        else:
            for j in peers[i]:
                if state[j] != BLACK:
                    todo.append((j, BLACK))


def connection_facts(board: Board, state: list[int]) -> list[tuple[int, int]]:
    """Facts from connectivity (see the module doc); raises Contradiction when whites are cut off."""
    n = len(state)
    try:
        root = state.index(WHITE)
    except ValueError:
        return []
    found = separations(board.nbrs, [s != BLACK for s in state], roots=(root,))
    facts = [(i, WHITE) for i in found.cut_vertices if state[i] == UNKNOWN]
    for i in range(n):
        if found.order[i] == -1:
            s = state[i]
            if s == WHITE:
                raise Contradiction
            if s == UNKNOWN:
                facts.append((i, BLACK))
    return facts


def settle(board: Board, state: list[int], facts: Sequence[tuple[int, int]] = ()) -> None:
    """Apply facts, then the connectivity rule, until nothing changes; raises Contradiction."""
    assign(board, state, facts)
    while True:
        more = connection_facts(board, state)
        if not more:
            return
        assign(board, state, more)


def start(board: Board) -> list[int]:
    """The state every answer agrees with: the pattern facts settled. Raises Contradiction."""
    state = [UNKNOWN] * len(board.numbers)
    settle(board, state, pattern_facts(board))
    return state


def _branch_cell(board: Board, state: list[int]) -> int:
    """An unknown cell to branch on: one repeating the most open numbers, else any unknown cell."""
    best, best_score = -1, -1
    peers = board.peers
    for i, s in enumerate(state):
        if s != UNKNOWN:
            continue
        score = sum(1 for j in peers[i] if state[j] == UNKNOWN)
        if score > best_score:
            best, best_score = i, score
    return best


def count(board: Board, state: list[int], limit: int = 2, budget: int = 20_000,
          deadline: float = float("inf")) -> list[list[int]]:
    """Up to ``limit`` complete answers extending the settled ``state``; raises OutOfBudget after
    ``budget`` nodes or at ``deadline`` (a ``time.perf_counter()`` value)."""
    found: list[list[int]] = []
    nodes = 0
    stack = [state]
    while stack:
        s = stack.pop()
        i = _branch_cell(board, s)
        if i < 0:
            found.append(s)
            if len(found) >= limit:
                break
            continue
        nodes += 1
        if nodes > budget or (nodes % 16 == 0 and time.perf_counter() > deadline):
            raise OutOfBudget
        for v in (BLACK, WHITE):  # popped last-in first: white is tried first
            t = s[:]
            try:
                settle(board, t, [(i, v)])
            except Contradiction:
                continue
            stack.append(t)
    return found


def rows_of(board: Board, state: Sequence[int]) -> tuple[str, ...]:
    """A complete state as FORMATS.md ``shaded`` rows."""
    cols = board.cols
    return tuple("".join("#" if state[r * cols + c] == BLACK else "." for c in range(cols))
                 for r in range(board.rows))
