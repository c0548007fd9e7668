"""Helpers for the daily-puzzle tests: a puzzle source from the own corpus, answers as players type them."""

from __future__ import annotations

import string
from typing import Any

from bot.daily.making import MadeDaily
from solvers.answer_grid import draw_lines
from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import get_genre
from solvers.solution import Solution
from solvers.verdict import SolveOptions
from tests import corpus


def corpus_maker(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> MadeDaily:
    """A make_daily stand-in that picks a small, verified corpus puzzle by seed (picklable, instant)."""
    recs = []
    if genre in corpus.own_genres():
        recs = [r for r in corpus.own(genre) if r["rows"] * r["cols"] <= 64 and not r.get("fill") and r["unique"]]
    if not recs:  # a genre without a corpus file yet: its /help example, solved
        puzzle = read_board(get_genre(genre).example)
        solution = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).solution
        assert solution is not None
        return MadeDaily(puzzle, solution, difficulty, None, seed, 0.0)
    rec = recs[seed % len(recs)]
    puzzle = Puzzle.from_record({k: rec[k] for k in ("genre", "rows", "cols", "grid", "regions") if k in rec})
    solution = get_genre(genre).solution_from_json(rec["solution"], puzzle)
    return MadeDaily(puzzle, solution, difficulty, rec.get("url"), seed, 0.0)


def example_maker(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> MadeDaily:
    """A make_daily stand-in that always gives the genre's /help example, solved (the boards the
    browser tests draw on)."""
    puzzle = read_board(get_genre(genre).example)
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1)).solution
    assert solution is not None
    return MadeDaily(puzzle, solution, difficulty, None, seed, 0.0)


def _json(solution: Solution | dict[str, Any]) -> dict[str, Any]:
    return solution if isinstance(solution, dict) else solution.to_json()


def typed_answer(genre: str, solution: Solution | dict[str, Any]) -> str:
    """The solution (typed, or FORMATS.md) written the way the README tells players to write it."""
    solution = _json(solution)
    if genre == "masyu":
        return draw_lines(solution["loop"])
    if genre == "numberlink":
        return draw_lines(solution["links"])
    if genre == "yinyang":
        return "\n".join(solution["colors"])
    rects = solution["rects"]
    rows = max(t + h for t, _, h, _ in rects)
    cols = max(l + w for _, l, _, w in rects)
    grid = [["?"] * cols for _ in range(rows)]
    labels = string.ascii_letters + string.digits
    for i, (t, l, h, w) in enumerate(rects):
        for r in range(t, t + h):
            for c in range(l, l + w):
                grid[r][c] = labels[i]
    return "\n".join("".join(row) for row in grid)


def broken_answer(genre: str, solution: Solution | dict[str, Any]) -> str:
    """A wrong answer: the solution with one change that breaks a rule."""
    solution = _json(solution)
    text = typed_answer(genre, solution)
    lines = text.split("\n")
    if genre in ("masyu", "numberlink"):
        # cut the loop/path: replace the first horizontal pair "──" or corner with empty cells
        for r, line in enumerate(lines):
            for c in range(len(line) - 1):
                if line[c] in "─┌└" and line[c + 1] in "─┐┘":
                    a = {"─": "╴", "┌": "╷", "└": "╵"}[line[c]]
                    b = {"─": "╶", "┐": "╷", "┘": "╵"}[line[c + 1]]
                    lines[r] = line[:c] + a + b + line[c + 2:]
                    return "\n".join(lines)
    if genre == "yinyang":  # flip a whole row: breaks connectivity or makes a 2x2 somewhere
        lines[0] = "".join("B" if ch == "W" else "W" for ch in lines[0])
        return "\n".join(lines)
    # shikaku: split a rectangle: its last column gets a new label, a rectangle with no number
    for t, l, h, w in solution["rects"]:
        if w >= 2:
            label = lines[t][l]
            for r in range(t, t + h):
                lines[r] = lines[r][: l + w - 1] + "~" + lines[r][l + w:]
            assert label != "~"
            return "\n".join(lines)
    raise AssertionError("no rectangle to split")
