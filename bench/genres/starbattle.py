"""Star Battle on the development corpus against noqx (see bench/genres/common.py); ``--own-corpus``
rebuilds the genre's own test corpus instead; ``--large`` rebuilds
``bench/results/starbattle-large.jsonl`` (20x20 and 25x25 boards, deterministic, minutes). noqx
beside us in the same run: ``bench/genres/side_by_side.py starbattle``.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/starbattle.py [--repeat 3] [--own-corpus]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

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


LARGE = REPO / "bench" / "results" / "starbattle-large.jsonl"
LARGE_MADE = [(20, 4, 1), (20, 4, 2)]  # (size, stars, seed): the generator's first board of the seed
LARGE_JOINED = [(13, 12, 2, 1), (12, 13, 2, 2)]  # two generated boards on the diagonal: sizes, stars, seed


def large_boards() -> None:
    """Unique boards past the published sizes: generated 20x20 four-star boards (minutes each), and
    25x25 boards joined from two generated ones on the diagonal. Both off-diagonal strips join the
    second board's regions (above it column by column, left of it row by row); the first board's
    regions then hold every star of its rows and of its columns, so the strips hold none and the
    answer is the two answers side by side."""
    from solvers.starbattle.board import renumber
    from solvers.starbattle.generate import Made, make

    def first(n: int, k: int, seed: int) -> tuple[Made, int]:
        return next((m, a) for a in range(40) if (m := make(n, "hard", seed, a, stars=k)))

    def record(ident: str, regions: Any, k: int, marks: list[str], source: str) -> dict[str, Any]:
        n = len(regions)
        return {"id": ident, "genre": GENRE, "rows": n, "cols": n, "grid": [" ".join("." * n)] * n,
                "regions": [" ".join(map(str, row)) for row in regions], "stars": k,
                "solution": {"stars": marks}, "unique": True, "source": source}

    records = []
    for n, k, seed in LARGE_MADE:
        made, attempt = first(n, k, seed)
        records.append(record(f"large-{n}x{n}-{k}-s{seed}a{attempt}", made.regions, k, list(made.solution.marks),
                              f"puzzlebot generator make({n}, 'hard', seed={seed}, attempt={attempt}, stars={k})"))
        print(records[-1]["id"], flush=True)
    for n1, n2, k, seed in LARGE_JOINED:
        (a, _), (b, _) = first(n1, k, seed), first(n2, k, seed)
        if a.solution.marks[-1][-1] == "*" and b.solution.marks[0][0] == "*":
            continue  # the corner stars would touch
        n = n1 + n2
        ids = [[a.regions[r][c] if c < n1 else 100 + b.regions[0][c - n1] for c in range(n)] for r in range(n1)]
        ids += [[100 + b.regions[r][max(c - n1, 0)] for c in range(n)] for r in range(n2)]
        marks = [row + "." * n2 for row in a.solution.marks] + ["." * n1 + row for row in b.solution.marks]
        source = f"two generated boards on the diagonal: make({n1}) and make({n2}), seed {seed}, {k} stars"
        records.append(record(f"large-{n}x{n}-{k}-compose-{n1}+{n2}-s{seed}", renumber(ids), k, marks, source))
        print(records[-1]["id"], flush=True)
    LARGE.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


if __name__ == "__main__":
    if "--own-corpus" in sys.argv:
        own_corpus()
    elif "--large" in sys.argv:
        large_boards()
    else:
        sys.exit(main(GENRE))
