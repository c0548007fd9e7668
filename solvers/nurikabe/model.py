"""Nurikabe as CP-SAT after deduction: each island picks its cells, the sea joins up by lazy cuts.

:mod:`solvers.nurikabe.deduce` first fixes what a human would (most of the sea on large boards:
every cell no island can reach is shaded) and leaves each island the cells it may still take.
The model then has one Boolean ``x[k][i]`` per island ``k`` and cell ``i`` it may reach;
a cell is unshaded when one island takes it. The rules:

* sizes: a numbered island takes exactly its number of cells (a ``?`` island at least one);
* two touching unshaded cells belong to the same island (so each island holds one clue);
* no 2x2 block is all shaded; a non-clue unshaded cell and (from two shaded cells on) a shaded
  cell each touch a cell of their own kind (local consequences that prune before any cut);
* connectivity of each numbered island of up to ``LAYERS_UP_TO`` cells: distance layers from
  its clue (:mod:`solvers.nurikabe.layers`), stated in full up front: with lazy cuts, each round
  split islands somewhere new and every re-solve started over (17x19 stress board 5.6 -> 1.9 s
  CPU, 20x20 from a 30 s timeout to 0.1 s; bench/results/nurikabe.md, eleventh pass);
* connectivity of the sea, of ``?`` islands and of bigger islands: lazily added cuts
  (:class:`solvers.connectivity.ConnectedArea`, plus rings a few steps out from each split-off
  part, :mod:`solvers.nurikabe.cuts`), re-solving until the answer is connected, each round first
  near the new cuts with the last answer kept elsewhere (:mod:`solvers.nurikabe.repair`); a bigger
  island gets its layers once it has been cut.

Every cut is a rule consequence, so "infeasible" is a proof; uniqueness excludes the first
answer's shading and solves again (:func:`solvers.cpsat.solve_twice`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ortools.sat.python import cp_model

from solvers.connectivity import ConnectedArea, joined, solve_connected
from solvers.cpsat import Budget, no_solution, solve_twice
from solvers.nurikabe.board import BLACK, FREE, NO_LIMIT, UNKNOWN_CLUE, WHITE, Board, Contradiction
from solvers.nurikabe.check import check_cells
from solvers.nurikabe.cuts import ring_finder
from solvers.nurikabe.deduce import deduce
from solvers.nurikabe.layers import add_layers, once_cut
from solvers.nurikabe.probe import probe
from solvers.nurikabe.repair import Repair
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, SolveResult, Status

Cell = tuple[int, int]
# cells: islands this small get their layers up front (the eleventh pass measured gains with islands
# up to 16 cells and a cost at 50: d0025's 50s would add 59,000 variables; 20 lies between)
LAYERS_UP_TO = 20
DEDUCE_SHARE = 0.4  # of the time limit, at most, for the deductions (the search gets the rest)
PROBE_SHARE = 0.2  # of the time limit, at most, for probing after them
PROBE_CAP = 0.8  # of the time limit (and a tenth before its end), at most, while probing keeps finding
# cells: d0025 needs 36 hits over ~3.7 s CPU; a made-up 50x50 board with several answers keeps
# hitting too and pays for it (2.4 -> 8.2 s, bench/results/nurikabe.md)
PROBE_MIN = 150  # cells left open: on fewer, CP-SAT settles the board sooner than probing would
# when probing goes on past TRY_TRIALS trials or TRY_AT of the limit in CPU seconds (TRY_CPU at
# least), CP-SAT first tries to settle the board with TRY_SHARE of it in CP-SAT's deterministic time
# (its own count of work; TRY_MIN at least) and TRY_WALL of the limit in wall seconds (TRY_WALL_MIN
# at least, never past the budget): a board with several answers keeps probing busy to PROBE_CAP
# (50x50 p0.5-s3: 764 trials, 46 hits, 6.6 s CPU; two answers in 0.3 s CPU), while probing settles
# d0025 in 220 trials (2.4 s CPU) and d0024 in 166. Work, not wall time, so load changes the
# outcome less: at load 24 on 2 cores d0025's probing took 6.2 s wall for its 2.4 s CPU, and a
# wall mark fired on d0024 before probing settled it; trial counts do not move with load and CPU
# seconds barely (bench/results/nurikabe.md, tenth pass). TRY_TRIALS was 320: on nk17's made-up
# 50x50 boards with several answers probing's 320 trials (12-22 hits, 16-36 of 467-592 open cells)
# took 2.6-3.6 s CPU and left CP-SAT no easier (0.9-2.5 s CPU after deduction alone, 0.1-0.5 dtime); 240
# keeps a margin over d0025's 220 (pass nk18). The try also runs at a 5 s limit now (it needed
# TRY_SHARE of the limit >= TRY_MIN before: no try below 8 s, so those boards timed out at 5 s);
# TRY_CPU keeps the CPU mark off d0025 there (its probing: 2.1-2.5 s CPU idle, 3.8 at load 13).
TRY_TRIALS, TRY_AT, TRY_SHARE, TRY_WALL, TRY_MIN = 240, 0.4, 0.1, 0.3, 0.8
TRY_CPU = 4.0  # CPU seconds of probing at least before the CPU mark (see above)
# the try comes already at EARLY_TRIALS trials when probing has settled less than EARLY_SHARE of the
# cells open at its start: at 160 trials d0025 has settled 7.9 % (36 of 455; 3.7 % at 120), d0024
# 30 %, nk17's four boards with several answers 0.8-3.2 %, 50x50 p0.5-s3 2.2 % (pass nk18)
EARLY_TRIALS, EARLY_SHARE = 160, 0.05
TRY_WALL_MIN = 3.0  # wall seconds at least for the try (nk17's boards: 0.9-2.5 s CPU after deduction)

# many small calls (one per round of cuts): presolve and the LP relaxation cost more than they prune
PARAMS: dict[str, Any] = {"linearization_level": 0, "cp_model_probing_level": 0, "symmetry_level": 0,
                          "cp_model_presolve": False, "num_workers": 1}


class NurikabeModel:
    """The rules of one board (after deduction) as CP-SAT; ``white[i]`` true when cell i is unshaded."""

    def __init__(self, board: Board) -> None:
        self.board = board
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.model = model = cp_model.CpModel()
        self.x: list[dict[int, cp_model.IntVar]] = []
        takers: list[list[cp_model.IntVar]] = [[] for _ in range(n)]
        for k, reach in enumerate(board.reach):
            own: dict[int, cp_model.IntVar] = {}
            for i in sorted(reach):
                if board.color[i] == BLACK:
                    continue
                own[i] = v = model.new_bool_var(f"x{k}_{i}")
                takers[i].append(v)
                if board.owner[i] == k:
                    model.add(v == 1)
                elif board.owner[i] >= 0:
                    model.add(v == 0)
            self.x.append(own)
        self.white: list[cp_model.IntVar] = []
        for i in range(n):
            w = model.new_bool_var(f"w{i}")
            self.white.append(w)
            if board.color[i] == BLACK or not takers[i]:
                model.add(w == 0)
            else:
                model.add(sum(takers[i]) == w)
                if board.color[i] == WHITE:
                    model.add(w == 1)
        adj = board.adj
        for k, own in enumerate(self.x):
            size = board.size(k)
            if size != NO_LIMIT:
                model.add(sum(own.values()) == size)
            for i, v in own.items():
                for j in adj[i]:
                    # i in island k and j unshaded: j is in island k too
                    other = own.get(j)
                    clause = [v.Not(), self.white[j].Not()]
                    model.add_bool_or([*clause, other] if other is not None else clause)
        for r in range(rows - 1):
            for c in range(cols - 1):
                block = (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
                if all(board.color[i] != WHITE for i in block):
                    model.add_bool_or([self.white[i] for i in block])
        if not any(v == UNKNOWN_CLUE for _, v in board.clues):
            model.add(sum(self.white) == sum(v for _, v in board.clues))
        clue_cells = {i for i, _ in board.clues}
        for i in range(n):  # a non-clue unshaded cell touches another unshaded cell
            if board.color[i] != BLACK and i not in clue_cells:
                model.add_bool_or([self.white[i].Not(), *(self.white[j] for j in adj[i])])
        self.sizes: list[int] = []  # per area: the island's size (NO_LIMIT for the sea and "?" islands)
        self.areas = self._areas()

    def _areas(self) -> list[ConnectedArea]:
        """The areas left to lazy cuts (the sea, ``?`` and big islands); small islands get their layers here."""
        board, cols = self.board, self.board.cols
        sea = {divmod(i, cols): self.white[i].Not() for i in range(len(self.white)) if board.color[i] != WHITE}
        shaded = [i for i in range(len(self.white)) if board.color[i] == BLACK]
        prefer = {divmod(i, cols): 0 for i in shaded}
        areas = [ConnectedArea(board.rows, cols, sea, prefer=lambda cell: prefer.get(cell, 1))]
        self.sizes.append(NO_LIMIT)
        if len(shaded) >= 2:
            areas[0].add_local(self.model)
        for k, own in enumerate(self.x):
            if len(own) <= 1:
                continue
            lits, clue = {divmod(i, cols): v for i, v in own.items()}, divmod(board.clues[k][0], cols)
            if board.size(k) == NO_LIMIT or board.size(k) > LAYERS_UP_TO:
                areas.append(ConnectedArea(board.rows, cols, lits, anchor=clue))
                self.sizes.append(board.size(k))
            else:
                add_layers(self.model, board.rows, cols, lits, clue, board.size(k))
        return areas

    def shaded(self, solver: cp_model.CpSolver) -> list[str]:
        cols = self.board.cols
        return ["".join("." if solver.boolean_value(self.white[r * cols + c]) else "#" for c in range(cols))
                for r in range(self.board.rows)]

    def runner(self, params: dict[str, Any]) -> Any:
        find = joined(*(ring_finder(a) if size == NO_LIMIT else once_cut(ring_finder(a), self.model, a, size)
                        for a, size in zip(self.areas, self.sizes, strict=True)))
        cells_of = {w.index: i for i, w in enumerate(self.white)}
        cells_of.update((v.index, i) for own in self.x for i, v in own.items())
        repair = Repair(self.board, self.white, cells_of, find, params)
        return partial(solve_connected, find_cuts=repair.find, runner=repair.solve)


def solve_cells(cells: Sequence[Sequence[int]], options: SolveOptions,
                decode: Callable[[list[str]], Any] = tuple) -> SolveResult:
    """The verdict for a Nurikabe board of ints (clue, -1 for ``?``, 0 empty).

    ``decode`` turns the shaded rows (``#``/``.``) into the genre's solution object.
    """
    budget = Budget(options)
    t0 = time.perf_counter()
    try:
        board = deduce(cells, DEDUCE_SHARE * options.time_limit if options.time_limit else None)
    except Contradiction:
        budget.note("deduce", t0)
        return no_solution(budget)
    budget.note("deduce", t0)
    if options.time_limit and board.color.count(FREE) >= PROBE_MIN:
        t0 = time.perf_counter()
        settled: list[SolveResult] = []

        def attempt() -> bool:
            """CP-SAT on the board probing has reached, briefly: settled if it finds the verdict."""
            limit = options.time_limit
            wall, work = max(TRY_WALL * limit, TRY_WALL_MIN), max(TRY_SHARE * limit, TRY_MIN)
            got = _search(board, options, budget.part(wall, work=work), decode)
            settled.append(got)
            return got.status in (Status.UNIQUE, Status.MULTIPLE, Status.SOLVED, Status.NONE)

        try:
            now, share = time.monotonic(), PROBE_SHARE * options.time_limit
            cap = min(PROBE_CAP * options.time_limit, budget.remaining() - 0.1 * options.time_limit)
            probe(board, now + min(share, cap), until=now + cap, grace=share, pause=attempt, pause_trials=TRY_TRIALS,
                  pause_cpu=time.process_time() + max(TRY_AT * options.time_limit, TRY_CPU),
                  early=(EARLY_TRIALS, EARLY_SHARE))
        except Contradiction:
            budget.note("probe", t0)
            return no_solution(budget)
        budget.note("probe", t0)
        if settled and settled[-1].status != Status.TIMEOUT:
            return settled[-1]
    if board.complete:
        # every cell forced: the one candidate; if it breaks a rule the deductions do not watch
        # (they never check it whole), there is no solution at all
        if check_cells(cells, board.shaded_rows()):
            return no_solution(budget)
        status = Status.UNIQUE if options.unique else Status.SOLVED
        return SolveResult(status, solution=decode(board.shaded_rows()), stats=budget.stats)
    return _search(board, options, budget, decode)


def _search(board: Board, options: SolveOptions, budget: Budget, decode: Callable[[list[str]], Any]) -> SolveResult:
    """CP-SAT from the board's state: the verdict, or a timeout when ``budget`` runs out."""
    t0 = time.perf_counter()
    nm = NurikabeModel(board)
    free = [nm.white[i] for i in range(len(nm.white)) if board.color[i] == FREE]
    budget.note("build", t0)
    return solve_twice(nm.model, free, lambda s: decode(nm.shaded(s)), options, budget=budget,
                       runner=nm.runner(PARAMS))


def solve(puzzle: Puzzle[int], options: SolveOptions) -> SolveResult:
    """The verdict for a Nurikabe board (unique / multiple / solved / none / timeout)."""
    return solve_cells(puzzle.cells, options, decode=lambda rows: ShadeSolution(tuple(rows)))
