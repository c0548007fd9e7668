"""What one cell of a straightened board holds: nothing, a white or black circle, a number or ``?``.

Circles are told apart from characters by the roundness of their outline; a black circle by how
full it is. A number may also sit inside a circle (white on black, or ringed): the characters in
it are read instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np

from solvers.genre import ClueKind
from vision.glyphs import DOUBT, bounds, classify
from vision.memo import remembered

INK = 0.4  # darkness above which a pixel is ink
HAIRLINE_INK = 0.16  # the ink level at which a faint empty cell is looked at again (a thin ring, a lost clue)
SURE = 0.6  # a cell read with less confidence than this is named to the player before solving
MARGIN = 0.03  # share of the cell left out on each side (the grid lines themselves)
RINGED = frozenset({ClueKind.ISLAND, ClueKind.NUMBER})  # a number in a circle: an island, or a number drawn so


@dataclass(frozen=True)
class CellGuess:
    """A cell's token ('.', 'W', 'B', a number, '?', '#', ...), how sure the reader is, other readings,
    and the kinds of clue it may be (a genre fits the cell if it draws one of them; empty: taken
    from the token: circles or numbers)."""

    token: str
    confidence: float
    alternatives: tuple[str, ...] = ()
    kinds: frozenset[ClueKind] = frozenset()
    learned: float = 1.0  # a number's: the learned glyph reader's probability of its digits (their product)

    def clue_kinds(self) -> frozenset[ClueKind]:
        if self.kinds or self.token == ".":
            return self.kinds
        return frozenset({ClueKind.CIRCLE if self.token in ("W", "B") else ClueKind.NUMBER})


@dataclass(frozen=True)
class CellInk:
    """A cell's crop (darkness 0..1), its ink at one level, and that ink without grid lines."""

    dark: np.ndarray
    raw: np.ndarray
    ink: np.ndarray


def cell_ink(paper: np.ndarray, x0: float, x1: float, y0: float, y1: float, ink_level: float = INK) -> CellInk | None:
    """The ink of the cell between x0..x1 and y0..y1 of ``paper`` (0 ink .. 1 paper): pixels darker
    than ``ink_level``; None for an empty crop."""
    dark = cell_dark(paper, x0, x1, y0, y1)
    return None if dark is None else ink_of(dark, ink_level)


def cell_dark(paper: np.ndarray, x0: float, x1: float, y0: float, y1: float) -> np.ndarray | None:
    """The darkness (0 paper .. 1 ink) of the cell between x0..x1 and y0..y1 of ``paper``, its
    :data:`MARGIN` left out; None for an empty crop."""
    w, h = x1 - x0, y1 - y0
    mx, my = w * MARGIN, h * MARGIN
    crop = paper[int(round(y0 + my)):int(round(y1 - my)), int(round(x0 + mx)):int(round(x1 - mx))]
    if crop.size == 0:
        return None
    dark: np.ndarray = 1.0 - crop
    return dark


def ink_of(dark: np.ndarray, ink_level: float) -> CellInk:
    """A cell's ink at ``ink_level`` from its darkness (:func:`cell_dark`): the level picked once
    the crop is seen costs one removal of the grid lines, not one per level tried."""
    raw = (dark > ink_level).astype(np.uint8)
    return CellInk(dark, raw, unedged(raw))


def unedged(raw: np.ndarray) -> np.ndarray:
    """:func:`without_edge_lines` of a cell's raw ink, remembered by its content for the reading
    (:mod:`vision.memo`: alike cells, or one cell at two levels, cost one removal); read-only, as
    it is shared."""
    def made() -> np.ndarray:
        found = without_edge_lines(raw)
        found.flags.writeable = False
        return found
    return remembered("unedged", (raw.shape, raw.dtype.str, raw.tobytes()), made)


