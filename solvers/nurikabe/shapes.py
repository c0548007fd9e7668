"""Every shape an island can still take, and what all of them agree on.

An island of size n is a connected set of n cells holding its clue; after deduction it may only
use the cells it can reach. Enumerating those sets (Redelmeier's method: each connected
superset of the island's known cells exactly once) turns the island into one choice among
shapes: connectivity for free, and strong deductions: a cell in every shape is the island's,
a cell in none of any island's shapes is shaded. Islands with too many shapes (large numbers,
``?`` clues) are left to the model's per-cell variables.
"""

from __future__ import annotations

from solvers.nurikabe.deduce import BLACK, FREE, NO_LIMIT, WHITE, Board, Contradiction, propagate

CAP = 300  # shapes per island before giving up on enumerating it

Shape = frozenset[int]


def island_shapes(board: Board, k: int, cap: int = CAP) -> list[Shape] | None:
    """The shapes island ``k`` can take (None: more than ``cap``, or no fixed size)."""
    size = board.size(k)
    if size == NO_LIMIT:
        return None
    members = [i for i, o in enumerate(board.owner) if o == k]
    allowed = board.reach[k] if board.reach else set()
    adj, color = board.adj, board.color
    out: list[Shape] = []
    current = set(members)
    seen = set(members)
    for i in members:
        seen.update(adj[i])
    untried = [j for j in sorted(seen - current) if j in allowed and board.owner[j] < 0 and color[j] != BLACK]

    def ok(shape: set[int]) -> bool:
        for i in shape:
            for j in adj[i]:
                if j not in shape and color[j] == WHITE:
                    return False  # an unshaded neighbour would join the island
        return True

    def grow(untried: list[int], seen: set[int]) -> bool:
        if len(current) == size:
            if ok(current):
                out.append(frozenset(current))
            return len(out) <= cap
        untried = list(untried)
        while untried:
            cell = untried.pop()
            current.add(cell)
            new = [j for j in adj[cell] if j not in seen and j in allowed and board.owner[j] < 0
                   and color[j] != BLACK]
            if not grow(untried + new, seen | set(new)):
                return False
            current.discard(cell)
        return True

    if len(current) > size:
        raise Contradiction("island too big")
    if not grow(untried, seen):
        return None
    return out


def pool_free(board: Board, shape: Shape) -> bool:
    """Whether shading the shape's border keeps every 2x2 block with a cell that may be unshaded."""
    adj, color, cols = board.adj, board.color, board.cols
    rim = {j for i in shape for j in adj[i] if j not in shape}
    for j in rim:
        r, c = divmod(j, cols)
        for top in (r - 1, r):
            for left in (c - 1, c):
                if 0 <= top < board.rows - 1 and 0 <= left < cols - 1:
                    block = (top * cols + left, top * cols + left + 1, (top + 1) * cols + left,
                             (top + 1) * cols + left + 1)
                    if all(color[b] == BLACK or b in rim for b in block):
                        return False
    return True


def settle(board: Board) -> dict[int, list[Shape]]:
    """Enumerate shapes, deduce from them, propagate, repeat until nothing changes.

    Returns the shapes of every island that could be enumerated (the board holds the rest).
    """
    while True:
        shapes: dict[int, list[Shape]] = {}
        changed = False
        for k in range(len(board.clues)):
            found = island_shapes(board, k)
            if found is None:
                continue
            found = [s for s in found if pool_free(board, s)]
            if not found:
                raise Contradiction("island has no shape")
            shapes[k] = found
            common = frozenset.intersection(*found)
            union = frozenset.union(*found)
            for i in common:
                if board.color[i] == FREE:
                    board.set(i, WHITE, "island-shape")
                    board.owner[i] = k
                    changed = True
            board.reach[k] = set(union)
            # cells next to every shape (not in any) are shaded
            rims = [frozenset(j for i in s for j in board.adj[i] if j not in s) for s in found]
            for j in frozenset.intersection(*rims):
                if board.color[j] == FREE:
                    changed |= board.set(j, BLACK, "island-shape")
        covered = set().union(*board.reach) if board.reach else set()
        for i, x in enumerate(board.color):
            if x == FREE and i not in covered:
                changed |= board.set(i, BLACK, "unreachable")
        if not changed:
            return shapes
        propagate(board)
        from solvers.nurikabe.deduce import _reach
        _reach(board)
