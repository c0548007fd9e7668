"""Turn a clean screenshot into a simulated phone photo of a printed puzzle (deterministic per seed).

Perspective (corners moved up to 7% of the side), rotation up to 10 degrees, a light gradient,
blur, sensor noise and JPEG quality 50, on a grey desk around a sheet of paper.
"""

from __future__ import annotations

import cv2
import numpy as np


def simulate(rgb: np.ndarray, seed: int) -> bytes:
    """A JPEG (quality 50) photo of ``rgb`` (an H x W x 3 uint8 screenshot)."""
    rng = np.random.default_rng(seed)
    h, w = rgb.shape[:2]
    pad = int(0.25 * max(h, w))
    sheet = np.full((h + 2 * pad, w + 2 * pad, 3), 250, np.uint8)
    sheet[pad:pad + h, pad:pad + w] = rgb
    sh, sw = sheet.shape[:2]
    out_w = int(rng.integers(900, 1700))
    out_h = int(out_w * rng.uniform(0.75, 1.33))
    scale = min(out_w, out_h) / max(sh, sw) * rng.uniform(0.8, 0.95)
    angle = np.deg2rad(rng.uniform(-10, 10))
    cx, cy = out_w / 2 + rng.uniform(-0.05, 0.05) * out_w, out_h / 2 + rng.uniform(-0.05, 0.05) * out_h
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    dst = []
    for x, y in src:
        dx, dy = (x - sw / 2) * scale, (y - sh / 2) * scale
        rx = dx * np.cos(angle) - dy * np.sin(angle)
        ry = dx * np.sin(angle) + dy * np.cos(angle)
        jitter = rng.uniform(-0.07, 0.07, 2) * scale * max(sw, sh)
        dst.append([cx + rx + jitter[0], cy + ry + jitter[1]])
    m = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    desk = np.full((out_h, out_w, 3), int(rng.integers(60, 140)), np.uint8)
    photo = cv2.warpPerspective(sheet, m, (out_w, out_h), dst=desk, borderMode=cv2.BORDER_TRANSPARENT,
                                flags=cv2.INTER_LINEAR)
    # light: a gradient from one side, a little warm
    gx, gy = np.meshgrid(np.linspace(0, 1, out_w), np.linspace(0, 1, out_h))
    a = rng.uniform(0, 2 * np.pi)
    ramp = (np.cos(a) * gx + np.sin(a) * gy)
    ramp = (ramp - ramp.min()) / max(1e-6, float(np.ptp(ramp)))
    light = rng.uniform(0.55, 0.75) + rng.uniform(0.2, 0.4) * ramp
    tint = np.array([rng.uniform(0.85, 0.95), rng.uniform(0.93, 1.0), 1.0])  # BGR: warm light
    img = photo.astype(np.float32) * light[:, :, None] * tint[None, None, :]
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.6, 1.6))
    img += rng.normal(0, rng.uniform(2.0, 7.0), img.shape).astype(np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 50])
    assert ok
    return bytes(jpg.tobytes())
