"""Akari on the development corpus against noqx (see bench/genres/common.py); ``--own-corpus``
rebuilds the genre's own test corpus instead.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/akari.py [--repeat 3] [--own-corpus]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from bench.genres.common import main  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

GENRE = "akari"
OWN = REPO / "tests" / "data" / "corpus" / "akari.jsonl"
OWN_SPECS = [(5, 5, "easy", 1), (5, 5, "hard", 2), (6, 6, "medium", 3), (7, 7, "easy", 4), (8, 8, "hard", 5),
             (6, 9, "medium", 6), (10, 10, "medium", 7), (12, 12, "hard", 8), (15, 15, "medium", 9)]
OWN_HAND = [  # (name, grid): several solutions, none
    ("several", [". . . . .", ". # . . .", ". . . . .", ". . . # .", ". . . . ."]),
    ("none", ["0 . . . .", ". 4 . . .", ". . . . .", ". . . . .", ". . . . ."]),
    ("none-dark", [". 0 . . .", "0 . 0 . .", ". 0 . . .", ". . . . .", ". . . . ."]),
]


def own_corpus() -> None:
    """The genre's own test corpus: generated boards (each proven unique by the generator), then
    boards written by hand with several solutions and none; every verdict from the engine, every
    solution through the checker."""
    from solvers.engine import solve_puzzle
    from solvers.generation import generate_record
    from solvers.puzzle import Puzzle

    records = [generate_record(GENRE, rows, cols, diff, seed) for rows, cols, diff, seed in OWN_SPECS]
    for name, grid in OWN_HAND:
        records.append({"genre": GENRE, "rows": len(grid), "cols": len(grid[0].split()), "grid": grid,
                        "source": f"written by hand for the puzzlebot tests ({name})"})
    for i, rec in enumerate(records, 1):
        rec["id"] = f"own-{GENRE}-{i:02d}"
        puzzle = Puzzle.from_record(rec)
        res = solve_puzzle(puzzle, SolveOptions(time_limit=60, workers=1))
        if "solution" in rec:
            assert res.status is Status.UNIQUE and res.solution is not None, rec["id"]
            assert res.solution.to_json() == rec["solution"], rec["id"]
        elif res.status is Status.NONE:
            rec["solution"], rec["unique"] = None, None
        else:
            assert res.status in (Status.UNIQUE, Status.MULTIPLE) and res.solution is not None, (rec["id"], res.status)
            rec["solution"], rec["unique"] = res.solution.to_json(), res.status is Status.UNIQUE
        if not rec.get("url"):
            rec["url"] = puzzle.kind.encode_url(puzzle)
        print(rec["id"], rec["rows"], rec["cols"], rec["unique"], rec.get("difficulty", ""))
    OWN.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")


if __name__ == "__main__":
    if "--own-corpus" in sys.argv:
        own_corpus()
    else:
        sys.exit(main(GENRE))
