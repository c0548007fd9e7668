"""Which cells just outside a small area's wall lie in a far cell's region, found from the wall.

:func:`solvers.connectivity.separator` cuts a split-off part of an answer off from a cell of the
main part: the wall cells that touch the main cell's region of the board without the wall. Flooding
that region from the main cell fills nearly the whole board, once per split-off part and round of
cuts: on a 50x50 board of shaded walls with several answers (tiled from small boards, pass nk19) that was
most of the search's Python time. The region is found here from the wall's side instead, the work
about the wall's size; the answer is the same set.
"""

from __future__ import annotations

from collections.abc import Container, Mapping

from solvers.cell import Cell

# cells a flood from the wall fills before it waits for the others (a bigger pocket grows on in a
# second pass): on the tiled 50x50 board's search the small parts' separators took 0.44 s CPU at 16,
# 0.30 at 64, 0.33 at 256; flooding from the target, the whole search took 1.4 s CPU more (pass nk21)
POCKET = 64


def target_side(rows: int, cols: int, area: set[Cell], target: Cell, allowed: Container[Cell] | None,
                wall: set[Cell], pieces: Mapping[Cell, int]) -> set[Cell] | None:
    """The cells just outside ``wall`` (not in ``area``) in ``target``'s region of the ``allowed``
    cells without the wall; None when ``target`` is in the wall, in ``area`` or not allowed.

    ``pieces``: the component number of every allowed cell. Each cell just outside the wall starts
    a flood, paused after ``POCKET`` cells or where it meets an earlier flood (one region then). A
    flood that ends holds its whole region (a pocket). Each part of ``target``'s component cut off
    by the wall touches the wall, so ``target``'s region is the pocket that reached it, else the one
    region still open in that component; while two are open, the smaller grows on until it meets
    another or ends. Work ~ the wall and the pockets, at most one flood of the board.
    """
    if target in wall or target in area or target not in pieces:
        return None
    label: dict[Cell, int] = {}
    parent: list[int] = []  # union-find over floods: one region
    stacks: list[list[Cell]] = []  # per flood: cells labelled and not yet grown from
    members: list[list[int]] = []  # per root: its floods
    sizes: list[int] = []  # per root: cells labelled

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def inside(n: Cell) -> bool:
        return (0 <= n[0] < rows and 0 <= n[1] < cols and n not in wall
                and (allowed is None or n in allowed))

    def grow(k: int, cap: int | None) -> None:
        """Flood k on until its stack is empty, it meets another region, or its region passes ``cap``."""
        stack = stacks[k]
        while stack:
            r, c = stack.pop()
            met = False
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = label.get(n)
                if j is None:
                    if inside(n):
                        label[n] = k
                        sizes[find(k)] += 1
                        stack.append(n)
                elif find(j) != find(k):
                    a, b = find(k), find(j)
                    parent[a] = b
                    members[b] += members[a]
                    sizes[b] += sizes[a]
                    met = True
            if met or cap is not None and sizes[find(k)] > cap:
                return

    seeds = [n for r, c in wall for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
             if n not in area and inside(n)]
    for s in seeds:
        if s not in label:
            k = len(parent)
            parent.append(k)
            stacks.append([s])
            members.append([k])
            sizes.append(1)
            label[s] = k
            grow(k, POCKET)
    piece = pieces[target]
    while True:
        hit = label.get(target)
        if hit is not None and not any(stacks[m] for m in members[find(hit)]):
            side = find(hit)  # a pocket holding target: its whole region
            break
        open_ = {find(label[s]) for s in seeds if pieces[s] == piece}
        open_ = {g for g in open_ if any(stacks[m] for m in members[g])}
        if len(open_) <= 1:
            if not open_:
                return set()  # no part of target's component touches the wall
            side = open_.pop()
            break
        g = min(open_, key=lambda g: (sizes[g], g))
        grow(next(m for m in members[g] if stacks[m]), None)
    return {s for s in seeds if find(label[s]) == side}
