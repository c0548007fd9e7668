"""Finding a small board in a large photo: candidate outlines anywhere in the picture, judged by
the grid lines inside them rather than by their size, so the board can be read again from a
crop of the picture at its own resolution (a sheet on a cluttered desk, a page with a small board).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import partial

import cv2
import numpy as np

from vision.board import Board, corners_ordered
from vision.grid import CLEAR, SUPPORTED, flatten, hairline_ink, straighten
from vision.lattice import MAX_CELLS, MIN_CELLS
from vision.memo import remembered
from vision.strokes import GROW, HALF, STROKE, drawn_in, faint_count, stroke_ink

LOOK_SIDE = 1400  # the longer side the whole picture is looked at
MIN_AREA = 0.0008  # the smallest outline looked at, as a share of the picture
ROUGH_GRAIN = 3.0  # hairlines unsmoothed: this many times the paper's usual top-hat (see grid.hairline_ink)
TRIED = 14  # outlines straightened and judged, the largest first
HULL = 1.25  # an outline's four-sided hull is at most this many times its area
# (bench/README.md, "Photographed pages, fourth pass": mixed in with the others, a wider outline
# displaced a right one; tried after them, a place on 25 of 30 dev pages, was 19)
WIDE_GROW, WIDE_TRIED = 9, 4  # hairline fragments closed this wide, and this many more outlines from them tried
JUDGE_SIDE = 560  # pixels on an outline's longer side when its lines are judged
PAD = 0.08  # a spot's box: its outline's and this share of its longer side about it
# (bench/README.md, "Photographed pages, fifth pass": the faint tuning pages' grids counted right
# stood out 14-39 times the profile's spread between lines; the parts and wrong pitches 0-6, some 13-23)
FAINT_CLEAR, FAINT_SCALE = 10.0, 8.0  # the least such clarity kept, and the clarity that counts as 1 on the plain scale
OUTLINED_SIDE = 1600  # a spot read within its own outline: scaled down to at most this many pixels a side
FINE_CELL = 24  # a place whose cells were judged under this many pixels is counted again at the picture's own
FINE_GAIN = 1.5  # resolution when that has this many times more pixels (a hairline grid in a large photo),
FINE_VIEW = 32  # at this many pixels a cell (a 30x30 hairline board of 70 px cells: 30x29 at 24, 30x30 at 32-48)
# one outline found twice (its frame's inner and outer edge): outlines whose corners are this share of their
# size apart at most (_distinct, before the places are judged), and places of one count whose padded boxes
# are SAME_PLACE apart (reading._more_places): bench/README.md "vpage8", own-...-04 300 dpi, two places kept
# whose boxes were 3-5 px apart on 154 px (under 0.05). Not one constant: corners and padded boxes are other
# measures, and either changed changes which places are looked at (not measured)
SAME_OUTLINE, SAME_PLACE = 0.03, 0.05
# places kept on one axis's lines (_one_axis): this clarity at least, under this share of the picture. On
# /tmp/vpage9/seed dev the shaken 8x8 page (a ringed-clue print, 150 dpi) counted 8x8 at 3.69 and 4.42, the
# stray outlines of the other refused pages 0.05-1.35, and a whole sheet 5x5 at 3.48 (share near 1):
# bench/README.md "vpage32"
ONE_AXIS_CLEAR, ONE_AXIS_SHARE = 3.0, 0.5
SEEN = 0.2  # the support of a place's lines judged plainly (below it: seen on one axis only, see _one_axis)
# a place within another whose cells are this many times as large at most is part of it: the tuning
# pages' part and whole measured 1.13 apart (a 20x20's inner 6x9 block, 300 dpi: 11.6 px a cell against 10.3),
# a crop's part of its place 1.01 (a 10x10 read 5x10, 300 dpi: 24.7 against 24.5 px), and a board inside an outline
# counted at half its pitch is 2 apart and must not be (bench/README.md "vpage9"); 1.25 lies between
PART_PITCH = 1.25
# ... its corners inside the other's outline, or this share of a cell outside (not measured: a corner
# found on the line it shares with the larger outline lies on it, within a pixel or two)
PART_SLACK = 0.5


@dataclass(frozen=True)
class Spot:
    """A place that looks like a board: its box in the full picture, the rows and columns its lines
    fit, how clearly and how surely."""

    box: tuple[int, int, int, int]  # x0, y0, x1, y1
    rows: int
    cols: int
    clarity: float
    support: float
    share: float  # the outline's area as a share of the picture's
    corners: tuple[tuple[float, float], ...] = ()  # the outline in the full picture, clockwise from top left
    faint: float = 0.0  # the depth of a faint grid's lines counted by their profiles (0: counted plainly)

    @property
    def cell(self) -> float:
        """About how many pixels a cell is in the full picture (the box holds :data:`PAD` about the outline)."""
        x0, y0, x1, y1 = self.box
        return min((x1 - x0) / self.cols, (y1 - y0) / self.rows) / (1.0 + 2 * PAD)


def spots(full: np.ndarray, limit: int = 3) -> list[Spot]:
    """The likeliest boards in ``full`` (a grey picture at its own size), best first. The ranking
    and each place counted finer are remembered for the reading (:mod:`vision.memo`): a further look
    for more places of the same picture (``reading._more_places``) takes them again, not 1.0-1.3 s of
    CPU on a page to find them anew (reviewer B29); the first ``limit`` of a longer list are the same."""
    key = (full.shape, full.dtype.str, hashlib.blake2b(np.ascontiguousarray(full).data, digest_size=16).digest())
    f, found = remembered("places", key, lambda: _ranked(full))
    return [remembered("places counted finer", (key, i), partial(_finer, full, s, f))
            for i, s in enumerate(found[:limit])]


def _ranked(full: np.ndarray) -> tuple[float, list[Spot]]:
    """Every place found in ``full``, best first, as judged in the picture looked at, and the scale of that picture."""
    side = max(full.shape)
    f = min(1.0, LOOK_SIDE / side)
    look = full if f == 1.0 else cv2.resize(full, (round(full.shape[1] * f), round(full.shape[0] * f)),
                                           interpolation=cv2.INTER_AREA)
    paper = flatten(look)
    quads = _quads(paper) + _crossings(look)
    counted = [straighten(paper, quad, JUDGE_SIDE, every_level=True) for quad in quads]  # (kept for _one_axis)
    found = [s for s in (_spot(paper, q, b, f, full.shape) for q, b in zip(quads, counted, strict=True)) if s]
    found.sort(key=_rank, reverse=True)
    if not found:
        # (a grid too faint for any ink level, found by its lines' length, only then: counted by
        # its lines' profiles, the largest first, then as the others are, best first; bench/README.md,
        # "Photographed pages, fifth pass": each way found 58 of the 96 tuning pages, not the same)
        lines = _stroked(paper)
        stroked = [s for s in (_judged(paper, quad, f, full.shape) for quad in lines) if s]
        found = _faint(paper, lines, f, full.shape) + sorted(stroked, key=_rank, reverse=True)
    if not found:
        found = _one_axis(paper, quads, counted, f, full.shape)
    return f, found


def _one_axis(paper: np.ndarray, quads: list[np.ndarray], counted: list[Board | None], f: float,
              shape: tuple[int, ...]) -> list[Spot]:
    """Places found by their outline whose lines count clearly, though on one axis they are seen too
    little to be supported (a photo shaken across them smears them away: bench/README.md "vpage32"),
    only when no place is found otherwise, none taking :data:`ONE_AXIS_SHARE` of the picture or more
    (the sheet itself); their support kept as seen, so the reading asks about its count. ``counted``:
    each outline's lines as the first look counted them (counted again, a picture with no board
    took twice the outline search's CPU for nothing: reviewer rev32b)."""
    h, w = paper.shape
    out = []
    for quad, b in zip(quads, counted, strict=True):
        if cv2.contourArea(quad) >= ONE_AXIS_SHARE * h * w:
            continue
        s = _spot(paper, quad, b, f, shape, least=ONE_AXIS_CLEAR, supported=0.0)
        if s is not None:
            out.append(s)
    out.sort(key=_rank, reverse=True)
    return out


