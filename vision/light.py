"""The light falling on the paper, told apart from what is drawn on it (issue 23: shadows).

A shadow is paper darker over a wide area whose edge runs anywhere; a filled cell or a drawing
is dark over a small one. A grey closing (largest of the neighbourhood, then smallest) with a
window wider than any drawing takes the drawings out and keeps a shadow's edge where it is (a
plain largest-of-neighbourhood filter moves it by half the window, so the paper just inside a
shadow looked like a filled cell).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import wraps

import cv2
import numpy as np


def last_picture(compute: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """``compute`` remembering, per thread, its answer for the last picture it was given (the same
    array object), read-only as it is shared: a reading asks for one picture's light and flattening
    several times."""
    memo = threading.local()

    @wraps(compute)
    def remembered(grey: np.ndarray) -> np.ndarray:
        last = getattr(memo, "last", None)
        if last is not None and last[0] is grey:
            return last[1]  # type: ignore[no-any-return]
        out = compute(grey)
        out.flags.writeable = False
        memo.last = (grey, out)
        return out

    return remembered


@last_picture
def paper_light(grey: np.ndarray) -> np.ndarray:
    """The paper's brightness at each pixel (float32, the picture's size, read-only): light that
    changes over a quarter of the picture or a shadow's edge stays; a filled cell, a cluster of them
    smaller than a quarter of the picture, lines and characters are taken out. (A closing keeps a
    light spot, a white circle on a grey page, to itself: no light spreads from it.)"""
    side = max(grey.shape)
    k = max(15, side // 4) | 1
    small = cv2.resize(grey, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA) if side > 200 else grey
    ks = max(3, k * small.shape[0] // grey.shape[0]) | 1
    # past the picture's edge: the lightest paper near it, carried out (a shadow runs on out of the
    # picture; a black circle in a corner cell, with the frame beside it, does not fill a window)
    window = cv2.getStructuringElement(cv2.MORPH_RECT, (ks, ks))
    padded = cv2.copyMakeBorder(cv2.dilate(small, window), ks, ks, ks, ks, cv2.BORDER_REPLICATE)
    padded[ks:-ks, ks:-ks] = small
    background = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, window)[ks:-ks, ks:-ks]
    out: np.ndarray = cv2.resize(background, (grey.shape[1], grey.shape[0]),
                                 interpolation=cv2.INTER_LINEAR).astype(np.float32)
    return out
