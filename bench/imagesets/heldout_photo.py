"""A second photo simulator, HELD OUT: the reader is never tuned on its pictures, only measured.

It is written apart from ``photo.py`` and goes further: the sheet lies among clutter and other
papers, it may curl (a bent page), a shadow may fall across it, the perspective is strong, the
camera may shake (motion blur), the light may be coloured, the picture may be small, and the
board may fill only part of it. Deterministic per seed.
"""

from __future__ import annotations

import cv2
import numpy as np


def _page(rgb: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The picture on a sheet of slightly off-white paper with a margin (a page)."""
    h, w = rgb.shape[:2]
    pad = int(rng.uniform(0.08, 0.3) * max(h, w))
    tone = rng.integers(225, 252)
    page = np.full((h + 2 * pad, w + 2 * pad, 3), tone, np.uint8)
    page[pad:pad + h, pad:pad + w] = np.minimum(rgb, tone)
    return page


def _curl(page: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Bend the page as a sheet that does not lie flat: rows or columns sag along a smooth curve."""
    h, w = page.shape[:2]
    amount = rng.uniform(0.0, 0.035) * max(h, w)
    if amount < 2:
        return page
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    phase = rng.uniform(0, np.pi)
    if rng.random() < 0.5:
        sag = amount * np.sin(np.pi * xs / w + phase * 0.3) ** 2
        map_x, map_y = xs, ys - sag * (ys / h - 0.5) * 2
    else:
        sag = amount * np.sin(np.pi * ys / h + phase * 0.3) ** 2
        map_x, map_y = xs - sag * (xs / w - 0.5) * 2, ys
    return cv2.remap(page, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _desk(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A textured table with things on it: other papers with lines of text, pens, a mug."""
    base = rng.integers(40, 170, 3).astype(np.float32)
    desk = np.empty((h, w, 3), np.float32)
    desk[:] = base
    grain = cv2.GaussianBlur(rng.normal(0, 18, (h, w)).astype(np.float32), (0, 0), rng.uniform(1, 6))
    desk += grain[:, :, None]
    for _ in range(int(rng.integers(1, 5))):  # other papers, partly in view
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        pw, ph = rng.uniform(0.2, 0.6) * w, rng.uniform(0.2, 0.6) * h
        box = cv2.boxPoints(((cx, cy), (pw, ph), rng.uniform(0, 90))).astype(np.int32)
        cv2.fillConvexPoly(desk, box, tuple(float(v) for v in rng.integers(200, 250, 3)))
        for k in range(int(rng.integers(3, 12))):  # text lines on it
            y = int(cy - ph / 3 + k * rng.uniform(8, 20))
            x0 = int(cx - pw / 3)
            cv2.line(desk, (x0, y), (x0 + int(rng.uniform(0.2, 0.6) * pw), y), (60, 60, 60),
                     int(rng.integers(1, 4)))
    for _ in range(int(rng.integers(0, 3))):  # pens
        p = rng.uniform(0, 1, 2) * (w, h)
        q = p + rng.normal(0, 0.2, 2) * (w, h)
        cv2.line(desk, tuple(int(v) for v in p), tuple(int(v) for v in q),
                 tuple(float(v) for v in rng.integers(0, 200, 3)), int(rng.integers(4, 12)))
    if rng.random() < 0.4:  # a mug seen from above
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        r = int(rng.uniform(0.06, 0.12) * min(h, w))
        cv2.circle(desk, c, r, tuple(float(v) for v in rng.integers(0, 255, 3)), -1)
        cv2.circle(desk, c, int(r * 0.8), (40, 30, 20), -1)
    return desk


def simulate_heldout(rgb: np.ndarray, seed: int) -> bytes:
    """A JPEG photo of ``rgb`` (an H x W x 3 uint8 screenshot or printed page) on a cluttered desk."""
    rng = np.random.default_rng(seed + 7_919)
    page = _curl(_page(rgb, rng), rng)
    ph, pw = page.shape[:2]
    out_w = int(rng.choice([640, 800, 1024, 1280, 1600, 2000]))
    out_h = int(out_w * rng.choice([0.75, 1.0, 1.33, 0.5625]))
    fill = rng.uniform(0.45, 0.95)  # the page's share of the picture's shorter side
    scale = fill * min(out_w, out_h) / max(ph, pw)
    angle = np.deg2rad(rng.uniform(-25, 25))
    cx = out_w / 2 + rng.uniform(-0.2, 0.2) * out_w * (1 - fill)
    cy = out_h / 2 + rng.uniform(-0.2, 0.2) * out_h * (1 - fill)
    src = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], np.float32)
    # strong perspective: one side of the sheet nearer the camera than the other
    tilt = rng.uniform(-0.22, 0.22, 2)
    dst = []
    for x, y in src:
        dx, dy = (x - pw / 2) * scale, (y - ph / 2) * scale
        near = 1.0 + tilt[0] * (x / pw - 0.5) * 2 + tilt[1] * (y / ph - 0.5) * 2
        dx, dy = dx * near, dy * near
        rx = dx * np.cos(angle) - dy * np.sin(angle)
        ry = dx * np.sin(angle) + dy * np.cos(angle)
        j = rng.uniform(-0.03, 0.03, 2) * scale * max(pw, ph)
        dst.append([cx + rx + j[0], cy + ry + j[1]])
    m = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    desk = _desk(out_h, out_w, rng)
    warped = cv2.warpPerspective(page.astype(np.float32), m, (out_w, out_h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.ones((ph, pw), np.float32), m, (out_w, out_h), flags=cv2.INTER_LINEAR)
    img: np.ndarray = desk * (1 - mask[:, :, None]) + warped * mask[:, :, None]
    # light: a soft vignette, and maybe a shadow (a hand, a phone) across part of the sheet
    ys, xs = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    vig = 1.0 - rng.uniform(0.1, 0.35) * (((xs / out_w - 0.5) ** 2 + (ys / out_h - 0.5) ** 2) * 2)
    light = vig
    if rng.random() < 0.6:
        a = rng.uniform(0, 2 * np.pi)
        edge = np.cos(a) * (xs - out_w * rng.uniform(0.3, 0.7)) + np.sin(a) * (ys - out_h * rng.uniform(0.3, 0.7))
        soft = rng.uniform(5, 60)
        shade = 1.0 / (1.0 + np.exp(-edge / soft))
        light = light * (1.0 - rng.uniform(0.3, 0.55) * shade)
    img *= light[:, :, None]
    img *= rng.uniform(0.75, 1.1, 3)[None, None, :]  # colour cast (tungsten, daylight, screen)
    if rng.random() < 0.5:  # the camera shook: motion blur along a line
        n = int(rng.integers(3, 10))
        k = np.zeros((n, n), np.float32)
        k[n // 2, :] = 1.0 / n
        rot = cv2.getRotationMatrix2D(((n - 1) / 2, (n - 1) / 2), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(k, rot, (n, n))
        img = cv2.filter2D(img, -1, (kernel / max(float(kernel.sum()), 1e-6)).astype(np.float32))
    else:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 2.0))
    img += np.asarray(rng.normal(0, rng.uniform(2.0, 9.0), img.shape), np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 80))])
    assert ok
    return bytes(jpg.tobytes())