def _finer(full: np.ndarray, spot: Spot, f: float) -> Spot:
    """``spot`` counted again from the full picture when its cells were judged small (under
    :data:`FINE_CELL` pixels in the looked-at picture or in the judged view) and the full picture
    holds :data:`FINE_GAIN` times more (a board of hairlines in a phone's photo, judged where its
    lines are a fraction of a pixel), if its lines fit a board there as clearly; else as it is."""
    if spot.faint or len(spot.corners) != 4:
        return spot
    n = max(spot.rows, spot.cols)
    corners = np.array(spot.corners, np.float32)
    side = float(np.ptp(corners, axis=0).max())
    judged = min(side * f, float(JUDGE_SIDE)) / n
    if judged >= FINE_CELL or side / n < FINE_GAIN * judged:
        return spot
    x0, y0, x1, y1 = spot.box
    g = min(1.0, FINE_VIEW * n / side)  # (the crop at FINE_VIEW pixels a cell, no larger)
    crop = full[y0:y1, x0:x1]
    if g < 1.0:
        crop = cv2.resize(crop, (max(1, round(crop.shape[1] * g)), max(1, round(crop.shape[0] * g))),
                          interpolation=cv2.INTER_AREA)
    quad = (corners - np.array([x0, y0], np.float32)) * np.float32(g)
    b = straighten(flatten(crop), quad, FINE_VIEW * n, every_level=True)
    if b is None or not (MIN_CELLS <= b.rows <= MAX_CELLS and MIN_CELLS <= b.cols <= MAX_CELLS):
        return spot
    if b.support < SUPPORTED or b.clarity < min(spot.clarity, CLEAR):
        return spot
    return replace(spot, rows=b.rows, cols=b.cols, clarity=b.clarity, support=b.support)


