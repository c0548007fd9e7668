"""Star Battle on the development corpus against noqx (see bench/genres/common.py); ``--own-corpus``
rebuilds the genre's own test corpus instead; ``--noqx`` runs noqx beside us in the same run
(``research/noqx_run.py``, each board best of ``--repeat``) and prints a markdown table;
``--large`` rebuilds ``bench/results/starbattle-large.jsonl`` (20x20 and 25x25 boards, deterministic,
minutes).

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/starbattle.py [--repeat 3] [--own-corpus]
    PEERS_HOME=/tmp/peers PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/starbattle.py \
        --noqx [--records FILE ...] [--repeat 5]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
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


def side_by_side(paths: list[Path], repeat: int, limit: float) -> int:
    """Ours (the engine: validate, solve, uniqueness, checker) and noqx (clingo, two models) on the
    same boards in one run, rounds alternating so both meet the same load; best of ``repeat``."""
    from bench.genres.common import SHARED, _right
    from solvers.engine import solve_puzzle
    from solvers.puzzle import Puzzle

    records = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    peers = Path(os.environ.get("PEERS_HOME", "/tmp/peers"))
    runner = [str(peers / "venv" / "bin" / "python"), str(SHARED / "research" / "noqx_run.py"),
              "--max-solutions", "2", "--timeout", "30"]
    questions = "".join(json.dumps({k: v for k, v in r.items() if k != "solution"}) + "\n" for r in records)
    ours: dict[str, float] = {}
    cpu: dict[str, float] = {}
    peer: dict[str, float] = {}
    peer_unique: dict[str, Any] = {}
    verdicts: dict[str, tuple[str, bool]] = {}
    options = SolveOptions(time_limit=limit, workers=1)
    for _ in range(repeat):
        done = subprocess.run(runner, input=questions, capture_output=True, text=True, check=True,
                              env={**os.environ, "PEERS_HOME": str(peers)})
        for line in done.stdout.splitlines():
            out = json.loads(line)
            total = 30.0 if out.get("timed_out") else out["time_s"]["total"]
            peer[out["id"]] = min(peer.get(out["id"], float("inf")), total)
            peer_unique[out["id"]] = out.get("found_unique")
        for rec in records:
            puzzle = Puzzle.from_record(rec)
            t0, c0 = time.perf_counter(), time.process_time()
            res = solve_puzzle(puzzle, options)
            ours[rec["id"]] = min(ours.get(rec["id"], float("inf")), time.perf_counter() - t0)
            cpu[rec["id"]] = min(cpu.get(rec["id"], float("inf")), time.process_time() - c0)
            verdicts[rec["id"]] = (str(res.status), _right(rec, puzzle, res))
    print("| id | size | stars | ours s | ours cpu s | noqx s | noqx/ours | our verdict | right | noqx unique |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for rec in records:
        i = rec["id"]
        print(f"| {i} | {rec['rows']}x{rec['cols']} | {rec['stars']} | {ours[i]:.4f} | {cpu[i]:.4f} | {peer[i]:.4f} | "
              f"{peer[i] / ours[i]:.1f} | {verdicts[i][0]} | {verdicts[i][1]} | {peer_unique[i]} |")
    mine = list(ours.values())
    print(f"\nboards {len(records)}, right {sum(1 for v in verdicts.values() if v[1])}; ours median "
          f"{statistics.median(mine):.4f} s, max {max(mine):.4f} s; noqx median "
          f"{statistics.median(peer.values()):.4f} s, max {max(peer.values()):.4f} s")
    big = [r["id"] for r in records if r["rows"] * r["cols"] >= 144]
    if big:
        print(f"boards >= 144 cells: {len(big)}, median ours {statistics.median(ours[i] for i in big):.4f} s, "
              f"noqx {statistics.median(peer[i] for i in big):.4f} s, "
              f"median ratio noqx/ours {statistics.median(peer[i] / ours[i] for i in big):.2f}x")
    return 0 if all(v[1] for v in verdicts.values()) else 1


def _arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


if __name__ == "__main__":
    if "--own-corpus" in sys.argv:
        own_corpus()
    elif "--large" in sys.argv:
        large_boards()
    elif "--noqx" in sys.argv:
        from bench.genres.common import SHARED

        files = [SHARED / "corpus" / "starbattle.jsonl"]
        if "--records" in sys.argv:
            tail = sys.argv[sys.argv.index("--records") + 1:]
            files = [Path(a) for a in tail[:next((i for i, a in enumerate(tail) if a.startswith("--")), len(tail))]]
        sys.exit(side_by_side(files, int(_arg("--repeat", "5")), float(_arg("--limit", "5"))))
    else:
        sys.exit(main(GENRE))
