"""One depth-first search over the cells an island may take, for the deductions' cut tests.

Tarjan's articulation points with subtree sizes: removing cell ``v`` cuts off the subtree of a
child ``c`` exactly when ``low[c] >= disc[v]``, and a subtree is the interval
``disc[c] .. disc[c] + size[c] - 1`` of discovery times, so "which cells does shading ``v`` shut
away from the island" is answered without another search.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field


@dataclass
class Tree:
    """The DFS tree of ``area`` from ``root``: discovery times, low points, subtree sizes, parents."""

    root: int
    disc: dict[int, int] = field(default_factory=dict)
    low: dict[int, int] = field(default_factory=dict)
    size: dict[int, int] = field(default_factory=dict)
    parent: dict[int, int] = field(default_factory=dict)

    def cuts_off(self, v: int, c: int) -> bool:
        """Removing ``v`` (not the root) separates its child ``c``'s subtree from the root."""
        return self.low[c] >= self.disc[v]

    def inside(self, c: int, cell: int) -> bool:
        """``cell`` lies in the subtree of ``c``."""
        d = self.disc.get(cell)
        return d is not None and self.disc[c] <= d < self.disc[c] + self.size[c]


def search(adj: Sequence[Sequence[int]], area: Collection[int], root: int) -> Tree:
    """Iterative DFS of ``area`` (cells adjacent by ``adj``) from ``root``."""
    tree = Tree(root)
    disc, low, size, parent = tree.disc, tree.low, tree.size, tree.parent
    disc[root] = low[root] = 0
    timer = 1
    stack: list[tuple[int, int]] = [(root, 0)]
    while stack:
        v, k = stack[-1]
        nbrs = adj[v]
        if k < len(nbrs):
            stack[-1] = (v, k + 1)
            u = nbrs[k]
            if u not in area or u == parent.get(v):
                continue
            if u not in disc:
                disc[u] = low[u] = timer
                timer += 1
                parent[u] = v
                stack.append((u, 0))
            elif disc[u] < low[v]:
                low[v] = disc[u]
            continue
        stack.pop()
        size[v] = size.get(v, 0) + 1
        p = parent.get(v)
        if p is not None:
            size[p] = size.get(p, 0) + size[v]
            if low[v] < low[p]:
                low[p] = low[v]
    return tree


def shut_off(tree: Tree, spare: int, total: int) -> list[int]:
    """Cells whose removal (the cell itself and what it cuts off the root) takes more than
    ``spare`` of the ``total`` cells of the area (cells the search never reached are lost already)."""
    lost = total - len(tree.disc)
    if lost >= spare:  # any cell removed is one too many
        return [v for v in tree.disc if v != tree.root]
    cut: dict[int, int] = {}
    for c, v in tree.parent.items():
        if v != tree.root and tree.cuts_off(v, c):
            cut[v] = cut.get(v, 0) + tree.size[c]
    return [v for v, n in cut.items() if n + 1 + lost > spare]


def separating(tree: Tree, targets: Sequence[int]) -> list[int]:
    """Cells (not the root, not a target) whose removal cuts every one of ``targets`` off the root."""
    reached = [t for t in targets if t in tree.disc]
    if not reached:
        return []
    out = []
    child, v = reached[0], tree.parent.get(reached[0])
    while v is not None and v != tree.root:
        if v not in targets and tree.cuts_off(v, child) and all(tree.inside(child, t) for t in reached):
            out.append(v)
        child, v = v, tree.parent.get(v)
    return out
