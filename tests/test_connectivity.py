"""solvers.connectivity: separations against the plain definitions, on random small graphs; connected areas,
anchored trees and needed cells in a CP-SAT model."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from solvers import wallside
from solvers.connectivity import (
    ConnectedArea,
    _pieces,
    add_tree,
    border,
    components,
    grid_adjacency,
    joined,
    needed_cells,
    neighbours,
    separations,
    separator,
    solve_connected,
)
from solvers.cpsat import Budget
from solvers.verdict import SolveOptions

OPTS = SolveOptions(time_limit=20, workers=1)


def parts(adj: Sequence[Sequence[int]], member: Sequence[bool], gone: int = -1,
          edge: tuple[int, int] = (-1, -1)) -> list[set[int]]:
    """The components of the member vertices without vertex ``gone`` and without ``edge``."""
    seen: set[int] = set()
    out = []
    for start in range(len(adj)):
        if not member[start] or start == gone or start in seen:
            continue
        part = {start}
        stack = [start]
        while stack:
            v = stack.pop()
            for u in adj[v]:
                if member[u] and u != gone and u not in part and {v, u} != set(edge):
                    part.add(u)
                    stack.append(u)
        seen |= part
        out.append(part)
    return out


def heavy(groups: list[set[int]], weight: Sequence[int]) -> int:
    return sum(1 for g in groups if any(weight[v] for v in g))


def random_graph(rng: random.Random) -> list[list[int]]:
    n = rng.randint(1, 11)
    adj: list[list[int]] = [[] for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.3:
                adj[a].append(b)
                adj[b].append(a)
    for nb in adj:
        rng.shuffle(nb)
    return adj


def test_separations_match_brute_force() -> None:
    rng = random.Random(21)
    for trial in range(600):
        adj = random_graph(rng) if trial % 2 else grid_adjacency(rng.randint(1, 4), rng.randint(1, 4))
        n = len(adj)
        member = [rng.random() < 0.8 for _ in range(n)]
        weight = [int(rng.random() < 0.4) for _ in range(n)] if trial % 3 else [1] * n
        got = separations(adj, member, weight, find_bridges=True)
        whole = parts(adj, member)
        want_cuts = set()
        for v in range(n):
            if member[v]:
                home = next(g for g in whole if v in g)
                if heavy(parts(adj, [m and u in home for u, m in enumerate(member)], gone=v), weight) > 1:
                    want_cuts.add(v)
        assert set(got.cut_vertices) == want_cuts
        assert len(got.cut_vertices) == len(want_cuts)  # each once
        want_bridges = set()
        for v in range(n):
            for u in adj[v]:
                if member[v] and member[u] and v < u:
                    home = next(g for g in whole if v in g)
                    split = parts(adj, [m and x in home for x, m in enumerate(member)], edge=(v, u))
                    if len(split) > 1 and heavy(split, weight) > 1:
                        want_bridges.add(frozenset((v, u)))
        assert {frozenset(e) for e in got.bridges} == want_bridges
        assert len(got.bridges) == len(want_bridges)
        assert all((got.order[v] >= 0) == member[v] for v in range(n))
        assert sorted(got.totals) == sorted(sum(weight[v] for v in g) for g in whole)


def test_roots_limit_the_search_to_their_components() -> None:
    adj = grid_adjacency(3, 5)
    member = [c != 2 for r in range(3) for c in range(5)]  # two 3x2 halves
    got = separations(adj, member, roots=(4,), find_bridges=True)
    assert got.totals == [6]
    assert {v for v in range(15) if got.order[v] >= 0} == {3, 4, 8, 9, 13, 14}
    assert got.cut_vertices == [] and got.bridges == []


def test_a_long_path_needs_no_recursion() -> None:
    rows, cols = 50, 64
    adj = grid_adjacency(rows, cols)
    # a snake through every cell: whole rows, joined at alternate ends
    member = [r % 2 == 0 or (c == cols - 1 if r % 4 == 1 else c == 0) for r in range(rows) for c in range(cols)]
    got = separations(adj, member, find_bridges=True)
    ends = {v for v in range(rows * cols) if member[v] and sum(member[u] for u in adj[v]) == 1}
    assert len(ends) == 2
    assert set(got.cut_vertices) == {v for v in range(rows * cols) if member[v]} - ends
    assert len(got.bridges) == sum(member) - 1


# ------------------------------------------------------------------ connectivity in a CP-SAT model
def _grid_model(rows: int, cols: int) -> tuple[cp_model.CpModel, dict[tuple[int, int], Any]]:
    m = cp_model.CpModel()
    lits = {(r, c): m.new_bool_var(f"{r}{c}") for r in range(rows) for c in range(cols)}
    return m, lits


def test_connected_area_cuts_until_connected() -> None:
    m, lits = _grid_model(4, 4)
    m.add(lits[0, 0] == 1)
    m.add(lits[3, 3] == 1)
    m.add(sum(lits.values()) == 7)  # exactly a shortest path between the corners
    area = ConnectedArea(4, 4, lits)
    area.add_local(m)
    status, solver = solve_connected(m, Budget(OPTS), joined(area.find_cuts))
    assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE)
    assert len(components(4, 4, area.chosen(solver))) == 1


def test_anchored_area_and_tree_keep_cells_with_the_root() -> None:
    for tree in (False, True):
        m, lits = _grid_model(3, 5)
        del lits[1, 2]  # a wall in the middle, open at the top and bottom rows
        m.add(lits[0, 4] == 1)
        m.add(lits[0, 0] == 1)
        m.add(sum(lits.values()) == 4)
        if tree:
            add_tree(m, 3, 5, {k: v for k, v in lits.items() if k != (0, 0)}, (0, 0), max_depth=3)
            status, solver = solve_connected(m, Budget(OPTS), lambda s: [])
        else:
            area = ConnectedArea(3, 5, lits, anchor=(0, 0))
            status, solver = solve_connected(m, Budget(OPTS), area.find_cuts)
        assert status == cp_model.INFEASIBLE, tree  # (0, 4) is 4 steps from (0, 0): 5 cells needed


def test_needed_cells_are_cut_vertices_between_marked_cells() -> None:
    # a 1x5 strip: marked ends, the middle three are needed; a marked-free branch is not
    adj = [[1], [0, 2], [1, 3], [2, 4], [3]]
    assert needed_cells(adj, [True] * 5, [True, False, False, False, True]) == {1, 2, 3}
    assert needed_cells(adj, [True] * 5, [True, False, False, False, False]) == set()


def region_wall(rows: int, cols: int, wall: set[tuple[int, int]], target: tuple[int, int],
                allowed: set[tuple[int, int]] | None) -> set[tuple[int, int]]:
    """The plain definition: the wall cells touching target's region of the allowed cells without the wall."""
    cells = {(r, c) for r in range(rows) for c in range(cols)} if allowed is None else allowed
    region = next(a for a in components(rows, cols, (cells - wall) | {target}) if target in a)
    return {w for w in wall if any(n in region for n in neighbours(rows, cols, w))}


def test_separator_from_the_walls_side_matches_the_flood_from_the_target(monkeypatch: Any) -> None:
    """The wall-side search (small pockets, and a second pass when two regions stay open) gives the
    plain definition's separator on random boards, with and without allowed cells."""
    rnd = random.Random(5)
    for pocket in (1, 2, 64):
        monkeypatch.setattr(wallside, "POCKET", pocket)
        for _ in range(80):
            rows, cols = rnd.randint(1, 12), rnd.randint(1, 12)
            cells = [(r, c) for r in range(rows) for c in range(cols)]
            allowed = None if rnd.random() < 0.3 else {c for c in cells if rnd.random() > 0.3 * rnd.random()}
            pool = cells if allowed is None else sorted(allowed)
            chosen = [c for c in pool if rnd.random() < rnd.random()]
            pieces = _pieces(rows, cols, allowed)
            for area in components(rows, cols, chosen):
                wall = border(rows, cols, area, allowed)
                for target in rnd.sample(cells, min(4, len(cells))):  # (in the wall, not allowed: the flood)
                    if target not in area:
                        expected = region_wall(rows, cols, wall, target, allowed)
                        assert separator(rows, cols, area, target, allowed, None, pieces) == expected
