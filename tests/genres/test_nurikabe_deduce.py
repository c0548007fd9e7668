"""Nurikabe's deductions: probing, confinement, island shapes, the wall bound, the sea's budget, rings of cuts
and layers, checked against the published answers and by counting."""

from __future__ import annotations

import time

import pytest
from ortools.sat.python import cp_model

from solvers.connectivity import components, grid_adjacency
from solvers.nurikabe import dfs
from solvers.nurikabe.board import Contradiction
from solvers.nurikabe.cuts import rings
from solvers.nurikabe.deduce import deduce
from solvers.nurikabe.generate import HARDER
from solvers.nurikabe.layers import add_layers
from solvers.nurikabe.probe import probe
from solvers.nurikabe.shapes import TooMany, shapes
from solvers.nurikabe.wall import Wall
from solvers.puzzle import Puzzle
from tests import corpus


# ------------------------------------------------------------------ deductions
def test_probing_settles_only_what_the_answer_has() -> None:
    """Probing after the deductions on the published boards they leave most open (each probe a
    contradiction of sound rules, so every cell it fixes must match the published answer)."""
    for rec in corpus.load("nurikabe"):
        if rec["rows"] * rec["cols"] < 1000:
            continue
        p = Puzzle.from_record(rec)
        b = deduce(p.cells)
        before = b.color.count(0)
        probe(b, time.monotonic() + 3)
        sol = rec["solution"]["shaded"]
        for i, x in enumerate(b.color):
            r, c = divmod(i, p.cols)
            assert x == 0 or (x == 2) == (sol[r][c] == "#"), (rec["id"], r, c)
        assert b.color.count(0) <= before


def test_probing_pauses_once_past_its_mark_and_stops_when_told() -> None:
    """``pause`` runs once between trials after ``pause_trials`` trials or ``pause_cpu``: True ends
    probing there; False lets it go on to the same board as without a pause."""
    rec = next((r for r in corpus.load("nurikabe") if r["id"] == "nurikabe-d0012"), None)
    if rec is None:
        return
    cells = Puzzle.from_record(rec).cells
    plain = deduce(cells)
    probe(plain, time.monotonic() + 30)
    calls: list[bool] = []
    for answer, trials in ((True, None), (False, None), (True, 1)):
        b = deduce(cells)
        before = b.color[:]
        now = time.monotonic()
        hits = probe(b, now + 30, pause=lambda a=answer: calls.append(a) or a, pause_trials=trials,
                     pause_cpu=time.process_time() if trials is None else None)
        if answer and trials is None:
            assert hits == 0 and b.color == before
        elif not answer:
            assert b.color == plain.color and hits > 0
        else:
            assert hits <= 1  # stopped after the first cell's trials
    assert calls == [True, False, True]


def test_probing_settles_the_small_published_boards_but_three() -> None:
    """Given the time, deductions and probing settle every published board under 1000 cells but
    d0011, d0013 and d0015 (d0008 needs a walled-in island's detached cell seen by ``link``)."""
    open_left = []
    for rec in corpus.load("nurikabe"):
        if rec["rows"] * rec["cols"] >= 1000:
            continue
        b = deduce(Puzzle.from_record(rec).cells)
        probe(b, time.monotonic() + 30)
        if not b.complete:
            open_left.append(rec["id"])
        else:
            assert b.shaded_rows() == rec["solution"]["shaded"], rec["id"]
    if corpus.load("nurikabe"):
        assert open_left == ["nurikabe-d0011", "nurikabe-d0013", "nurikabe-d0015"]


def test_deductions_are_sound_on_both_corpora() -> None:
    fired: set[str] = set()
    for rec in [*corpus.load("nurikabe"), *corpus.unique("own", "nurikabe")]:
        p = Puzzle.from_record(rec)
        b = deduce(p.cells)
        fired |= {step.rule for step in b.steps}
        sol = rec["solution"]["shaded"]
        for i, x in enumerate(b.color):
            r, c = divmod(i, p.cols)
            assert x == 0 or (x == 2) == (sol[r][c] == "#"), (rec["id"], r, c)
    if corpus.load("nurikabe"):  # the shared corpus needs every rule
        assert fired >= HARDER


