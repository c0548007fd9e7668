"""Turn a clean screenshot into a simulated phone photo of a printed puzzle (deterministic per seed).

``simulate``: the mild photo. ``simulate_scene``: the hard one (issue 23), the board small in a
large cluttered picture on a curled sheet; both are what the reader is tuned on.

Perspective (corners moved up to 7% of the side), rotation up to 10 degrees, a light gradient,
blur, sensor noise and JPEG quality 50, on a grey desk around a sheet of paper.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.sharpen import kernel  # (the streak the reader undoes: one definition of it)


def simulate(rgb: np.ndarray, seed: int) -> bytes:
    """A JPEG (quality 50) photo of ``rgb`` (an H x W x 3 uint8 screenshot)."""
    rng = np.random.default_rng(seed)
    img = _on_desk(rgb, rng)
    img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.6, 1.6))
    img += rng.normal(0, rng.uniform(2.0, 7.0), img.shape).astype(np.float32)
    img = np.clip(img, 0, 255).astype(np.uint8)
    ok, jpg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 50])
    assert ok
    return bytes(jpg.tobytes())


def simulate_shaken(rgb: np.ndarray, seed: int) -> bytes:
    """The mild photo taken badly (issue 23): at a lower resolution (45-90%: the cells smaller), a
    shaken camera (a straight streak of 3-9 pixels at any angle) or out of focus (blur sigma 1-2),
    a strong colour cast, noise, JPEG quality 30-60."""
    rng = np.random.default_rng(seed)
    img: np.ndarray = _on_desk(rgb, rng).astype(np.float32)
    f = rng.uniform(0.45, 0.9)
    img = cv2.resize(img, (round(img.shape[1] * f), round(img.shape[0] * f)), interpolation=cv2.INTER_AREA)
    cast = np.array([rng.uniform(0.6, 1.1), rng.uniform(0.75, 1.1), rng.uniform(0.6, 1.15)], np.float32)
    img = img * cast[None, None, :]
    return _shot(img, rng, shaken=0.65, lengths=(3, 10), sigmas=(1.0, 2.0), noise=(2.0, 7.0), qualities=(30, 61))


def _on_desk(rgb: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``rgb`` on a sheet on a grey desk, seen at a slant and turned, lit by a warm gradient (floats)."""
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
    img: np.ndarray = photo.astype(np.float32) * light[:, :, None] * tint[None, None, :]
    return img


def simulate_scene(image: np.ndarray, seed: int, shadow: bool = False, size: float = 1.0) -> bytes:
    """A JPEG photo of ``image`` (H x W x 3 uint8: a screenshot, or a whole printed page) as players
    take them: the board on a sheet that fills only part of a larger picture, on a textured desk
    among other papers and things, the sheet curled, seen at a slant and turned, shaken (motion
    blur), in coloured light, at low to high resolution, JPEG quality 30-85. ``shadow``: the same
    picture (the same seed draws the same scene) with a shadow cast across the sheet. ``size``: the
    picture's width drawn is multiplied by this (a phone's full-resolution photo, 2-4 thousand pixels
    a side; the other draws as at 1.0)."""
    rng = np.random.default_rng(seed)
    sheet = _sheet(image, rng)
    sheet = _curl(sheet, rng)
    out_w = round(int(rng.integers(600, 2200)) * size)
    out_h = int(out_w * rng.uniform(0.6, 1.4))
    desk = _desk(out_h, out_w, rng)
    for _ in range(int(rng.integers(0, 4))):
        _clutter(desk, rng)
    sh, sw = sheet.shape[:2]
    # the sheet's longer side, as a share of the picture's shorter (a whole page: its board is small)
    share = rng.uniform(0.65, 0.98) if min(image.shape[:2]) > 1000 else rng.uniform(0.4, 0.95)
    scale = share * min(out_w, out_h) / max(sh, sw)
    angle = np.deg2rad(rng.uniform(-28, 28))
    cx = out_w / 2 + rng.uniform(-0.15, 0.15) * out_w
    cy = out_h / 2 + rng.uniform(-0.15, 0.15) * out_h
    # a slant: the far side shorter (a trapezoid), plus some jitter of each corner
    tilt_x, tilt_y = rng.uniform(-0.25, 0.25, 2)
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64)
    dst = []
    for ux, uy in corners:
        dx, dy = ux * sw / 2 * scale * (1.0 + tilt_y * uy), uy * sh / 2 * scale * (1.0 + tilt_x * ux)
        rx = dx * np.cos(angle) - dy * np.sin(angle)
        ry = dx * np.sin(angle) + dy * np.cos(angle)
        j = rng.uniform(-0.04, 0.04, 2) * scale * max(sw, sh)
        dst.append([cx + rx + j[0], cy + ry + j[1]])
    src = np.array([[0, 0], [sw, 0], [sw, sh], [0, sh]], np.float32)
    m = cv2.getPerspectiveTransform(src, np.array(dst, np.float32))
    photo = cv2.warpPerspective(sheet, m, (out_w, out_h), dst=desk, borderMode=cv2.BORDER_TRANSPARENT,
                                flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    quad = np.array(dst, np.float32).reshape(-1, 1, 2)
    for _ in range(int(rng.integers(0, 3))):  # small things lying on the desk by the sheet
        _clutter(photo, rng, small=True, away=quad)
    img: np.ndarray = photo.astype(np.float32)
    # light: uneven (a gradient and a soft spot), a colour cast
    gx, gy = np.meshgrid(np.linspace(-1, 1, out_w, dtype=np.float32), np.linspace(-1, 1, out_h, dtype=np.float32))
    a = rng.uniform(0, 2 * np.pi)
    light = rng.uniform(0.6, 0.85) + rng.uniform(0.05, 0.3) * (np.cos(a) * gx + np.sin(a) * gy)
    sx, sy = rng.uniform(-1, 1, 2)
    light += rng.uniform(0.0, 0.2) * np.exp(-((gx - sx) ** 2 + (gy - sy) ** 2) / rng.uniform(0.2, 1.0))
    cast = np.array([rng.uniform(0.75, 1.05), rng.uniform(0.85, 1.05), rng.uniform(0.75, 1.08)], np.float32)
    img *= light[:, :, None] * cast[None, None, :]
    if shadow:  # (its own generator: the rest of the scene stays as without it)
        img *= _shade(out_h, out_w, np.array(dst), np.random.default_rng(seed + 7919))
    return _shot(img, rng, shaken=0.5, lengths=(3, 9), sigmas=(0.4, 1.8), noise=(1.5, 8.0), qualities=(30, 86))


def _shot(img: np.ndarray, rng: np.random.Generator, *, shaken: float, lengths: tuple[int, int],
          sigmas: tuple[float, float], noise: tuple[float, float], qualities: tuple[int, int]) -> bytes:
    """The camera's last steps on a float picture: shaken (a short straight smear, with chance
    ``shaken``) or out of focus, sensor noise, a JPEG (ranges drawn from, upper ends excluded)."""
    if rng.random() < shaken:
        img = cv2.filter2D(img, -1, kernel(int(rng.integers(*lengths)), rng.uniform(0, 180)))
    else:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(*sigmas))
    img = img + rng.normal(0, rng.uniform(*noise), img.shape).astype(np.float32)
    ok, jpg = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8),
                           [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*qualities))])
    assert ok
    return bytes(jpg.tobytes())


