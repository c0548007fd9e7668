"""The generator at chosen sizes, every grade: times and how often the grade is the one asked.

    PYTHONPATH=. .venv/bin/python bench/genres/generate_sizes.py kakuro 5 10x10 15x15

(``--generate`` of a genre's benchmark measures the daily sizes only, one grade each.)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers.generation import generate  # noqa: E402


def main(genre: str, seeds: int, sizes: list[str]) -> None:
    for size in sizes:
        rows, cols = map(int, size.lower().split("x"))
        for difficulty in ("easy", "medium", "hard"):
            times, grades = [], []
            for seed in range(1, seeds + 1):
                t0 = time.perf_counter()
                gp = generate(genre, rows, cols, difficulty, seed=seed)
                times.append(time.perf_counter() - t0)
                grades.append(str(gp.difficulty))
            print(f"{difficulty:6} {size}: median {statistics.median(times):.3f} s, max {max(times):.3f} s, "
                  f"grade as asked {grades.count(difficulty)}/{seeds}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
