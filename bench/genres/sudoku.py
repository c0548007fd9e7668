"""Sudoku on the development corpus: every board solved through the engine (checker included)
with a time limit, against noqx's time on the same board where noqx has one.

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/sudoku.py [--repeat 3]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.common import main  # noqa: E402

if __name__ == "__main__":
    main("sudoku")
