"""The fifth round of the reader's speed-ups reads as before: a lattice's scores for every count
at once give each count's score to the last bit, as the one-count scorer does, and thick lines'
profiles skip an opening that leaves their runs as they are."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import lattice


def _profiles(rng: np.random.Generator, size: int) -> list[np.ndarray]:
    """Line profiles of several kinds: smooth, in steps of a band's share, sparse peaks, plain noise."""
    out = [rng.random(size) ** 3, np.round(rng.random(size) * 30) / 30,
           (rng.random(size) < 0.1) * rng.random(size), rng.random(size)]
    for p in out:
        p[:3] = p[-3:] = 0.0
    return out


def test_every_count_is_scored_as_the_one_count_scorer_to_the_last_bit() -> None:
    rng = np.random.default_rng(5)
    for _ in range(12):
        size = int(rng.integers(40, 1600))
        for prof in _profiles(rng, size):
            spread = float(prof.std()) or 1e-6
            one = lattice._scorer(prof, spread)
            every = lattice._every_score(prof, spread)
            assert list(every) == [n for n in range(lattice.MIN_CELLS, lattice.MAX_CELLS + 1) if size / n >= 8]
            assert all(every[n] == one(n) for n in every)
            some = tuple(n for n in every if n % 3 == 0)
            assert lattice._every_score(prof, spread, some) == {n: one(n) for n in some}


@pytest.mark.parametrize("size", [39, 45, 200])
def test_other_types_and_short_profiles_score_as_before(size: int) -> None:
    prof = (np.random.default_rng(size).random(size) ** 2).astype(np.float32)
    spread = float(prof.std())
    one = lattice._scorer(prof, spread)
    every = lattice._every_score(prof, spread)
    assert every == {n: one(n) for n in range(lattice.MIN_CELLS, lattice.MAX_CELLS + 1) if size / n >= 8}


def test_a_lattice_is_counted_as_before() -> None:
    # (evenly ruled lines with noise between: the count, edges, clarity and support as the scorer gives)
    rng = np.random.default_rng(1)
    prof = rng.random(600) * 0.2
    prof[np.round(np.arange(1, 17) * 600 / 17).astype(int)] = 0.95
    edges, clarity, support = lattice.lattice(prof)
    assert edges is not None and len(edges) == 18
    assert clarity > 1.0 and support > 0.9


def _thick_as_before(darkness: np.ndarray, d: int, faint: float, axis: int, run: int, fine: bool) -> np.ndarray:
    """``lattice.thick_profile`` as it was: the opened ink marked as thin ink is, opened again."""
    kernel = np.ones((max(3, run), 1) if axis == 1 else (1, max(3, run)), np.uint8)
    long = cv2.morphologyEx((lattice.thin(darkness, 3 * d, axis) > faint).astype(np.uint8), cv2.MORPH_OPEN, kernel)
    marked = long if axis == 1 else long.T
    return lattice.line_profile(marked, 0.5, max(lattice.BANDS, marked.shape[0] // lattice.FINE_BAND) if fine
                                else lattice.BANDS)


def test_thick_lines_are_profiled_as_before_without_the_second_opening() -> None:
    rng = np.random.default_rng(11)
    for it in range(6):
        h, w = int(rng.integers(60, 240)), int(rng.integers(60, 240))
        dark = rng.random((h, w)) ** int(rng.integers(2, 12))
        step = int(rng.integers(8, 40))
        dark[::step] = np.maximum(dark[::step], rng.random())
        dark[:, ::step] = np.maximum(dark[:, ::step], rng.random())
        if it % 2:
            dark *= rng.random((h, w)) < 0.9  # (lines broken into dashes)
        for axis in (0, 1):
            for run in (5, 8, lattice.LONG_RUN, 12, 40, 150):
                for fine in (False, True):
                    got = lattice.thick_profile(dark, 3, 0.04, axis, run, fine)
                    assert np.array_equal(got, _thick_as_before(dark, 3, 0.04, axis, run, fine))


@pytest.mark.parametrize("size", [39, 40, 41, 319, 320, 321])  # (8 * MIN_CELLS, 8 * MAX_CELLS)
def test_the_count_boundaries_and_flat_profiles_score_as_before(size: int) -> None:
    # (the fewest and most counts a profile of this length has, 5 and 40 cells of 8 pixels at the
    # edges; a blank, a constant and a one-peak profile, whose spread is 0 or whose scores tie)
    peak = np.zeros(size)
    peak[size // 2] = 1.0
    for prof in (np.zeros(size), np.full(size, 0.4), peak):
        spread = float(prof.std()) or 1e-6
        one = lattice._scorer(prof, spread)
        want = {n: one(n) for n in range(lattice.MIN_CELLS, lattice.MAX_CELLS + 1) if size / n >= 8}
        assert list(want) == [n for n in range(lattice.MIN_CELLS, lattice.MAX_CELLS + 1) if n * 8 <= size]
        assert lattice._every_score(prof, spread) == want
