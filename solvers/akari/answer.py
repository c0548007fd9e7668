"""Akari answers typed in chat, and hints in the order a solver finds the lights.

An answer is the board with the lights marked, one row per line::

    *.#
    1.*
    .*2

A light is ``*`` (also ``o O L l ● 💡 ○``); any other cell is ``.`` (also ``- _ x + ·``). Black
cells may be copied from the board (``#`` or their number) or written like an empty cell.
Cells may be separated by spaces.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.akari.board import Grid, Layout, LightSolution
from solvers.akari.model import constraints
from solvers.answer_grid import answer_lines
from solvers.cardinality import Conflict
from solvers.errors import ParseError

LIGHT_TOKENS = frozenset({"*", "o", "O", "L", "l", "●", "💡", "○", "◯", "☆", "★"})
EMPTY_TOKENS = frozenset({".", "-", "_", "x", "X", "+", "·", "・", "#", "0", "1", "2", "3", "4", "■", "□"})

Cell = tuple[int, int]


def answer_tokens(rows: int, cols: int, text: str) -> list[list[str]]:
    """The answer split into ``rows`` rows of ``cols`` tokens (spaces optional)."""
    lines = answer_lines(text)
    if len(lines) != rows:
        raise ParseError("answer-row-count-1" if len(lines) == 1 else "answer-row-count", got=len(lines), rows=rows)
    out = []
    for r, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) != cols:
            joined = "".join(tokens)
            if len(joined) != cols:
                n = len(tokens) if len(tokens) > 1 else len(joined)
                raise ParseError("answer-row-length", cells=((r, min(n, cols) - 1),), row=r + 1, got=n, cols=cols)
            tokens = list(joined)
        out.append(tokens)
    return out


def parse_lights(grid: Grid, text: str) -> LightSolution:
    """The player's lights; raises ParseError naming the cell of an unknown symbol."""
    rows, cols = len(grid), len(grid[0])
    lights: set[Cell] = set()
    for r, row in enumerate(answer_tokens(rows, cols, text)):
        for c, tok in enumerate(row):
            if tok in LIGHT_TOKENS:
                lights.add((r, c))
            elif tok not in EMPTY_TOKENS:
                raise ParseError("akari-answer-symbol", cells=((r, c),), cell=(r, c), token=tok)
    return LightSolution.of(rows, cols, lights)


@dataclass(frozen=True)
class Hint:
    """One light to reveal and why it is there (a message code and its facts)."""

    code: str
    params: dict[str, object]
    cell: Cell


def hint_order(grid: Grid, solution: LightSolution) -> list[Hint]:
    """Every light of ``solution`` in the order the deductions place it.

    ``akari-hint-forced``: it follows from the numbers and cells with a single candidate alone;
    ``akari-hint-trial``: it follows once a light at ``trial_cell`` is seen to break a rule (or
    no light there is); ``akari-hint-reveal``: the deductions alone do not place it.
    """
    layout = Layout(grid)
    lights = solution.lit()
    order: list[Hint] = []
    try:
        card = constraints(layout)
        card.probe()
    except Conflict:
        card = None
    placed: set[Cell] = set()
    if card is not None:
        fixes = card.fixes
        k = 0
        trial: Cell | None = None
        for pos, v in enumerate(card.trail):
            while k < len(fixes) and fixes[k][0] <= pos:
                fv = fixes[k][1]
                trial = layout.white[fv] if fv < len(layout.white) else None
                k += 1
            if v >= len(layout.white) or card.value[v] != 1 or layout.white[v] not in lights:
                continue
            cell = layout.white[v]
            if trial is None:
                order.append(Hint("akari-hint-forced", {"cell": cell}, cell))
            else:
                order.append(Hint("akari-hint-trial", {"cell": cell, "trial_cell": trial}, cell))
            placed.add(cell)
    for cell in sorted(lights - placed):
        order.append(Hint("akari-hint-reveal", {"cell": cell}, cell))
    return order
