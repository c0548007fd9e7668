"""Fillomino probing (solvers/fillomino/probe.py): every answer survives, probes undo themselves, and
the groups the fallback takes arrive narrowed."""

from __future__ import annotations

import random
from collections import deque

import pytest

from solvers.fillomino import deduce, generate, model, search
from solvers.fillomino.probe import Prober, probe_all
from solvers.verdict import SolveOptions, Status
from tests.genres.test_fillomino import _every_filling

# a 7x8 board (a random division, seed 3): the deductions leave 41 open cells, a probe removes more
NARROWED = [". . . 6 6 3 . .", ". . . . . . . .", ". . . 4 . . . 3", "7 . 4 . . . 6 .", "2 . . . . . . 6",
            ". 6 . . 5 3 3 1", ". . . . . . . ."]


def _start(lines: list[str]) -> tuple[list[list[int]], list[int], int]:
    flat = [0 if t == "." else int(t) for line in lines for t in line.split()]
    near = deduce.grid_near(len(lines), len(lines[0].split()))
    return near, deduce.start_masks(near, flat), max(flat)


def test_a_probe_of_a_sparse_board_keeps_its_answer() -> None:
    """``. 2 . / . . . / . . .``: a probe once took 2 from the centre (the region rule cut short by
    an earlier search), though ``1 2 1 / 5 2 5 / 5 5 5`` is an answer (review of fillo10)."""
    near = deduce.grid_near(3, 3)
    cand = deduce.start_masks(near, [0, 2, 0, 0, 0, 0, 0, 0, 0])
    deduce.deduce(near, cand, 2)
    probe_all(near, cand, 2)
    assert all(m >> v & 1 for m, v in zip(cand, (1, 2, 1, 5, 2, 5, 5, 5, 5), strict=True))


@pytest.mark.parametrize("solver_masks", [False, True])
def test_probing_keeps_every_answer_brute_force_finds(solver_masks: bool) -> None:
    """Small boards against every filling: the probed masks hold every answer that fits the givens,
    and a contradiction comes only when none fits. Either every number up to the largest filling's
    is in play, or the masks are the solver's own (``start_masks``, the top at the largest given), so
    numbers above every given are in play and the region rule runs."""
    rng = random.Random(11 if solver_masks else 9)
    for rows, cols, most, boards in ((3, 3, 5, 80), (3, 4, 5, 60)):
        every = _every_filling(rows, cols, most)
        near = deduce.grid_near(rows, cols)
        for _ in range(boards):
            share = rng.choice((0.1, 0.2, 0.35) if solver_masks else (0.15, 0.3, 0.45))
            givens = [v if rng.random() < share else 0 for v in rng.choice(every)]
            if not solver_masks and rng.random() < 0.15:
                givens[rng.randrange(len(givens))] = rng.randint(1, most)
            if not any(givens):
                continue
            fits = [f for f in every if all(g in (0, v) for g, v in zip(givens, f, strict=True))]
            if solver_masks:
                cand, top = deduce.start_masks(near, givens), max(givens)
            else:
                cand, top = [1 << v if v else (1 << (most + 1)) - 2 for v in givens], most
            try:
                deduce.deduce(near, cand, top)
                probe_all(near, cand, top)
            except deduce.Contradiction:
                assert not fits, givens
                continue
            for f in fits:
                assert all(m >> v & 1 for m, v in zip(cand, f, strict=True)), (givens, f)


def test_a_sparse_board_with_answers_is_not_called_unsolvable() -> None:
    """Eight empty rows above ``1 2 . . 1``: the unsound region rule made the whole solve say "no
    solution" (review of fillo10); it has several answers."""
    cells = [[0] * 5 for _ in range(8)] + [[1, 2, 0, 0, 1]]
    result = model.solve_cells(cells, SolveOptions(time_limit=20))
    assert result.status is Status.MULTIPLE
    assert result.solution is not None


def test_probing_keeps_the_division_a_board_was_made_from() -> None:
    """Larger random boards: the division the givens were kept from is an answer, so it stays."""
    rng = random.Random(4)
    hits = 0
    for _ in range(20):
        rows, cols = rng.randint(5, 9), rng.randint(5, 9)
        division = None
        while division is None:
            division = generate.random_division(rows, cols, rng)
        flat = [x for row in division for x in row]
        givens = [x if rng.random() < rng.choice((0.2, 0.35, 0.5)) else 0 for x in flat]
        near = deduce.grid_near(rows, cols)
        cand = deduce.start_masks(near, givens)
        deduce.deduce(near, cand, max(givens))
        hits += probe_all(near, cand, max(givens))[1]
        assert all(m >> v & 1 for m, v in zip(cand, flat, strict=True))
    assert hits > 0


def test_a_probe_leaves_the_masks_as_they_were() -> None:
    near, cand, top = _start(NARROWED)
    deduce.deduce(near, cand, top)
    before = cand.copy()
    prober = Prober(near, cand, top)
    for i, x in enumerate(before):
        for v in deduce.bits(x) if x & (x - 1) else ():
            if v <= top:
                prober.probe(i, v, True)
                prober.probe(i, v, False)
                assert cand == before


