"""Finding the board in a picture: its outline, a straightened view, and the lines between cells.

The outline is the largest four-sided shape of ink (the board's frame) or, for boards drawn as a
lattice of dots, the box around the ink. The straightened view is scaled so the board is
:data:`SIDE` pixels on its longer side. Rows and columns are counted from how much thin,
straight ink lies on each vertical and horizontal line: the count whose lines carry the most ink
compared with the middles of its cells wins.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import NamedTuple

import cv2
import numpy as np

from vision.board import SIDE, Board, corners_ordered
from vision.dots import dot_lattice, dotted
from vision.errors import Unreadable
from vision.lattice import MAX_CELLS, MIN_CELLS, halves, lattice, line_profile, profiles, thick_profile, thin
from vision.light import last_picture, paper_light

SMALL_CELL, CELL = 40, 46  # cells smaller than SMALL_CELL pixels are read enlarged to CELL
UPSCALE = 1.5  # a picture scaled up this much or more is interpolated cubically
LIGHT_LEVEL = 95  # percentile of local background / paper light taken as their usual ratio (noise)
LINE_INK = (0.08, 0.04, 0.02)  # how much darker than around a line must be, tried in turn
CLEAR = 1.8  # clarity of a plainly read count (a count with a rival at half of it scores about 2)
# a hairline (see hairline_ink): this much darker than the paper beside it and this many times the
# paper's usual top-hat, after smoothing by this many pixels
HAIRLINE, GRAIN, SMOOTH = 0.025, 5.0, 0.8
BLOWN_LINE = 1.5  # pixels of the picture a hairline's blur is wide
SUPPORTED = 0.5  # evidence every inner edge of a well-read grid reaches (share of bands with a line)
CLUE_INK = 0.5  # darkness of a clue's ink (a blurred ring's too), not of a faint line
LINED_SQUARE = 1.25  # cells this far from square, one axis with a line on its edges, the other not: recounted
# (DOUBLED_CLEAR, WIDE_REACH: measured on the photographed tuning pages, bench/README.md,
# "Photographed pages, fourth pass")
DOUBLED_CLEAR = 1.5  # the least clarity of a fainter level's count of twice the lines that is taken
WIDE_REACH = 2  # a hairline grid found on no edge is counted again with this many times the reach
# share of a grid's inner bands that may be crossed as little as an outer band dropped (_uncrossed_off): a
# 10x10 photo of blurred dotted lines had 4 of its 8 inner columns under the bar (levels 0.0-0.07, median
# 0.44) and its last column dropped (read 10x9), a shaken 17x17 9 of 15 (read 17x16); a screenshot's inner
# bands are all crossed (tests/test_vision_screens.py, a counter above the board)
BROKEN_SHARE = 0.125


class Fit(NamedTuple):
    """A lattice the straightened board's thin ink fits at one ink level."""

    lined: bool  # a line on every edge
    clarity: float
    xs: np.ndarray
    ys: np.ndarray
    support: float


def enlarged(board: Board, grey: np.ndarray) -> Board:
    """The board straightened again at :data:`CELL` pixels a cell when its cells came out smaller
    (a large board in a small screenshot): thin strokes of small digits, interpolated cubically,
    stay apart; the ink threshold and line removal were made for cells this large."""
    pitch = board.pitch
    if board.transform is None or board.bare or board.dots or pitch >= SMALL_CELL:
        return board
    f = CELL / pitch
    m = np.diag([f, f, 1.0]) @ board.transform
    h, w = board.paper.shape[:2]
    paper = cv2.warpPerspective(flatten(grey), m, (round(w * f), round(h * f)), flags=cv2.INTER_CUBIC, borderValue=1.0)
    return replace(board, paper=np.clip(paper, 0.0, 1.0), xs=board.xs * f, ys=board.ys * f, zoom=board.zoom * f,
                   transform=m)


