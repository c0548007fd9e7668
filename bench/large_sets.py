"""Build the large development sets of issue 11 (nothing of them is committed).

* ``published-<genre>.jsonl``: published Masyu, Yin-Yang and Numberlink (janko.at's Arukone)
  boards of 144 cells or more (janko.at, Nikoli and others, 12x12 to 40x58) from a fetched
  snapshot of the public
  ``SmilingWayne/puzzlekit-dataset`` repository (``--puzzlekit``: its git directory). The
  Arukone records say ``unique: null`` (janko.at's exact rule is not known to us); most of their
  answers use every cell, and ``published-numberlink-fill.jsonl`` holds those boards again under
  the Flow rule;
* ``generated-<genre>.jsonl``: our own generator at 20x20 to 40x40, past the CLI's size limit
  (minutes per board; ``--no-generate`` skips it).

Then, beside noqx (bench/README.md, "Against noqx")::

    PEERS_HOME=/tmp/peers .venv/bin/python bench/solve.py --records /tmp/large/published-*.jsonl \\
        --no-seed --peer --repeat 1 -v
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.registry import get_genre  # noqa: E402
from solvers.verdict import SolveOptions  # noqa: E402

DATASETS = {"masyu": "assets/data/Masyu/Masyu_dataset.json", "yinyang": "assets/data/YinYang/YinYang_dataset.json",
            "numberlink": "assets/data/NumberLink/NumberLink_dataset.json"}
SYMBOLS = {"-": ".", "w": "W", "b": "B"}


def symbol(genre: str, token: str) -> str:
    """The dataset's cell token in our text notation ("?" when unknown)."""
    if genre == "numberlink" and token.isdigit():
        return token
    return SYMBOLS.get(token, "?")
GENERATED = [("masyu", 20, 36, 1), ("yinyang", 20, 20, 1), ("masyu", 30, 30, 2), ("yinyang", 25, 25, 2),
             ("masyu", 20, 36, 3), ("yinyang", 30, 30, 3), ("masyu", 25, 25, 4), ("yinyang", 20, 30, 4),
             ("yinyang", 30, 30, 5), ("yinyang", 25, 25, 6), ("yinyang", 20, 20, 7), ("masyu", 24, 24, 8),
             ("yinyang", 24, 24, 8)]


def published(git_dir: Path, genre: str, min_cells: int) -> list[tuple[dict[str, object], bool]]:
    """The dataset's boards of one genre with at least ``min_cells`` cells, as FORMATS.md records,
    each with whether its published answer uses every cell."""
    text = subprocess.run(["git", f"--git-dir={git_dir}", "show", f"HEAD:{DATASETS[genre]}"],
                          check=True, capture_output=True, text=True).stdout
    out = []
    for name, item in json.loads(text)["data"].items():
        lines = item["problem"].strip().split("\n")
        rows, cols = map(int, lines[0].split())
        grid = [" ".join(symbol(genre, t) for t in line.split()) for line in lines[1:1 + rows]]
        if rows * cols < min_cells or len(grid) != rows or any("?" in g for g in grid):
            continue
        # janko.at's Arukone: its exact rule is not known to us (most answers use every cell, a few
        # leave cells empty), so the Numberlink records say unique: null
        out.append(({"id": f"pk-{genre}-{name}", "genre": genre, "rows": rows, "cols": cols, "grid": grid,
                    "unique": None if genre == "numberlink" else True,
                    "source": item.get("source") or "puzzlekit-dataset"},
                    "-" not in item.get("solution", "-").split("\n", 1)[-1].split()))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/large")
    ap.add_argument("--puzzlekit", help="git directory of a fetched SmilingWayne/puzzlekit-dataset")
    ap.add_argument("--min-cells", type=int, default=144)
    ap.add_argument("--no-generate", action="store_true")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.puzzlekit:
        for genre in DATASETS:
            recs = published(Path(args.puzzlekit), genre, args.min_cells)
            (out / f"published-{genre}.jsonl").write_text("".join(json.dumps(r) + "\n" for r, _ in recs))
            print(f"published {genre}: {len(recs)} boards")
            if genre == "numberlink":  # the boards whose answer uses every cell, under the Flow rule
                fill = [{**r, "id": f"{r['id']}-fill", "fill": True} for r, full in recs if full]
                (out / "published-numberlink-fill.jsonl").write_text("".join(json.dumps(r) + "\n" for r in fill))
    if not args.no_generate:
        for genre, rows, cols, seed in GENERATED:
            start = time.perf_counter()
            try:
                g = get_genre(genre).generate(rows, cols, "hard", seed, SolveOptions(time_limit=60, workers=1))
            except Exception as e:  # a size the generator gives up on: noted, skipped
                print(f"generated {genre} {rows}x{cols} seed {seed}: failed ({type(e).__name__})")
                continue
            rec = g.puzzle.to_record(id=f"gen-{genre}-{rows}x{cols}-{seed}", unique=True, solution=g.solution.to_json())
            with (out / f"generated-{genre}.jsonl").open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec) + "\n")
            print(f"generated {genre} {rows}x{cols} seed {seed}: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