def one_axis(s: Spot) -> bool:
    """Whether a place was kept with its lines seen on one axis only (:func:`_one_axis`): its count is in doubt."""
    return not s.faint and s.support < SEEN


def same_place(a: Spot, b: Spot) -> bool:
    """Whether two places are one outline found twice (its frame's inner and outer edge): the same
    count, their boxes :data:`SAME_PLACE` of their size apart at most."""
    size = max(b.box[2] - b.box[0], b.box[3] - b.box[1])
    apart = max(abs(p - q) for p, q in zip(a.box, b.box, strict=True))
    return (a.rows, a.cols) == (b.rows, b.cols) and apart <= SAME_PLACE * size


def part_of(a: Spot, b: Spot) -> bool:
    """Whether place ``a`` is part of a larger ruled area, place ``b``: its outline within ``b``'s
    (every corner inside it, :data:`PART_SLACK` of ``b``'s cell to spare), at the same pitch
    (cells' sides within :data:`PART_PITCH` times), fewer cells, ``b`` well supported. A board's
    own lines seen as a smaller lattice inside it (a printed 20x20 board whose inner lines
    outlined a 6x9 block; read, the block fitted a genre its size asked and won over the whole
    board, bench/README.md "vpage9")."""
    if len(a.corners) != 4 or len(b.corners) != 4 or b.support < SUPPORTED or a.rows * a.cols >= b.rows * b.cols:
        return False
    pa, pb = _pitch(a), _pitch(b)
    if pa <= 0.0 or pb <= 0.0 or max(pa, pb) > PART_PITCH * min(pa, pb):
        return False
    outline = np.array(b.corners, np.float32).reshape(-1, 1, 2)
    return all(cv2.pointPolygonTest(outline, (float(x), float(y)), True) >= -PART_SLACK * pb for x, y in a.corners)