def read_cell(paper: np.ndarray, x0: float, x1: float, y0: float, y1: float, ink_level: float = INK,
              inked: CellInk | None = None) -> CellGuess:
    """Read the cell between x0..x1 and y0..y1 of ``paper`` (0 ink .. 1 paper); pixels darker
    than ``ink_level`` are ink (``inked``: that ink, already found)."""
    found = inked or cell_ink(paper, x0, x1, y0, y1, ink_level)
    if found is None:
        return CellGuess(".", 0.0)
    dark, raw, ink = found.dark, found.raw, found.ink
    share = inked_share(ink)
    if share < 0.004:
        return CellGuess(".", 1.0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    biggest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    spans = (stats[biggest, cv2.CC_STAT_WIDTH] >= 0.42 * ink.shape[1]
             and stats[biggest, cv2.CC_STAT_HEIGHT] >= 0.42 * ink.shape[0])
    if share < 0.012 and not spans:  # (little ink, but a hairline ring in a large cell is little ink too)
        return CellGuess(".", 0.8, ("?",) if share >= 0.006 else ())
    # (the masks made only for an ink of a circle's size: most cells hold none)
    circle = _circle(labels == biggest, ink.astype(bool), stats[biggest], dark.shape) \
        if _circle_sized(stats[biggest], dark.shape) else None
    if circle is not None:
        return _inside_circle(dark, raw.astype(bool), labels == biggest, circle)
    if n > 2:  # a thin ring a blurred photo broke into arcs: all the ink together may be round
        x, y, bw, bh = bounds(ink)
        whole = np.array([x, y, bw, bh, inked_count(ink)])
        circle = _circle(ink.astype(bool), ink.astype(bool), whole, dark.shape) \
            if _circle_sized(whole, dark.shape) else None
        if circle is not None:
            return _inside_circle(dark, raw.astype(bool), ink.astype(bool), circle)
    return _characters(ink, dark.shape)


def without_edge_lines(ink: np.ndarray) -> np.ndarray:
    """Drop straight strokes along the crop's edges (what is left of grid lines and frames)."""
    if not ink.any():  # (an empty cell: nothing to drop)
        return ink.copy()
    h, w = ink.shape
    band_y, band_x = max(2, int(0.15 * h)), max(2, int(0.15 * w))
    # (thickened across first, so a line a photo left slightly slanted still runs unbroken; the
    # opening runs along rows, or columns, so only ink in a band or beside it can leave a line there)
    found: list[np.ndarray] = []
    if _in_bands(ink, band_y):
        horizontal = cv2.morphologyEx(cv2.dilate(ink, _ones(3, 1)), cv2.MORPH_OPEN, _ones(1, max(3, int(0.8 * w))))
        horizontal[band_y:h - band_y] = 0
        # (the opening counts what lies past the crop as ink: a digit's stroke that touches the side,
        # the foot of a wide 12's 2, survives it too, but is shorter than any line)
        found.append(_long(horizontal, 0.55 * w, 1))
    if _in_bands(ink.T, band_x):
        vertical = cv2.morphologyEx(cv2.dilate(ink, _ones(1, 3)), cv2.MORPH_OPEN, _ones(max(3, int(0.8 * h)), 1))
        vertical[:, band_x:w - band_x] = 0
        found.append(_long(vertical, 0.55 * h, 0))
    if not found:
        ink = ink.copy()
    else:
        lines = cv2.dilate(found[0] if len(found) == 1 else np.maximum(*found), _ones(5, 5))  # with their fringes
        ink = ink & (1 - lines)
    edge: np.ndarray | None = None
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    dropped = np.zeros(n, bool)
    for i, (x, y, bw, bh, _) in enumerate(stats.tolist()[1:], 1):  # (Python ints: cheaper to compare)
        inside_band = x + bw <= band_x or x >= w - band_x or y + bh <= band_y or y >= h - band_y
        if not inside_band and (x < band_x or x + bw > w - band_x) and (y < band_y or y + bh > h - band_y):
            if edge is None:
                edge = np.ones((h, w), bool)
                edge[band_y:h - band_y, band_x:w - band_x] = False
            inside_band = float(edge[labels == i].mean()) >= 0.8  # a corner's two stubs of line
        # a grid line left slanted or broken (photos): long, thin, and touching the crop's side
        # or one the straightening left a little inside the cell: as tall as the cell, near a side
        # (a stroke at a side that reaches neither the top nor the bottom and is shorter than the
        # cell is a character squeezed against the side: the 1s of a wide 11)
        squeezed = bh < 0.8 * h and y > 0.05 * h and y + bh < 0.95 * h
        upright = bw <= 0.2 * w and ((bh >= 0.5 * h and (x == 0 or x + bw == w) and not squeezed)
                                     or (_line_like(bh, bw, h, w) and (x <= band_x or x + bw >= w - band_x)))
        lying = bh <= 0.2 * h and ((bw >= 0.5 * w and (y == 0 or y + bh == h))
                                   or (_line_like(bw, bh, w, h) and (y <= band_y or y + bh >= h - band_y)))
        dropped[i] = inside_band or upright or lying  # (dashes and dots of the grid lie wholly in a band)
    if dropped.any():  # (all at once: one lookup, not a pass over the crop per part)
        ink[dropped[labels]] = 0
    return ink


def _in_bands(ink: np.ndarray, band: int) -> bool:
    """Whether ``ink`` has ink in its first or last ``band`` rows or the row next to either (what
    a line along the top or bottom of :func:`without_edge_lines` is opened from, once thickened)."""
    h = ink.shape[0]
    if 2 * band + 2 >= h:
        return bool(ink.any())
    return bool(ink[:band + 1].any() or ink[h - band - 1:].any())


def inked_share(mask: np.ndarray) -> float:
    """The share of a 0/1 ``uint8`` mask that is 1: its mean, counted by OpenCV (numpy's mean costs
    more than the count on a cell-sized crop, and cells are read by the thousand)."""
    return int(cv2.countNonZero(mask)) / mask.size


@cache
def _ones(h: int, w: int) -> np.ndarray:
    """An h x w structuring element of ones (made once per shape: cells are read by the thousand)."""
    return np.ones((h, w), np.uint8)


def _long(strokes: np.ndarray, length: float, axis: int) -> np.ndarray:
    """``strokes`` without the parts shorter than ``length`` (along rows: axis 1; columns: 0)."""
    if not strokes.any():
        return strokes
    n, labels, stats, _ = cv2.connectedComponentsWithStats(strokes, connectivity=8)
    keep = (stats[:, cv2.CC_STAT_WIDTH if axis == 1 else cv2.CC_STAT_HEIGHT] >= length).astype(np.uint8)
    keep[0] = 0
    out: np.ndarray = keep[labels]  # (looked up as 0/1 bytes: no pass over the crop to convert)
    return out


def _line_like(length: int, thickness: int, side: int, across: int) -> bool:
    """Whether a stroke this long and thick is a grid line's rest rather than a character's."""
    return length >= 0.9 * side or (length >= 0.75 * side and thickness <= 0.1 * across)


def _circle_sized(stat: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether ink of this box (``stat``: left, top, width, height, area) is as large and as square
    as a circle :func:`_circle` takes."""
    _, _, bw, bh, _ = stat
    h, w = shape[:2]
    return bool(0.42 * w <= bw and 0.42 * h <= bh and 0.8 <= bw / max(bh, 1) <= 1.25)


def _circle(blob: np.ndarray, ink: np.ndarray, stat: np.ndarray, shape: tuple[int, ...]) -> np.ndarray | None:
    """The filled outline of ``blob`` if it is a circle of about cell size (a disk, or a ring, even
    one cut by a grid line), else None."""
    if not _circle_sized(stat, shape):
        return None
    _, _, bw, bh, _ = stat
    hull = cv2.convexHull(cv2.findNonZero(blob.astype(np.uint8)))  # (all of it: arcs of a broken ring too)
    area, perimeter = cv2.contourArea(hull), cv2.arcLength(hull, True)
    (_, _), enclosing = cv2.minEnclosingCircle(hull)
    roundness = area / (np.pi * enclosing**2 + 1e-6)  # 1 for a circle, b/a for an oval
    if roundness < 0.8:
        return None
    if not 0.9 <= bw / max(bh, 1) <= 1.11 and classify([blob.astype(np.uint8)], "0123456789")[0].confidence >= 0.7:
        return None  # not quite round, and plainly a digit (0, 6, 8, 9 in a bold face)
    if perimeter == 0 or area == 0 or 4 * np.pi * area / perimeter**2 < 0.8:
        return None
    filled = np.zeros(blob.shape, np.uint8)
    cv2.drawContours(filled, [hull], -1, 1, thickness=-1)
    disk = filled.astype(bool)
    if float(ink[disk].mean()) >= 0.6:  # a dark disk (white characters in it may cut it apart)
        return disk
    m = cv2.moments(hull)
    cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    radius = np.sqrt(area / np.pi)
    ys, xs = np.nonzero(blob)
    dist = np.hypot(xs - cx, ys - cy)
    angles = np.floor((np.arctan2(ys - cy, xs - cx) + np.pi) / (2 * np.pi) * 16).astype(int) % 16
    near_rim = dist >= 0.7 * radius
    if near_rim.mean() >= 0.85 and len(np.unique(angles[near_rim])) >= 15:
        return disk
    return None


def _inside_circle(dark: np.ndarray, raw: np.ndarray, blob: np.ndarray, disk: np.ndarray) -> CellGuess:
    fill = float(raw[disk].mean())
    size = float(np.sqrt(disk.sum()))
    inner = cv2.erode(disk.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=max(2, int(size / 25)))
    inner_b = inner.astype(bool)
    if fill > 0.6:  # dark disk: white characters inside make it a number
        inside = dark[inner_b]  # (white characters a blur made grey: also split between disk and lightest)
        top, low = (float(np.percentile(inside, 95)), float(np.percentile(inside, 2))) if inside.size else (1.0, 0.0)
        levels = [0.5, 0.5 * (top + low)] if top - low > 0.45 and top + low > 1.0 else [0.5]
        reads = [r for r in (_white_number(dark, disk, inner_b, level) for level in levels) if r is not None]
        if reads:
            best = max(reads, key=lambda r: r.confidence)  # (the usual level first: it wins a tie)
            return replace(best, kinds=RINGED)
        return CellGuess("B", min(1.0, 0.5 + (fill - 0.6) * 2.5), ("W",) if fill < 0.8 else ())
    inside = (raw & ~blob & inner_b).astype(np.uint8)
    glyphs = glyph_masks(inside, min_height=0.25 * np.sqrt(disk.sum()))
    if glyphs:
        return replace(number(glyphs, 0.95), kinds=RINGED)
    return CellGuess("W", min(1.0, 0.5 + (0.6 - fill) * 2.0), ("B",) if fill > 0.45 else ())


def _white_number(dark: np.ndarray, disk: np.ndarray, inner: np.ndarray, level: float) -> CellGuess | None:
    """The number written in paper colour (lighter than ``level``) inside a dark disk, if any."""
    everything = _without_specks((dark < level) & inner, 0.004 * disk.sum())
    holes = _without_rim_slivers(everything, inner)
    glyphs = glyph_masks(holes.astype(np.uint8), min_height=0.25 * np.sqrt(disk.sum()))
    if not glyphs:
        return None
    cut = everything.sum() - holes.sum() > 0.3 * holes.sum()  # much paper along the rim: cut by the edge
    return number(glyphs, 0.5 if cut else 0.95)


def _without_rim_slivers(mask: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """``mask`` without the parts that lie almost wholly along the rim of ``inner`` (paper between
    a disk and a line that touched it, not a character)."""
    depth = cv2.distanceTransform(inner.astype(np.uint8), cv2.DIST_L2, 3)
    radius = np.sqrt(inner.sum() / np.pi)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    for i in range(1, n):
        part = labels == i
        if float((depth[part] < 0.2 * radius).mean()) >= 0.6:
            mask = mask & ~part
    return mask


def _without_specks(mask: np.ndarray, min_area: float) -> np.ndarray:
    """``mask`` without components smaller than ``min_area`` pixels (as uint8)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    keep = stats[:, cv2.CC_STAT_AREA] >= min_area
    keep[0] = False
    out: np.ndarray = keep[labels].astype(np.uint8)
    return out


def _characters(ink: np.ndarray, shape: tuple[int, ...]) -> CellGuess:
    glyphs = glyph_masks(ink, min_height=0.22 * shape[0])
    if not glyphs:
        return CellGuess(".", 0.6, ("?",))
    if any(_solid(g, shape) for g in glyphs):  # a shaded block (a crossword's black square), no character
        return CellGuess("?", 0.0)
    return number(glyphs, 1.0)


def _solid(glyph: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether ``glyph`` is a block filling most of the cell, as no character does."""
    _, _, w, h = bounds(glyph)
    return bool(w >= 0.6 * shape[1] and h >= 0.6 * shape[0] and inked_count(glyph) >= 0.85 * w * h)


def inked_count(mask: np.ndarray) -> int:
    """How many pixels of a mask are not 0 (counted by OpenCV for a ``uint8`` mask)."""
    return int(cv2.countNonZero(mask)) if mask.dtype == np.uint8 and mask.ndim == 2 else int(np.count_nonzero(mask))


def glyph_masks(ink: np.ndarray, min_height: float) -> list[np.ndarray]:
    """The characters in ``ink``, left to right: components grouped where their columns overlap.
    Remembered for the reading by the ink's content (:mod:`vision.memo`): the characters of every
    cell are cut once for the batch of ``vision.cellreads.read_all`` and again by the cell's own
    reading (1,600 cuts of a 20x20 board of numbers, 800 distinct); read-only, as they are shared."""
    key = (ink.shape, ink.dtype.str, ink.tobytes(), min_height)
    return list(remembered("glyph masks", key, lambda: _glyph_masks(ink, min_height)))


def _glyph_masks(ink: np.ndarray, min_height: float) -> list[np.ndarray]:
    """:func:`glyph_masks`, cut."""
    n, labels, found, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    stats = found.tolist()  # (Python ints: read by the thousand, one at a time)
    left, top, width, height = cv2.CC_STAT_LEFT, cv2.CC_STAT_TOP, cv2.CC_STAT_WIDTH, cv2.CC_STAT_HEIGHT
    parts = [i for i in range(1, n) if stats[i][cv2.CC_STAT_AREA] >= 3]
    if not parts:
        return []
    groups: list[list[int]] = []
    for i in sorted(parts, key=lambda i: stats[i][left]):
        x, w = stats[i][left], stats[i][width]
        for g in groups:
            gx0 = min(stats[j][left] for j in g)
            gx1 = max(stats[j][left] + stats[j][width] for j in g)
            overlap = min(gx1, x + w) - max(gx0, x)
            if overlap > 0.5 * min(w, gx1 - gx0):
                g.append(i)
                break
        else:
            groups.append([i])
    out = []
    for g in groups:
        upper = min(stats[j][top] for j in g)
        bottom = max(stats[j][top] + stats[j][height] for j in g)
        if bottom - upper >= min_height:
            member = np.zeros(n, np.uint8)
            member[g] = 1
            mask = member[labels]  # (np.isin, without its sorting: every cell, twice)
            mask.flags.writeable = False
            out.append(mask)
    return out


def _split_touching(glyph: np.ndarray) -> list[np.ndarray]:
    """A glyph too wide for one character (serifs or bold strokes of two or three digits that
    touch) cut at its thinnest columns into the characters that read best."""
    x0, _, w, h = bounds(glyph)
    x1 = x0 + w
    if w < 0.9 * h:
        return [glyph]
    counts = [2] if w < 1.3 * h else [2, 3] if w < 2.2 * h else [3]
    column = glyph[:, x0:x1].sum(axis=0)
    best: list[np.ndarray] = [glyph]
    best_score = classify([glyph])[0].confidence + 0.1  # a split must read clearly better
    for parts in counts:
        cuts = [x0]
        for j in range(1, parts):
            lo, hi = x0 + int(w * (j / parts - 0.12)), x0 + int(w * (j / parts + 0.12)) + 1
            cuts.append(lo + int(np.argmin(column[lo - x0:hi - x0])))
        cuts.append(x1)
        pieces = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            piece = np.zeros_like(glyph)
            piece[:, a:b] = glyph[:, a:b]
            if piece.any():
                pieces.append(piece)
        score = min(g.confidence for g in classify(pieces))
        if score > best_score:
            best, best_score = pieces, score
    return best


def _mend_broken(glyphs: list[np.ndarray]) -> list[np.ndarray]:
    """Neighbouring pieces too narrow and close to be two characters joined when together they
    read clearly better (a small 1 blown up from a few pixels: its faint stem lost, flag and foot
    fall apart)."""
    out = list(glyphs)
    i = 0
    while i + 1 < len(out):
        (ax0, ax1, ay0, ay1), (bx0, bx1, by0, by1) = _extent(out[i]), _extent(out[i + 1])
        h = max(ay1, by1) - min(ay0, by0)
        narrow = max(ax1 - ax0, bx1 - bx0) < 0.3 * h and bx1 - ax0 < 0.65 * h and bx0 - ax1 < 0.2 * h
        if narrow:
            both = np.maximum(out[i], out[i + 1])
            a, b, ab = classify([out[i], out[i + 1], both])
            if ab.confidence >= 0.7 and ab.confidence > min(a.confidence, b.confidence) + 0.2:
                out[i:i + 2] = [both]
                continue
        i += 1
    return out


def _extent(glyph: np.ndarray) -> tuple[int, int, int, int]:
    x, y, w, h = bounds(glyph)
    return x, x + w, y, y + h


def number(glyphs: list[np.ndarray], base: float) -> CellGuess:
    glyphs = [part for g in _mend_broken(glyphs) for part in _split_touching(g)]
    if len(glyphs) > 3:
        return CellGuess("?", 0.0)
    guesses = classify(glyphs)
    text = "".join(g.char for g in guesses)
    confidence = base * min(g.confidence for g in guesses)
    if any(g.torn for g in guesses):  # (the two readers agree, the learned one without conviction)
        confidence = min(confidence, DOUBT)
    if "?" in text and text != "?":
        return CellGuess(text.replace("?", "0"), 0.0)
    if text != "?" and text.startswith("0") and len(text) > 1:
        confidence = min(confidence, 0.3)
    alternatives = tuple(
        "".join(g.runner_up if k == i else h.char for k, h in enumerate(guesses))
        for i, g in enumerate(guesses) if g.runner_up != g.char
    )
    token = str(int(text)) if text.isdigit() else text
    return CellGuess(token, confidence, alternatives[:3], learned=float(np.prod([g.learned for g in guesses])))


def without_side_lines(ink: np.ndarray, reach: float) -> np.ndarray:
    """``ink`` without straight strokes ``reach`` of the cell long or longer (grid lines, frames),
    taken off thinly: small sums and arrows often touch them (:func:`without_edge_lines` takes a
    wide fringe, and a side's arrow with it)."""
    h, w = ink.shape
    ink8 = ink.astype(np.uint8)
    flat = cv2.morphologyEx(ink8, cv2.MORPH_OPEN, _ones(1, max(3, int(reach * w))))
    upright = cv2.morphologyEx(ink8, cv2.MORPH_OPEN, _ones(max(3, int(reach * h)), 1))
    # (what survives only by leaning on the crop's side: a stroke standing on a line, not a line)
    flat, upright = _long(flat, reach * w, 1), _long(upright, reach * h, 0)
    lines = cv2.dilate(np.maximum(flat, upright), _ones(3, 3))
    out: np.ndarray = ink8 & (1 - lines).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(out, connectivity=8)
    dropped = np.zeros(n, bool)
    for i, (x, y, bw, bh, _) in enumerate(stats.tolist()[1:], 1):  # specks the lines left along the sides
        touches = x == 0 or y == 0 or x + bw == w or y + bh == h
        dropped[i] = touches and (bw < 0.12 * w or bh < 0.12 * h)
    if dropped.any():
        out[dropped[labels]] = 0
    return out.astype(bool)
