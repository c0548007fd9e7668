"""The CP-SAT model of a Numberlink board: one circuit for all numbers, and its solver settings.

Number k (1..K, in increasing order of the clue values) has endpoints a_k (first in reading
order) and b_k. A single ``add_circuit`` runs over all cells: grid arcs join neighbours, the
fixed arcs b_k -> a_{k+1} (and b_K -> a_1) chain the pairs, and empty cells take their self-loop
(none under the Flow rule). Grid arcs into a_k and out of b_k are left out, so a_k's only way
in is the fixed arc and b_k's only way out is the fixed arc: the circuit leaves a_k along the
grid and must reach some b_j before it can jump on. One-hot path colours per cell (none = empty;
endpoints fixed), equal across every used edge, force j = k. One circuit through every used
cell means there are no stray loops and no stray paths.

Under the Nikoli rule (cells may stay empty) the model asks for *tight* answers only: two
adjacent cells of one path are always joined (:mod:`solvers.numberlink.uniqueness` shows why
that loses no board). Under the Flow rule (``fill``) every cell is on a path and tightness is
only the heuristic narrowing of a first search.
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.cpsat import leave
from solvers.gridgraph import Grid, edge_key
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions

Lit = cp_model.BoolVarT | bool  # a literal, or a constant folded away at build time


class BuildTimeout(Exception):
    """The time limit ran out while the model was still being built (a huge board)."""


class NumberlinkModel:
    """The CP-SAT model of one board; ``edges[i]`` is the literal of ``grid.edges[i]`` (or None
    when the edge can never be used)."""

    def __init__(self, puzzle: Puzzle[int], deadline: float | None = None) -> None:
        """The exact model of the puzzle's rule (Nikoli: taut answers only, see above), plus
        ``self.hint_lit``, a literal that when set asks for the other property too (Nikoli: every
        cell used; Flow: taut). It is not a rule: it narrows a first search, which is fast when
        the answer has that shape (well-made boards' answers usually do)."""
        self.puzzle = puzzle
        self.fill = "fill" in puzzle.variants
        self.grid = grid = Grid(puzzle.rows, puzzle.cols)
        self.model = m = cp_model.CpModel()
        values = sorted({v for _, _, v in puzzle.clues()})
        self.K = K = len(values)
        number = {v: k + 1 for k, v in enumerate(values)}
        ends: dict[int, list[Cell]] = {}
        for r, c, v in puzzle.clues():
            ends.setdefault(number[v], []).append((r, c))
        self.pairs = [(ends[k][0], ends[k][1]) for k in sorted(ends)]
        self.starts = {ends[k][0]: k for k in ends}
        self.finishes = {ends[k][1]: k for k in ends}
        fixed = {cell: k for cell, k in (*self.starts.items(), *self.finishes.items())}
        self.hint_lit = hint = m.new_bool_var("heuristic")
        not_hint = ~hint

        # colour[cell][k - 1]: the cell is on the path of number k (endpoints: constants)
        self.on: dict[Cell, Lit] = {}
        self.colour: dict[Cell, list[Lit]] = {}
        neg: dict[Cell, list[Lit]] = {}
        true = m.new_constant(1)
        for cell in grid.cells():
            if deadline is not None and cell[1] == 0 and time.perf_counter() > deadline:
                raise BuildTimeout
            if cell in fixed:
                self.colour[cell] = [k == fixed[cell] for k in range(1, K + 1)]
                neg[cell] = [k != fixed[cell] for k in range(1, K + 1)]
                self.on[cell] = True
                continue
            cols = [m.new_bool_var(f"y{cell}_{k}") for k in range(1, K + 1)]
            self.colour[cell] = [*cols]
            neg[cell] = [~y for y in cols]
            if self.fill:
                m.add_exactly_one(cols)
                self.on[cell] = True
            else:
                on = m.new_bool_var(f"on{cell}")
                m.add(sum(cols) == on)
                m.add_implication(hint, on)  # heuristic: every cell used
                self.on[cell] = on

        arcs: list[tuple[int, int, cp_model.BoolVarT]] = []
        self.edges: list[cp_model.IntVar | None] = []
        for i, (a, b) in enumerate(grid.edges):
            if deadline is not None and i % 16 == 0 and time.perf_counter() > deadline:
                raise BuildTimeout
            ka, kb = fixed.get(a), fixed.get(b)
            dirs = []
            for s, t in ((a, b), (b, a)):
                if t in self.starts or s in self.finishes:
                    continue  # a_k is only entered, b_k only left, by the fixed chain arcs
                if ka is not None and kb is not None and ka != kb:
                    continue  # two different numbers side by side are never joined
                dirs.append((s, t))
            if not dirs:
                self.edges.append(None)
                continue
            e = m.new_bool_var(f"e{i}")
            ne = ~e
            self.edges.append(e)
            if len(dirs) == 1:
                arcs.append((grid.index(dirs[0][0]), grid.index(dirs[0][1]), e))
            else:
                lits = [m.new_bool_var(f"a{i}_{j}") for j in range(2)]
                for (s, t), lit in zip(dirs, lits, strict=True):
                    arcs.append((grid.index(s), grid.index(t), lit))
                m.add(e == lits[0] + lits[1])
            # a used edge joins cells of one colour; taut: adjacent cells of one path are joined
            # (the rule's consequence under Nikoli, the heuristic under Flow)
            taut_extra = [not_hint] if self.fill else []
            ya_s, yb_s, na_s, nb_s = self.colour[a], self.colour[b], neg[a], neg[b]
            plain = ka is None and kb is None
            for k in range(K):
                if plain:
                    m.add_bool_or([ne, na_s[k], yb_s[k]])
                    m.add_bool_or([ne, nb_s[k], ya_s[k]])
                    m.add_bool_or([e, na_s[k], nb_s[k], *taut_extra])
                else:
                    _clause(m, [ne, na_s[k], yb_s[k]])
                    _clause(m, [ne, nb_s[k], ya_s[k]])
                    _clause(m, [e, na_s[k], nb_s[k], *taut_extra])
        self._blocks_of_two(None if not self.fill else hint)
        for k in range(1, K + 1):
            nxt = k % K + 1
            arcs.append((grid.index(ends[k][1]), grid.index(ends[nxt][0]), true))
        for cell in grid.cells():
            inc = [x for _, e in grid.cell_edges(cell) if (x := self.edges[e]) is not None]
            if cell in fixed:
                m.add(sum(inc) == 1)
            else:
                used = self.on[cell]
                if isinstance(used, bool):
                    m.add(sum(inc) == 2)
                else:
                    m.add(sum(inc) == 2 * used)
                    arcs.append((grid.index(cell), grid.index(cell), ~used))
        m.add_circuit(arcs)

    def _blocks_of_two(self, enforce: cp_model.IntVar | None) -> None:
        """Taut solutions use at most 2 of the 4 edges inside any 2x2 block: 4 would be a loop,
        3 a U-turn whose two ends are adjacent cells of one path left unjoined. (Only while
        ``enforce`` holds, when given.)"""
        g = self.grid
        for r in range(g.rows - 1):
            for c in range(g.cols - 1):
                ring = [((r, c), (r, c + 1)), ((r, c + 1), (r + 1, c + 1)),
                        ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c))]
                lits = [x for e in ring if (x := self.edges[g.edge_index[e]]) is not None]
                if len(lits) >= 3:
                    ct = self.model.add(sum(lits) <= 2)
                    if enforce is not None:
                        ct.only_enforce_if(enforce)

    def forbid_downhill_flips(self) -> None:
        """The uniqueness search's canonical form (:mod:`solvers.numberlink.uniqueness`): no corner
        u-w-v of a 2x2 block whose fourth cell e is empty and earlier than w in reading order."""
        g = self.grid
        for r in range(g.rows - 1):
            for c in range(g.cols - 1):
                block = ((r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c))
                for i, w in enumerate(block):
                    u, e, v = block[i - 1], block[(i + 2) % 4], block[(i + 1) % 4]
                    if e > w:  # (row, col) tuples compare in reading order
                        continue
                    in_edge = self.edges[g.edge_index[edge_key(u, w)]]
                    out_edge = self.edges[g.edge_index[edge_key(w, v)]]
                    on_e = self.on[e]
                    if in_edge is None or out_edge is None or on_e is True:
                        continue
                    self.model.add_bool_or([~in_edge, ~out_edge, on_e])

    def used(self, solver: cp_model.CpSolver) -> set[int]:
        return {i for i, e in enumerate(self.edges) if e is not None and solver.boolean_value(e)}

    def exclude(self, used: set[int]) -> None:
        """Ask for a solution that leaves out at least one edge of ``used`` (why that is enough:
        :mod:`solvers.numberlink.uniqueness`)."""
        self.model.add_bool_or([~self.edges[i] for i in used])  # type: ignore[operator]
        self.model.clear_hints()  # type: ignore[no-untyped-call]
        for i, e in enumerate(self.edges):
            if e is not None:
                self.model.add_hint(e, i in used)


