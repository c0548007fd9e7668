"""'No solution' explained: one mistyped clue per published board, and the clues the bot names.

For each genre, the published boards of the shared corpus from ``--min-cells`` cells up (the
smallest first, ``--boards`` of them): change one clue at a time (to another given that occurs on the
same board) until the board has no solution (each try solved within 2 s), then ask the engine to
explain it within ``--explain`` seconds (issue 24, item 3). Prints the board, the typo, how many
clues were named, whether the typo is among them, whether the set was proven minimal, the solves
and the seconds spent.

    .venv/bin/python bench/explain.py --boards 1 --min-cells 100
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers.engine import solve_puzzle  # noqa: E402
from solvers.explain import conflicting_clues  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.registry import GENRES  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared")) / "corpus"
OWN = REPO / "tests" / "data" / "corpus"  # for a genre the shared corpus lacks


Change = list[tuple[int, int, Any]]


def typo(puzzle: Puzzle[Any], options: SolveOptions) -> tuple[Puzzle[Any], Change] | None:
    """The first one-clue change (row by row) that leaves the board without a solution; failing
    that, the first swap of two neighbouring clues' givens (a board where a lone change breaks the
    form)."""
    clues = puzzle.clues()
    values = sorted({v for _, _, v in clues}, key=str)
    changes = [[(r, c, w)] for r, c, v in clues for w in values if w != v]
    changes += [[(r, c, v2), (r2, c2, v)] for (r, c, v), (r2, c2, v2) in zip(clues, clues[1:], strict=False)
                if v != v2]
    for change in changes:
        rows = [list(row) for row in puzzle.cells]
        for r, c, w in change:
            rows[r][c] = w
        board = replace(puzzle, cells=tuple(tuple(row) for row in rows))
        if solve_puzzle(board, options).status is Status.NONE:
            return board, change
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=1)
    ap.add_argument("--min-cells", type=int, default=100)
    ap.add_argument("--explain", type=float, default=3.0)
    ap.add_argument("--genres", default=",".join(GENRES))
    args = ap.parse_args()
    quick = SolveOptions(time_limit=2.0, workers=1, unique=False)
    print("| genre | board | size | typo | clues on board | what the chat says | named | typo named | minimal "
          "| solves | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in args.genres.split(","):
        path = CORPUS / f"{name}.jsonl"
        if not path.exists():
            path = OWN / f"{name}.jsonl"
        records = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
        records = sorted((r for r in records if r["rows"] * r["cols"] >= args.min_cells),
                         key=lambda r: r["rows"] * r["cols"])
        done = 0
        for rec in records:
            if done >= args.boards:
                break
            puzzle = Puzzle.from_record(rec)
            found = typo(puzzle, quick)
            if found is None:
                continue
            done += 1
            board, change = found
            result = solve_puzzle(board, SolveOptions(time_limit=10.0, workers=1, explain=args.explain))
            conflict = conflicting_clues(board, args.explain, quick)
            typed = " ".join(f"r{r + 1}c{c + 1}={w}" for r, c, w in change)
            code = result.message.code if result.message is not None else "-"
            hit = any((r, c) in result.cells for r, c, _ in change)
            row = [name, rec["id"], f"{board.rows}x{board.cols}", typed, len(board.clues()), code, len(result.cells),
                   hit, "-" if conflict is None else conflict.minimal, "-" if conflict is None else conflict.solves,
                   f"{result.stats.phases.get('explain', 0.0):.2f}"]
            print("| " + " | ".join(str(x) for x in row) + " |", flush=True)


if __name__ == "__main__":
    main()
