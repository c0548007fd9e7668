"""A small board on a photographed page shaken across one axis of its lines (bench/README.md,
"vpage32"): its outline is found and its lines count clearly along one axis, the other's smeared
away, so no place was kept and the clear board was refused; it is now kept when no other place
is found, and read with its size asked. Never where a place is found otherwise, nor the sheet."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import locate
from vision.decode import decode_full
from vision.errors import Unreadable
from vision.reading import read_image


def _page(frame: int = 3, blur: int = 9, cell: int = 22, n: int = 8) -> bytes:
    """A light sheet on a noisy cloth, a hairline board of ``n`` cells with dots, turned 4 degrees,
    smeared sideways over ``blur`` pixels (a shaken photo), saved as a JPEG."""
    h, w = 1000, 1100
    rng = np.random.default_rng(0)
    img = np.clip(np.full((h, w, 3), (90, 60, 120), np.int32) + rng.normal(0, 18, (h, w, 1)).astype(np.int32),
                  0, 255).astype(np.uint8)
    cv2.fillConvexPoly(img, np.array([[250, 120], [820, 160], [850, 930], [210, 900]], np.int32), (235, 240, 245))
    side = cell * n
    board = np.full((side + 1, side + 1), 255, np.uint8)
    for k in range(n + 1):
        cv2.line(board, (k * cell, 0), (k * cell, side), 150, 1)
        cv2.line(board, (0, k * cell), (side, k * cell), 150, 1)
    cv2.rectangle(board, (0, 0), (side, side), 110, frame)
    for r, c in [(0, 7), (1, 4), (2, 1), (4, 5), (4, 7), (5, 0), (5, 2), (6, 4)]:
        cv2.circle(board, (c * cell + cell // 2, r * cell + cell // 2), cell // 3, 0, -1)
    m = cv2.getRotationMatrix2D((side / 2, side / 2), 4.0, 1.0)
    m[:, 2] += (520 - side / 2, 480 - side / 2)
    dark = (255 - cv2.warpAffine(board, m, (w, h), borderValue=255)).astype(np.float32) / 255.0
    img = (img.astype(np.float32) * (1.0 - dark[..., None])).astype(np.uint8)
    k = np.zeros((blur, blur), np.float32)
    k[blur // 2, :] = 1.0 / blur
    ok, data = cv2.imencode(".jpg", cv2.filter2D(img, -1, k), [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    return data.tobytes()


def _places(data: bytes) -> list[locate.Spot]:
    return locate._ranked(decode_full(data, max_bytes=10**8, max_pixels=10**8))[1]


def test_a_shaken_small_board_is_a_place_found_by_one_axis() -> None:
    places = _places(_page())
    assert places and all(locate.one_axis(s) for s in places)  # (found by one axis's lines only; before: none)
    assert all(s.share < locate.ONE_AXIS_SHARE for s in places)  # (not the sheet)
    assert (places[0].rows, places[0].cols) == (7, 8) or (places[0].rows, places[0].cols) == (8, 8)


@pytest.mark.slow
def test_a_shaken_small_board_is_read_with_its_size_asked_not_refused() -> None:
    data = _page()
    try:
        got = read_image(data)
    except Unreadable as e:  # (the old code: no-grid)
        pytest.fail(f"a clear board refused: {e.code}")
    assert got.size_unsure  # (its count rests on one axis: asked)


def test_no_one_axis_place_where_a_place_is_found_plainly() -> None:
    places = _places(_page(frame=2, blur=7))  # (smeared less: the lines are seen on both axes)
    assert places and not any(locate.one_axis(s) for s in places)