def test_confinement_cells_cost_more_than_the_island_can_spare() -> None:
    # a path 0-1-2-3 from the clue at 0: shading 2 loses two cells (itself and 3), shading 1 three
    adj = [[1], [0, 2], [1, 3], [2]]
    tree = dfs.search(adj, {0, 1, 2, 3}, 0)
    assert sorted(dfs.shut_off(tree, spare=1, total=4)) == [1, 2]
    assert sorted(dfs.shut_off(tree, spare=0, total=4)) == [1, 2, 3]
    # a square 0-1-3-2-0: no cut cell, but with nothing to spare every cell is needed
    square = [[1, 2], [0, 3], [0, 3], [1, 2]]
    assert dfs.shut_off(dfs.search(square, {0, 1, 2, 3}, 0), spare=1, total=4) == []
    assert sorted(dfs.separating(dfs.search(adj, {0, 1, 2, 3}, 0), [3])) == [1, 2]


def test_island_shapes_each_once_and_bounded_by_the_sea() -> None:
    adj = grid_adjacency(3, 3)
    area = set(range(9))
    # a 2-cell island at the centre: four dominoes
    assert len(shapes(adj, [0] * 9, area, [4], 2, 100)) == 4
    # from a corner, 3 cells: two straight, three bent
    found = shapes(adj, [0] * 9, area, [0], 3, 100)
    assert len(found) == len(set(found)) == 5
    # the straight ones and the bent one in the corner have 3 neighbours, the other two bent ones 4
    assert shapes(adj, [0] * 9, area, [0], 3, 100, border=2) == []
    assert len(shapes(adj, [0] * 9, area, [0], 3, 100, border=3)) == 3
    # an unshaded cell beside the island must be in it: with cell 2 unshaded, no shape through 1 but
    # the straight one that takes 2
    found = shapes(adj, [0, 0, 1, 0, 0, 0, 0, 0, 0], area, [0], 3, 100)
    assert set(found) == {frozenset({0, 1, 2}), frozenset({0, 3, 6}), frozenset({0, 3, 4})}
    with pytest.raises(TooMany):
        shapes(adj, [0] * 9, area, [4], 2, 3)


def test_shape_bounds_give_the_borders_with_the_same_answer() -> None:
    adj = grid_adjacency(4, 4)
    area = set(range(16))
    for members, size in (([5], 3), ([0], 4), ([5, 6], 4), ([0], 5)):
        for border in range(12):
            bounds = [0, 1 << 62]
            found = shapes(adj, [0] * 16, area, members, size, 1000, border=border, bounds=bounds)
            assert bounds[0] <= border < bounds[1]
            for other in range(bounds[0], min(bounds[1], 20)):
                assert shapes(adj, [0] * 16, area, members, size, 1000, border=other) == found