def _shade(h: int, w: int, quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The light left by something held between the lamp and the sheet (a hand, a phone, a lamp's
    arm): beyond an edge through the sheet (straight or gently bowed, soft over 1-25 pixels, at any
    angle) the picture is 25-60% darker and a little bluer; now and then a band (an arm's shadow,
    two edges) or a wedge into a corner. An H x W x 3 factor."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    centre = quad.mean(axis=0)
    size = float(np.linalg.norm(quad[2] - quad[0])) / 2

    def side() -> np.ndarray:
        a = rng.uniform(0, 2 * np.pi)
        px, py = centre + rng.uniform(-0.6, 0.6, 2) * size
        along = -np.sin(a) * (xs - px) + np.cos(a) * (ys - py)
        bow = rng.uniform(-0.15, 0.15) / max(size, 1.0) * along ** 2 if rng.random() < 0.5 else 0.0
        edge = np.cos(a) * (xs - px) + np.sin(a) * (ys - py) + bow
        out: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(edge / rng.uniform(0.5, 12), -40, 40)))
        return out

    shade = side()
    r = rng.random()
    if r < 0.2:  # a band: lit again past a second edge
        shade = shade * side()
    elif r < 0.35:  # a wedge: the shadow of a corner of something
        shade = np.maximum(shade, side()) if rng.random() < 0.5 else shade * side()
    dark = rng.uniform(0.25, 0.6)
    tint = np.array([1.0, 1.0 - rng.uniform(0, 0.06), 1.0 - rng.uniform(0, 0.12)], np.float32)  # BGR: bluer
    factor: np.ndarray = (1.0 - dark * shade)[:, :, None] * (1.0 - shade[:, :, None] * (1.0 - tint[None, None, :]))
    return factor.astype(np.float32)


