"""LITS answers typed in chat, and hints.

An answer is one line per row, ``#`` for a shaded cell and ``.`` for an unshaded one (also ``■``,
``x``, ``B``/``b``, ``1`` for shaded and ``□``, ``o``, ``W``/``w``, ``0``, ``_`` for unshaded).

Hints reveal one room's piece at a time: first the rooms the deductions settle
(:mod:`solvers.lits.deduce`), in the order of their first cell, then the others.
"""

from __future__ import annotations

from solvers.answer_grid import shading_answer
from solvers.genre import HintStep
from solvers.lits.check import region_cells, shape_of
from solvers.lits.deduce import Board, Contradiction, start
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

SHADED = frozenset("#■▪●Xx×Bb1黒")
UNSHADED = frozenset(".□・·_oOWw0白")


def parse_answer(puzzle: Puzzle[int], text: str) -> ShadeSolution:
    """The player's shading; raises ParseError naming the cell."""
    return shading_answer(puzzle, text, "lits-answer-symbol", SHADED, UNSHADED)


def hints(puzzle: Puzzle[int], solution: ShadeSolution) -> list[HintStep]:
    if puzzle.regions is None:
        return []
    rooms = sorted(region_cells(puzzle.regions).values())
    settled: set[int] = set()
    try:
        state = start(Board.of(puzzle.regions))
        settled = {k for k, left in enumerate(state.left) if left == 1}
    except Contradiction:
        pass
    # Board.of numbers rooms by their first cell in reading order, as sorted(rooms) does
    order = [k for k in range(len(rooms)) if k in settled] + [k for k in range(len(rooms)) if k not in settled]
    steps = []
    for k in order:
        piece = [cell for cell in rooms[k] if solution.marked(*cell)]
        if len(piece) == 4:
            # the cells named in words: a hint in a chat is text only, so "these four cells" showed nothing
            params = {"cell": rooms[k][0], "shape": shape_of(piece), "cells": tuple(piece)}
            steps.append(HintStep("lits-hint", params, tuple(piece)))
    return steps
