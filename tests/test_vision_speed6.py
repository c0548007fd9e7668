"""The cell reader's cheaper measurements give what the ones they replace gave, to the bit
(bench/README.md, "vspeed6"): a mask's ink box by OpenCV as by ``np.nonzero``, a cell's shares of
ink counted as by the mean of its 0/1s, components' boxes read as Python ints as from the array."""

from __future__ import annotations

import cv2
import numpy as np

from vision import kindnet
from vision.cells import _circle, _circle_sized, _glyph_masks, inked_count, without_edge_lines, without_side_lines
from vision.glyphs import bounds, features


def _masks(n: int, seed: int = 6) -> list[np.ndarray]:
    """Random sparse and dense 0/1 masks, some of them views (a column cut off), some empty."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        h, w = (int(v) for v in rng.integers(1, 50, 2))
        mask = (rng.random((h, w)) < rng.random() * 0.3).astype(np.uint8)
        out.append(mask[:, 1:] if w > 2 and rng.random() < 0.3 else mask)
    return out


def _nonzero_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return 0, 0, 0, 0
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1


def test_bounds_as_nonzero_for_bytes_views_and_booleans() -> None:
    for mask in _masks(3000):
        want = _nonzero_box(mask)
        assert bounds(mask) == want
        assert bounds(mask.astype(bool)) == want
        assert inked_count(mask) == int(np.count_nonzero(mask)) == inked_count(mask.astype(bool))


def test_features_of_a_glyph_as_cropped_by_nonzero() -> None:
    """A glyph's features as from its crop to ``np.nonzero``'s box (a byte mask, a boolean one)."""
    for mask in _masks(400, seed=7):
        x, y, w, h = _nonzero_box(mask)
        if w == 0:
            assert not features(mask).any()
            continue
        padded = np.zeros((h + 4, w + 6), np.uint8)
        padded[2:2 + h, 3:3 + w] = mask[y:y + h, x:x + w]
        assert np.array_equal(features(mask), features(padded))
        assert np.array_equal(features(mask), features(mask.astype(bool)))


def test_kind_features_shares_as_means_to_the_bit() -> None:
    rng = np.random.default_rng(8)
    for _ in range(200):
        dark = rng.random((int(rng.integers(5, 60)), int(rng.integers(5, 60)))).astype(np.float32) ** 3
        got = kindnet.features(dark)
        assert got[-2] == np.float32(float((dark > 0.4).mean()))
        assert got[-1] == np.float32(float((dark > 0.16).mean()))


def test_circle_sized_is_circles_first_test() -> None:
    """A blob whose box is not a circle's size is no circle, whatever its masks."""
    blob = np.zeros((40, 40), bool)
    cv2.circle(blob.view(np.uint8), (20, 20), 6, 1, -1)  # (a disk too small for the cell)
    stat = np.array([14, 14, 13, 13, int(blob.sum())])
    assert not _circle_sized(stat, blob.shape)
    assert _circle(blob, blob, stat, blob.shape) is None
    big = np.zeros((40, 40), np.uint8)
    cv2.circle(big, (20, 20), 16, 1, -1)
    stat = np.array([*cv2.boundingRect(big), int(big.sum())])
    assert _circle_sized(stat, big.shape)
    assert _circle(big.astype(bool), big.astype(bool), stat, big.shape) is not None


def test_line_removals_and_characters_keep_their_results() -> None:
    """Strokes along the sides and characters cut from random cells: run twice alike, masks of
    0/1 bytes, the characters read-only and left to right."""
    rng = np.random.default_rng(9)
    for _ in range(300):
        h, w = (int(v) for v in rng.integers(12, 48, 2))
        ink = (rng.random((h, w)) < 0.08).astype(np.uint8)
        ink[int(rng.integers(0, 2)), :] = 1  # (a grid line's rest along the top)
        ink[:, w - 1 - int(rng.integers(0, 2))] = 1  # (and along the right)
        cv2.putText(ink, str(int(rng.integers(0, 99))), (2, h - 4), cv2.FONT_HERSHEY_SIMPLEX, h / 40, 1, 2)
        edge = without_edge_lines(ink)
        assert edge.dtype == np.uint8 and np.array_equal(edge, without_edge_lines(ink))
        assert not (edge & (1 - ink)).any()  # (only ink taken away)
        side = without_side_lines(ink, 0.92)
        assert side.dtype == bool and not (side & ~ink.astype(bool)).any()
        glyphs = _glyph_masks(edge, min_height=0.22 * h)
        lefts = [bounds(g)[0] for g in glyphs]
        assert lefts == sorted(lefts)
        assert all(not g.flags.writeable and g.dtype == np.uint8 for g in glyphs)
