"""Distance layers: a numbered island's connectivity stated in full in the CP-SAT model.

On large boards with many islands of 5-17 cells lazy cuts for islands crawl: an answer puts a
few of an island's cells in a loose piece away from its clue, the cut moves the piece, and the
next answer splits it elsewhere (50x50 stress board, islands up to 13: 335 island cuts against
11 for the sea in 41 rounds). Layers state the island's connectivity exactly, so a layered island
is never cut: ``r[i][t]`` "cell i is in the island within t steps of its clue along the island" with

* ``r[i][t] -> r[i][t+1]``, and the last layer ``r[i][size-1]`` is the cell's own literal ``x[i]``
  (an island of ``size`` connected cells has each cell within ``size - 1`` steps of the clue);
* ``r[i][t] -> r[j][t-1]`` for some neighbour ``j`` (the clue is at layer 0 and every layer).

Layers below a cell's distance from the clue (through the island's reach) are false and left out.
Every solution of the model extends to the layers, so a proof stays a proof. Added only once
an island had been cut (fourth to tenth passes), each round of sea cuts still re-solved islands
split anew; up front they settle made-up 17x19 and 20x20 boards 3x and 80x sooner (eleventh
pass). A big island costs about its size times its reach in layers (d0025's 50s: 59,000 of its
63,000), so islands above ``model.LAYERS_UP_TO`` cells get theirs only once a cut splits them
(:func:`once_cut`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping

from ortools.sat.python import cp_model

from solvers.cell import Cell
from solvers.connectivity import ConnectedArea, Lit, neighbours


def add_layers(model: cp_model.CpModel, rows: int, cols: int, own: Mapping[Cell, Lit], clue: Cell, size: int) -> None:
    """The layer clauses above for the island of ``size`` cells at ``clue`` whose cell literals are ``own``."""
    dist = {clue: 0}
    queue = deque([clue])
    while queue:
        cell = queue.popleft()
        for n in neighbours(rows, cols, cell):
            if n in own and n not in dist and dist[cell] + 1 < size:
                dist[n] = dist[cell] + 1
                queue.append(n)
    top = size - 1
    layer: dict[tuple[Cell, int], Lit] = {}
    for cell, d in dist.items():
        if cell == clue:
            continue
        for t in range(d, top):
            layer[cell, t] = model.new_bool_var("")
        layer[cell, top] = own[cell]
        for t in range(d, top):
            model.add_implication(layer[cell, t], layer[cell, t + 1])
    for cell, d in dist.items():
        if cell == clue:
            continue
        near = [n for n in neighbours(rows, cols, cell) if n in dist]
        if clue in near:
            continue  # beside the clue: within one step at every layer
        for t in range(d, top + 1):
            below = [layer[n, t - 1] for n in near if (n, t - 1) in layer]
            model.add_bool_or([layer[cell, t].Not(), *below])
    for cell in own:
        if cell not in dist:  # farther than size - 1 steps: never in the island
            model.add(own[cell] == 0)


def once_cut(finder: Callable[[cp_model.CpSolver], list[list[Lit]]], model: cp_model.CpModel, area: ConnectedArea,
             size: int) -> Callable[[cp_model.CpSolver], list[list[Lit]]]:
    """``finder``, and the island's layers added to ``model`` the first time it returns cuts."""
    cut = False

    def find(solver: cp_model.CpSolver) -> list[list[Lit]]:
        nonlocal cut
        clauses = finder(solver)
        if clauses and not cut and area.anchor is not None:
            cut = True
            add_layers(model, area.rows, area.cols, area.literals, area.anchor, size)
        return clauses
    return find
