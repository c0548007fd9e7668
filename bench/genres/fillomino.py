"""Fillomino on the development corpus against noqx (see bench/genres/common.py).

    PYTHONPATH=. PUZZLEBOT_SHARED=../shared .venv/bin/python bench/genres/fillomino.py [--limit S] [--md] [--generate N]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.genres.common import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main("fillomino", limit=5.0, repeat=1))
