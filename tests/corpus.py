"""The shared corpus (``../shared/corpus/*.jsonl`` beside the checkout), for tests and benches."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
GENRES = ("masyu", "yinyang", "numberlink", "shikaku")


@cache
def load(genre: str) -> tuple[dict[str, Any], ...]:
    """Every record of one genre's corpus file, in file order."""
    path = CORPUS / f"{genre}.jsonl"
    with path.open(encoding="utf-8") as f:
        return tuple(json.loads(line) for line in f if line.strip())


def all_records() -> list[dict[str, Any]]:
    return [rec for g in GENRES for rec in load(g)]
