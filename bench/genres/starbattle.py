"""Star Battle on the development corpus against noqx (see bench/genres/common.py); ``--own-corpus``
rebuilds the genre's own test corpus instead.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/starbattle.py [--repeat 3] [--own-corpus]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from bench.genres.common import main  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

GENRE = "starbattle"
OWN = REPO / "tests" / "data" / "corpus" / "starbattle.jsonl"
OWN_SPECS = [(5, 5, "easy", 1), (5, 5, "hard", 2), (6, 6, "medium", 3), (7, 7, "easy", 4), (8, 8, "hard", 5),
             (9, 9, "medium", 6), (10, 10, "medium", 7), (10, 10, "hard", 8)]
OWN_ONE_STAR = [(12, "medium", 8), (15, "medium", 9)]  # (size, difficulty, seed): big boards, one star a line
OWN_HAND = [  # (name, regions, stars): several solutions, none
    ("several", ["1 1 2 2 2", "1 1 2 2 2", "3 3 3 4 4", "3 3 3 4 4", "5 5 5 5 5"], 1),
    ("none", ["1 1 2 2 2", "3 3 3 3 3", "3 4 4 4 4", "5 5 5 4 4", "5 5 5 5 5"], 1),
]


def own_corpus() -> None:
    """The genre's own test corpus: generated boards (each proven unique by the generator), then
    boards written by hand with several solutions and none; every verdict from the engine, every
    solution through the checker."""
    from solvers.engine import solve_puzzle
    from solvers.generation import generate_record
    from solvers.puzzle import Puzzle
    from solvers.starbattle.generate import make

    records = [generate_record(GENRE, rows, cols, diff, seed) for rows, cols, diff, seed in OWN_SPECS]
    for size, diff, seed in OWN_ONE_STAR:
        made = next(m for attempt in range(200) if (m := make(size, diff, seed, attempt, stars=1)))
        records.append({"genre": GENRE, "rows": size, "cols": size, "grid": [" ".join("." * size)] * size,
                        "regions": [" ".join(map(str, row)) for row in made.regions], "stars": 1,
                        "solution": made.solution.to_json(), "unique": True, "difficulty": made.difficulty,
                        "seed": seed, "source": f"puzzlebot generator (seed {seed}, one star, asked {diff})"})
    for name, regions, stars in OWN_HAND:
        n = len(regions)
        records.append({"genre": GENRE, "rows": n, "cols": n, "grid": [" ".join("." * n)] * n, "regions": regions,
                        "stars": stars, "source": f"written by hand for the puzzlebot tests ({name})"})
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
