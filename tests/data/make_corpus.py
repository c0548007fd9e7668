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

# genres whose generator is only practical on small boards: their own sizes
GENRE_SPECS = {
    "kakuro": [(5, 5, "easy", 1), (6, 6, "easy", 2), (7, 7, "medium", 3), (8, 8, "medium", 4), (9, 9, "hard", 5),
               (9, 9, "hard", 6)],
    "sudoku": [(4, 4, "easy", 1), (6, 6, "medium", 2), (9, 9, "easy", 3), (9, 9, "medium", 4), (9, 9, "hard", 5),
               (9, 9, "hard", 6), (16, 16, "easy", 7)],
    "lits": [(5, 5, "easy", 1), (5, 5, "medium", 2), (6, 6, "easy", 3), (6, 6, "medium", 4), (6, 6, "hard", 5),
             (7, 7, "medium", 6)],
}

_LATIN5 = ["1 2 3 4 5", "2 3 4 5 1", "3 4 5 1 2", "4 5 1 2 3", "5 1 2 3 4"]
_DOTS5 = [". . . . ."] * 5

# genres whose generator cannot yet make some of the larger SPECS boards in its time budget
# (their 15x15 board is still made: the corpus needs one)
MAX_SIDE = {"fillomino": 9}

# boards written by hand: one with several solutions and one with none per genre (+ a Flow board);
# a fourth item, where present, is the board's regions
HAND = {
    "hitori": [
        ("several", _LATIN5, False),
        ("none", ["1 1 1 1 1", *_LATIN5[1:]], False),
    ],
    "lits": [
        ("several", _DOTS5, False, ["1 1 2 2 2", "1 1 2 2 2", "1 1 2 2 2", "1 1 2 2 2", "1 1 2 2 2"]),
        ("none", _DOTS5, False, ["1 1 2 2 2", "1 1 2 2 2", "2 2 2 2 2", "2 2 2 2 2", "2 2 2 2 2"]),
        ("rooms of 3x3", [" ".join(["."] * 15)] * 15, False,
         [" ".join(str(r // 3 * 5 + c // 3 + 1) for c in range(15)) for r in range(15)]),
    ],
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
    "hashiwokakero": [
        ("several", ["3 . 3", ". . .", "3 . 3"], False),
        ("none", ["1 . 1", ". . .", "1 . 1"], False),
    ],
    "kakuro": [
        ("several", ["# 3\\ 3\\", "\\3 . .", "\\3 . ."], False),
        ("none", ["# 3\\ 4\\", "\\3 . .", "\\5 . ."], False),
        # 16x16: four generated 8x8 boards (seeds 21-24) side by side, so the corpus reaches 225 cells
        ("large", ["# 13\\ 20\\ # # # 17\\ 8\\ # # # 15\\ 9\\ # # #",
                   "\\17 . . # # 12\\10 . . # 11\\ 30\\17 . . 20\\ 29\\ 13\\",
                   "\\3 . . # 24\\23 . . . \\34 . . . . . . .",
                   "\\4 . . 15\\11 . . 12\\ # \\3 . . 6\\ \\22 . . .",
                   "# \\23 . . . . . 11\\ # 9\\11 . . \\14 . . 3\\",
                   "# 17\\ 6\\16 . . \\10 . . \\11 . . . 17\\ 9\\7 . .",
                   "\\18 . . . # \\6 . . \\35 . . . . . . .",
                   "\\11 . . # # \\3 . . # # # \\17 . . # #",
                   "# # # 8\\ 11\\ # # # # # 33\\ 10\\ # # 34\\ 16\\",
                   "# 13\\ 26\\15 . . 15\\ 30\\ 9\\ # \\17 . . 17\\ \\13 . .",
                   "\\33 . . . . . . . # 10\\18 . . . 3\\9 . .",
                   "\\5 . . 15\\10 . . . . \\6 . . 10\\18 . . . 15\\",
                   "# 3\\17 . . 12\\16 . . 7\\ \\11 . . . 10\\18 . . .",
                   "\\14 . . . . 4\\3 . . # 9\\13 . . . 14\\8 . .",
                   "\\37 . . . . . . . \\14 . . \\20 . . . #",
                   "# # # \\3 . . # # \\3 . . # \\13 . . #"], False),
    ],
    "sudoku": [
        ("several", ["1 . . .", ". . . .", ". . . .", ". . . 2"], False),
        ("none", ["1 2 . .", ". . . 4", ". . . .", ". . . ."], False),
    ],
    "yajilin": [
        ("several", [". . . . .", ". . . . .", ". . 0u . .", ". . . . .", ". . . . ."], False),
        ("none", [". 0l . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."], False),
    ],
    "heyawake": [
        ("several", [". . . .", ". . . .", ". . . .", ". . . ."], False, ["1 1 2 2", "1 1 2 2", "3 3 4 4", "3 3 4 4"]),
        ("none", ["2 . .", "2 . .", ". . ."], False, ["1 1 1", "2 2 2", "3 3 3"]),
    ],
}
# hand-made boards with regions (jigsaw): name, grid, regions
HAND_REGIONS = {
    "sudoku": [
        ("jigsaw", ["1 . . .", ". . . 3", ". 2 . .", ". . . 4"], ["1 1 1 2", "1 3 2 2", "3 3 4 2", "3 4 4 4"]),
    ],
}


def run(args: list[str], stdin: str | None = None) -> str:
    proc = subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True, cwd=REPO, check=True)
    return proc.stdout


def build(genre: str) -> list[dict]:
    from solvers.puzzle import Puzzle
    from solvers.registry import get_genre

    records: list[dict] = []
    for rows, cols, difficulty, seed in GENRE_SPECS.get(genre, SPECS):
        if max(rows, cols) > MAX_SIDE.get(genre, max(rows, cols)) and (rows, cols) != (15, 15):
            continue
        rec = json.loads(run(["generate", genre, "--size", f"{rows}x{cols}", "--difficulty", difficulty,
                              "--seed", str(seed)]))
        rec["id"] = f"own-{genre}-{len(records) + 1:02d}"
        records.append(rec)
    for name, grid, fill, *regions in HAND.get(genre, []):
        rec = {"id": f"own-{genre}-{len(records) + 1:02d}", "genre": genre, "rows": len(grid),
               "cols": len(grid[0].split()), "grid": grid}
        if regions:
            rec["regions"] = regions[0]
        if fill:
            rec["fill"] = True
        rec["url"] = run(["url", "--jsonl", "-"], json.dumps(rec)).strip()
        rec["source"] = f"written by hand for the puzzlebot tests ({name})"
        records.append(rec)
    for name, grid, regions in HAND_REGIONS.get(genre, []):
        records.append({"id": f"own-{genre}-{len(records) + 1:02d}", "genre": genre, "rows": len(grid),
                        "cols": len(grid[0].split()), "grid": grid, "regions": regions,
                        "source": f"written by hand for the puzzlebot tests ({name})"})

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