def _pitch(s: Spot) -> float:
    """A place's cell side in the full picture: its outline's area shared among its cells."""
    return float(np.sqrt(abs(cv2.contourArea(np.array(s.corners, np.float32))) / (s.rows * s.cols)))


def _judged(paper: np.ndarray, quad: np.ndarray, f: float, shape: tuple[int, ...],
            least: float = 1.3, supported: float = SEEN) -> Spot | None:
    """The spot an outline of the looked-at picture (``f`` times the full one's scale) is, if its
    lines fit a board (this ``least`` clarity, this much support)."""
    return _spot(paper, quad, straighten(paper, quad, JUDGE_SIDE, every_level=True), f, shape, least, supported)


def _spot(paper: np.ndarray, quad: np.ndarray, b: Board | None, f: float, shape: tuple[int, ...],
          least: float = 1.3, supported: float = SEEN) -> Spot | None:
    """:func:`_judged` of an outline whose lines are counted already (``b``)."""
    if b is None or not (MIN_CELLS <= b.rows <= MAX_CELLS and MIN_CELLS <= b.cols <= MAX_CELLS):
        return None
    if b.clarity < least or b.support < supported:
        return None
    box, corners = _placed(quad, f, shape)
    h, w = paper.shape
    return Spot(box, b.rows, b.cols, b.clarity, b.support, float(cv2.contourArea(quad)) / (h * w), corners)


def _placed(quad: np.ndarray, f: float, shape: tuple[int, ...]
            ) -> tuple[tuple[int, int, int, int], tuple[tuple[float, float], ...]]:
    """An outline of the looked-at picture in the full one: its box (with :data:`PAD` about it,
    within the picture) and its corners."""
    x0, y0 = quad.min(axis=0)
    x1, y1 = quad.max(axis=0)
    pad = PAD * max(x1 - x0, y1 - y0)
    box = (max(0, int((x0 - pad) / f)), max(0, int((y0 - pad) / f)),
           min(shape[1], int(np.ceil((x1 + pad) / f))), min(shape[0], int(np.ceil((y1 + pad) / f))))
    return box, tuple((float(x) / f, float(y) / f) for x, y in quad)


def outlined(full: np.ndarray, spot: Spot, cell: float, blow: float) -> tuple[np.ndarray, np.ndarray]:
    """The picture within a spot's box, scaled so its cells are ``cell`` pixels or more (blown up at
    most ``blow`` times, cubically; a large one scaled down to :data:`OUTLINED_SIDE`), and the spot's
    outline in it: the board read where its place was found, not looked for again."""
    x0, y0, x1, y1 = spot.box
    crop = full[y0:y1, x0:x1]
    now = spot.cell
    f = min(blow, cell / max(now, 1.0)) if now < cell else min(1.0, OUTLINED_SIDE / max(crop.shape))
    if f != 1.0:
        crop = cv2.resize(crop, (round(crop.shape[1] * f), round(crop.shape[0] * f)),
                          interpolation=cv2.INTER_CUBIC if f > 1.0 else cv2.INTER_AREA)
    quad = (np.array(spot.corners, np.float32) - np.array([x0, y0], np.float32)) * np.float32(f)
    return np.ascontiguousarray(crop), quad


def _rank(s: Spot) -> tuple[bool, float]:
    return s.support >= SUPPORTED, min(s.clarity, 3.0) * (0.5 + s.support)


