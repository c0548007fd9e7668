"""Boards drawn as a lattice of dots (no lines between the cells): the dots found as blobs of
about one size (allowing for a slant), the corner dots giving the outline and the dots' rows and
columns the cell edges. Split from :mod:`vision.grid`, which finds boards drawn with lines."""

from __future__ import annotations

import cv2
import numpy as np

from vision.board import SIDE, Board, corners_ordered
from vision.lattice import MAX_CELLS, MIN_CELLS

# measured on the tuning scenes' dot lattices (bench/README.md, "Dot lattices in photographed scenes");
# MAX_DOTS bounds the pairwise distances of the second search (1,500^2 of them: ~18 MB)
DOT_SPREAD = (0.3, 3.5)  # a lattice dot's area against the typical one (a slanted photo draws near dots larger)
NEAR_SPREAD = 1.8  # a dot's area at most this many times off the dots' size fitted where it lies (or a neighbour's)
DOT_LINK, MAX_DOTS = 1.35, 1500  # dots linked this many times their nearest one's distance apart; at most so many


def dotted(darkness: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> bool:
    """Whether the lattice is drawn as dots: ink at the corners, little along the edges between them."""
    corners, edges = [], []
    r = 2
    for y in ys[1:-1]:
        for x in xs[1:-1]:
            yi, xi = int(y), int(x)
            corners.append(darkness[max(0, yi - r):yi + r + 1, max(0, xi - r):xi + r + 1].max())
    for y in ys[1:-1]:
        for a, b in zip(xs[:-1], xs[1:], strict=False):
            xi, yi = int((a + b) / 2), int(y)
            edges.append(darkness[max(0, yi - r):yi + r + 1, max(0, xi - r):xi + r + 1].max())
    if not corners or not edges:
        return False
    return float(np.median(corners)) > 0.35 and float(np.median(edges)) < 0.15


def dot_lattice(paper: np.ndarray) -> Board | None:
    """A board drawn as a lattice of dots: the corner dots give the outline, the dots the cell edges."""
    ink = (paper < 0.6).astype(np.uint8)
    n, _, stats, centres = cv2.connectedComponentsWithStats(ink, connectivity=8)
    if n < 26:
        return None
    side = max(paper.shape)
    x, y, w, h, area = (stats[1:, i] for i in range(5))
    small = (w <= side / 30) & (h <= side / 30) & (area >= 2)
    roundish = (w <= 1.6 * h) & (h <= 1.6 * w) & (area >= 0.45 * w * h)
    cand = np.nonzero(small & roundish)[0]
    if len(cand) < 25:
        return None
    pts, sizes = centres[1:][cand].astype(np.float32), area[cand].astype(np.float32)
    even = _dot_sized(pts, sizes)
    found = _lattice_of(paper, pts[even])
    # specks of a desk or a pen's end about a photographed sheet spoil the outline: the dots alone,
    # each about its neighbours' spacing apart and size (among the dots of the usual size, then all)
    for among in ((pts[even], sizes[even]), (pts, sizes)):
        for group, group_sizes in ([] if found is not None else _regular_groups(*among)):
            found = _lattice_of(paper, group[_dot_sized(group, group_sizes)])
            if found is not None:
                break
    return found


def _dot_sized(pts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Which points' blobs are about the typical size, allowing for a slant (:func:`_sized_as_neighbours`)."""
    typical = float(np.median(sizes))
    keep: np.ndarray = (sizes >= DOT_SPREAD[0] * typical) & (sizes <= DOT_SPREAD[1] * typical)
    if keep.sum() >= 25:
        keep[keep] = _sized_as_neighbours(pts[keep], sizes[keep])
    return keep


def _lattice_of(paper: np.ndarray, pts: np.ndarray) -> Board | None:
    """The board whose lattice points are ``pts`` (dot centres), or None when they form none."""
    if len(pts) < 25:
        return None
    hull = cv2.convexHull(pts)
    quad = None
    for eps in (0.01, 0.02, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            quad = corners_ordered(approx.reshape(4, 2).astype(np.float32))
            break
    if quad is None:
        return None
    tl, tr, br, bl = quad
    width = float(max(np.linalg.norm(tr - tl), np.linalg.norm(br - bl)))
    height = float(max(np.linalg.norm(bl - tl), np.linalg.norm(br - tr)))
    if min(width, height) < 40:
        return None
    scale = max(1.0, SIDE / max(width, height))
    wd, ht = round(width * scale), round(height * scale)
    target = np.array([[0, 0], [wd, 0], [wd, ht], [0, ht]], np.float32)
    m = cv2.getPerspectiveTransform(quad, target)
    flat_pts = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), m).reshape(-1, 2)
    inside = (flat_pts[:, 0] > -6) & (flat_pts[:, 0] < wd + 6) & (flat_pts[:, 1] > -6) & (flat_pts[:, 1] < ht + 6)
    flat_pts = flat_pts[inside]
    xs, ys = _clusters(flat_pts[:, 0]), _clusters(flat_pts[:, 1])
    if xs is None or ys is None or not all(MIN_CELLS + 1 <= len(v) <= MAX_CELLS + 1 for v in (xs, ys)):
        return None
    if len(flat_pts) < 0.8 * len(xs) * len(ys) or len(flat_pts) > 1.3 * len(xs) * len(ys):
        return None
    margin = round(0.5 * max(wd / (len(xs) - 1), ht / (len(ys) - 1)))
    if _edge_ink(cv2.warpPerspective(paper, m, (wd + 1, ht + 1), flags=cv2.INTER_AREA, borderValue=1.0),
                 xs, ys) > 0.08:
        return None  # lines (dashed) run between the points: a grid of lines, not of dots
    shift = np.array([[1, 0, margin], [0, 1, margin], [0, 0, 1]], np.float64)
    flat = cv2.warpPerspective(paper, shift @ m, (wd + 2 * margin + 1, ht + 2 * margin + 1),
                               flags=cv2.INTER_AREA, borderValue=1.0)
    return Board(paper=flat, xs=xs + margin, ys=ys + margin, dots=True, clarity=3.0, zoom=scale, transform=shift @ m)


def _regular_groups(pts: np.ndarray, sizes: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Groups of points linked to neighbours about as far as their own nearest ones and of about
    their size (a lattice's dots; specks of texture lie at random), largest first (25 points or more)."""
    if len(pts) > MAX_DOTS:
        return []
    d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(axis=2))
    np.fill_diagonal(d, np.inf)
    nn = d.min(axis=1)
    ratio = sizes[:, None] / sizes[None, :]
    link = (d <= DOT_LINK * np.minimum(nn[:, None], nn[None, :])) & (ratio <= NEAR_SPREAD) & (ratio >= 1 / NEAR_SPREAD)
    parent = list(range(len(pts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(link)), strict=True):
        parent[root(int(i))] = root(int(j))
    labels = np.array([root(i) for i in range(len(pts))])
    ids, counts = np.unique(labels, return_counts=True)
    return [(pts[labels == i], sizes[labels == i]) for i in ids[np.argsort(-counts)][:3] if counts[ids == i][0] >= 25]


def _sized_as_neighbours(pts: np.ndarray, area: np.ndarray) -> np.ndarray:
    """Which points' blobs are about as large as a lattice's dots there: a slanted photo draws the
    near dots up to five times the far ones' area, smoothly across the board, so a share of the
    typical size alone drops the near corners. The log of the area is fitted as a plane over the
    picture, the blobs far off it left out and the plane fitted again (a linear cost)."""
    size = np.log(area)
    at = np.column_stack([pts / max(1.0, float(pts.max())), np.ones(len(pts))])
    keep: np.ndarray = np.abs(size - np.median(size)) < np.log(DOT_SPREAD[1])
    for _ in range(3):
        if keep.sum() < 3:
            break
        plane = np.linalg.lstsq(at[keep], size[keep], rcond=None)[0]
        keep = np.abs(size - at @ plane) < np.log(NEAR_SPREAD)
    return keep


def _clusters(values: np.ndarray) -> np.ndarray | None:
    """The centres of evenly spaced groups of coordinates (None unless the spacing is even)."""
    v = np.sort(values)
    gaps = np.diff(v)
    if len(gaps) == 0:
        return None
    step = float(np.max(gaps))
    if step <= 0:
        return None
    cuts = np.nonzero(gaps > 0.4 * step)[0]
    groups = np.split(v, cuts + 1)
    centres = np.array([g.mean() for g in groups])
    if len(centres) < 2:
        return None
    spacing = np.diff(centres)
    if spacing.std() > 0.2 * spacing.mean():
        return None
    return centres


def _edge_ink(flat: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> float:
    """The share of ink along the straight paths between neighbouring lattice points (dots left out)."""
    dark = cv2.dilate((flat < 0.85).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    step = min(float(np.diff(xs).mean()), float(np.diff(ys).mean()))
    gap = 0.25 * step
    samples: list[float] = []
    h, w = dark.shape
    for y in ys:
        yi = min(h - 1, max(0, int(round(y))))
        for a, b in zip(xs[:-1], xs[1:], strict=False):
            seg = dark[yi, int(a + gap):int(b - gap)]
            if seg.size:
                samples.append(float(seg.mean()))
    for x in xs:
        xi = min(w - 1, max(0, int(round(x))))
        for a, b in zip(ys[:-1], ys[1:], strict=False):
            seg = dark[int(a + gap):int(b - gap), xi]
            if seg.size:
                samples.append(float(seg.mean()))
    return float(np.median(samples)) if samples else 1.0