@last_picture
def flatten(grey: np.ndarray) -> np.ndarray:
    """Grey as paper 0..1: each pixel divided by the local paper brightness (removes uneven light)."""
    side = max(grey.shape)
    k = max(9, side // 25) | 1
    background = _smooth(cv2.dilate(grey, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))), k / 2)
    # (a shadow's edge: the paper's light keeps it where it is; brought up to this background's level
    # first, as the light comes from a smaller picture with its noise averaged out and this from the
    # lightest pixels: a few percent darker all over, it would wash faint ink out of a photo)
    light = paper_light(grey)
    level = max(1.0, float(np.percentile(background[::3, ::3].astype(np.float32) / np.maximum(light[::3, ::3], 1.0),
                                         LIGHT_LEVEL)))
    background = np.minimum(background, light * level)
    paper = grey.astype(np.float32) / np.maximum(background.astype(np.float32), 1.0)
    out: np.ndarray = np.clip(paper, 0.0, 1.0)
    return out


def _smooth(image: np.ndarray, sigma: float) -> np.ndarray:
    """``image`` blurred with a Gaussian of ``sigma``; a wide one from a picture a quarter the size
    (the background it smooths changes over dozens of pixels: a full-size blur cost most of flattening)."""
    if sigma < 12:
        return cv2.GaussianBlur(image, (0, 0), sigma)
    h, w = image.shape[:2]
    small = cv2.resize(image, ((w + 3) // 4, (h + 3) // 4), interpolation=cv2.INTER_AREA)
    out: np.ndarray = cv2.resize(cv2.GaussianBlur(small, (0, 0), sigma / 4), (w, h), interpolation=cv2.INTER_LINEAR)
    return out


def find_board(grey: np.ndarray, hairlines: bool = False) -> Board:
    """The board in a grey picture; raises :class:`Unreadable` when there is none. ``hairlines``:
    thin lines only a little darker than the paper beside them count as ink too (a print's hairline
    grid photographed, blurred to a light grey; not in screenshots, where it would take in shading)."""
    paper = flatten(grey)
    ink = (paper < 0.7).astype(np.uint8)
    if hairlines:
        ink |= hairline_ink(paper)
    if ink.sum() < 200:
        raise Unreadable("blank", "I see an empty picture; send a screenshot or photo of the puzzle's grid.")
    dotted = dot_lattice(paper)
    if dotted is not None:
        return dotted
    found = [b for b in (straighten(paper, quad, every_level=hairlines) for quad in _outlines(ink)) if b is not None]
    found = [b for b in found if b.support >= SUPPORTED] or found  # a line on every edge, where one fits
    top = max((b.clarity for b in found), default=0.0)
    # the largest outline whose lines stand out nearly as well as the best: the board's frame (an
    # inner outline may fit a coarser count; the sheet of paper around the board fits none well)
    # (a clear grid with an even count has a rival at half the count, so its clarity is about 2: an
    # inner part of the grid, with an odd count, must not outshine the whole of it)
    best = next((b for b in found if b.clarity >= min(0.7 * top, CLEAR)), None)
    if best is not None and MIN_CELLS in (best.rows, best.cols):  # the fewest lines: often a sheet's poor fit
        best = next((b for b in found if MIN_CELLS not in (b.rows, b.cols) and (
            b.clarity >= 0.8 * best.clarity or (b.clarity >= 0.5 * best.clarity and b.support > best.support))), best)
    if best is None or best.clarity < 1.2:
        raise Unreadable("no-grid", "I could not find a puzzle grid in that picture; send a straight, sharp "
                                    "screenshot or photo with the whole grid in view.")
    return best


def hairline_ink(paper: np.ndarray, smooth: float = SMOOTH, grain: float = GRAIN) -> np.ndarray:
    """Thin ink darker than the paper beside it, at any level (1: ink): the paper smoothed by
    ``smooth`` (a photo's grain and JPEG noise are finer than a blurred line; a picture scaled
    down is averaged already), then a black top-hat above :data:`HAIRLINE` and ``grain`` times
    its usual level on the paper."""
    k = max(5, round(max(paper.shape) / 200)) | 1
    smoothed = cv2.GaussianBlur(paper, (0, 0), smooth) if smooth > 0 else paper
    hat = cv2.morphologyEx(smoothed, cv2.MORPH_BLACKHAT, np.ones((k, k), np.uint8))
    level = max(HAIRLINE, grain * float(np.median(hat)))
    out: np.ndarray = (hat > level).astype(np.uint8)
    return out


def _outlines(ink: np.ndarray) -> list[np.ndarray]:
    """Candidate board corners (4x2, clockwise from top left), most likely first."""
    h, w = ink.shape
    closed = cv2.dilate(ink, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(closed, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    quads: list[tuple[float, np.ndarray]] = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < 0.04 * h * w:
            continue
        hull = cv2.convexHull(c)
        approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            quads.append((cv2.contourArea(approx), corners_ordered(approx.reshape(4, 2).astype(np.float32))))
    quads.sort(key=lambda aq: -aq[0])
    found = _dedupe([q for _, q in quads])[:4]
    # boards without a frame (dots): the box around the ink, without specks
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    big = stats[:, cv2.CC_STAT_AREA] >= 3
    big[0] = False
    if int(stats[big, cv2.CC_STAT_AREA].sum()) > 20:
        # (the outer contours' points: their hull is all the ink's, at a fraction of the points)
        rims, _ = cv2.findContours(big[labels].astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        box = cv2.boxPoints(cv2.minAreaRect(np.concatenate(rims).reshape(-1, 2).astype(np.float32)))
        found.append(corners_ordered(box.astype(np.float32)))
    return found


def _dedupe(quads: list[np.ndarray]) -> list[np.ndarray]:
    """Largest first, without near-copies: an outline inside a kept one and almost as large is the
    inner edge of the same frame (bent where a clue touches it)."""
    out: list[np.ndarray] = []
    for q in quads:
        area = cv2.contourArea(q)
        if all(not (area >= 0.8 * cv2.contourArea(o) and all(
                cv2.pointPolygonTest(o.reshape(-1, 1, 2), (float(x), float(y)), False) >= 0 for x, y in q))
               for o in out):
            out.append(q)
    return out


def straighten(paper: np.ndarray, quad: np.ndarray, side: int = SIDE, every_level: bool = False,
                count: tuple[int, int] | None = None) -> Board | None:
    """The board inside ``quad`` straightened, its lines counted at the first of :data:`LINE_INK`
    that puts a line on every edge; ``every_level``: at the level that counts them most clearly (a
    hairline grid rasterised at a print's resolution has every other line fainter, so faint that
    the first level sees only half of them on a photo); ``count``: the rows and columns, known
    already (the lines only placed)."""
    tl, tr, br, bl = quad
    width = float(max(np.linalg.norm(tr - tl), np.linalg.norm(br - bl)))
    height = float(max(np.linalg.norm(bl - tl), np.linalg.norm(br - tr)))
    if min(width, height) < 20:
        return None
    scale = max(1.0, side / max(width, height))  # never below the picture's own resolution
    w, h = max(20, round(width * scale)), max(20, round(height * scale))
    target = np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32)
    m = cv2.getPerspectiveTransform(quad, target)
    # (a small picture blown up: cubic keeps thin strokes of small digits apart, as linear does not)
    flags = cv2.INTER_CUBIC if scale >= UPSCALE else cv2.INTER_AREA
    flat = np.clip(cv2.warpPerspective(paper, m, (w, h), flags=flags, borderValue=1.0), 0.0, 1.0)
    darkness = 1.0 - flat
    if _blank_edge(darkness):
        return None  # blank paper inside the outline: a sheet of paper, not the board's frame
    d = max(2, round(max(w, h) / 150))
    if every_level:  # (a blurred hairline blown up is some pixels wide: its sides are no paper)
        d = max(d, round(BLOWN_LINE * scale))
    fits = _fits(darkness, d, count, every_level)
    if every_level and not any(f.lined for f in fits):
        # (a photo shaken across the lines blurs them wider than the reach: their middles, darker
        # than nothing as far off, were taken for areas; counted again with twice the reach)
        wide = _fits(darkness, WIDE_REACH * d, count, every_level)
        if any(f.lined for f in wide):
            fits = wide
    if not fits:
        return None
    best = max(fits, key=lambda f: (f.lined, f.clarity))
    if every_level and count is None:
        best = _every_line(fits, best)
    _, clarity, xs, ys, support = best
    if count is None:
        xs, ys = _uncrossed_off(darkness, xs, ys)
    if min(len(xs), len(ys)) - 1 < MIN_CELLS:
        return None
    dots = dotted(darkness, xs, ys)
    # square cells: a photo's outline gives the board's sides only up to perspective, so the cells
    # come out stretched; stretch them back (circles must be round to be told from a 0)
    cell_w, cell_h = (xs[-1] - xs[0]) / (len(xs) - 1), (ys[-1] - ys[0]) / (len(ys) - 1)
    zoom = scale
    if abs(cell_w / cell_h - 1.0) > 0.03:
        side = max(cell_w, cell_h)
        fx, fy = side / cell_w, side / cell_h
        zoom = scale * max(fx, fy)
        flat = cv2.resize(flat, (round(w * fx), round(h * fy)), interpolation=cv2.INTER_LINEAR)
        xs, ys = xs * fx, ys * fy
        m = np.diag([flat.shape[1] / w, flat.shape[0] / h, 1.0]) @ m
    return Board(paper=flat, xs=xs, ys=ys, dots=dots, clarity=clarity, support=support, zoom=zoom, transform=m)


def _fits(darkness: np.ndarray, d: int, count: tuple[int, int] | None, every_level: bool
          ) -> list[Fit]:
    """The lattices the straightened board's thin ink (``d`` pixels' reach) fits at each of
    :data:`LINE_INK`: whether a line is on every edge, clarity, edges across and down, support."""
    h, w = darkness.shape
    across, down = thin(darkness, d, axis=1), thin(darkness, d, axis=0).T
    fits: list[Fit] = []
    for faint in LINE_INK:  # faint lines (a photo of light grey or dashed lines) only when needed
        (px, fx), (py, fy) = profiles(across, faint), profiles(down, faint)
        nx, ny = (None, None) if count is None else (count[1], count[0])
        xs, cx, sx = lattice(px, nx, thick=partial(thick_profile, darkness, d, faint, 1), fine=fx)
        ys, cy, sy = lattice(py, ny, thick=partial(thick_profile, darkness, d, faint, 0), fine=fy)
        if xs is not None and ys is not None and count is not None:
            fits.append(Fit(min(sx, sy) >= SUPPORTED, min(cx, cy), xs, ys, min(sx, sy)))
        elif xs is not None and ys is not None:
            ratio = (w / (len(xs) - 1)) / (h / (len(ys) - 1))
            # (cells far from square: one axis miscounted; nearer square already when only one
            # axis has a line on its edges, the other's count being the doubtful one)
            off = 1.6 if (sx >= SUPPORTED) == (sy >= SUPPORTED) else LINED_SQUARE
            squared = _squared(darkness, d, faint, xs, ys, (sx, sy)) if not 1 / off <= ratio <= off else None
            if squared is not None:
                xs, ys, cx, sx, sy = squared
                cy = cx
            fits.append(Fit(min(sx, sy) >= SUPPORTED, min(cx, cy), xs, ys, min(sx, sy)))
            if fits[-1].lined and not every_level:
                break
    return fits


def _every_line(fits: list[Fit], best: Fit) -> Fit:
    """``best``, or a fit at a fainter level with twice its rows and columns on every edge as surely
    (a print's hairline grid rasterised with every other line fainter: the plain level counts half
    the lines more clearly than the faint one counts all, its noise weighing on the clarity)."""
    rows, cols = len(best.ys) - 1, len(best.xs) - 1
    for f in fits:
        if (f.lined and best.lined and f.support >= best.support and f.clarity >= DOUBLED_CLEAR
                and (len(f.ys) - 1, len(f.xs) - 1) == (2 * rows, 2 * cols)):
            return f
    return best


def _uncrossed_off(darkness: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lattice without an outer row or column that no line of the other axis crosses: text
    beside the board inside the outline (a counter above it) taken for a row of cells."""

    def crossing(band: np.ndarray, edges: np.ndarray) -> float:
        """How much of the band's width ink runs across at the inner edges (the inkiest column
        near each; a thin grey line counts as a thick black one)."""
        win = max(1, round(float(np.median(np.diff(edges))) / 12))
        along = (band > 0.1).mean(axis=0)
        # (each inner edge's window's most, all at once: a board's 40 bands each ask about 20 edges)
        at = np.round(np.asarray(edges[1:-1], dtype=float)).astype(np.int64)
        bounds = np.stack([np.maximum(0, at - win), np.minimum(len(along), at + win + 1)], axis=1).ravel()
        return float(np.median(np.maximum.reduceat(np.append(along, 0.0), bounds)[0::2]))

    def trim(edges: np.ndarray, other: np.ndarray, axis: int) -> np.ndarray:
        if len(edges) < MIN_CELLS + 2 or len(other) < 4:
            return edges
        pad = [max(1, round(0.25 * (b - a))) for a, b in zip(edges[:-1], edges[1:], strict=True)]
        bands = [darkness[round(a) + p:round(b) - p] if axis == 0 else darkness[:, round(a) + p:round(b) - p].T
                 for a, b, p in zip(edges[:-1], edges[1:], pad, strict=True)]
        if any(b.size == 0 for b in bands):
            return edges
        level = [crossing(b, other) for b in bands]
        inner = float(np.median(level[1:-1]))
        bar = 0.4 * inner
        # (inner bands of the grid's own crossed as little: its lines too broken to tell a band of text
        # from a row of cells, an outer one is kept; bench/README.md "vsize32")
        if inner < 0.05 or sum(v < bar for v in level[1:-1]) > BROKEN_SHARE * (len(level) - 2):
            return edges
        lo = 1 if level[0] < bar else 0
        hi = len(edges) - 1 if level[-1] < bar else len(edges)
        return edges[lo:hi]

    return trim(xs, ys, 1), trim(ys, xs, 0)


def _squared(darkness: np.ndarray, d: int, faint: float, xs: np.ndarray, ys: np.ndarray,
             support: tuple[float, float]) -> tuple[np.ndarray, np.ndarray, float, float, float] | None:
    """Other counts when the found ones make cells about twice as wide as tall or the other way
    (no board is drawn so: one axis counted every other line, thick room borders being no thin
    ink, or lines and the characters between them): the counts making square cells whose lines
    stand out best, thick lines counted as lines; with how clearly and how surely (x, y). When
    only one axis has a line on its edges (``support``: a photo shaken along the other, its lines
    smeared away), its count stands and the other follows from it, as clearly as it was counted
    and as unsurely as the other's lines are seen (so the size is asked)."""
    nx, ny = len(xs) - 1, len(ys) - 1
    h, w = darkness.shape
    run = max(3, int(0.9 * max(w / nx, h / ny)))  # a border runs on for a cell at least; a character does not
    px = np.maximum(line_profile(thin(darkness, d, axis=1), faint), thick_profile(darkness, d, faint, 1, run))
    py = np.maximum(line_profile(thin(darkness, d, axis=0).T, faint), thick_profile(darkness, d, faint, 0, run))
    sx, sy = support
    if (sx >= SUPPORTED) != (sy >= SUPPORTED):
        return _followed(darkness, px, py, nx if sx >= SUPPORTED else ny, sx >= SUPPORTED)
    found = []
    for fx, fy in ((round(ny * w / h), ny), (nx, round(nx * h / w))):
        if not (MIN_CELLS <= fx <= MAX_CELLS and MIN_CELLS <= fy <= MAX_CELLS) or (fx, fy) == (nx, ny):
            continue
        if (fx != nx and halves(px, nx, fx)) or (fy != ny and halves(py, ny, fy)):
            continue  # (an axis whose in-between lines stand out as much as the others: not halved)
        ex, cx, fsx = lattice(px, count=fx)
        ey, cy, fsy = lattice(py, count=fy)
        if ex is not None and ey is not None:
            found.append((ex, ey, min(cx, cy), fsx, fsy))
    if not found:
        return None
    top = max(f[2] for f in found)  # (as for one axis: the finer of two that fit nearly as well)
    return max((f for f in found if f[2] >= 0.9 * top), key=lambda f: len(f[0]) + len(f[1]))


def _followed(darkness: np.ndarray, px: np.ndarray, py: np.ndarray, n: int, across: bool
              ) -> tuple[np.ndarray, np.ndarray, float, float, float] | None:
    """:func:`_squared` when only one axis (``across``: the columns' lines) has a line on its edges,
    counted ``n``: the other axis's count makes square cells, give or take one (a photo's outline
    gives the board's sides only up to perspective), the one whose lines pass between the clues."""
    h, w = darkness.shape
    kept, other = (px, py) if across else (py, px)
    guess = round(n * (h / w if across else w / h))
    ink = (darkness > CLUE_INK).mean(axis=1 if across else 0)  # (the other axis's rows of clues)
    counts = [m for m in (guess, guess - 1, guess + 1) if MIN_CELLS <= m <= MAX_CELLS and len(ink) / m >= 8]
    if not counts:
        return None
    m = max(counts, key=lambda m: _between_clues(ink, m))
    ek, ck, sk = lattice(kept, count=n)
    _, _, so = lattice(other, count=m)
    if ek is None or ck < CLEAR:
        return None  # (only a plainly counted axis sets the other's count)
    eo = np.linspace(0.0, len(other) - 1.0, m + 1)  # (evenly: no lines to place them on)
    return (ek, eo, ck, sk, so) if across else (eo, ek, ck, so, sk)


def _between_clues(ink: np.ndarray, m: int) -> float:
    """How much more ink lies about the middles of an m-cell lattice than about its lines."""
    cell = len(ink) / m
    win = max(1, round(cell / 8))
    sums = np.concatenate([[0.0], np.cumsum(ink)])

    def mean_about(at: np.ndarray) -> float:
        lo, hi = np.clip(at - win, 0, len(ink)), np.clip(at + win + 1, 0, len(ink))
        return float(np.mean((sums[hi] - sums[lo]) / np.maximum(1, hi - lo)))

    lines = np.round(np.arange(1, m) * cell).astype(np.int64)
    middles = np.round((np.arange(m) + 0.5) * cell).astype(np.int64)
    return mean_about(middles) - mean_about(lines)


def _blank_edge(darkness: np.ndarray) -> bool:
    """Whether a band just inside any side holds no ink: inside a board's frame the grid lines cross it."""
    h, w = darkness.shape
    ink = darkness > 0.12
    a, b = max(1, int(0.03 * h)), max(2, int(0.09 * h))
    c, d = max(1, int(0.03 * w)), max(2, int(0.09 * w))
    bands = [ink[a:b, c:w - c], ink[h - b:h - a, c:w - c], ink[a:h - a, c:d], ink[a:h - a, w - d:w - c]]
    return any(band.size == 0 or band.mean() < 0.003 for band in bands)