def _quads(paper: np.ndarray) -> list[np.ndarray]:
    """Four-sided outlines of ink of any size above :data:`MIN_AREA`, the largest first, at three ink
    levels (a thin frame in a blurred photo is faint) and as hairlines, closing small gaps in the frame."""
    h, w = paper.shape
    inks = [((paper < level).astype(np.uint8), grow) for level, grow in ((0.7, 3), (0.82, 5), (0.6, 1))]
    # (and thin ink a little darker than the paper beside it, whatever its level: a print's hairline
    # grid photographed small is a faint grey no fixed level tells from the paper's shading; also
    # unsmoothed, for a picture scaled down: averaged already, its lines a pixel wide)
    hairlines = hairline_ink(paper)
    inks += [(hairlines, 3), (hairline_ink(paper, 0.0, ROUGH_GRAIN), 3)]
    least, most = MIN_AREA * h * w, 0.9 * h * w
    out = _distinct(_outlined(inks, least, most), [], TRIED)
    # (a frameless hairline grid photographed, its every other line fainter: held in fragments that
    # the small closing above does not join; its outline from a wider one, tried after the others,
    # as the wider closing also grows the outline of a grid found already)
    out += _distinct(_outlined([(hairlines, WIDE_GROW)], least, most), out, WIDE_TRIED)
    return out


def _faint(paper: np.ndarray, quads: list[np.ndarray], f: float, shape: tuple[int, ...]) -> list[Spot]:
    """The spots a grid too faint for :func:`_judged` is at, counted by its lines' profiles
    (:func:`vision.strokes.faint_count`) within the stroke ink's outlines ``quads``
    (:func:`_stroked`), the largest first: an outline drawn in too far, or a clue's row taken for
    the grid's end, counts a part of it."""
    h, w = paper.shape
    out: list[Spot] = []
    for quad in quads:
        got = faint_count(paper, quad)
        if got is None or got.clarity < FAINT_CLEAR:
            continue
        box, corners = _placed(got.quad, f, shape)
        # (every line of its run is one by construction: support 1; its clarity on the plain scale)
        out.append(Spot(box, got.rows, got.cols, min(3.0, got.clarity / FAINT_SCALE), 1.0,
                        float(cv2.contourArea(got.quad)) / (h * w), corners, got.depth))
    out.sort(key=lambda s: -s.share)
    return out


