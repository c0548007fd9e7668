"""Hitori rules in plain Python: the givens' form and the independent answer checker.

The rules: shade some cells so that no number appears twice among the unshaded cells of any row
or column, no two shaded cells share an edge, and the unshaded cells form one orthogonally
connected area. Shading a cell that repeats nothing is allowed by these rules (the checker
accepts it; the solver counts such answers as solutions too).

Written independently of :mod:`solvers.hitori.model` (no CP-SAT, no shared deduction code).
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.errors import InvalidPuzzle, ParseError
from solvers.puzzle import Puzzle, check_rectangular
from solvers.solution import ShadeSolution
from solvers.verdict import Violation

Cell = tuple[int, int]
MAX_NUMBER = 255  # the largest number pzpr writes into a URL (255 is "-73": "-" and two base-36 digits)


def form_problems(numbers: Sequence[Sequence[int]]) -> list[Violation]:
    """Why these givens are not a Hitori board: a cell without a positive number, ragged rows."""
    if not numbers or not numbers[0]:
        return [Violation("hitori-form-empty")]
    cols = len(numbers[0])
    out: list[Violation] = []
    for r, row in enumerate(numbers):
        if len(row) != cols:
            return [Violation("hitori-form-ragged", params={"row": r + 1, "got": len(row), "cols": cols})]
        for c, v in enumerate(row):
            if not 1 <= v <= MAX_NUMBER:
                out.append(Violation("hitori-form-number", cells=((r, c),),
                                     params={"cell": (r, c), "number": v, "max": MAX_NUMBER}))
    return out


def violations(numbers: Sequence[Sequence[int]], shaded: Sequence[str]) -> list[Violation]:
    """Every rule the answer breaks (empty: correct). ``shaded`` rows of '#' (shaded) and '.'."""
    rows, cols = len(numbers), len(numbers[0])
    if len(shaded) != rows or any(len(row) != cols for row in shaded):
        return [Violation("hitori-answer-size", params={"rows": rows, "cols": cols})]
    dark = [[ch == "#" for ch in row] for row in shaded]
    out: list[Violation] = []
    for r in range(rows):
        for c in range(cols):
            if dark[r][c] and c + 1 < cols and dark[r][c + 1]:
                out.append(Violation("hitori-adjacent", cells=((r, c), (r, c + 1)), params={"cell": (r, c)}))
            if dark[r][c] and r + 1 < rows and dark[r + 1][c]:
                out.append(Violation("hitori-adjacent", cells=((r, c), (r + 1, c)), params={"cell": (r, c)}))
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        seen: dict[int, list[Cell]] = {}
        for r, c in line:
            if not dark[r][c]:
                seen.setdefault(numbers[r][c], []).append((r, c))
        for number, cells in sorted(seen.items()):
            if len(cells) > 1:
                params = {"number": number, "cell": cells[0], "cells": tuple(cells)}
                out.append(Violation("hitori-repeat", cells=tuple(cells), params=params))
    white = {(r, c) for r in range(rows) for c in range(cols) if not dark[r][c]}
    if white:
        start = min(white)
        reached = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if q in white and q not in reached:
                    reached.add(q)
                    stack.append(q)
        cut = sorted(white - reached)
        if cut:
            out.append(Violation("hitori-connected", cells=tuple(cut), params={"cell": cut[0], "count": len(cut)}))
    return out


def form_problem(puzzle: Puzzle[int]) -> ParseError | None:
    """Why these givens cannot be a Hitori (for genre detection), or None: a cell without a number."""
    found = form_problems(puzzle.cells)
    return None if not found else ParseError(found[0].rule, cells=found[0].cells, **found[0].params)


def validate(puzzle: Puzzle[int]) -> None:
    """Raise InvalidPuzzle unless every cell holds a number from 1 to MAX_NUMBER."""
    check_rectangular(puzzle)
    found = form_problems(puzzle.cells)
    if found:
        raise InvalidPuzzle(found[0].rule, cells=found[0].cells, **found[0].params)


def check(puzzle: Puzzle[int], solution: ShadeSolution) -> list[Violation]:
    """Every rule the answer breaks; [] when it is right. Never raises."""
    return violations(puzzle.cells, solution.marks)
