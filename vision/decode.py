"""Bytes to a grey image, refusing what is not a picture or is too big before decoding the pixels."""

from __future__ import annotations

import io
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import cv2
import numpy as np
from PIL import Image

from vision.errors import Unreadable

WORK_SIDE = 1400  # the longer side a picture is scaled down to before reading

_quiet_lock = threading.Lock()
_quiet_users = 0  # decodes under way with OpenCV's warnings held back
_quiet_saved = 0  # the level they restore when the last one ends


@contextmanager
def _quiet_opencv() -> Iterator[None]:
    """OpenCV's warnings held back while a picture is decoded: a broken file's ("PNG input buffer is
    incomplete") went to stderr beside the one-line refusal (`puzzlebot read-image`); errors still
    show. Only here: the level is one for the whole process, and it was lowered for good on import,
    hiding every other OpenCV warning of the process. Counted, so that decodes in threads at once
    put back the level they found, not each other's."""
    global _quiet_users, _quiet_saved
    with _quiet_lock:
        if _quiet_users == 0:
            _quiet_saved = cv2.utils.logging.getLogLevel()
            cv2.utils.logging.setLogLevel(min(_quiet_saved, cv2.utils.logging.LOG_LEVEL_ERROR))
        _quiet_users += 1
    try:
        yield
    finally:
        with _quiet_lock:
            _quiet_users -= 1
            if _quiet_users == 0:
                cv2.utils.logging.setLogLevel(_quiet_saved)


def decode_full(data: bytes, *, max_bytes: int, max_pixels: int) -> np.ndarray:
    """The picture as an 8-bit grey array at its own size (a small board in a large photo is
    read again from a crop of it, see :mod:`vision.locate`)."""
    if len(data) > max_bytes:
        raise Unreadable("too-large", f"That file is {len(data) / 1e6:.1f} MB; send a picture of at most "
                                      f"{max_bytes / 1e6:.0f} MB (a screenshot or a photo of the board).")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            head = Image.open(io.BytesIO(data))  # reads the header only
            width, height = head.size
    except Image.DecompressionBombError as e:  # over Pillow's own bound (about 179 megapixels): a picture still
        raise Unreadable("too-many-pixels", f"That picture has over {max_pixels / 1e6:.0f} megapixels; send "
                                            f"one of at most {max_pixels / 1e6:.0f} megapixels.") from e
    except Exception as e:
        raise Unreadable("not-an-image", "That file is not a picture I can open; send a PNG, JPEG or WebP "
                                         "screenshot or photo of the board.") from e
    if width * height > max_pixels:
        raise Unreadable("too-many-pixels", f"That picture is {width}x{height} pixels; send one of at most "
                                            f"{max_pixels / 1e6:.0f} megapixels.")
    if min(width, height) < 40:
        raise Unreadable("too-small", "That picture is too small to read; send a larger screenshot or photo.")
    with _quiet_opencv():
        grey = _grey(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED))
    if grey is None:  # a format Pillow knows but OpenCV does not (e.g. GIF): let Pillow decode it
        try:
            grey = np.asarray(head.convert("L"))
        except Exception as e:
            raise Unreadable("not-an-image", "That file is not a picture I can open; send a PNG, JPEG or "
                                             "WebP screenshot or photo of the board.") from e
    return grey


def scaled_working(grey: np.ndarray) -> tuple[np.ndarray, float]:
    """``grey`` cropped to its ink and scaled down to at most :data:`WORK_SIDE` on its longer side, and
    how many pixels of ``grey`` one of its pixels is (1.0: not scaled down): a size measured in it, in
    pixels of the picture sent."""
    page, clean = _content(grey)
    side = max(page.shape)
    if side <= WORK_SIDE:
        return np.ascontiguousarray(page), 1.0
    scale = WORK_SIDE / side
    k = int(np.ceil(1.0 / scale - 0.25))
    if clean and k >= 2:  # a clean page (a scan, a print): keep its hairlines dark,
        # each pixel taking the darkest of those it will cover (not in photos: it fills digits)
        page = cv2.erode(page, np.ones((k, k), np.uint8))
    out = cv2.resize(page, (round(page.shape[1] * scale), round(page.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(out), page.shape[1] / out.shape[1]


def _content(grey: np.ndarray) -> tuple[np.ndarray, bool]:
    """A large picture cropped to the ink on it and a margin (a scanned or printed page holds a
    small board in much blank paper, whose detail scaling the whole page down would lose), and
    whether it is a clean page: evenly bright paper all round, as no photo is."""
    side = max(grey.shape)
    if side <= WORK_SIDE:
        return grey, False
    f = 1000 / side
    small = cv2.resize(grey, (max(1, round(grey.shape[1] * f)), max(1, round(grey.shape[0] * f))),
                       interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, np.ones((15, 15), np.uint8))
    ink = (small.astype(np.float32) < 0.88 * paper.astype(np.float32)).astype(np.uint8)
    clean = bool(np.percentile(paper, 2) >= 0.9 * np.percentile(paper, 98)) and float(ink.mean()) < 0.15
    ys, xs = np.nonzero(cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8)) | _lines(ink))
    if len(xs) < 20:
        return grey, clean
    pad = 0.06 * 1000
    x0, x1 = max(0.0, xs.min() - pad) / f, min(small.shape[1], xs.max() + 1 + pad) / f
    y0, y1 = max(0.0, ys.min() - pad) / f, min(small.shape[0], ys.max() + 1 + pad) / f
    if (x1 - x0) * (y1 - y0) > 0.6 * grey.shape[0] * grey.shape[1]:
        return grey, clean
    return grey[int(y0):int(np.ceil(y1)), int(x0):int(np.ceil(x1))], clean


def _lines(ink: np.ndarray) -> np.ndarray:
    """Thin straight ink (grid lines one pixel wide, which opening would remove)."""
    across = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((1, 9), np.uint8))
    down = cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ones((9, 1), np.uint8))
    out: np.ndarray = np.maximum(across, down)
    return out


def _grey(img: np.ndarray | None) -> np.ndarray | None:
    """8-bit grey; transparent pixels count as white paper."""
    if img is None:
        return None
    if img.dtype != np.uint8:
        img = cv2.convertScaleAbs(img, alpha=255.0 / max(1.0, float(img.max())))
    if img.ndim == 2:
        return img
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        rgb = img[:, :, :3].astype(np.float32) * alpha + 255.0 * (1.0 - alpha)
        img = rgb.astype(np.uint8)
    grey: np.ndarray = cv2.cvtColor(np.ascontiguousarray(img[:, :, :3]), cv2.COLOR_BGR2GRAY)
    return grey
