"""Helpers for the daily-puzzle tests: a puzzle source from the own corpus, answers as players type them."""

from __future__ import annotations

import string
from typing import Any

from solvers.answer_grid import draw_lines
from tests import corpus


def corpus_maker(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> dict[str, Any]:
    """A make_daily stand-in that picks a small, verified corpus puzzle by seed (picklable, instant)."""
    recs = [r for r in corpus.own(genre) if r["rows"] * r["cols"] <= 64 and not r.get("fill") and r["unique"]]
    rec = recs[seed % len(recs)]
    record = {k: rec[k] for k in ("genre", "rows", "cols", "grid")}
    return {"record": record, "solution": rec["solution"], "grade": difficulty, "url": rec.get("url"),
            "seed": seed, "seconds": 0.0}


def typed_answer(genre: str, solution: dict[str, Any]) -> str:
    """The solution written the way the README tells players to write it."""
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


def broken_answer(genre: str, solution: dict[str, Any]) -> str:
    """A wrong answer: the solution with one change that breaks a rule."""
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
