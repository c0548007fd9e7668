"""vsize32's own photo variation (not the repo simulator): print/screenshot on a margin of paper,
warped by a full random homography (strong perspective) and rotation, curled near one edge,
motion- or defocus-blurred, colour cast and lit by a gradient, downscaled, JPEG'd.
usage: vary.py SRC_SETS SPLIT OUT KINDS EVERY SEED"""
import json
import math
import sys
from pathlib import Path

import cv2
import numpy as np

src, split, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
kinds, every, seed = set(sys.argv[4].split(",")), int(sys.argv[5]), int(sys.argv[6])
GEN = {"masyu", "yinyang", "numberlink", "shikaku", "slitherlink"}
(out / split).mkdir(parents=True, exist_ok=True)
rows = [json.loads(line) for line in (Path(src) / split / "truth.jsonl").read_text().splitlines()]
rows = [t for t in rows if t["kind"] in kinds and t["genre"] in GEN]
rows = rows[::every]
truth = open(out / split / "truth.jsonl", "w")  # noqa: SIM115
for i, t in enumerate(rows):
    rng = np.random.default_rng(seed * 1000 + i)
    img = cv2.imread(str(Path(src) / split / t["file"]), cv2.IMREAD_COLOR)
    if t["kind"] == "print":  # a page: the board's ink box (title and all) on its own
        ys_, xs_ = (img.min(axis=2) < 200).nonzero()
        img = img[ys_.min():ys_.max() + 1, xs_.min():xs_.max() + 1]
    h, w = img.shape[:2]
    # paper margin
    m = int(rng.uniform(0.04, 0.25) * max(h, w))
    paper = np.array([rng.uniform(225, 250), rng.uniform(225, 250), rng.uniform(215, 250)])
    sheet = np.empty((h + 2 * m, w + 2 * m, 3), np.float32)
    sheet[:] = paper
    sheet[m:m + h, m:m + w] = img.astype(np.float32) * (paper / 255.0)
    kinds_of = ["persp", "curl", "motion", "defocus", "cast", "light", "lowres", "rot"]
    conds = list(rng.choice(kinds_of, size=3, replace=False))
    H, W = sheet.shape[:2]
    if "curl" in conds:
         # a page lifting near one edge: displacement grows as the square
        ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
        amp = rng.uniform(0.03, 0.08) * min(H, W)
        if rng.random() < 0.5:
            mx, my = xs, ys - amp * (xs / W) ** 2 * (1 - 2 * ys / H) * -1
        else:
            mx, my = xs - amp * (ys / H) ** 2 * (1 - 2 * xs / W) * -1, ys
        sheet = cv2.remap(sheet, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # canvas and homography
    scale = 1.0
    CW, CH = int(W * rng.uniform(1.15, 1.5)), int(H * rng.uniform(1.15, 1.5))
    ang = math.radians(rng.uniform(-25, 25) if "rot" in conds else rng.uniform(-6, 6))
    j = 0.16 if "persp" in conds else 0.04
    c = np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32) - [W / 2, H / 2]
    c = c * (1 + rng.uniform(-j, j, size=(4, 2))).astype(np.float32)
    if "persp" in conds:  # one side shorter (a tilted camera)
        side = rng.integers(4)
        k = rng.uniform(0.15, 0.4)
        idx = [(0, 1), (1, 2), (2, 3), (3, 0)][side]
        mid = (c[idx[0]] + c[idx[1]]) / 2
        for q in idx:
            c[q] = mid + (c[q] - mid) * (1 - k)
    R = np.array([[math.cos(ang), -math.sin(ang)], [math.sin(ang), math.cos(ang)]], np.float32)
    c = c @ R.T + [CW / 2, CH / 2]
    M = cv2.getPerspectiveTransform(np.array([[0, 0], [W, 0], [W, H], [0, H]], np.float32), c.astype(np.float32))
    bg = np.empty((CH, CW, 3), np.float32)
    base = rng.uniform(40, 170, 3)
    bg[:] = base
    bg += rng.normal(0, rng.uniform(3, 15), bg.shape).astype(np.float32)
    bg = cv2.GaussianBlur(bg, (0, 0), 2)
    warped = cv2.warpPerspective(sheet, M, (CW, CH), flags=cv2.INTER_LINEAR, borderValue=(-1, -1, -1))
    mask = cv2.warpPerspective(np.ones((H, W), np.float32), M, (CW, CH)) > 0.5
    photo = np.where(mask[..., None], warped, bg)
    if "light" in conds or rng.random() < 0.5:
        ys, xs = np.mgrid[0:CH, 0:CW].astype(np.float32)
        a = rng.uniform(0, 2 * math.pi)
        g = (np.cos(a) * xs / CW + np.sin(a) * ys / CH)
        g = (g - g.min()) / (np.ptp(g) + 1e-6)
        lo = rng.uniform(0.45, 0.7) if "light" in conds else rng.uniform(0.8, 0.95)
        photo *= (lo + (1 - lo) * g)[..., None]
    if "cast" in conds:
        photo *= rng.permutation([1.0, rng.uniform(0.75, 0.95), rng.uniform(0.5, 0.8)]).astype(np.float32)
    if "motion" in conds:
        L = int(rng.integers(4, 11))
        k = np.zeros((L, L), np.float32)
        k[L // 2] = 1
        k = cv2.warpAffine(k, cv2.getRotationMatrix2D((L / 2 - 0.5, L / 2 - 0.5), rng.uniform(0, 180), 1), (L, L))
        k /= k.sum()
        photo = cv2.filter2D(photo, -1, k)
    if "defocus" in conds:
        photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(1.0, 2.2))
    cells = max(t["rows"], t["cols"])
    board_px = max(h, w) * (CW / W) ** 0
    # target: board cell size in photo
    cell_now = max(h, w) / cells
    target = rng.uniform(11, 16) if "lowres" in conds else rng.uniform(18, 40)
    f = min(1.0, target / cell_now)
    if f < 1:
        photo = cv2.resize(photo, (max(1, int(CW * f)), max(1, int(CH * f))), interpolation=cv2.INTER_AREA)
    photo += rng.normal(0, rng.uniform(1, 5), photo.shape).astype(np.float32)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    q = int(rng.integers(25, 70))
    name = t["file"].rsplit(".", 1)[0] + f"-vary-{'-'.join(sorted(conds))}.jpg"
    (out / split / name).parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out / split / name), photo, [cv2.IMWRITE_JPEG_QUALITY, q])
    tt = dict(t)
    tt["file"] = name
    tt["kind"] = "vary"
    tt["condition"] = conds
    truth.write(json.dumps(tt) + "\n")
print(len(rows))