def _sheet(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The picture on a sheet of off-white paper: wide margins (a page of a magazine or a print),
    with lines of 'text' above or below the board now and then."""
    h, w = image.shape[:2]
    if min(h, w) > 1000:  # already a whole page (a print at 150 dpi or more)
        return image.copy()
    tone = int(rng.integers(232, 256))
    mx = int(w * rng.uniform(0.08, 0.6))
    my = int(h * rng.uniform(0.08, 0.6))
    sheet = np.full((h + 2 * my, w + 2 * mx, 3), tone, np.uint8)
    sheet[my:my + h, mx:mx + w] = np.minimum(image, tone)
    for band in ((0, my), (my + h, h + 2 * my)):
        if rng.random() < 0.6 and band[1] - band[0] > 30:
            y = band[0] + int(0.25 * (band[1] - band[0]))
            while y < band[1] - 12:
                x0 = mx + int(rng.integers(0, max(1, w // 8)))
                x1 = mx + int(w * rng.uniform(0.5, 1.0))
                x = x0
                while x < x1:  # words: short dark bars
                    word = int(rng.integers(8, 40))
                    cv2.rectangle(sheet, (x, y), (min(x1, x + word), y + 6), (60, 60, 60), -1)
                    x += word + int(rng.integers(5, 10))
                y += int(rng.integers(14, 22))
    return sheet


def _curl(sheet: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The sheet gently bent: points shifted across one axis by a smooth bow (a page lifting at an
    edge or curved along its spine), up to about 4% of the side."""
    if rng.random() < 0.3:
        return sheet
    h, w = sheet.shape[:2]
    f = min(1.0, 1200 / max(h, w))  # (bend a smaller copy: the warp later scales down anyway)
    if f < 1:
        sheet = cv2.resize(sheet, (round(w * f), round(h * f)), interpolation=cv2.INTER_AREA)
        h, w = sheet.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    amp = rng.uniform(0.01, 0.045) * min(h, w)
    u, v = xs / w, ys / h
    if rng.random() < 0.5:
        bow = amp * (4 * (u - 0.5) ** 2 if rng.random() < 0.5 else np.sin(np.pi * u) * rng.choice([-1, 1]))
        mx, my = xs, ys + bow * (v - 0.5) * 2
    else:
        bow = amp * (4 * (v - 0.5) ** 2 if rng.random() < 0.5 else np.sin(np.pi * v) * rng.choice([-1, 1]))
        mx, my = xs + bow * (u - 0.5) * 2, ys
    return cv2.remap(sheet, mx.astype(np.float32), my.astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REPLICATE)


def _desk(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A textured desk: wood-like streaks or a speckled cloth, in some colour."""
    base = rng.uniform(40, 200, 3)
    tex: np.ndarray
    if rng.random() < 0.5:
        streak = cv2.resize(rng.normal(0, 1, (h, max(2, w // 40))).astype(np.float32), (w, h))
        tex = cv2.GaussianBlur(streak, (0, 0), 2.0)
        if rng.random() < 0.5:
            tex = tex.T.copy() if h == w else cv2.resize(tex.T, (w, h))
    else:
        tex = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), rng.uniform(0.8, 3.0))
        tex = tex / max(1e-6, float(tex.std()))
    amp = rng.uniform(8, 30)
    desk = base[None, None, :] + amp * tex[:, :, None]
    out: np.ndarray = np.clip(desk, 0, 255).astype(np.uint8)
    return out


def _clutter(img: np.ndarray, rng: np.random.Generator, small: bool = False, away: np.ndarray | None = None) -> None:
    """Draw one thing on ``img``: another paper (printed lines, a table), a pen, a mug; its centre
    outside the polygon ``away``."""
    h, w = img.shape[:2]
    c = (int(rng.integers(w)), int(rng.integers(h)))
    if away is not None and cv2.pointPolygonTest(away, (float(c[0]), float(c[1])), True) > -0.1 * min(h, w):
        return
    kind = rng.integers(3)
    s = min(h, w) * (rng.uniform(0.05, 0.15) if small else rng.uniform(0.2, 0.5))
    if kind == 0 and not small:  # another sheet, turned, with lines of text or a small table on it
        box = cv2.boxPoints((c, (s * rng.uniform(0.7, 1.4), s * rng.uniform(0.7, 1.4)), rng.uniform(0, 90)))
        cv2.fillConvexPoly(img, box.astype(np.int32), (int(rng.integers(210, 250)),) * 3)
        x0, y0 = box.min(axis=0)
        x1, y1 = box.max(axis=0)
        mask: np.ndarray = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(mask, box.astype(np.int32), 255)
        mask = cv2.erode(mask, np.ones((9, 9), np.uint8))
        layer = img.copy()
        step = int(rng.integers(10, 26))
        table = rng.random() < 0.4
        for y in range(int(y0), int(y1), step):
            cv2.line(layer, (int(x0), y), (int(x1), y), (70, 70, 70), 1 if table else 4)
        if table:
            for x in range(int(x0), int(x1), int(step * rng.uniform(1.5, 4))):
                cv2.line(layer, (x, int(y0)), (x, int(y1)), (70, 70, 70), 1)
        img[mask > 0] = layer[mask > 0]
    elif kind == 1:  # a pen
        a = rng.uniform(0, np.pi)
        d = np.array([np.cos(a), np.sin(a)]) * s
        p0, p1 = np.array(c) - d, np.array(c) + d
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.line(img, tuple(int(v) for v in p0), tuple(int(v) for v in p1), colour, max(3, int(s / 12)))
    else:  # a mug or a coin seen from above
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.circle(img, c, max(4, int(s / 2)), colour, -1)
        cv2.circle(img, c, max(2, int(s / 3)), tuple(int(v * 0.6) for v in colour), max(1, int(s / 20)))
