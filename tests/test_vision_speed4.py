"""The fourth round of the reader's speed-ups reads as before: a lattice's scores for every count
from running sums made once, the character search's first look taken a block of glyphs at a time,
and a cell's characters cut once per reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import cells, glyphs, lattice
from vision.glyphs import _nearest, _queries
from vision.memo import one_reading


def _score_as_before(prof: np.ndarray, n: int, spread: float) -> float:
    """``lattice._score`` as it was: every array made again for each count."""
    size = len(prof)
    cell = size / n
    win = max(1, round(cell / 10))
    at = np.round(np.arange(1, n) * cell).astype(np.int64)
    bounds = np.stack([np.maximum(0, at - win), np.minimum(size, at + win + 1)], axis=1).ravel()
    peaks = np.maximum.reduceat(np.append(prof, 0.0), bounds)[0::2]
    mid = np.round((np.arange(n) + 0.5) * cell).astype(np.int64)
    lo, hi = np.maximum(0, mid - win), np.minimum(size, mid + win + 1)
    sums = np.concatenate([[0.0], np.cumsum(prof)])
    mids = (sums[hi] - sums[lo]) / (hi - lo)
    return (float(np.mean(peaks)) - float(np.mean(mids))) / spread


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_a_lattice_scores_every_count_as_before_to_the_last_bit(dtype: type) -> None:
    rng = np.random.default_rng(23)
    for _ in range(60):
        size = int(rng.integers(60, 900))
        prof = (rng.random(size) ** 3).astype(dtype)
        spread = float(prof.std()) or 1e-6
        score = lattice._scorer(prof, spread)
        for n in range(lattice.MIN_CELLS, lattice.MAX_CELLS + 1):
            if size / n < 8:
                break
            assert score(n) == _score_as_before(prof, n, spread)


def _digit(text: str, dx: int, thick: int, scale: float) -> np.ndarray:
    ink = np.zeros((44, 44), np.uint8)
    cv2.putText(ink, text, (6 + dx, 32), cv2.FONT_HERSHEY_SIMPLEX, scale, 1, thick)
    return ink


def test_the_first_look_in_blocks_guesses_as_the_whole_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    # (more distinct glyphs than a block: sizes and strokes make them differ, as a board of numbers does)
    batch = [_digit(t, dx, k, s) for t in "0123456789" for dx in (0, 2) for k in (1, 2) for s in (0.8, 1.0, 1.2)]
    q = _queries(batch)
    assert len({row.tobytes() for row in q}) > glyphs.ROWS
    blocked = _nearest(q, glyphs.CLASSES)
    monkeypatch.setattr(glyphs, "ROWS", len(q))  # (the whole batch in one block: the search as it was)
    whole = _nearest(q, glyphs.CLASSES)
    monkeypatch.setattr(glyphs, "ROWS", 1)
    single = _nearest(q, glyphs.CLASSES)
    assert [repr(g) for g in blocked] == [repr(g) for g in whole] == [repr(g) for g in single]


def test_a_cells_characters_are_cut_once_per_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    ink = _digit("12", 0, 2, 0.8)
    cut: list[int] = []
    made = cells._glyph_masks

    def counted(mask: np.ndarray, min_height: float) -> list[np.ndarray]:
        cut.append(1)
        return made(mask, min_height)

    monkeypatch.setattr(cells, "_glyph_masks", counted)
    with one_reading():
        first = cells.glyph_masks(ink, min_height=0.22 * 44)
        again = cells.glyph_masks(ink.copy(), min_height=0.22 * 44)  # (another array, the same ink)
        other = cells.glyph_masks(ink, min_height=0.3 * 44)  # (another least height: cut again)
    assert len(first) == 2 and len(cut) == 2
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert [m.tobytes() for m in first] == [m.tobytes() for m in other]
    assert not any(m.flags.writeable for m in first)  # (shared: nobody may draw on them)
    first.pop()
    with one_reading():  # (a new reading remembers nothing of the last; a caller's list is its own)
        assert len(cells.glyph_masks(ink, min_height=0.22 * 44)) == 2
    assert len(cut) == 3