def _stroked(paper: np.ndarray) -> list[np.ndarray]:
    """Outlines of the stroke ink (:mod:`vision.strokes`), each also drawn in by the reach the
    strokes and their closing add at its sides (half of it and all of it: a line's end averaged
    along is still darker than the level some way past it), the largest first."""
    h, w = paper.shape
    least, most = MIN_AREA * h * w / HALF**2, 0.9 * h * w / HALF**2
    quads = _distinct(_outlined(stroke_ink(paper), least, most), [], WIDE_TRIED)
    reach = HALF * (STROKE // 2 + GROW // 2)
    return [drawn_in(q * np.float32(HALF), d) for q in quads for d in (0.0, reach / 2, float(reach))]


def _outlined(inks: list[tuple[np.ndarray, int]], least: float, most: float) -> list[np.ndarray]:
    """The four-sided hulls of each ink's outlines (the ink closed by its own size) whose area lies
    between ``least`` and ``most`` and whose hull is at most :data:`HULL` times it, the largest first."""
    quads: list[tuple[float, np.ndarray]] = []
    for ink, grow in inks:
        closed = cv2.dilate(ink, np.ones((grow, grow), np.uint8))
        contours, _ = cv2.findContours(closed, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in contours:
            area = cv2.contourArea(c)
            if area < least or area > most:
                continue
            hull = cv2.convexHull(c)
            approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
            if len(approx) == 4 and cv2.isContourConvex(approx) and cv2.contourArea(approx) <= HULL * area + 1:
                quads.append((cv2.contourArea(approx), corners_ordered(approx.reshape(4, 2).astype(np.float32))))
    quads.sort(key=lambda aq: -aq[0])
    return [q for _, q in quads]


def _distinct(quads: list[np.ndarray], seen: list[np.ndarray], most: int) -> list[np.ndarray]:
    """Up to ``most`` of ``quads`` (the largest first), none within :data:`SAME_OUTLINE` of its size of another
    or of ``seen``."""
    out: list[np.ndarray] = []
    for q in quads:  # (the frame's inner edge is kept: the outer may hold text touching the frame)
        size = float(np.ptp(q, axis=0).max())
        if all(float(np.abs(q - o).max()) > SAME_OUTLINE * size for o in seen + out):
            out.append(q)
            if len(out) == most:
                break  # (the rest are smaller: never tried)
    return out


def _crossings(grey: np.ndarray) -> list[np.ndarray]:
    """Outlines of places where many long straight lines of two directions cross (a grid), whatever
    else touches them (a frame joined to text above it gives no four-sided outline of ink)."""
    found = cv2.createLineSegmentDetector().detect(grey)[0]
    if found is None:
        return []
    seg = found.reshape(-1, 4).astype(np.float64)
    d = seg[:, 2:] - seg[:, :2]
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length >= max(12.0, 0.012 * max(grey.shape))
    seg, d, length = seg[keep], d[keep], length[keep]
    if len(seg) < 8:
        return []
    angle = np.degrees(np.arctan2(d[:, 1], d[:, 0])) % 180.0
    weight = np.histogram(angle, bins=36, range=(0, 180), weights=length)[0]
    out: list[np.ndarray] = []
    tried: list[float] = []
    for peak in np.argsort(weight)[::-1][:3]:
        a = (peak + 0.5) * 5.0
        if any(_apart(a, t) < 15 for t in tried):
            continue
        tried.append(a)
        fam_a = _apart(angle, a) <= 12
        fam_b = np.abs(_apart(angle, a) - 90) <= 25
        if fam_a.sum() < 3 or fam_b.sum() < 3:
            continue
        pts = _meets(seg[fam_a], seg[fam_b])
        if len(pts) < 12:
            continue
        mask = np.zeros(grey.shape, np.uint8)
        ij = np.clip(pts.round().astype(int), 0, [grey.shape[1] - 1, grey.shape[0] - 1])
        mask[ij[:, 1], ij[:, 0]] = 255
        reach = max(9, round(0.04 * max(grey.shape))) | 1
        n, labels = cv2.connectedComponents(cv2.dilate(mask, np.ones((reach, reach), np.uint8)))
        group = labels[ij[:, 1], ij[:, 0]]
        for k in range(1, n):
            p = pts[group == k].astype(np.float32)
            if len(p) < 12:
                continue
            hull = cv2.convexHull(p)
            approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
            box = approx.reshape(-1, 2) if len(approx) == 4 else cv2.boxPoints(cv2.minAreaRect(p))
            out.append(corners_ordered(box.astype(np.float32)))
    return out


def _apart(angle: np.ndarray | float, to: float) -> np.ndarray:
    """Degrees between undirected directions."""
    diff = np.abs((np.asarray(angle) - to) % 180.0)
    return np.minimum(diff, 180.0 - diff)


def _meets(a: np.ndarray, b: np.ndarray, slack: float = 3.0) -> np.ndarray:
    """Where segments of ``a`` cross segments of ``b`` (each x0, y0, x1, y1), within ``slack`` pixels of both."""
    p, r = a[:, None, :2], (a[:, 2:] - a[:, :2])[:, None, :]
    q, s = b[None, :, :2], (b[:, 2:] - b[:, :2])[None, :, :]
    cross = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
    qp = q - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / cross
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / cross
    la = np.hypot(r[..., 0], r[..., 1])
    lb = np.hypot(s[..., 0], s[..., 1])
    ok = (np.abs(cross) > 1e-6) & (t * la >= -slack) & (t * la <= la + slack)
    ok &= (u * lb >= -slack) & (u * lb <= lb + slack)
    pts = (p + t[..., None] * r)[ok]
    return np.asarray(pts)