def test_the_fallback_gets_the_probed_masks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A group too big to search reaches the fallback with fewer numbers than the deductions left
    (the old code handed it the deduced masks), and the verdict is the same."""
    near, cand, top = _start(NARROWED)
    deduced = cand.copy()
    deduce.deduce(near, deduced, top)
    got: list[list[int]] = []

    def fallback(sub_near: list[list[int]], sub: list[int], limit: int) -> list[list[int]]:
        got.append(sub.copy())
        found = search.Search(top, float("inf"), limit=limit).answers(sub_near, sub.copy())
        return found

    monkeypatch.setattr(search, "SEARCH_OPEN", -1)
    found = search.Search(top, float("inf"), fallback=fallback).answers(near, cand)
    (cells,) = search._groups(near, deduced)  # one group of 55 cells
    assert got and sum(x.bit_count() for x in got[0]) < sum(deduced[i].bit_count() for i in cells)
    plain = search.Search(top, float("inf")).answers(near, deduced.copy())
    assert len(found) == len(plain)


def test_probing_stops_at_the_solve_s_deadline() -> None:
    """Past the deadline no probe runs (the solve times out then; a big group's probes must not
    keep it past its time limit)."""
    near, cand, top = _start(NARROWED)
    deduce.deduce(near, cand, top)
    before = cand.copy()
    assert probe_all(near, cand, top, deadline=0.0)[0] == 0 and cand == before
    assert probe_all(near, cand, top)[0] > 0


def test_the_one_layered_walk_counts_as_the_full_reach() -> None:
    """``deduce.layers`` (shared by the deductions and the probes) gives each cell once, at its
    distance; ``reach_count`` stops at ``need`` but never says "enough" when the full reach is
    short, whatever cell is left out and whatever walks ran before (walks share no state)."""
    rng = random.Random(7)
    for _ in range(200):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        near = deduce.grid_near(rows, cols)
        cand = [rng.choice((0b1000, 0b1100, 0b0100, 0b0110)) for _ in range(rows * cols)]
        start = [rng.randrange(rows * cols)]
        without = rng.choice((-1, rng.randrange(rows * cols)))
        depth = rng.randint(0, 6)
        walked = list(deduce.layers(near, cand, start, 2, depth, without))
        flat = [j for layer in walked for j in layer]
        assert len(flat) == len(set(flat)) and not set(flat) & {*start, without}
        assert all(cand[j] >> 2 & 1 for j in flat) and len(walked) <= depth
        for d, layer in enumerate(walked, 1):  # a cell at distance d touches one at d - 1
            before = set(start) if d == 1 else set(walked[d - 2])
            assert all(any(k in before for k in near[j]) for j in layer)
        dist = _distances(near, cand, start, 2, without)  # (a plain BFS, independent of layers)
        far = min(depth, max(dist.values()))
        assert [sorted(layer) for layer in walked] == [sorted(j for j, k in dist.items() if k == d)
                                                       for d in range(1, far + 1)]
        assert len(flat) == sum(1 for k in dist.values() if 1 <= k <= depth)
        for need in range(depth + 1):
            got = deduce.reach_count(near, cand, start, 2, need, without)
            upto = sum(1 for k in dist.values() if 1 <= k <= need)
            assert (got >= need) == (upto >= need) and got <= upto


def _distances(near: list[list[int]], cand: list[int], start: list[int], v: int, without: int) -> dict[int, int]:
    """Each cell's steps from ``start`` over cells that may be ``v`` (never ``without``), by BFS."""
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        i = queue.popleft()
        for j in near[i]:
            if j not in dist and j != without and cand[j] >> v & 1:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def test_spread_marks_each_number_within_its_distance() -> None:
    """``probe._spread`` (which probes are tried again): a cell gets a number's bit exactly when a
    cell that lost it is at most ``steps`` away, against a plain BFS from each changed cell."""
    from solvers.fillomino import probe

    rng = random.Random(5)
    for _ in range(100):
        rows, cols = rng.randint(1, 6), rng.randint(1, 6)
        near = deduce.grid_near(rows, cols)
        n = rows * cols
        lost = {i: rng.randint(1, 15) for i in rng.sample(range(n), rng.randint(0, min(n, 3)))}
        steps = rng.randint(0, 4)
        want: dict[int, int] = {}
        for i, m in lost.items():
            for j, d in _distances(near, [-1] * n, [i], 0, -1).items():
                if d <= steps:
                    want[j] = want.get(j, 0) | m
        assert probe._spread(near, lost, steps) == want


def test_a_probe_is_tried_again_only_for_its_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 9x9 board (random division, seed 81): re-probing a (cell, v) only when v changed near it
    (fillo12) tries fewer probes than re-probing near any change (213), and ends with the same
    masks as re-probing every probe after every pass."""
    from solvers.fillomino import probe

    near, cand, top = _start([". 7 7 7 1 . 6 . .", "2 2 7 . 4 . 4 8 6", "9 9 9 . . . . . .",
                              ". . . . 5 . 8 8 .", "9 9 9 . . . . . .", ". . . 7 . . 8 . .",
                              "3 . 3 . . 3 1 . .", ". 9 . 7 . . . 1 .", ". . . . . 9 . 4 ."])
    deduce.deduce(near, cand, top)
    every = cand.copy()
    tries = probe_all(near, cand, top)[0]
    monkeypatch.setattr(probe, "_spread", lambda near, lost, steps: dict.fromkeys(range(len(near)), -1))
    assert probe_all(near, every, top)[0] > tries
    assert cand == every and tries < 213
