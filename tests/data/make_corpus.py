"""Rebuild tests/data/corpus/<genre>.jsonl: the project's own small corpus.

Every board is made here, by ``puzzlebot generate`` or written by hand below (nothing is taken
from ../shared). Every record is then solved with ``puzzlebot solve`` and its verdict decides the
record: ``unique`` -> ``"unique": true`` (and the generator's solution must be the solver's),
``multiple`` -> ``"unique": false`` with the solver's first solution, ``none`` -> ``"solution":
null, "unique": null`` (proven unsolvable; FORMATS.md has no flag for that). Every stored
solution must pass the genre's rules checker.

    .venv/bin/python tests/data/make_corpus.py            # all genres
    .venv/bin/python tests/data/make_corpus.py masyu      # one genre

The order of the records matters to the tests (they pick boards by index): generated boards
first, in SPECS order, then the hand-made ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "corpus"
CLI = [sys.executable, "-m", "bot.cli"]

# (rows, cols, difficulty, seed): small boards first (the bot tests want many boards up to 8x8)
SPECS = [
    (5, 5, "easy", 1), (5, 5, "medium", 2), (5, 5, "hard", 3),
    (6, 6, "medium", 4), (6, 6, "hard", 5), (7, 7, "easy", 6), (7, 7, "medium", 7),
    (8, 8, "medium", 8), (8, 8, "hard", 9),
    (6, 9, "medium", 10), (10, 10, "medium", 11), (12, 12, "hard", 12), (15, 15, "medium", 13),
    (10, 7, "hard", 14),
]

# genres whose generator cannot yet make some of the larger SPECS boards in its time budget
# (their 15x15 board is still made: the corpus needs one)
MAX_SIDE = {"fillomino": 9}

# boards written by hand: one with several solutions and one with none per genre (+ a Flow board)
HAND = {
    "masyu": [
        ("several", [". . . . .", ". . . . .", ". . W . .", ". . . . .", ". . . . ."], False),
        ("none", ["B B . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."], False),
    ],
    "yinyang": [
        ("several", ["W . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . B"], False),
        ("none", [". . . . .", ". W B . .", ". B W . .", ". . . . .", ". . . . ."], False),
    ],
    "numberlink": [
        ("several", ["1 . . . .", ". . . . .", ". . 2 . .", ". . . . 2", ". . . . 1"], False),
        ("none", ["1 . . . 2", ". . . . .", ". . . . .", ". . . . .", "2 . . . 1"], False),
        ("flow", ["1 . 2 . 3", ". . 4 . 5", ". . . . .", ". 2 . 3 .", ". 1 4 5 ."], True),
    ],
    "shikaku": [
        ("several", ["10 . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . 15"], False),
        ("none", ["5 . . 5 .", ". . . . .", ". 5 . . .", ". . . . 5", ". 5 . . ."], False),
    ],
    "slitherlink": [
        ("several", [". . . . .", ". . . . .", ". . 2 . .", ". . . . .", ". . . . ."], False),
        ("none", ["0 3 . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."], False),
    ],
    "nurikabe": [
        ("several", ["2 . .", ". . .", ". . 2"], False),
        ("none", ["1 . .", ". . .", ". . ."], False),
    ],
    "fillomino": [
        ("several", [". . .", ". . .", ". . ."], False),
        ("none", ["2 . 2", ". 2 .", ". . ."], False),
    ],
}


def run(args: list[str], stdin: str | None = None) -> str:
    proc = subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, cwd=REPO, check=True)
    return proc.stdout


def build(genre: str) -> list[dict]:
    from solvers.puzzle import Puzzle
    from solvers.registry import get_genre

    records: list[dict] = []
    for rows, cols, difficulty, seed in SPECS:
        if max(rows, cols) > MAX_SIDE.get(genre, rows) and (rows, cols) != (15, 15):
            continue
        rec = json.loads(run(["generate", genre, "--size", f"{rows}x{cols}", "--difficulty", difficulty,
                              "--seed", str(seed)]))
        rec["id"] = f"own-{genre}-{len(records) + 1:02d}"
        records.append(rec)
    for name, grid, fill in HAND.get(genre, []):
        rec = {"id": f"own-{genre}-{len(records) + 1:02d}", "genre": genre, "rows": len(grid),
               "cols": len(grid[0].split()), "grid": grid}
        if fill:
            rec["fill"] = True
        rec["url"] = run(["url", "--jsonl", "-"], json.dumps(rec)).strip()
        rec["source"] = f"written by hand for the puzzlebot tests ({name})"
        records.append(rec)

    lines = "\n".join(json.dumps(r) for r in records) + "\n"
    verdicts = [json.loads(line) for line in run(["solve", "--jsonl", "-", "--time-limit", "60"], lines).splitlines()]
    g = get_genre(genre)
    for rec, v in zip(records, verdicts, strict=True):
        assert v["id"] == rec["id"], (rec["id"], v["id"])
        status = v["status"]
        if "solution" in rec:  # generated: the generator's proof must hold
            assert status == "unique", (rec["id"], status)
            assert v["solution"] == rec["solution"] or sorted(map(tuple, v["solution"].get("rects", []))) == \
                sorted(map(tuple, rec["solution"].get("rects", []))), rec["id"]
        elif status == "multiple":
            rec["solution"], rec["unique"] = v["solution"], False
        elif status == "unique":
            rec["solution"], rec["unique"] = v["solution"], True
        elif status == "none":
            rec["solution"], rec["unique"] = None, None
        else:
            raise AssertionError(f"{rec['id']}: {status} ({v['error']})")
        if rec["solution"] is not None:
            puzzle = Puzzle.from_record(rec)
            assert g.check(puzzle, g.solution_from_json(rec["solution"], puzzle)) == [], rec["id"]
    return records


def main(genres: list[str]) -> None:
    sys.path.insert(0, str(REPO))
    from solvers.registry import GENRES

    OUT.mkdir(parents=True, exist_ok=True)
    for genre in genres or list(GENRES):
        records = build(genre)
        path = OUT / f"{genre}.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
        counts = {k: sum(1 for r in records if r.get("unique") is k) for k in (True, False, None)}
        print(f"{path.relative_to(REPO)}: {len(records)} records, unique {counts[True]}, several {counts[False]}, "
              f"none {counts[None]}")


if __name__ == "__main__":
    main(sys.argv[1:])
