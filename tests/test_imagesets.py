"""Pictures from other renderers, committed in tests/data/images (see its README): puzz.link's own
renderer (pzprjs), Simon Tatham's Pearl, printed-style grids and simulated photos, each read exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision import read_image

IMAGES = Path(__file__).parent / "data" / "images"
CASES = [json.loads(line) for line in (IMAGES / "truth.jsonl").read_text(encoding="utf-8").splitlines() if line]


def test_the_set_covers_other_renderers_photos_and_every_genre() -> None:
    assert {c["source"] for c in CASES} >= {"pzprjs", "sgt", "printed"}
    assert {c["kind"] for c in CASES} == {"screenshot", "photo"}
    assert len({c["genre"] for c in CASES}) >= 5


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_picture_is_read_exactly(case: dict) -> None:
    r = read_image((IMAGES / case["file"]).read_bytes())
    assert (r.rows, r.cols) == (case["rows"], case["cols"])
    assert [" ".join(row) for row in r.tokens] == case["grid"]
    assert case["genre"] in r.genres