def test_a_small_sea_walls_an_island_in_only_in_a_corner() -> None:
    # a connected sea spanning h rows and w columns has h + w - 1 cells: around a 4x5 island away
    # from the edges it spans 6 rows and 7 columns (12 cells at least), in a corner 5 and 6 (10)
    wall = Wall(32, 32, 10)
    assert wall.least((30, 30, 4, 4), 20, 19) == 10
    assert wall.least((10, 10, 10, 10), 20, 19) == 12
    assert not wall.allows((26, 30, 4, 4), 20, 15, [])  # five rows up: no 4-row box left
    assert wall.allows((28, 31, 0, 4), 20, 5, [])
    assert not wall.allows((28, 31, 0, 4), 20, 5, [31 * 32 + 2])  # a cell of the corner box left out
    adj = grid_adjacency(32, 32)
    found = shapes(adj, [0] * 1024, set(range(1024)), [30 * 32 + 4], 20, 10, 5_000, 10, wall)
    assert found == [frozenset(r * 32 + c for r in range(28, 32) for c in range(5))]
    # 6x6 with islands of 27 and 4: a sea of 5 walls in only the 2x2 in the corner
    b = deduce([[0, 0, 0, 0, 0, 27], [0] * 6, [0] * 6, [0] * 6, [0, 4, 0, 0, 0, 0], [0] * 6])
    assert b.shaded_rows() == ["......", "......", "......", "###...", "..#...", "..#..."]


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_the_wall_bound_holds_for_every_published_island(source: str) -> None:
    # the bound is a lower bound: each answer's islands fit in its sea, with their box and the cells
    # beside them given
    for rec in corpus.unique(source, "nurikabe"):
        sol = rec["solution"]["shaded"]
        rows, cols = len(sol), len(sol[0])
        adj = grid_adjacency(rows, cols)
        white = {r * cols + c for r in range(rows) for c in range(cols) if sol[r][c] != "#"}
        shaded = [divmod(i, cols) for i in range(rows * cols) if i not in white]
        if not shaded:
            continue
        wall = Wall(rows, cols, len(shaded), (min(r for r, _ in shaded), max(r for r, _ in shaded)),
                    (min(c for _, c in shaded), max(c for _, c in shaded)))
        seen: set[int] = set()
        for start in sorted(white):
            if start in seen:
                continue
            island, stack = {start}, [start]
            while stack:
                for j in adj[stack.pop()]:
                    if j in white and j not in island:
                        island.add(j)
                        stack.append(j)
            seen |= island
            rc = [divmod(i, cols) for i in island]
            box = (min(r for r, _ in rc), max(r for r, _ in rc), min(c for _, c in rc), max(c for _, c in rc))
            beside = sorted({j for i in island for j in adj[i] if j not in white})
            assert wall.allows(box, len(island), 0, beside), (rec["id"], start)


def test_budget_unshades_cells_too_far_from_the_sea() -> None:
    # 4x4, clues 1 and 12: a sea of 3, two cells known beside the 1; the third must touch them
    b = deduce([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 12]])
    far = {step.cell for step in b.steps if step.rule == "budget"}
    near = {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0), (3, 3)}
    assert far == {(r, c) for r in range(4) for c in range(4)} - near
    assert b.shaded_rows() == [".#..", "##..", "....", "...."]


def test_rings_separate_a_part_from_farther_cells() -> None:
    lits = {(r, c): 0 for r in range(5) for c in range(5)}
    found = rings(5, 5, {(0, 0)}, lits, 2)  # type: ignore[arg-type]
    assert [d for d, _, _ in found] == [2, 3]
    d, ring, near = found[0]
    assert sorted(ring) == [(0, 2), (1, 1), (2, 0)] and (4, 4) not in near and (1, 0) in near
    rest = set(lits) - set(ring)
    assert not any((0, 0) in part and (4, 4) in part for part in components(5, 5, rest))


def test_layers_allow_exactly_the_connected_islands() -> None:
    """With layers, the model's answers for a 4-cell island at the corner of a 3x4 board are the
    connected 4-cell shapes holding the corner, each once (counted by brute force)."""
    from itertools import combinations

    cells = [(r, c) for r in range(3) for c in range(4)]
    want = {frozenset(s) for s in combinations(cells, 4)
            if (0, 0) in s and len(components(3, 4, s)) == 1}
    m = cp_model.CpModel()
    own = {cell: m.new_bool_var(str(cell)) for cell in cells}
    m.add(own[0, 0] == 1)
    m.add(sum(own.values()) == 4)
    add_layers(m, 3, 4, own, (0, 0), 4)
    got: set[frozenset[tuple[int, int]]] = set()

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:
            got.add(frozenset(c for c, v in own.items() if self.boolean_value(v)))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.solve(m, Collect())  # type: ignore[no-untyped-call]
    assert got == want and len(want) == 12


def test_deduction_finds_a_contradiction() -> None:
    with pytest.raises(Contradiction):
        deduce([[1, 1]])
