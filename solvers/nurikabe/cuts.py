"""Extra lazy cuts for Nurikabe: rings around each split-off part, not only its wall.

:class:`solvers.connectivity.ConnectedArea` cuts a split-off part of an answer by its wall (the
cells touching it). The next answer then mostly moves the wall one step out, and the cut loop
crawls. A ring of cells at distance ``d`` from the part (those with a neighbour one step
farther) also separates it from every cell more than ``d`` away, so one clause per ring states
the next few walls at once. Every ring clause is a consequence of connectivity, so proofs stay
proofs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.connectivity import ConnectedArea, Lit, components, neighbours

RINGS = 3  # rings beyond the wall per split-off part


def rings(rows: int, cols: int, part: set[Cell], allowed: Mapping[Cell, Lit],
          depth: int) -> list[tuple[int, list[Cell], set[Cell]]]:
    """(distance, ring, cells up to that distance) for distances 2..depth+1 from ``part`` through
    ``allowed``: every path from ``part`` to a cell not in the last set crosses the ring."""
    dist = dict.fromkeys(part, 0)
    frontier = list(part)
    layers: list[list[Cell]] = []
    for d in range(1, depth + 3):
        nxt = []
        for cell in frontier:
            for n in neighbours(rows, cols, cell):
                if n in allowed and n not in dist:
                    dist[n] = d
                    nxt.append(n)
        if not nxt:
            break
        layers.append(nxt)
        frontier = nxt
    out = []
    for d in range(2, min(depth + 1, len(layers) - 1) + 1):
        ring = [c for c in layers[d - 1] if any(dist.get(n) == d + 1 for n in neighbours(rows, cols, c))]
        out.append((d, ring, {c for c, e in dist.items() if e <= d}))
    return out


def ring_finder(area: ConnectedArea, depth: int = RINGS) -> Callable[[cp_model.CpSolver], list[list[Lit]]]:
    """``area.find_cuts`` plus one ring clause per distance for every split-off part."""
    rows, cols, lits = area.rows, area.cols, area.literals

    def find(solver: cp_model.CpSolver) -> list[list[Lit]]:
        clauses = area.find_cuts(solver)
        if not clauses:
            return clauses
        parts = components(rows, cols, area.chosen(solver))
        if area.anchor is not None:
            main = next((p for p in parts if area.anchor in p), set())
            small = [p for p in parts if p is not main]
        else:
            main, small = parts[0], parts[1:]
        rank = area.prefer or (lambda cell: 0)
        # main's cells by rank (stable: ties in main's order), so the first one outside a ring's
        # near cells is min(far, key=rank) without ranking main again for every ring
        by_rank = sorted(main, key=rank) if area.anchor is None else []
        for part in small:
            u = min(part, key=rank)
            for _, ring, near in rings(rows, cols, part, lits, depth):
                if area.anchor is not None:
                    if area.anchor in near:
                        break
                    ends = [lits[u].Not()]
                else:
                    end = next((c for c in by_rank if c not in near), None)
                    if end is None:
                        break
                    ends = [lits[u].Not(), lits[end].Not()]
                clauses.append([*ends, *(lits[c] for c in ring)])
        return clauses
    return find

