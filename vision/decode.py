"""Bytes to a grey image, refusing what is not a picture or is too big before decoding the pixels."""

from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image

from vision.errors import Unreadable

WORK_SIDE = 1400  # the longer side a picture is scaled down to before reading


def decode(data: bytes, *, max_bytes: int, max_pixels: int) -> np.ndarray:
    """The picture as an 8-bit grey array whose longer side is at most :data:`WORK_SIDE`."""
    if len(data) > max_bytes:
        raise Unreadable("too-large", f"That file is {len(data) / 1e6:.1f} MB; send a picture of at most "
                                      f"{max_bytes / 1e6:.0f} MB (a screenshot or a photo of the board).")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            head = Image.open(io.BytesIO(data))  # reads the header only
            width, height = head.size
    except Exception as e:
        raise Unreadable("not-an-image", "That file is not a picture I can open; send a PNG, JPEG or WebP "
                                         "screenshot or photo of the board.") from e
    if width * height > max_pixels:
        raise Unreadable("too-many-pixels", f"That picture is {width}x{height} pixels; send one of at most "
                                            f"{max_pixels / 1e6:.0f} megapixels.")
    if min(width, height) < 40:
        raise Unreadable("too-small", "That picture is too small to read; send a larger screenshot or photo.")
    grey = _grey(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED))
    if grey is None:  # a format Pillow knows but OpenCV does not (e.g. GIF): let Pillow decode it
        try:
            grey = np.asarray(head.convert("L"))
        except Exception as e:
            raise Unreadable("not-an-image", "That file is not a picture I can open; send a PNG, JPEG or "
                                             "WebP screenshot or photo of the board.") from e
    side = max(grey.shape)
    if side > WORK_SIDE:
        scale = WORK_SIDE / side
        grey = cv2.resize(grey, (round(grey.shape[1] * scale), round(grey.shape[0] * scale)),
                          interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(grey)


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