def _clause(m: cp_model.CpModel, lits: list[Lit]) -> None:
    """Add a clause, folding Python constants (True satisfies it, False drops out)."""
    if any(x is True for x in lits):
        return
    m.add_bool_or([x for x in lits if x is not False])


def build(puzzle: Puzzle[int], seconds: float) -> NumberlinkModel:
    """The board's model, built within ``seconds`` or :class:`BuildTimeout`; either way the big
    object (the model, or the exception whose traceback holds the half-built one) is handed to
    :func:`solvers.cpsat.leave`, to be freed after the answer goes out."""
    try:
        nm = NumberlinkModel(puzzle, deadline=time.perf_counter() + seconds)
    except BuildTimeout as e:
        leave(e)
        raise
    leave(nm)
    return nm


# cells: smaller boards skip CP-SAT's presolve (published 6x6 to 11x13 Nikoli boards: median
# 0.077 -> 0.065 s; from 15x15 the hard proofs were 10-30% slower without it); first answers,
# narrowed to boards with every cell used, never use it (no loss measured up to 50x50)
PRESOLVE_FROM = 144


def solver_params(options: SolveOptions, cells: int = PRESOLVE_FROM) -> dict[str, int]:
    """CP-SAT settings for this model: one worker with no LP relaxation (the circuit's LP costs
    far more than it prunes here, and on a 2-core machine a second worker mostly slowed the
    first: 40x40 narrowed search 6.6 s with one worker, 11-13 s with two), light presolve (none
    on boards under PRESOLVE_FROM cells, where it costs more than the search), no symmetry
    search. ``options.workers`` is an upper bound, so one worker respects it."""
    return {"num_workers": 1, "linearization_level": 0, "symmetry_level": 0, "cp_model_probing_level": 0,
            "max_presolve_iterations": 1, "cp_model_presolve": cells >= PRESOLVE_FROM}

